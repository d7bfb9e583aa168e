// Relation objects written the way links are written elsewhere, which a relation object is not (QA2 F12): a path
// without its leading `/` and a [[wiki link]] are read as literal text, so graph expansion never reaches the concept.
// The reader says so, with the path to write: `./x.md` and `../x.md` resolved against the file, as the bundle's prose
// links are (prefixing `/` gave `/./x.md`, a broken target at the root), a bare `a/x.md` from the bundle root.
import { dirOf, normalizeBundlePath } from './paths';

/** A warning for a literal relation object that looks like a link, or undefined. */
export function literalObjectHint(
  from: string,
  where: string,
  object: string,
): { readonly code: string; readonly message: string } | undefined {
  const wiki = /^\[\[([^\][|#]+)(?:[|#][^\][]*)?\]\]$/.exec(object);
  if (wiki) {
    const target = wiki[1].trim();
    const written = target.includes('/')
      ? ` ("${normalizeBundlePath(/\.md$/i.test(target) ? target : `${target}.md`)}")`
      : '';
    return {
      code: 'object-wikilink',
      message:
        `\`${where}.object\` "${object}" looks like a wiki link, which a relation object is not: it is read as ` +
        `text. Write the path of the concept it names, with a leading \`/\`${written}.`,
    };
  }
  if (!/^[^\s:]+\/[^\s]*\.md$/i.test(object)) return undefined;
  const relative = object.startsWith('./') || object.startsWith('../');
  const path = normalizeBundlePath(relative ? `${dirOf(from)}/${object}` : object);
  const fix = path === null ? 'it climbs above the bundle root' : `write "${path}"`;
  return {
    code: 'object-path-without-slash',
    message:
      `\`${where}.object\` "${object}" looks like a path but has no leading \`/\`, so it is read as a literal; ` +
      `${relative ? `relative to this file, ` : ''}${fix}.`,
  };
}
