// Builders for retrieval tests: concept files from a few named fields (through builders.ts's conceptFile), an in-memory
// bundle, an index over a
// fixture folder, and a fixed clock (STYLE.md 9: builders for concepts, a fixed clock).
import * as nodePath from 'node:path';
import { buildIndex } from '../../src/core/index/build';
import type { WikiIndex } from '../../src/core/index/wiki-index';
import type { Clock } from '../../src/core/types';
import { FsBundle } from '../../src/node/fs-bundle';
import { conceptFile } from './builders';
import { fixtureDir, FIXTURES_DIR } from './fixtures';
import { MemoryBundle } from './memory-bundle';

export { MemoryBundle };

export interface RelationSpec {
  readonly predicate: string;
  readonly object: string;
  readonly date?: string;
  readonly source?: string;
}

/** The frontmatter fields a retrieval test cares about; everything optional but the title. */
export interface ConceptSpec {
  readonly title: string;
  readonly type?: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly aliases?: readonly string[];
  /** Trust tier: `human` → human-reviewed, `machine` → machine-confirmed, `none` (default) → unverified. */
  readonly verified?: 'human' | 'machine' | 'none';
  readonly generatedAt?: string;
  readonly status?: string;
  readonly staleAfter?: string;
  readonly supersededBy?: string;
  readonly supersededAt?: string;
  readonly supersedes?: readonly string[];
  readonly relations?: readonly RelationSpec[];
  readonly body?: string;
}

/** The concept file of a spec, written by the one builder (builders.ts). */
export function specFile(spec: ConceptSpec): string {
  const verified = {
    human: [{ by: 'human:reviewer', at: '2026-02-01T00:00:00Z' }],
    machine: [{ by: 'agent:checker', at: '2026-02-01T00:00:00Z' }],
    none: undefined,
  }[spec.verified ?? 'none'];
  const fields: Record<string, unknown> = {
    type: spec.type ?? 'Concept',
    title: spec.title,
    description: spec.description,
    tags: spec.tags,
    aliases: spec.aliases,
    generated: { by: 'agent:test', at: spec.generatedAt ?? '2026-01-01T00:00:00Z' },
    verified,
    status: spec.status,
    stale_after: spec.staleAfter,
    superseded_by: spec.supersededBy,
    superseded_at: spec.supersededAt,
    supersedes: spec.supersedes,
    relations: spec.relations && spec.relations.length > 0 ? spec.relations : undefined,
  };
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return conceptFile(defined, `\n${spec.body ?? `${spec.title}.`}\n`);
}

/** An index over concept specs keyed by bundle path (`/entities/x.md`). */
export async function indexOfSpecs(specs: Record<string, ConceptSpec>): Promise<WikiIndex> {
  const files: Record<string, string> = {};
  for (const [path, spec] of Object.entries(specs)) files[path] = specFile(spec);
  return buildIndex(new MemoryBundle(files));
}

export { fixtureDir };

/** An index over a folder under test/fixtures/ (or a path relative to it), read in place (never written). */
export async function indexOfFixture(name: string): Promise<WikiIndex> {
  return buildIndex(new FsBundle(nodePath.join(FIXTURES_DIR, name)));
}

/** A clock stopped at one day. */
export function fixedClock(day: string): Clock {
  return { now: () => `${day}T12:00:00Z` };
}
