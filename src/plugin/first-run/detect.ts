// First run: which folders of the vault hold OKF concepts? A note counts when its frontmatter has a `type` and
// at least one field only OKF concepts carry (a `type` alone is common in ordinary vaults: Dataview users write
// `type: meeting`). Notes under a folder holding a file only a bundle root has (okf-wiki.json, wiki.db,
// timeline.md, AGENTS.md…) belong to that bundle; the rest form one bundle at their deepest common folder.
// When that folder also holds other notes, the concept folders are narrowed to the subfolders with concepts,
// so the other notes are simply not concepts (no lint findings). Pure: the caller lists the notes.
import { isConceptCandidate } from '../../core/okf/paths';

/** Fields of OKF concept frontmatter (OKF v0.2 and this spec) that ordinary notes do not carry. */
const OKF_FIELDS = ['relations', 'sources', 'generated', 'verified', 'superseded_by', 'stale_after', 'resource'];

/** Files that only the root of an OKF bundle holds (its config, index, generated files, agent docs). */
const ROOT_MARKERS = new Set([
  'okf-wiki.json',
  'wiki.db',
  'timeline.md',
  'wiki-trigger-keywords.txt',
  'agents.md',
  'claude.md',
]);

/** A markdown note and its frontmatter (null without one, or when it does not parse). */
export interface ScannedNote {
  readonly path: string;
  readonly frontmatter: Readonly<Record<string, unknown>> | null;
}

/** A folder the first-run dialog offers: the bundle folder and concept folders to set, and what it holds. */
export interface WikiCandidate {
  /** Vault folder of the bundle (`` is the vault root). */
  readonly bundleFolder: string;
  /** Bundle folders whose notes are concepts; empty means the whole bundle. */
  readonly conceptFolders: readonly string[];
  /** Notes that look like OKF concepts inside the concept folders. */
  readonly concepts: number;
  /** Other markdown notes inside the bundle folder that the concept folders leave out. */
  readonly otherNotes: number;
}

/** True when a note's frontmatter looks like an OKF concept's. */
export function looksLikeOkfConcept(frontmatter: Readonly<Record<string, unknown>> | null): boolean {
  if (frontmatter === null) return false;
  const type = frontmatter.type;
  return (
    typeof type === 'string' &&
    type.trim() !== '' &&
    OKF_FIELDS.some((key) => frontmatter[key] !== undefined && frontmatter[key] !== null)
  );
}

const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const isInside = (path: string, folder: string) => folder === '' || path.startsWith(folder + '/');

/** The deepest folder holding every one of `folders` (`` when they share none). */
function commonFolder(folders: readonly string[]): string {
  let common = (folders[0] ?? '').split('/');
  for (const folder of folders.slice(1)) {
    const parts = folder.split('/');
    let i = 0;
    while (i < common.length && i < parts.length && common[i] === parts[i]) i++;
    common = common.slice(0, i);
  }
  return common.filter((p) => p !== '').join('/');
}

/**
 * The folders that hold OKF concepts, most concepts first (ties by path). `files` is every file of the vault
 * (for the root markers); `notes` its markdown notes with their frontmatter.
 */
export function detectWikiFolders(files: readonly string[], notes: readonly ScannedNote[]): WikiCandidate[] {
  const roots = [
    ...new Set(files.filter((f) => ROOT_MARKERS.has(f.slice(f.lastIndexOf('/') + 1).toLowerCase())).map(folderOf)),
  ];
  const candidateNotes = notes.filter((n) => isConceptCandidate('/' + n.path));
  const concepts = candidateNotes.filter((n) => looksLikeOkfConcept(n.frontmatter)).map((n) => n.path);
  const byRoot = new Map<string, string[]>();
  const unrooted: string[] = [];
  for (const path of concepts) {
    // The outermost marked folder holding the note: a bundle's subfolders may hold index-like files too.
    const root = roots.filter((r) => isInside(path, r)).sort((a, b) => a.length - b.length)[0];
    if (root === undefined) unrooted.push(path);
    else byRoot.set(root, [...(byRoot.get(root) ?? []), path]);
  }
  if (unrooted.length > 0) {
    const root = commonFolder(unrooted.map(folderOf));
    byRoot.set(root, [...(byRoot.get(root) ?? []), ...unrooted]);
  }
  const out = [...byRoot].map(([bundleFolder, paths]) => candidate(bundleFolder, paths, candidateNotes));
  return out.sort(
    (a, b) =>
      b.concepts - a.concepts || (a.bundleFolder < b.bundleFolder ? -1 : a.bundleFolder > b.bundleFolder ? 1 : 0),
  );
}

/** A candidate bundle: narrowed to the subfolders holding concepts when other notes share the folder. */
function candidate(
  bundleFolder: string,
  conceptPaths: readonly string[],
  notes: readonly ScannedNote[],
): WikiCandidate {
  const relative = (path: string) => (bundleFolder === '' ? path : path.slice(bundleFolder.length + 1));
  const inBundle = notes.filter((n) => isInside(n.path, bundleFolder));
  const firstFolders = new Set(
    conceptPaths.map((p) => relative(p)).map((r) => (r.includes('/') ? r.slice(0, r.indexOf('/')) : '')),
  );
  const inConceptFolders = (path: string) => [...firstFolders].some((f) => relative(path).startsWith(f + '/'));
  const outside = inBundle.filter((n) => !conceptPaths.includes(n.path) && !inConceptFolders(n.path));
  // Narrowed only when notes lie beside the concept folders; concepts directly in the bundle folder cannot be.
  const narrow = !firstFolders.has('') && outside.length > 0;
  return {
    bundleFolder,
    conceptFolders: narrow ? [...firstFolders].sort() : [],
    concepts: conceptPaths.length,
    otherNotes: narrow ? outside.length : 0,
  };
}
