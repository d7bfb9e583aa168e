// The MCP server asks itself a few questions once its index is open (warm-up.ts), so that its client's first ones find
// the question path compiled: the questions must come from the wiki itself, the same ones every time, and must never
// change what any later question is answered.
import * as nodePath from 'node:path';
import { readFileSync } from 'node:fs';
import { buildIndex } from '../../../src/core/index/build';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { warmUp, warmUpQuestions } from '../../../src/core/retrieval/warm-up';
import { FsBundle } from '../../../src/node/fs-bundle';
import { fixedClock, MemoryBundle } from '../../support/retrieval-bundle';

const DEMO = nodePath.join(__dirname, '..', '..', '..', 'examples', 'computing-history');
const clock = fixedClock('2026-06-01');

test('warm-up questions: the wiki titles, picked evenly, the same each time; none on an empty wiki', async () => {
  const index = await buildIndex(new FsBundle(DEMO));
  const questions = warmUpQuestions(index);
  expect(questions).toHaveLength(12);
  expect(warmUpQuestions(index)).toEqual(questions);
  expect(new Set(questions).size).toBe(12);
  const titles = index.conceptInfoRows().map((r) => r.title);
  // Each question holds a title, or a word of one: nothing in them comes from anywhere but the wiki.
  for (const q of questions) expect([q, titles.some((t) => q.includes(t.split(/\s+/)[0]))]).toEqual([q, true]);
  index.close();
  const empty = await buildIndex(new MemoryBundle({}));
  expect(warmUpQuestions(empty)).toEqual([]);
  await warmUp(empty, clock);
  empty.close();
});

test('answers after the warm-up are the answers without it (16 demo labeled questions, byte for byte)', async () => {
  const set = JSON.parse(readFileSync(nodePath.join(DEMO, 'evaluate.json'), 'utf8')) as {
    questions: { question: string }[];
  };
  const asked = set.questions.slice(0, 16).map((q) => q.question);
  const answers = async (warm: boolean) => {
    const index = await buildIndex(new FsBundle(DEMO));
    if (warm) await warmUp(index, clock);
    const out: string[] = [];
    for (const q of asked) out.push(JSON.stringify(await contextFor(index, q, { clock })));
    index.close();
    return out;
  };
  const cold = await answers(false);
  expect(cold).toHaveLength(16);
  expect(await answers(true)).toEqual(cold);
});
