// Where a wiki's folder starts (QA3 Q2, Q3). Run from a folder inside a bundle (`cd entities`), commands wrote
// relation paths of that folder (`/go.md`) into the real concept files and a second wiki.db, log.md and timeline.md
// there; run from a folder above one (a home folder), `context` indexed the whole tree into a wiki.db there and
// `reindex` appended to the user's own log.md. So before a folder is used as the bundle, the folders above it are
// asked whether one holds a bundle marker (an lstat of those names; a folder above is read only when it holds one),
// and the folder itself must look like a bundle's top (looksLikeTop; every bundle in test/fixtures/okf-bundles
// does). Else a wiki found a few levels below is named.
import { lstatSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import * as nodePath from 'node:path';
import { isConceptCandidate } from '../core/okf/paths';
import { readConcept } from '../core/okf/read-concept';
import { skippedName } from '../node/fs-bundle';
import { STATE_DIR } from '../node/state-dir';

/** Names only okf-wiki (or its user, okf-wiki.json) puts at a bundle's top: a folder holding one is a bundle. */
const CONFIG = 'okf-wiki.json';
export const ROOT_MARKERS: readonly string[] = [CONFIG, 'wiki.db', STATE_DIR];
/** The spec's concept folders (§3) and file-back's. */
const STANDARD_FOLDERS = new Set(['entities', 'concepts', 'computations']);
/** Markdown files read per folder when looking for a concept (a folder of ordinary notes is not read through). */
const MAX_READ = 50;
/** Larger files are not read to look for a concept (a concept's frontmatter comes first anyway). */
const MAX_BYTES = 1024 * 1024;
/** How far below a folder that is no bundle a wiki is looked for, to name it. */
const SEARCH_DEPTH = 4;
const SEARCH_FOLDERS = 400;

/** The first bundle marker `dir` holds, or undefined. Only stats (lstat: a link counts, and is not followed). */
export function markerOf(dir: string): string | undefined {
  for (const name of ROOT_MARKERS) {
    try {
      lstatSync(nodePath.join(dir, name));
      return name;
    } catch {
      // Not there.
    }
  }
  return undefined;
}

/**
 * The nearest folder above `dir` (a real path) that holds a bundle marker and looks like a bundle's top, and the
 * marker. Only a folder holding a marker is read: a wiki.db left in a home folder by a command run there (QA3 Q3)
 * makes no bundle of it, or every wiki below would be refused.
 */
export function enclosingBundle(dir: string): { root: string; marker: string } | undefined {
  for (let up = nodePath.dirname(dir); ; up = nodePath.dirname(up)) {
    const marker = markerOf(up);
    if (marker !== undefined && looksLikeTop(up)) return { root: up, marker };
    if (nodePath.dirname(up) === up) return undefined;
  }
}

function entriesOf(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return []; // gone, or not readable: nothing in it counts
  }
}

/** True when one of the files directly in `dir` (shown as `prefix`/name; links not followed) is an OKF concept. */
function holdsConcept(dir: string, prefix: string, entries: readonly Dirent[]): boolean {
  let read = 0;
  for (const entry of entries) {
    const path = `${prefix}/${entry.name}`;
    if (!entry.isFile() || !isConceptCandidate(path)) continue;
    if (read++ >= MAX_READ) return false;
    const full = nodePath.join(dir, entry.name);
    try {
      if (lstatSync(full).size > MAX_BYTES) continue;
      if (readConcept(path, readFileSync(full, 'utf8')).kind === 'concept') return true;
    } catch {
      // Gone or unreadable: not a concept here.
    }
  }
  return false;
}

const folders = (entries: readonly Dirent[]) =>
  entries.filter((e) => e.isDirectory() && !skippedName(e.name)).map((e) => e.name);

/** True when `dir` is a bundle: it holds a marker (okf-wiki.json, wiki.db, .okf-wiki/), or looksLikeTop. */
export function isWikiRoot(dir: string): boolean {
  return markerOf(dir) !== undefined || looksLikeTop(dir);
}

/**
 * True when `dir` looks like the top of a bundle: it holds okf-wiki.json or a concept at its top level, or one of its
 * folders holds a concept (not a folder with an okf-wiki.json of its own: its concepts are that bundle's). Unless it
 * has an index.md (OKF's catalog) or a standard folder (entities/, concepts/, computations/) with a concept, a folder
 * one of whose folders holds a bundle marker is the folder above that bundle, not a bundle. wiki.db and .okf-wiki/
 * alone do not make a bundle's top: any command run in a folder leaves them.
 */
export function looksLikeTop(dir: string): boolean {
  if (hasConfig(dir)) return true;
  const entries = entriesOf(dir);
  if (holdsConcept(dir, '', entries)) return true;
  const names = folders(entries).sort();
  const withConcept = (name: string) => {
    const sub = nodePath.join(dir, name);
    return !hasConfig(sub) && holdsConcept(sub, `/${name}`, entriesOf(sub));
  };
  const catalog = entries.some((e) => e.isFile() && e.name.toLowerCase() === 'index.md');
  if (names.some((name) => (catalog || STANDARD_FOLDERS.has(name)) && withConcept(name))) return true;
  if (names.some((name) => markerOf(nodePath.join(dir, name)) !== undefined)) return false;
  return names.some(withConcept);
}

export function hasConfig(dir: string): boolean {
  try {
    lstatSync(nodePath.join(dir, CONFIG));
    return true;
  } catch {
    return false;
  }
}

/** The shallowest folder below `dir` that looks like a bundle's top (a bounded search), or undefined. */
export function wikiBelow(dir: string): string | undefined {
  let level = [dir];
  let visited = 0;
  for (let depth = 1; depth <= SEARCH_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const parent of level) {
      for (const name of folders(entriesOf(parent)).sort()) {
        const sub = nodePath.join(parent, name);
        if (++visited > SEARCH_FOLDERS) return undefined;
        if (looksLikeTop(sub)) return sub;
        next.push(sub);
      }
    }
    level = next;
  }
  return undefined;
}
