// Notes for a folder that is likely not the wiki: run from one of a bundle's subfolders, or without --bundle in a
// folder of ordinary notes, a question would answer with every relation broken, or "No confident match in this
// wiki", and the user would take the wrong folder's silence for the wiki's answer. Both are judged from what the
// folder holds: nothing outside the bundle is looked at (no probing of parent folders).
import * as nodePath from 'node:path';

/** A fact's object as the notes need it. */
interface FactObject {
  readonly objectPath?: string;
  readonly objectTitle?: string;
}

/**
 * The folder a subfolder's bundle starts at, when an unresolved object path names this folder on the way to a file
 * it holds ("/entities/unix.md" from inside `…/entities`, which holds /unix.md); otherwise undefined.
 */
export function outerBundleOf(
  root: string,
  facts: readonly FactObject[],
  holds: (path: string) => boolean,
): string | undefined {
  const name = `/${nodePath.basename(root)}/`;
  for (const fact of facts) {
    if (fact.objectPath === undefined || fact.objectTitle !== undefined) continue;
    const at = fact.objectPath.indexOf(name);
    if (at < 0 || !holds(fact.objectPath.slice(at + name.length - 1))) continue;
    // "/a/b/x.md" from inside `…/a/b`: the bundle is the folder above `a/b`, if `root` does end that way.
    const tail = `${fact.objectPath.slice(0, at)}${name.slice(0, -1)}`.split('/').join(nodePath.sep);
    if (root.endsWith(tail)) return root.slice(0, root.length - tail.length) || nodePath.sep;
  }
  return undefined;
}

/** The note for a folder that looks like a subfolder of its bundle, or undefined. */
export function subfolderNote(
  root: string,
  facts: readonly FactObject[],
  holds: (path: string) => boolean,
): string | undefined {
  const outer = outerBundleOf(root, facts, holds);
  if (outer === undefined) return undefined;
  return (
    `note: relations here point at ${nodePath.basename(root)}/… paths of a larger bundle: ${root} looks like a ` +
    `subfolder of the bundle at ${outer}, and relations to the rest of it do not resolve; pass --bundle ${outer}\n`
  );
}

/** The note for a bundle folder without a single concept, or undefined. */
export function noConceptsNote(root: string, concepts: number): string | undefined {
  if (concepts > 0) return undefined;
  return (
    `note: ${root} holds no OKF concept (a markdown file whose frontmatter has a \`type\`): ` +
    'is it the wiki folder? Pass --bundle DIR\n'
  );
}
