// The vector cache refreshed from the index's change log (vector-cache.ts) must equal one built anew after every
// change: same paths in the same order, same floats to the bit, same kernel, so the same hits and ties.
import fc from 'fast-check';
import { buildIndex, readBundleFile } from '../../../src/core/index/build';
import { rawDatabase, type WikiIndex } from '../../../src/core/index/wiki-index';
import { rankByVector } from '../../../src/core/retrieval/vector';
import { forgetVectors, MOST_REFRESHED, refreshCount, vectorsOf } from '../../../src/core/retrieval/vector-cache';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';

const MODEL = 'm';
const DIM = 16;
// Paths whose UTF-16 order differs from SQLite's (UTF-8 bytes): U+FF5A sorts below the emoji in UTF-8, above in UTF-16.
const NAMES = ['a', 'B', 'a-b', 'a.b', 'é', '\uff5a', '\u{1F600}', 'z', 'z\u{1F600}', 'z\uff5a', 'm1', 'm2'];
const PATHS = NAMES.map((n) => `/c/${n}.md`);

const text = (i: number, variant: number) => conceptFile({ title: `T${i}` }, `body ${i} variant ${variant}`);
const vectorOf = (seed: number, dim = DIM) => Float32Array.from({ length: dim }, (_, k) => Math.sin(seed * 7 + k * 3));
/** A few distinct vectors only, so different paths hold equal vectors (ties) often. */
const POOL = [1, 2, 3, 4, 5].map((s) => vectorOf(s));

type Op =
  | { kind: 'put'; at: number[]; vec: number; model: string }
  | { kind: 'edit'; at: number[]; variant: number }
  | { kind: 'remove'; at: number }
  | { kind: 'dropOther' }
  | { kind: 'rollback' }
  | { kind: 'rename'; at: number; to: number; withVector: boolean }
  | { kind: 'rehash'; at: number; hash: number };

const indices = fc.uniqueArray(fc.nat(PATHS.length - 1), { minLength: 1, maxLength: 5 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('rehash' as const), at: fc.nat(PATHS.length - 1), hash: fc.nat(2) }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('put' as const),
      at: indices,
      vec: fc.nat(6),
      model: fc.constantFrom('m', 'm', 'other'),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('edit' as const), at: indices, variant: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), at: fc.nat(PATHS.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dropOther' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rollback' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rename' as const),
      at: fc.nat(PATHS.length - 1),
      to: fc.nat(PATHS.length - 1),
      withVector: fc.boolean(),
    }),
  },
);

/** The vector `vec` picks: one of the pool, a short one (a damaged row) or one not finite. */
function vector(vec: number): Float32Array {
  if (vec < POOL.length) return POOL[vec];
  return vec === POOL.length ? vectorOf(9, DIM / 2) : Float32Array.from(POOL[0], (v, k) => (k === 3 ? NaN : v));
}

async function apply(index: WikiIndex, bundle: MemoryBundle, o: Op): Promise<void> {
  const db = rawDatabase(index);
  if (o.kind === 'put') {
    const items = o.at.flatMap((i) => {
      const row = db.get<{ hash: string }>('select hash from concepts where path = ?', [PATHS[i]]);
      return row ? [{ path: PATHS[i], hash: row.hash, vector: vector(o.vec) }] : [];
    });
    index.putEmbeddings(o.model, items);
  } else if (o.kind === 'edit') {
    for (const i of o.at) bundle.files.set(PATHS[i], text(i, o.variant));
    const results = await Promise.all(o.at.map((i) => readBundleFile(bundle, PATHS[i])));
    if (results.length === 1) index.applyFile(results[0]);
    else index.applyFiles(results);
  } else if (o.kind === 'remove') {
    bundle.files.delete(PATHS[o.at]);
    index.removeFile(PATHS[o.at]);
  } else if (o.kind === 'dropOther') {
    index.deleteEmbeddings(MODEL);
  } else if (o.kind === 'rollback') {
    try {
      db.transaction(() => {
        db.run('delete from embeddings');
        db.run("update concepts set hash = 'x'");
        throw new Error('rolled back');
      });
    } catch {
      index.touch();
    }
  } else if (o.kind === 'rehash') {
    // A content hash changed in place (and maybe back: the vector of that hash is current again).
    db.run('update concepts set hash = ? where path = ?', [`h${o.hash}`, PATHS[o.at]]);
    index.touch();
  } else {
    // A concept renamed in place (its row's path changed), onto a free path only.
    if (!db.get('select 1 as ok from concepts where path = ?', [PATHS[o.to]])) {
      db.run('update concepts set path = ? where path = ?', [PATHS[o.to], PATHS[o.at]]);
      if (o.withVector) db.run('update embeddings set path = ? where path = ?', [PATHS[o.to], PATHS[o.at]]);
      index.touch();
    }
  }
}

/** The hits of a few queries at a few limits (the kernel's first pass runs below the row count). */
function answers(index: WikiIndex) {
  const queries = [POOL[0], POOL[3], vectorOf(11)];
  return queries.flatMap((q) => [1, 2, 3, 5, 100].map((limit) => rankByVector(index, MODEL, q, limit)));
}

function cacheBytes(index: WikiIndex) {
  const c = vectorsOf(index, MODEL);
  return {
    paths: c.paths,
    dim: c.dim,
    dims: [...c.dims],
    kernel: c.kernel !== null,
    matrix: new Uint8Array(c.matrix.buffer),
  };
}

test('after every change the refreshed cache equals one built anew, hits and ties included', async () => {
  const refreshesBefore = refreshCount.value;
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(op, fc.boolean()), { minLength: 1, maxLength: 14 }), async (steps) => {
      const files = () => Object.fromEntries(PATHS.map((p, i) => [p, text(i, 0)]));
      const [bundleA, bundleB] = [new MemoryBundle(files()), new MemoryBundle(files())];
      const [a, b] = await Promise.all([buildIndex(bundleA), buildIndex(bundleB)]);
      try {
        // Most concepts start with a vector (some tied), as after `embed`.
        const start: Op = { kind: 'put', at: [0, 1, 2, 3, 4, 5, 6, 7, 8], vec: 1, model: MODEL };
        await apply(a, bundleA, start);
        await apply(b, bundleB, start);
        await apply(a, bundleA, { ...start, at: [9, 10], vec: 2 });
        await apply(b, bundleB, { ...start, at: [9, 10], vec: 2 });
        answers(a);
        for (const [o, ask] of steps) {
          await apply(a, bundleA, o);
          await apply(b, bundleB, o);
          if (!ask) continue;
          const got = answers(a);
          const gotCache = cacheBytes(a);
          forgetVectors(b);
          expect(got).toEqual(answers(b));
          expect(gotCache).toEqual(cacheBytes(b));
        }
      } finally {
        a.close();
        b.close();
      }
    }),
    { numRuns: 60, seed: 14 },
  );
  // The refresh ran (not a rebuild each time), and the kernel's first pass was used.
  expect(refreshCount.value - refreshesBefore).toBeGreaterThan(100);
});

test('past MOST_REFRESHED logged changes the cache is built anew, and later refreshes stay exact', async () => {
  const files = Object.fromEntries(PATHS.map((p, i) => [p, text(i, 0)]));
  const [a, b] = await Promise.all([buildIndex(new MemoryBundle(files)), buildIndex(new MemoryBundle(files))]);
  const put = (index: WikiIndex, vec: number, at = PATHS.map((_, i) => i)) =>
    apply(index, new MemoryBundle({}), { kind: 'put', at, vec, model: MODEL });
  await put(a, 0);
  await put(b, 0);
  answers(a);
  const before = refreshCount.value;
  // Each put logs one row per path: past MOST_REFRESHED in all.
  const last = Math.floor(MOST_REFRESHED / PATHS.length);
  for (let k = 0; k <= last; k++) await put(a, k % 2);
  await put(b, last % 2);
  forgetVectors(b);
  expect(answers(a)).toEqual(answers(b));
  expect(refreshCount.value).toBe(before);
  // The log was emptied; its ids still grow, so the next change is seen.
  await put(a, 3, [4]);
  await put(b, 3, [4]);
  forgetVectors(b);
  expect(answers(a)).toEqual(answers(b));
  expect(refreshCount.value).toBe(before + 1);
  a.close();
  b.close();
});
