// A writing command (reindex, timeline, keywords, vocabulary) run in a folder that is not a wiki: a code
// repository, a home folder, `okf-wiki reindex` typed in the wrong directory. It would create wiki.db, timeline.md,
// wiki-trigger-keywords.txt and .okf-wiki/ there and append to the folder's own log.md (QA review, finding 10);
// the read-only commands only warn (folder-notes.ts), as they change nothing. A folder is taken for a wiki when it
// has okf-wiki.json or wiki.db, or holds at least one OKF concept; a new, empty wiki starts with an okf-wiki.json.
import { BUNDLE_CONFIG_PATH } from '../core/config/bundle-config';
import { isConceptCandidate } from '../core/okf/paths';
import { readConcept } from '../core/okf/read-concept';
import type { FsBundle } from '../node/fs-bundle';
import { WIKI_DB } from '../node/paths';
import { InputError } from './input-error';

/** Resolves when `bundle` looks like a wiki; otherwise throws an InputError (exit 2) before anything is written. */
export async function refuseUnlessWiki(bundle: FsBundle, command: string): Promise<void> {
  if ((await bundle.exists(BUNDLE_CONFIG_PATH)) || (await bundle.exists(WIKI_DB))) return;
  // Reads stop at the first concept: in a wiki that is the first file or so.
  for (const path of await bundle.list()) {
    if (!isConceptCandidate(path)) continue;
    let text: string;
    try {
      text = await bundle.read(path);
    } catch {
      continue; // the build reports it; here it only does not count as a concept
    }
    if (readConcept(path, text).kind === 'concept') return;
  }
  throw new InputError(
    `${bundle.root} holds no OKF concept (a markdown file whose frontmatter has a \`type\`), no okf-wiki.json and ` +
      `no wiki.db: is it the wiki folder? ${command} wrote nothing`,
    `pass --bundle DIR for the wiki's folder; to start a new wiki here, create okf-wiki.json (\`{}\` will do)`,
  );
}
