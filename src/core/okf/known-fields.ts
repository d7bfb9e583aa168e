// The frontmatter keys a Concept models, taken out of the parsed mapping into one record of fixed shape. Each file's
// mapping has its own shape (its keys, in its order): read field by field, every new shape met after the reader was
// optimized undid that work (five compilations of readConcept in one 10,000-file build, most of its CPU time).
import { setOwnKey } from './own-key';

/** The modelled keys' values as written (undefined when absent). */
export interface KnownFields {
  type: unknown;
  title: unknown;
  description: unknown;
  tags: unknown;
  aliases: unknown;
  alias: unknown;
  resource: unknown;
  sources: unknown;
  generated: unknown;
  verified: unknown;
  status: unknown;
  stale_after: unknown;
  superseded_by: unknown;
  superseded_at: unknown;
  supersedes: unknown;
  relations: unknown;
}

/** A modelled key's name. */
export type KnownKey = keyof KnownFields;

/** Frontmatter keys modelled by Concept; everything else lands in `extra`. */
const KNOWN_KEYS: ReadonlySet<string> = new Set<KnownKey>([
  'type',
  'title',
  'description',
  'tags',
  'aliases',
  'alias',
  'resource',
  'sources',
  'generated',
  'verified',
  'status',
  'stale_after',
  'superseded_by',
  'superseded_at',
  'supersedes',
  'relations',
]);

/** The frontmatter split into its modelled keys and the rest (`extra`, in the mapping's key order). */
export function splitKnownFields(fm: Record<string, unknown>): {
  known: KnownFields;
  extra: Record<string, unknown>;
} {
  // Every field present from the start, in one order: one shape for every file.
  const known: KnownFields = {
    type: undefined,
    title: undefined,
    description: undefined,
    tags: undefined,
    aliases: undefined,
    alias: undefined,
    resource: undefined,
    sources: undefined,
    generated: undefined,
    verified: undefined,
    status: undefined,
    stale_after: undefined,
    superseded_by: undefined,
    superseded_at: undefined,
    supersedes: undefined,
    relations: undefined,
  };
  const extra: Record<string, unknown> = {};
  for (const key of Object.keys(fm)) {
    if (KNOWN_KEYS.has(key)) known[key as KnownKey] = fm[key];
    else setOwnKey(extra, key, fm[key]);
  }
  return { known, extra };
}
