// `okf-wiki file-back --title T --body-file F`: files a synthesized answer back as a new Concept page (spec §7.2);
// `--dry-run` shows the new page without writing. `--body-file -` reads the body from standard input.
import { readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { planFileBack } from '../../core/author/file-back';
import { UsageError, type Flags } from '../args';
import { InputError } from '../input-error';
import { openBundle } from '../bundle-context';
import { clockFromFlags } from '../clock';
import type { CliIo } from '../io';
import { authorInFolder, DEFAULT_CLI_ACTOR } from './author-common';

export async function fileBackCommand(flags: Flags, io: CliIo, positionals: string[]): Promise<number> {
  if (positionals.length > 0)
    throw new UsageError(
      `file-back takes no positional arguments (got "${positionals.join(' ')}"); use --title and --body-file`,
    );
  if (flags.title === undefined) throw new UsageError('file-back needs --title "TITLE"');
  if (flags['body-file'] === undefined)
    throw new UsageError('file-back needs --body-file FILE (markdown body; - for standard input)');
  const title = flags.title;
  const body = readBody(flags['body-file'], io);
  const clock = clockFromFlags(flags);
  const bundle = openBundle(flags, io);
  const request = {
    title,
    body,
    by: flags.by ?? DEFAULT_CLI_ACTOR,
    ...(flags.type !== undefined ? { type: flags.type } : {}),
    ...(flags.description !== undefined ? { description: flags.description } : {}),
  };
  return authorInFolder(bundle, flags, io, 'file-back', () => planFileBack(bundle, request, clock));
}

function readBody(file: string, io: CliIo): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file === '-' ? 0 : nodePath.resolve(io.cwd, file));
  } catch (error) {
    throw new InputError(
      `cannot read --body-file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      '--body-file names the markdown body to file back (- for standard input)',
    );
  }
  try {
    // Strict, as notes are read for an edit: a body whose bytes do not decode is refused, not filed altered (U+FFFD).
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new InputError(
      `--body-file ${file} is not valid UTF-8; nothing was filed`,
      'save the body as UTF-8 text and file it back again',
    );
  }
}
