// Loading the concept files an authoring operation touches, with a refusal that names the file and the problem
// (missing, outside the bundle, not a concept, broken frontmatter) instead of an exception.
import { readConcept } from '../okf/read-concept';
import { baseName, isConceptCandidate, literalConceptRef, pageOf, resolveConceptRef } from '../okf/paths';
import type { BundleSource, Concept } from '../types';

/** A concept file as read for an edit: its exact text and what the reader made of it. */
export interface LoadedConcept {
  readonly path: string;
  readonly text: string;
  readonly concept: Concept;
  /** How the name given was read, when another reading of it names another file too. */
  readonly note?: string;
}

/** The bundle's file list, read once per operation. */
export type Listing = ReadonlySet<string>;

/** Reads the bundle's file list. */
export async function listing(source: BundleSource): Promise<Listing> {
  return new Set(await source.list());
}

/**
 * The bundle path of a concept as a person or agent writes it (`entities/x`, `/entities/x.md`, `./entities/x.md`),
 * or a message saying why it cannot be one. `role` names it in the message (`subject`, `old concept`). A name holding
 * `%xx` is read as frontmatter reads it (`new%20marc` → `new marc.md`) unless `files` holds the name as written
 * (`50%25 off.md`): that file wins, so every file can be named by its own name; `note` then names the other reading
 * when that one exists too. Neither reading can leave the bundle.
 */
export function resolveConceptPath(
  written: string,
  role: string,
  files?: Listing,
): { path: string; note?: string } | { message: string } {
  const decoded = written.trim() === '' ? null : resolveConceptRef(written);
  const literal = written.trim() === '' ? null : literalConceptRef(written);
  const useLiteral = literal !== null && literal !== decoded && files?.has(literal) === true;
  const path = useLiteral ? literal : decoded;
  if (path === null) return { message: `${role} "${written}" is not a path inside the bundle` };
  if (!isConceptCandidate(path))
    return {
      message:
        `${role} ${path} is not a concept file (index.md, log.md, AGENTS.md, ` +
        `timeline.md, hidden and non-markdown files are not concepts)`,
    };
  const heading = written.trim().slice(pageOf(written.trim()).length);
  if (heading !== '')
    return { path, note: `${role} "${written.trim()}" names the page ${path}: a concept path cannot name a heading.` };
  if (useLiteral && decoded !== null && files?.has(decoded))
    return {
      path,
      note:
        `${role} "${written.trim()}" is taken as the file of that name, ${path}; with its %xx ` +
        `decoded it would name ${decoded}: to name that one, write its own name.`,
    };
  return { path };
}

/** Reads and parses one concept for an edit; a string is the refusal message. */
export async function loadConcept(
  source: BundleSource,
  files: Listing,
  written: string,
  role: string,
): Promise<LoadedConcept | string> {
  const resolved = resolveConceptPath(written, role, files);
  if ('message' in resolved) return resolved.message;
  const { path } = resolved;
  if (!files.has(path)) {
    const name = baseName(path).toLowerCase();
    const alike = [...files].filter((f) => baseName(f).toLowerCase() === name).sort();
    const literal = literalConceptRef(written);
    const asWritten = literal !== null && literal !== path ? ` (nor does ${literal}, the name as written)` : '';
    return (
      `${role} ${path} does not exist${asWritten}` +
      `${alike.length > 0 ? ` (did you mean ${alike.slice(0, 3).join(', ')}?)` : ''}`
    );
  }
  let text: string;
  try {
    text = await source.read(path);
  } catch (error) {
    return `${role} ${path} cannot be read: ${(error as Error).message}`;
  }
  const loaded = parseLoaded(path, text, role);
  return typeof loaded === 'string' || resolved.note === undefined ? loaded : { ...loaded, note: resolved.note };
}

/** Parses a concept's text for an edit; a string is the refusal message. */
export function parseLoaded(path: string, text: string, role: string): LoadedConcept | string {
  const result = readConcept(path, text);
  if (result.kind !== 'skipped' && result.diagnostics.some((d) => d.code === 'invalid-utf8')) {
    // Writing the decoded text back would turn every undecodable byte into U+FFFD for good.
    return (
      `${role} ${path} is not valid UTF-8 (bytes that do not decode, e.g. ` +
      `Latin-1 accents), and editing it would destroy them. Convert it to ` +
      `UTF-8 first (e.g. iconv -f latin1 -t utf-8 FILE > FILE.utf8, then ` +
      `replace FILE), and run again`
    );
  }
  if (result.kind === 'skipped') return `${role} ${path} is not a concept (${result.reason})`;
  if (result.kind === 'invalid') {
    const first = result.diagnostics.find((d) => d.severity === 'error') ?? result.diagnostics[0];
    return (
      `${role} ${path} cannot be edited until its frontmatter is ` +
      `fixed: ${first?.message ?? 'it could not be read'}`
    );
  }
  return { path, text, concept: result.concept };
}

/** The notes of how the concepts' names were read (`LoadedConcept.note`), for a plan's notes. */
export function readingNotes(...concepts: readonly LoadedConcept[]): string[] {
  return concepts.flatMap((c) => (c.note === undefined ? [] : [c.note]));
}
