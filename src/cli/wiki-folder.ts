// A writing command (reindex, timeline, keywords, vocabulary) run in a folder that is not a wiki: a code
// repository, a home folder, `okf-wiki reindex` typed in the wrong directory. It would create wiki.db, timeline.md,
// wiki-trigger-keywords.txt and .okf-wiki/ there and append to the folder's own log.md (QA review, finding 10);
// the read-only commands only warn (folder-notes.ts). A folder is taken for a wiki when it looks like a bundle's top
// (wiki-root.ts: okf-wiki.json, wiki.db, a concept at its top or in one of its folders), not for a concept somewhere
// below: a home folder holds one as soon as its user has a wiki (QA3 Q3). A new, empty wiki starts with okf-wiki.json.
import type { FsBundle } from '../node/fs-bundle';
import { InputError } from './input-error';
import { isWikiRoot } from './wiki-root';

/** Resolves when `bundle` looks like a wiki; otherwise throws an InputError (exit 2) before anything is written. */
export async function refuseUnlessWiki(bundle: FsBundle, command: string): Promise<void> {
  if (isWikiRoot(bundle.root)) return;
  throw new InputError(
    `${bundle.root} holds no OKF concept (a markdown file whose frontmatter has a \`type\`) at its top level or in ` +
      `one of its folders, no okf-wiki.json and no wiki.db: is it the wiki folder? ${command} wrote nothing`,
    `pass --bundle DIR for the wiki's folder; to start a new wiki here, create okf-wiki.json (\`{}\` will do)`,
  );
}
