// Before its whole write of wiki.db, the plugin keeps the vectors a CLI reindex stored there (adopt-ctimes.ts): only
// for a concept whose text is the one the vector was computed from, where it holds none current, and only of its own
// model (same name, same probe) or, when it has embedded with none, of the file's model, whose meta and calibration
// then come along. Another model's vectors are never mixed in: a concept holds one vector.
import { adoptRecorded } from '../../../src/core/index/adopt-ctimes';
import { buildIndex } from '../../../src/core/index/build';
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { MemoryBundle } from '../../support/memory-bundle';
import { specFile } from '../../support/retrieval-bundle';

const PATHS = ['/entities/a.md', '/entities/b.md', '/entities/c.md'];
const PROBE = JSON.stringify({ model: 'm', vector: [1, 0] });
/** The same model's probe as computed elsewhere (other hardware): nearly the same direction. */
const NEAR_PROBE = JSON.stringify({ model: 'm', vector: [0.999, 0.001] });

async function index(edited?: string): Promise<WikiIndex> {
  const files: Record<string, string> = {};
  for (const p of PATHS) files[p] = specFile({ title: p, tags: ['t'], body: p === edited ? 'Edited.' : `About ${p}.` });
  return buildIndex(new MemoryBundle(files));
}

/** Vectors of `model` for `paths` at their current hash, each [value, 0]; the model's meta as a pass records it. */
function embed(into: WikiIndex, model: string, value: number, paths = PATHS, probe = PROBE): void {
  const hashes = new Map(into.conceptsToEmbed(model).map((t) => [t.path, t.hash]));
  into.setMeta('embedding_model', model);
  into.setMeta('embedding_probe', probe);
  into.putEmbeddings(
    model,
    paths.map((path) => ({ path, hash: hashes.get(path)!, vector: Float32Array.of(value, 0) })),
  );
}

/** Each path's vector's first value in `of` for `model` (undefined: none current). */
function vectors(of: WikiIndex, model: string): (number | undefined)[] {
  const first = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset).getFloat32(0, true);
  const current = new Map(of.currentVectors(model).map((v) => [v.path, first(v.vector)]));
  return PATHS.map((p) => current.get(p));
}

test('none embedded here: the file vectors of concepts unchanged since are kept, with their model', async () => {
  const ours = await index('/entities/c.md');
  const theirs = await index();
  embed(theirs, 'm', 7);
  expect(await adoptRecorded(ours, theirs.export())).toEqual({ ctimes: 0, vectors: 2 });
  expect(vectors(ours, 'm')).toEqual([7, 7, undefined]);
  expect(ours.getMeta('embedding_model')).toBe('m');
  expect(ours.conceptsToEmbed('m').map((t) => t.path)).toEqual(['/entities/c.md']);
  ours.close();
  theirs.close();
});

test('the same model: a vector missing here is taken, one current here is kept', async () => {
  const ours = await index();
  embed(ours, 'm', 1, ['/entities/a.md']);
  const theirs = await index();
  embed(theirs, 'm', 7, PATHS, NEAR_PROBE);
  expect((await adoptRecorded(ours, theirs.export())).vectors).toBe(2);
  expect(vectors(ours, 'm')).toEqual([1, 7, 7]);
  ours.close();
  theirs.close();
});

test('another model, or another model under the same name (its probe), is never mixed in', async () => {
  const theirs = await index();
  embed(theirs, 'm', 7);
  const bytes = theirs.export();
  theirs.close();
  const other = await index();
  embed(other, 'n', 1, ['/entities/a.md']);
  const repulled = await index();
  embed(repulled, 'm', 1, ['/entities/a.md'], JSON.stringify({ model: 'm', vector: [0, 1] }));
  for (const ours of [other, repulled]) {
    expect((await adoptRecorded(ours, bytes)).vectors).toBe(0);
    expect(vectors(ours, 'm')).toEqual(ours === other ? [undefined, undefined, undefined] : [1, undefined, undefined]);
    ours.close();
  }
});
