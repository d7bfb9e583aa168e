// broken-link: a prose link in a body (markdown or [[wikilink]]) that resolves to no file (spec §7.6 asks
// for this after a rebuild). OKF §6.1 calls such links legitimate (not-yet-written knowledge) and they carry
// no typed meaning, so this is information, one step below broken-target.
import type { LintCheck } from './check';
import { finding } from './check';

export const brokenLink: LintCheck = {
  id: 'broken-link',
  severity: 'info',
  title: 'Prose links that resolve to no file',
  run: (context) => {
    const out = [];
    let byNormalForm: Map<string, string> | undefined;
    for (const link of context.links) {
      const resolved =
        link.kind === 'wikilink' ? context.resolver.resolveWikilink(link.raw) : context.resolver.resolveMarkdown(link);
      if (resolved !== null) continue;
      const shown = link.kind === 'wikilink' ? `[[${link.raw}]]` : `(${link.raw})`;
      const escapes = link.kind === 'markdown' && link.targetPath === undefined && link.rootPath === undefined;
      const target = link.targetPath ?? link.rootPath;
      byNormalForm ??= normalFormIndex(context.files);
      const unicode = unicodeTwin(link, target, byNormalForm);
      const similar =
        target !== undefined ? context.resolver.sameName(target).find((p) => context.concepts.has(p)) : undefined;
      const fix = unicode ?? (similar !== undefined ? `did you mean ${similar}?` : undefined);
      out.push(
        finding(
          brokenLink,
          link.source,
          escapes ? `Link ${shown} points outside the bundle.` : `Link ${shown} resolves to no file in the bundle.`,
          {
            value: link.raw,
            ...(fix !== undefined ? { fix } : {}),
          },
        ),
      );
    }
    return out;
  },
};

/** NFC form of every file path, and of every file name (lower-cased, with and without `.md`) for wikilinks. */
function normalFormIndex(files: readonly string[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const file of files) {
    index.set(file.normalize('NFC'), file);
    const name = file
      .slice(file.lastIndexOf('/') + 1)
      .normalize('NFC')
      .toLowerCase();
    for (const key of [name, name.replace(/\.md$/, '')]) if (!index.has(`name:${key}`)) index.set(`name:${key}`, file);
  }
  return index;
}

/** Which Unicode normalization a text is written in, as an author would be told. */
function formOf(text: string): string {
  if (text === text.normalize('NFC')) return 'NFC';
  return text === text.normalize('NFD') ? 'NFD' : 'mixed';
}

/**
 * The fix when a link and a file name differ only in Unicode normalization (é as one code point or as e plus
 * a combining accent: macOS file names are often NFD, typed text NFC). They look identical, so say it.
 */
function unicodeTwin(
  link: { readonly kind: string; readonly raw: string },
  target: string | undefined,
  index: ReadonlyMap<string, string>,
): string | undefined {
  let twin: string | undefined;
  let written: string;
  if (link.kind === 'wikilink') {
    written = link.raw.split(/[|#]/)[0].trim();
    twin = index.get(`name:${written.normalize('NFC').toLowerCase()}`);
  } else {
    if (target === undefined) return undefined;
    written = target;
    const nfc = target.normalize('NFC');
    twin = index.get(nfc) ?? (/\.[A-Za-z0-9]+$/.test(nfc) ? undefined : index.get(nfc + '.md'));
  }
  if (twin === undefined) return undefined;
  const name = twin.slice(twin.lastIndexOf('/') + 1);
  return (
    `${twin} differs from the link only in Unicode normalization (the link ` +
    `is ${formOf(written)}, the file name ${formOf(name)}): they look the ` +
    `same but are different characters; rename the file or retype the link ` +
    `so both use the same form (NFC)`
  );
}
