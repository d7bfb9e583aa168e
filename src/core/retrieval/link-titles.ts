// Bare wikilinks in an answer's prose shown as the linked concept's title, resolved the way Obsidian resolves a bare
// `[[name]]`: by file name, case-insensitively, the first concept in catalog (path) order of that name.
import type { LinkTitle } from './assemble';
import type { Catalog } from './catalog';

/** linkTitles per catalog (itself cached per index generation): the map of 10,000 names was rebuilt per answer. */
const linkTitleCache = new WeakMap<Catalog, LinkTitle>();

/**
 * Lookups answered by scanning the names before the map of every name is built: building it cost a cold question
 * 14–20 ms at 10,000 concepts for the few links of its seeds' bodies (one to three on the bench's bundle); a scan
 * that skips names of another length costs ~2 ms in a fresh process, ~0.2 ms once compiled.
 */
const SCANNED_LOOKUPS = 16;

/** Wikilink targets resolved the way Obsidian resolves a bare `[[name]]`: by file name, case-insensitively. */
export function linkTitles(catalog: Catalog): LinkTitle {
  let cached = linkTitleCache.get(catalog);
  if (!cached) {
    let byName: Map<string, string> | undefined;
    let lookups = 0;
    cached = (target) => {
      const path = target.split('#')[0].trim().replace(/\.md$/i, '');
      const key = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
      // "İ" is the one character whose lowercase is longer (two code units): such a key is looked up in the map.
      if (!byName && (++lookups > SCANNED_LOOKUPS || key.includes('\u0307'))) byName = namesOf(catalog);
      return byName ? byName.get(key) : scanNames(catalog, key);
    };
    linkTitleCache.set(catalog, cached);
  }
  return cached;
}

/** A concept's file name without `.md`, lowercased: what a bare wikilink names. */
function nameOf(path: string): string {
  return path
    .slice(path.lastIndexOf('/') + 1)
    .replace(/\.md$/i, '')
    .toLowerCase();
}

/** Every name, the first concept's title for each (catalog order). */
function namesOf(catalog: Catalog): Map<string, string> {
  const byName = new Map<string, string>();
  for (const info of catalog.concepts.values()) {
    const name = nameOf(info.path);
    if (!byName.has(name)) byName.set(name, info.title);
  }
  return byName;
}

/**
 * namesOf(catalog).get(key), by a scan in catalog order. A name whose length before lowercasing differs from the
 * key's cannot be it: lowercasing keeps the length of every character but "İ", whose lowercase holds U+0307, which
 * a key reaching here does not.
 */
function scanNames(catalog: Catalog, key: string): string | undefined {
  for (const { path, title } of catalog.concepts.values()) {
    const start = path.lastIndexOf('/') + 1;
    const end =
      path.length - start >= 3 && (path.endsWith('.md') || /\.md$/i.test(path)) ? path.length - 3 : path.length;
    if (end - start === key.length && nameOf(path) === key) return title;
  }
  return undefined;
}
