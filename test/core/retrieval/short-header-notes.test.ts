// A small budget keeps a short header (seed titles), and the background, which carries the seed's markers, is the
// first thing it cuts: the header must still say what changes the facts' meaning (review qa3 Q6, spec §7.7): that the
// page asked about was superseded and this is its successor, that a seed is past its stale date or deprecated.
import * as nodePath from 'node:path';
import { buildIndex } from '../../../src/core/index/build';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { FsBundle } from '../../../src/node/fs-bundle';
import { fixedClock } from '../../support/retrieval-bundle';

const DEMO = nodePath.join(__dirname, '..', '..', '..', 'examples', 'computing-history');
const clock = fixedClock('2026-12-01');

test('at a small budget the header keeps the successor note and the stale marker; at a large one too', async () => {
  const index = await buildIndex(new FsBundle(DEMO));
  const header = async (question: string, budget: number) =>
    (await contextFor(index, question, { clock, budget })).text.split('\n').slice(0, 2).join('\n');
  const lucent = await header('What did Lucent Bell Labs do?', 150);
  expect(lucent).toMatch(/^Context for: /);
  expect(lucent).toMatch(/Seeds: Nokia Bell Labs \(successor of superseded \/entities\/[a-z-]+-bell-labs\.md\)\./);
  const short = await header('What is the fastest supercomputer?', 40);
  expect(short).toContain('Seeds: Frontier [stale since 2025-06-30].');
  const full = await header('What is the fastest supercomputer?', 1500);
  expect(full).toContain('Seeds: Frontier (/entities/frontier-supercomputer.md) [stale since 2025-06-30].');
  index.close();
});
