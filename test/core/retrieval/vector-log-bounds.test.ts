// The vector cache's change log (index/vector-touched.ts) stays small in a long-lived process: rows read are dropped,
// and a process that writes without asking stops logging at LOG_CAP (the next question rebuilds, still exact). And
// at a scale where the int8 first pass prunes, a refreshed cache answers as one built anew (review of 7c5f3cf).
import { buildIndex } from '../../../src/core/index/build';
import { LOG_CAP } from '../../../src/core/index/vector-touched';
import { rawDatabase, type WikiIndex } from '../../../src/core/index/wiki-index';
import { rankByVector } from '../../../src/core/retrieval/vector';
import { forgetVectors } from '../../../src/core/retrieval/vector-cache';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';

const DIM = 32;
let seed = 1;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5;

async function indexOf(n: number): Promise<{ index: WikiIndex; paths: string[]; hash: (p: string) => string }> {
  const paths = Array.from({ length: n }, (_, i) => `/c/p${String(i).padStart(4, '0')}.md`);
  const files = Object.fromEntries(paths.map((p, i) => [p, conceptFile({ title: `T${i}` }, `b${i}`)]));
  const index = await buildIndex(new MemoryBundle(files));
  const db = rawDatabase(index);
  const hash = (p: string) => db.get<{ hash: string }>('select hash from concepts where path = ?', [p])!.hash;
  return { index, paths, hash };
}

const logRows = (index: WikiIndex) =>
  rawDatabase(index).get<{ n: number }>('select count(*) as n from temp.okf_vector_touched')!.n;

test('asked after every round of writes, the log is trimmed; never asked, it stops at LOG_CAP', async () => {
  const { index, paths, hash } = await indexOf(40);
  const put = () =>
    index.putEmbeddings(
      'm',
      paths.map((p) => ({ path: p, hash: hash(p), vector: vec() })),
    );
  const vec = () => Float32Array.from({ length: DIM }, rnd);
  put();
  const q = vec();
  rankByVector(index, 'm', q, 5);
  let most = 0;
  for (let round = 0; round < 50; round++) {
    put();
    rankByVector(index, 'm', q, 5);
    most = Math.max(most, logRows(index));
  }
  expect(most).toBeLessThan(400); // 50 rounds × 40 writes = 2,000 rows without trimming
  for (let round = 0; round < 150; round++) put(); // 6,000 rows' worth of writes, nobody asking
  expect(logRows(index)).toBeLessThanOrEqual(LOG_CAP + 1);
  const got = rankByVector(index, 'm', q, 10);
  forgetVectors(index);
  expect(got).toEqual(rankByVector(index, 'm', q, 10));
  index.close();
});

test('600 near-duplicate rows: after a row is added, the refreshed cache ranks as one built anew', async () => {
  const { index, paths, hash } = await indexOf(600);
  // Near one direction, so the int8 pass is close and its bounds decide which rows are re-scored.
  const base = Float32Array.from({ length: DIM }, rnd);
  const v = () => Float32Array.from(base, (x) => x + rnd() * 0.05);
  index.putEmbeddings(
    'm',
    paths.slice(1).map((p) => ({ path: p, hash: hash(p), vector: v() })),
  );
  const queries = Array.from({ length: 20 }, v);
  queries.forEach((q) => rankByVector(index, 'm', q, 10));
  index.putEmbeddings('m', [{ path: paths[0], hash: hash(paths[0]), vector: v() }]); // rows copied around the new one
  const got = queries.map((q) => rankByVector(index, 'm', q, 10));
  forgetVectors(index);
  expect(got).toEqual(queries.map((q) => rankByVector(index, 'm', q, 10)));
  index.close();
});
