// The core's authoring messages are written for the command line ("--at", "pass --inverse PREDICATE"); in
// Obsidian the same values come from dialog fields, so notices name the field instead of the flag.

/** Command-line flags of the authoring commands → the dialog field that sets the same value. */
const FIELD_OF_FLAG: Readonly<Record<string, string>> = {
  at: 'Date',
  date: 'Date',
  inverse: 'Inverse',
  source: 'Source',
  predicate: 'Predicate',
  title: 'Title',
  type: 'Type',
  description: 'Description',
};

/** The message with command-line flags replaced by the names of the dialog fields. */
export function withoutCliFlags(message: string): string {
  return message
    .replace(/pass --inverse PREDICATE \(e\.g\. --inverse ([^)]+)\)/g, 'fill in the Inverse field (e.g. $1)')
    .replace(/\bDrop --inverse\b/g, 'Clear the Inverse field')
    .replace(/--([a-z][a-z-]*)(?: ([A-Z]+)\b)?/g, (_m, flag: string) => `the ${FIELD_OF_FLAG[flag] ?? flag} field`);
}
