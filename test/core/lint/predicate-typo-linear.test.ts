// Typo pairs among predicates are found through one-deletion keys, not by comparing every pair of near-equal
// length (4,000 distinct predicates took 6 s of lint, 50,000 minutes): the same pairs, in the same order, as the
// all-pairs scan (kept below as the reference), and a large vocabulary clusters well inside a generous deadline.
import * as nodePath from 'node:path';
import { isLikelyTypo, oneEditCandidates } from '../../../src/core/lint/predicate-similarity';
import { bundleForWorker, callWithin } from '../../support/deadline-worker';
import type { LintContext } from '../../../src/core/lint/context';
import { predicateDrift } from '../../../src/core/lint/predicate-drift';

/** The scan clusterPredicates ran before: every pair of words (sorted by length) whose lengths differ by <= 1. */
function allPairsTypos(byLength: readonly string[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < byLength.length; i++) {
    for (let j = i + 1; j < byLength.length && byLength[j].length - byLength[i].length <= 1; j++) {
      if (isLikelyTypo(byLength[i], byLength[j])) out.push([i, j]);
    }
  }
  return out;
}

/** A seeded generator (mulberry32), so a failure names a reproducible set. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Distinct words over a small alphabet, many one edit from another (swaps, substitutions, insertions, deletions). */
function predicateSet(seed: number, size: number): string[] {
  const next = random(seed);
  const pick = (s: string) => s[Math.floor(next() * s.length)];
  const alphabet = 'ab_cé𝒳';
  const words = new Set<string>();
  const list: string[] = [];
  while (words.size < size) {
    let word: string;
    if (list.length > 0 && next() < 0.7) {
      const base = [...list[Math.floor(next() * list.length)]];
      const at = Math.floor(next() * base.length);
      const edit = Math.floor(next() * 4);
      if (edit === 0) base[at] = pick(alphabet);
      else if (edit === 1) base.splice(at, 0, pick(alphabet));
      else if (edit === 2) base.splice(at, 1);
      else if (at + 1 < base.length) [base[at], base[at + 1]] = [base[at + 1], base[at]];
      word = base.join('');
    } else {
      word = Array.from({ length: 3 + Math.floor(next() * 7) }, () => pick(alphabet)).join('');
    }
    if (!words.has(word)) list.push(word);
    words.add(word);
  }
  return [...words].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
}

test.each([1, 2, 3, 4])('random predicate set %i: the same typo pairs in the same order', (seed) => {
  const byLength = predicateSet(seed, 300);
  const expected = allPairsTypos(byLength);
  expect(expected.length).toBeGreaterThan(20);
  expect(oneEditCandidates(byLength).filter(([i, j]) => isLikelyTypo(byLength[i], byLength[j]))).toEqual(expected);
});

test('swaps, insertions and substitutions at either end are candidates', () => {
  const words = ['abcde', 'bacde', 'abced', 'xabcde', 'abcdex', 'zbcde', 'abcdz', 'bcde_'];
  const found = oneEditCandidates(words).map(([i, j]) => `${words[i]} ${words[j]}`);
  for (const pair of ['abcde bacde', 'abcde abced', 'abcde xabcde', 'abcde abcdex', 'abcde zbcde', 'abcde abcdz'])
    expect(found).toContain(pair);
});

// In a worker stopped at a deadline (jest cannot stop a synchronous test): 12,000 distinct predicates of lengths
// 5-8 cluster in about a second; the all-pairs scan took ~35 s of CPU (5,000 took 6 s).
test('12,000 distinct predicates cluster within a generous deadline', async () => {
  const bundled = await bundleForWorker(nodePath.join(__dirname, '../../../src/core/lint/predicate-similarity.ts'));
  const next = random(42);
  const counts: [string, number][] = [];
  const seen = new Set<string>();
  while (counts.length < 12_000) {
    const word = Array.from({ length: 5 + Math.floor(next() * 4) }, () => 'abcdefgh_'[Math.floor(next() * 9)]);
    const predicate = word.join('');
    if (!seen.has(predicate)) counts.push([predicate, 1]);
    seen.add(predicate);
  }
  const clusters = (await callWithin(
    bundled,
    'module.exports.clusterPredicates(new Map(workerData)).length',
    counts,
    15_000,
    'clusterPredicates',
  )) as number;
  expect(clusters).toBeGreaterThan(0);
}, 30_000);

// Each finding of a cluster listed every form in use: 4,000 one-letter variants made a report of 4,000 findings
// each 4,000 forms long (renderLintReport took 2 s). Now each lists the 8 most used and counts the rest.
test('a cluster of 2,000 forms gives findings of bounded length', () => {
  const edges = Array.from({ length: 2000 }, (_, i) => ({
    subject: `/e/c${i}.md`,
    predicate: `pred_${String(i).padStart(4, '0')}`,
    object: '/e/x.md',
  }));
  const context = { edges, config: { inverses: [], synonyms: [], distinct: [] } } as unknown as LintContext;
  const findings = predicateDrift.run(context);
  expect(findings.length).toBe(1999);
  expect(Math.max(...findings.map((f) => f.message.length))).toBeLessThan(400);
  expect(findings[0].message).toMatch(/, and 1992 more forms\.$/);
});
