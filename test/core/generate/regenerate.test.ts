import { formatLogEntry } from '../../../src/core/generate/log-entry';
import { INDEX_BLOCK_END, INDEX_BLOCK_START } from '../../../src/core/generate/generated-block';
import {
  NO_CONCEPTS,
  regenerateBundleFiles,
  summarizeGenerated,
  type RegenerateOptions,
} from '../../../src/core/generate/regenerate';
import { readConcept } from '../../../src/core/okf/read-concept';
import type { BundleWriter, Concept } from '../../../src/core/types';
import { conceptFile, rel } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';

const HAND_WRITTEN = '# Metric\n\n* [Revenue](revenue.md) - Written by a person.\n';

function setup() {
  const files: Record<string, string> = {
    '/entities/ada.md': conceptFile({
      type: 'Person',
      title: 'Ada',
      relations: [rel('wrote', '/entities/notes.md', { date: '1843-01-01' })],
    }),
    '/entities/notes.md': conceptFile({
      type: 'Product',
      title: 'Notes',
      relations: [rel('written_by', '/entities/ada.md', { date: '1843-01-01' })],
    }),
    '/metrics/revenue.md': conceptFile({ type: 'Metric', title: 'Revenue' }),
    '/metrics/index.md': HAND_WRITTEN,
  };
  const bundle = new MemoryBundle(files);
  const writes: string[] = [];
  const writer: BundleWriter = {
    write: async (path, data) => {
      writes.push(path);
      bundle.set(path, typeof data === 'string' ? data : new TextDecoder().decode(data));
    },
  };
  const concepts = Object.entries(files)
    .map(([path, text]) => readConcept(path, text))
    .flatMap((r) => (r.kind === 'concept' ? [r.concept as Concept] : []));
  const options: RegenerateOptions = {
    concepts,
    source: bundle,
    writer,
    clock: { now: () => '2026-11-30T12:00:00Z' },
    logEntry: () => formatLogEntry('Reindex', 'test run.'),
  };
  return { bundle, writes, options };
}

test('writes every artifact, leaves a hand-written index.md alone, and adds one log entry', async () => {
  const { bundle, writes, options } = setup();
  const files = await regenerateBundleFiles(options);
  expect(files).toEqual([
    { path: '/timeline.md', outcome: 'created' },
    { path: '/wiki-trigger-keywords.txt', outcome: 'created' },
    { path: '/index.md', outcome: 'created' },
    { path: '/entities/index.md', outcome: 'created' },
    {
      path: '/metrics/index.md',
      outcome: 'hand-written',
      reason: 'no generated-block markers: a hand-written index is left as it is',
    },
    { path: '/log.md', outcome: 'appended' },
  ]);
  expect(writes).toEqual(['/timeline.md', '/wiki-trigger-keywords.txt', '/index.md', '/entities/index.md', '/log.md']);
  expect(await bundle.read('/metrics/index.md')).toBe(HAND_WRITTEN);
  expect(await bundle.read('/log.md')).toBe('# Update log\n\n## 2026-11-30\n\n* **Reindex**: test run.\n');
  expect(summarizeGenerated(files)).toBe('4 created, 1 appended, 1 hand-written (left alone)');
});

test('a second run with no edits writes nothing but the log entry (idempotent, spec §7.4)', async () => {
  const { bundle, writes, options } = setup();
  await regenerateBundleFiles(options);
  const snapshot = await Promise.all(
    ['/timeline.md', '/wiki-trigger-keywords.txt', '/index.md', '/entities/index.md'].map((p) => bundle.read(p)),
  );
  writes.length = 0;
  const files = await regenerateBundleFiles(options);
  expect(files.filter((f) => f.outcome !== 'unchanged' && f.outcome !== 'hand-written').map((f) => f.path)).toEqual([
    '/log.md',
  ]);
  expect(writes).toEqual(['/log.md']);
  expect(
    await Promise.all(
      ['/timeline.md', '/wiki-trigger-keywords.txt', '/index.md', '/entities/index.md'].map((p) => bundle.read(p)),
    ),
  ).toEqual(snapshot);
});

test('one artifact at a time, and no log entry when the callback declines', async () => {
  const { writes, options } = setup();
  const files = await regenerateBundleFiles({ ...options, artifacts: ['keywords'], logEntry: () => undefined });
  expect(files).toEqual([{ path: '/wiki-trigger-keywords.txt', outcome: 'created' }]);
  expect(writes).toEqual(['/wiki-trigger-keywords.txt']);
});

test('a folder whose concepts all moved out: its block says it holds none (hand-written: no report)', async () => {
  const { bundle, options } = setup();
  await regenerateBundleFiles(options);
  // Every concept moves out of /entities/ and /metrics/ into /people/ (the index.md files stay behind).
  const moved = options.concepts.map((c) => ({ ...c, path: c.path.replace(/^\/(entities|metrics)\//, '/people/') }));
  const files = await regenerateBundleFiles({ ...options, concepts: moved, logEntry: undefined });
  expect(files.filter((f) => f.path.endsWith('index.md'))).toEqual([
    { path: '/index.md', outcome: 'updated' },
    { path: '/people/index.md', outcome: 'created' },
    { path: '/entities/index.md', outcome: 'updated' },
  ]);
  expect(bundle.files.get('/entities/index.md')).toBe(`${INDEX_BLOCK_START}\n${NO_CONCEPTS}\n${INDEX_BLOCK_END}\n`);
  expect(bundle.files.get('/metrics/index.md')).toBe(HAND_WRITTEN);
  const again = await regenerateBundleFiles({ ...options, concepts: moved, logEntry: undefined });
  expect(again.filter((f) => f.outcome !== 'unchanged')).toEqual([]);
});
