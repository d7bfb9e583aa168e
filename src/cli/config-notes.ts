// okf-wiki.json's problems for a command that does not otherwise read it (`reindex`): said on stderr, each naming
// the file and the problem, as lint (a finding) and context (a note) say them; the command goes on with the defaults.
import { BUNDLE_CONFIG_PATH, parseBundleConfig } from '../core/config/bundle-config';
import type { FolderBundle, Notes } from '../node/folder-bundle';

/** Notes every problem of the bundle's okf-wiki.json, if it has one (one stat when it has none). */
export async function noteBundleConfigProblems(bundle: FolderBundle, notes: Notes): Promise<void> {
  if (!(await bundle.exists(BUNDLE_CONFIG_PATH))) return;
  let text: string;
  try {
    text = await bundle.read(BUNDLE_CONFIG_PATH);
  } catch (error) {
    notes.err(`note: ${BUNDLE_CONFIG_PATH}: could not read it (${(error as Error).message}); using the defaults\n`);
    return;
  }
  for (const d of parseBundleConfig(text).diagnostics) notes.err(`note: ${d.path}: ${d.message}\n`);
}
