// A guard run before JSON.parse on settings files: JSON.parse itself copes with deep nesting, but everything
// after it that walks the value (JSON.stringify in a message, validation) recurses and would exhaust the stack.

/** No settings file needs more nesting than this; okf-wiki.json and evaluate.json need four. */
export const MAX_JSON_DEPTH = 64;

/** True when `text` nests arrays/objects more than `limit` deep (brackets inside strings do not count). */
export function jsonTooDeep(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // a backslash escapes the next character, a quote included
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > limit) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}
