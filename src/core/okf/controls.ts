// Control characters in text from concept files (titles, predicates, paths, objects, bodies): a bundle from
// elsewhere is hostile input, and ESC, CSI and OSC sequences printed raw retitle a terminal, clear it, colour the
// rest of the output or hide a hyperlink (QA review, finding 8). Text renderers show them escaped, as JSON would
// (`\u001b`); normal text is returned as is, the same string.

// C0 controls, DEL and the C1 controls (0x80-0x9f: 0x9b is a one-character CSI, 0x9d an OSC).
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
// The same, but newline and tab stay: they are the layout of a body or a report.
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROLS_BUT_LAYOUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** True when `text` holds a C0 or C1 control character (newline and tab included). */
export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

const escape = (ch: string) => '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0');

/** A one-line field (a title, a predicate, a path, an object) with every control character escaped. */
export function escapeControls(text: string): string {
  return CONTROL.test(text) ? text.replace(CONTROLS, escape) : text;
}

/**
 * Text for a terminal (a report, a body): control characters escaped but newline and tab, and a carriage return
 * kept only before a newline.
 */
export function escapeControlsButLayout(text: string): string {
  if (!CONTROL.test(text)) return text;
  return text.replace(/\r(?!\n)/g, escape).replace(CONTROLS_BUT_LAYOUT, (ch) => (ch === '\r' ? ch : escape(ch)));
}

// DEL and the C1 controls, which JSON.stringify leaves raw (it escapes only U+0000-U+001F).
const RAW_IN_JSON = /[\u007f-\u009f]/g;

/**
 * JSON text (JSON.stringify's) for a terminal: DEL and the C1 controls escaped too (`\u009b`, a one-character CSI), as
 * the C0 ones already are. They can stand only inside strings, where the escape parses back to the same character:
 * `JSON.parse` gives the same value; JSON without them is returned as is.
 */
export function terminalSafeJson(json: string): string {
  return json.replace(RAW_IN_JSON, escape);
}

/** The reader's warnings (message, value) for a title and predicates holding control characters; most have none. */
export function controlCharacterWarnings(
  title: string,
  relations: readonly { readonly predicate: string }[],
): readonly [string, string][] {
  let out: [string, string][] | undefined;
  const warn = (message: string, value: string) => (out ??= []).push([message, value]);
  const shown = (text: string) => escapeControls(JSON.stringify(text));
  if (CONTROL.test(title)) warn(`\`title\` ${shown(title)} holds control characters; they are shown escaped.`, title);
  for (let i = 0; i < relations.length; i++) {
    const predicate = relations[i].predicate;
    if (CONTROL.test(predicate) && !out?.some((w) => w[1] === predicate))
      warn(`Predicate ${shown(predicate)} holds control characters; it is shown escaped.`, predicate);
  }
  return out ?? [];
}
