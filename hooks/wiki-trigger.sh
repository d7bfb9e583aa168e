#!/usr/bin/env bash
# wiki-trigger.sh: an optional UserPromptSubmit hook for an OKF Graph Wiki bundle (spec §12).
#
# Reads the harness's prompt JSON on stdin, strips harness wrapper markup (<system-reminder>, <context>, ...),
# and matches the prompt against the bundle's wiki-trigger-keywords.txt with `grep -iFw` (fixed strings, whole
# words, any case; every non-blank, non-# line is one keyword), except the keywords after the line starting
# "# okf-wiki: match case" (one-word names written with a capital: "Go" is the name, "go" a word), which match only
# as written (`grep -Fw`). The prompt is read NFC (composed) where node or python3 can normalize it, as the
# keywords file is written, so "Café" matches however it was typed. On a match it prints ONE line naming the matched
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
# Past 1 MiB the JSON is cut, so it does not parse and there is no nudge: the hook stays within its 5 s budget.
MAX_PAYLOAD_BYTES=1048576
MAX_NAMED=5

# Wrapper stripping, the same in all three readers and linear in the prompt's length (a lazy regex retried from
# every unclosed `<tag>` was quadratic: 63 s on a 352 KB prompt). For each tag, the text is split at `</tag`;
# a split point followed by optional blanks and `>` is a closing tag. Outside a wrapper, the first `<tag>` or
# `<tag attrs>` in a part opens one; inside, everything up to the next closing tag is replaced by one space.
# A wrapper never closed is left as written.

extract_with_jq() {
  jq -r --arg tags "$1" '
    def text: if type == "string" then .
      elif type == "array" then map(text) | join("\n")
      elif type == "object" then ((.text // .content // "") | text)
      else "" end;
    # jq 1.6 joins by repeated concatenation (quadratic); halving keeps a join of many pieces n log n.
    def cat: if length == 0 then "" elif length == 1 then .[0] else (.[0:length / 2 | floor] | cat) + (.[length / 2 | floor:] | cat) end;
    # State is small and pieces stream out (foreach): jq 1.6 copies arrays grown inside reduce, which was quadratic.
    def outside($text; $o; $i):
      ([$text | match($o + "(\\s[^<>]{0,256})?>")][0].offset) as $at
      | if $at == null then {pend: null, emit: [$text]} else {pend: {text: $text[$at:], from: $i}, emit: [$text[0:$at]]} end;
    def strip_tag($t):
      ("<" + ($t | gsub("(?<m>[.*+?^${}()|\\[\\]\\\\])"; "\\\(.m)"))) as $o | ("</" + $t) as $c
      | split($c) as $parts
      | [foreach (range(0; $parts | length), null) as $i ({pend: null, emit: []};
          if $i == null then .emit = (if .pend == null then [] else [.pend.text] + [range(.pend.from + 1; $parts | length) as $k | $c + $parts[$k]] end)
          else
            $parts[$i] as $p
            | (if $i == 0 then null else [$p | match("\\A\\s{0,64}>")][0].length end) as $close
            | if .pend == null then outside((if $i == 0 then "" else $c end) + $p; $o; $i)
              elif $close != null then outside($p[$close:]; $o; $i) | .emit = [" "] + .emit
              else .emit = [] end
          end;
          .emit[])]
      | cat;
    (.prompt // .user_prompt // .userPrompt // .message // .text // .input // .content // "") | text
    | reduce ($tags | split("|") | map(select(length > 0)))[] as $t (.; strip_tag($t))'
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
      const stripTag = (s, t) => {
        const o = "<" + t, c = "</" + t, out = [];
        let pending = null;
        const outside = (piece) => {
          const segs = piece.split(o);
          const j = segs.findIndex((seg, k) => k > 0 && /^(\s[^<>]{0,256})?>/.test(seg));
          if (j < 0) out.push(piece);
          else { out.push(segs.slice(0, j).join(o)); pending = [o + segs.slice(j).join(o)]; }
        };
        s.split(c).forEach((p, i) => {
          const close = i === 0 ? null : /^\s{0,64}>/.exec(p);
          if (pending === null) outside((i === 0 ? "" : c) + p);
          else if (close) { pending = null; out.push(" "); outside(p.slice(close[0].length)); }
          else pending.push(c + p);
        });
        return out.concat(pending ?? []).join("");
      };
      for (const tag of process.env.TAGS.split("|").filter(Boolean)) prompt = stripTag(prompt, tag);
      process.stdout.write(prompt.normalize("NFC"));
    });'
}

extract_with_python() {
  TAGS="$1" python3 -c '
import json, os, re, sys, unicodedata
try:
    data = json.loads(sys.stdin.read())
except Exception:
    sys.exit(0)
def text(v):
    if isinstance(v, str): return v
    if isinstance(v, list): return "\n".join(text(x) for x in v)
    if isinstance(v, dict): return text(v.get("text") if v.get("text") is not None else v.get("content", ""))
    return ""
def strip_tag(s, t):
    o, c, out, pending = "<" + t, "</" + t, [], None
    def outside(piece):
        nonlocal pending
        segs = piece.split(o)
        j = next((k for k in range(1, len(segs)) if re.match(r"(\s[^<>]{0,256})?>", segs[k])), None)
        if j is None: out.append(piece)
        else:
            out.append(o.join(segs[:j]))
            pending = [o + o.join(segs[j:])]
    for i, p in enumerate(s.split(c)):
        close = None if i == 0 else re.match(r"\s{0,64}>", p)
        if pending is None: outside(("" if i == 0 else c) + p)
        elif close:
            pending = None
            out.append(" ")
            outside(p[close.end():])
        else: pending.append(c + p)
    return "".join(out + (pending or []))
if not isinstance(data, dict): sys.exit(0)
field = next((k for k in ["prompt", "user_prompt", "userPrompt", "message", "text", "input", "content"] if data.get(k) is not None), None)
prompt = "" if field is None else text(data[field])
for tag in [t for t in os.environ["TAGS"].split("|") if t]:
    prompt = strip_tag(prompt, tag)
sys.stdout.write(unicodedata.normalize("NFC", prompt))'
}

# jq cannot normalize: text it read with a byte outside ASCII goes through node or python3 when either is there.
nfc() {
  local text
  IFS= read -r -d '' text
  if printf '%s' "$text" | LC_ALL=C grep -q $'[\x80-\xff]'; then
    if command -v node >/dev/null 2>&1; then
      printf '%s' "$text" | node -e 'let s="";process.stdin.setEncoding("utf8");process.stdin.on("data",(d)=>(s+=d));process.stdin.on("end",()=>process.stdout.write(s.normalize("NFC")))' && return
    elif command -v python3 >/dev/null 2>&1; then
      printf '%s' "$text" | python3 -c 'import sys, unicodedata; sys.stdout.write(unicodedata.normalize("NFC", sys.stdin.read()))' && return
    fi
  fi
  printf '%s' "$text"
}

extract_prompt() {
  local tags="$WRAPPER_TAGS${OKF_WIKI_STRIP_TAGS:+|$OKF_WIKI_STRIP_TAGS}"
  if command -v jq >/dev/null 2>&1; then extract_with_jq "$tags" | nfc
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
  # A glob, not ${prompt//[[:space:]]/}: bash rewrites the whole string per match (9 s on a 300 KB prompt).
  [[ "$prompt" == *[![:space:]]* ]] || return 0
  # Keywords before the "match case" line match in any case, those after it only as written.
  local clean=(-e 's/\r//g' -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//')
  local anycase cased
  anycase="$(sed -e '/^# okf-wiki: match case/,$d' "${clean[@]}" "$keywords")"
  # `1,/RE/d` with no such line deletes every line: an older file (no marker) has no keyword to match by case.
  cased="$(sed -e '1,/^# okf-wiki: match case/d' "${clean[@]}" "$keywords")"
  patterns="$anycase${anycase:+${cased:+$'\n'}}$cased"
  [[ -n "$patterns" ]] || return 0

  # One grep per list: the same whole-word test as `grep -qiFw KEYWORD` (or `grep -qFw`) per line, but a single
  # process, so a long list costs milliseconds. -o prints the matched keywords; -b their offsets, so the two
  # lists' matches are named in the order the prompt writes them.
  local found_any=() found_cased=() matches=() match key i=0 j=0
  [[ -n "$anycase" ]] &&
    mapfile -t found_any < <(printf '%s\n' "$prompt" | LC_ALL=C.UTF-8 grep -oibFw -f <(printf '%s\n' "$anycase"))
  [[ -n "$cased" ]] &&
    mapfile -t found_cased < <(printf '%s\n' "$prompt" | LC_ALL=C.UTF-8 grep -obFw -f <(printf '%s\n' "$cased"))
  local -A seen=()
  # Each list comes in the prompt's order (OFFSET:KEYWORD); merged by offset.
  while (( i < ${#found_any[@]} || j < ${#found_cased[@]} )); do
    if (( j >= ${#found_cased[@]} )) ||
      { (( i < ${#found_any[@]} )) && (( ${found_any[i]%%:*} <= ${found_cased[j]%%:*} )); }; then
      match="${found_any[i]#*:}"; i=$(( i + 1 ))
    else
      match="${found_cased[j]#*:}"; j=$(( j + 1 ))
    fi
    key="${match,,}"
    [[ -n "$match" && -z "${seen[$key]:-}" ]] || continue
    seen[$key]=1
    matches+=("$match")
  done
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
  # The path single-quoted, so the suggested command can be pasted as is even with spaces or quotes in it.
  local quoted="'${bundle//\'/\'\\\'\'}'"
  printf '[okf-wiki] This message mentions %s, which the knowledge wiki covers. Before answering, consider: npx okf-wiki context "<the question>" --bundle %s\n' "$named" "$quoted"
}

main "$@" 2>/dev/null
exit 0
