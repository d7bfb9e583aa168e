#!/usr/bin/env bash
# wiki-trigger.sh: an optional UserPromptSubmit hook for an OKF Graph Wiki bundle (spec §12).
#
# Reads the harness's prompt JSON on stdin, strips harness wrapper markup (<system-reminder>, <context>, ...),
# and matches the prompt against the bundle's wiki-trigger-keywords.txt with `grep -iFw` (fixed strings, whole
# words, any case; every non-blank, non-# line is one keyword). On a match it prints ONE line naming the matched
# keywords and suggesting `okf-wiki context`; it never runs retrieval itself. It ALWAYS exits 0: a missing
# keywords file, unreadable or unexpected JSON, or a missing tool means "no nudge", never a blocked turn.
#
# Usage:  wiki-trigger.sh [BUNDLE_DIR | KEYWORDS_FILE]
#   The keywords file is the argument (a folder means FOLDER/wiki-trigger-keywords.txt), else $OKF_WIKI_KEYWORDS,
#   else $OKF_WIKI_BUNDLE/wiki-trigger-keywords.txt, else ./wiki-trigger-keywords.txt.
# JSON: jq when installed, else `node -e`, else python3 (jq is not guaranteed in agent images, spec §12.4).
# Prompt field: .prompt, falling back to .user_prompt, .userPrompt, .message, .text, .input, .content
# (a string, a list of {text} parts, or an object holding one of those).
# Extra wrapper tags to strip: OKF_WIKI_STRIP_TAGS="tag-a|tag-b".

WRAPPER_TAGS='system-reminder|context|command-name|command-message|command-args|local-command-stdout|local-command-stderr|user-prompt-submit-hook'
MAX_PAYLOAD_BYTES=4194304
MAX_NAMED=5

extract_with_jq() {
  jq -r --arg tags "$1" '
    def text: if type == "string" then .
      elif type == "array" then map(text) | join("\n")
      elif type == "object" then ((.text // .content // "") | text)
      else "" end;
    (.prompt // .user_prompt // .userPrompt // .message // .text // .input // .content // "") | text
    | reduce ($tags | split("|") | map(select(length > 0)))[] as $t
        (.; gsub("<" + $t + "(\\s[^>]*)?>[\\s\\S]*?</" + $t + "\\s*>"; " "))'
}

extract_with_node() {
  TAGS="$1" node -e '
    let input = "";
    process.stdin.setEncoding("utf8");
    process.stdin.on("data", (d) => (input += d));
    process.stdin.on("end", () => {
      let data;
      try { data = JSON.parse(input); } catch { return; }
      const text = (v) => typeof v === "string" ? v : Array.isArray(v) ? v.map(text).join("\n")
        : v && typeof v === "object" ? text(v.text ?? v.content ?? "") : "";
      if (!data || typeof data !== "object") return;
      const field = ["prompt", "user_prompt", "userPrompt", "message", "text", "input", "content"].find((k) => data[k] != null);
      let prompt = field === undefined ? "" : text(data[field]);
      for (const tag of process.env.TAGS.split("|").filter(Boolean)) {
        const t = tag.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        prompt = prompt.replace(new RegExp("<" + t + "(\\s[^>]*)?>[\\s\\S]*?</" + t + "\\s*>", "g"), " ");
      }
      process.stdout.write(prompt);
    });'
}

extract_with_python() {
  TAGS="$1" python3 -c '
import json, os, re, sys
try:
    data = json.loads(sys.stdin.read())
except Exception:
    sys.exit(0)
def text(v):
    if isinstance(v, str): return v
    if isinstance(v, list): return "\n".join(text(x) for x in v)
    if isinstance(v, dict): return text(v.get("text") if v.get("text") is not None else v.get("content", ""))
    return ""
if not isinstance(data, dict): sys.exit(0)
field = next((k for k in ["prompt", "user_prompt", "userPrompt", "message", "text", "input", "content"] if data.get(k) is not None), None)
prompt = "" if field is None else text(data[field])
for tag in [t for t in os.environ["TAGS"].split("|") if t]:
    t = re.escape(tag)
    prompt = re.sub("<" + t + r"(\s[^>]*)?>[\s\S]*?</" + t + r"\s*>", " ", prompt)
sys.stdout.write(prompt)'
}

extract_prompt() {
  local tags="$WRAPPER_TAGS${OKF_WIKI_STRIP_TAGS:+|$OKF_WIKI_STRIP_TAGS}"
  if command -v jq >/dev/null 2>&1; then extract_with_jq "$tags"
  elif command -v node >/dev/null 2>&1; then extract_with_node "$tags"
  elif command -v python3 >/dev/null 2>&1; then extract_with_python "$tags"
  fi
}

main() {
  local target="${1:-${OKF_WIKI_KEYWORDS:-${OKF_WIKI_BUNDLE:-.}}}"
  local keywords="$target"
  [[ -d "$target" ]] && keywords="${target%/}/wiki-trigger-keywords.txt"
  [[ -f "$keywords" && -r "$keywords" ]] || return 0
  local bundle="${keywords%/*}"
  [[ "$bundle" == "$keywords" ]] && bundle="."

  local payload prompt patterns
  payload="$(head -c "$MAX_PAYLOAD_BYTES")" || return 0
  [[ -n "$payload" ]] || return 0
  prompt="$(printf '%s' "$payload" | extract_prompt)" || return 0
  [[ -n "${prompt//[[:space:]]/}" ]] || return 0
  patterns="$(grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$keywords" | tr -d '\r' | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//')"
  [[ -n "$patterns" ]] || return 0

  # One grep over the whole list: the same whole-word, any-case test as `grep -qiFw KEYWORD` per line, but a
  # single process, so a long list costs milliseconds. -o prints the matched keywords.
  local matches=() match key i
  local -A seen=()
  while IFS= read -r match; do
    key="${match,,}"
    [[ -n "$match" && -z "${seen[$key]:-}" ]] || continue
    seen[$key]=1
    matches+=("$match")
  done < <(printf '%s\n' "$prompt" | LC_ALL=C.UTF-8 grep -oiFw -f <(printf '%s\n' "$patterns"))
  (( ${#matches[@]} > 0 )) || return 0

  # Name each match as the keywords file spells it ("Alan Turing", not the prompt's "alan turing").
  local line
  local -A spelled=()
  while IFS= read -r line; do
    key="${line,,}"
    [[ -n "${seen[$key]:-}" && -z "${spelled[$key]:-}" ]] && spelled[$key]="$line"
  done <<< "$patterns"
  for i in "${!matches[@]}"; do
    key="${matches[$i],,}"
    matches[$i]="${spelled[$key]:-${matches[$i]}}"
  done

  local named="${matches[0]}"
  for (( i = 1; i < ${#matches[@]} && i < MAX_NAMED; i++ )); do named+=", ${matches[$i]}"; done
  (( ${#matches[@]} > MAX_NAMED )) && named+=" and $(( ${#matches[@]} - MAX_NAMED )) more"
  printf '[okf-wiki] This message mentions %s, which the knowledge wiki covers. Before answering, consider: npx okf-wiki context "<the question>" --bundle %s\n' "$named" "$bundle"
}

main "$@" 2>/dev/null
exit 0
