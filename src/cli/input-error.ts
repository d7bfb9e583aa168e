// Failures that are not bad usage: a folder that is not there, a file that cannot be read, a setting file to fix.
// They exit 2 as bad usage does (README: "2 bad usage, refused or invalid input, or an unreadable bundle"), but the
// help would bury the one line that matters: the CLI prints the message and a one-line hint instead.

/** Thrown for invalid input that is not bad usage; the CLI prints the message and `hint`, and exits 2. */
export class InputError extends Error {
  constructor(
    message: string,
    /** One line saying what to do, e.g. `--bundle names the wiki's folder (default: the current folder)`. */
    readonly hint: string,
  ) {
    super(message);
  }
}
