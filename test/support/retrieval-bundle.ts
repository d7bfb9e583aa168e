// Builders for retrieval tests: concept files from a few named fields, an in-memory bundle, an index over a
// fixture folder, and a fixed clock (STYLE.md 9: builders for concepts, a fixed clock).
import * as nodePath from 'node:path';
import { buildIndex } from '../../src/core/index/build';
import type { WikiIndex } from '../../src/core/index/wiki-index';
import type { Clock } from '../../src/core/types';
import { FsBundle } from '../../src/node/fs-bundle';
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

/** An OKF concept file. Values are written as JSON, which YAML 1.2 reads as the same values. */
export function conceptFile(spec: ConceptSpec): string {
  const lines = ['---', `type: ${JSON.stringify(spec.type ?? 'Concept')}`, `title: ${JSON.stringify(spec.title)}`];
  const put = (key: string, value: unknown) => {
    if (value !== undefined) lines.push(`${key}: ${JSON.stringify(value)}`);
  };
  put('description', spec.description);
  put('tags', spec.tags);
  put('aliases', spec.aliases);
  put('generated', { by: 'agent:test', at: spec.generatedAt ?? '2026-01-01T00:00:00Z' });
  if (spec.verified === 'human') put('verified', [{ by: 'human:reviewer', at: '2026-02-01T00:00:00Z' }]);
  if (spec.verified === 'machine') put('verified', [{ by: 'agent:checker', at: '2026-02-01T00:00:00Z' }]);
  put('status', spec.status);
  put('stale_after', spec.staleAfter);
  put('superseded_by', spec.supersededBy);
  put('superseded_at', spec.supersededAt);
  put('supersedes', spec.supersedes);
  if (spec.relations && spec.relations.length > 0) {
    lines.push('relations:');
    for (const r of spec.relations) lines.push(`  - ${JSON.stringify(r)}`);
  }
  lines.push('---', '', spec.body ?? `${spec.title}.`, '');
  return lines.join('\n');
}

/** An index over concept specs keyed by bundle path (`/entities/x.md`). */
export async function indexOfSpecs(specs: Record<string, ConceptSpec>): Promise<WikiIndex> {
  const files: Record<string, string> = {};
  for (const [path, spec] of Object.entries(specs)) files[path] = conceptFile(spec);
  return buildIndex(new MemoryBundle(files));
}

/** The folder of a fixture bundle under test/fixtures/. */
export function fixtureDir(name: string): string {
  return nodePath.join(__dirname, '..', 'fixtures', name);
}

/** An index over a fixture folder, read in place (the fixture is never written). */
export async function indexOfFixture(name: string): Promise<WikiIndex> {
  return buildIndex(new FsBundle(fixtureDir(name)));
}

/** A clock stopped at one day. */
export function fixedClock(day: string): Clock {
  return { now: () => `${day}T12:00:00Z` };
}
