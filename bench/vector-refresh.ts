// The first vector question after a save, with the vector cache refreshed from the index's change log
// (retrieval/vector-cache.ts) and, interleaved round by round, rebuilt whole as before (every vector read and decoded
// again). Each round saves one concept (new body), embeds it (in-process stand-in vectors) and times the question;
// the refreshed answer is checked against a cache built anew. Prints one JSON object.
//   npx esbuild bench/vector-refresh.ts --bundle --platform=node --format=cjs --target=es2020 \
//     --loader:.wasm=binary --external:better-sqlite3 --outfile=/tmp/vector-refresh.cjs
//   node /tmp/vector-refresh.cjs --dir DIR [--rounds 20] [--no-embed]   (DIR: a bench bundle; its files are edited)
import { readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { FsBundle } from '../src/node/fs-bundle';
import { embedIndex } from '../src/core/embed/embed-index';
import type { Embedder } from '../src/core/embed/types';
import { buildIndex, readBundleFile } from '../src/core/index/build';
import { rankByVector } from '../src/core/retrieval/vector';
import { forgetVectors, refreshCount } from '../src/core/retrieval/vector-cache';
import { hashedVector } from './lib/hashed-vectors';
import { now } from './lib/stats';

const MODEL = 'nomic-embed-text';
const embedder: Embedder = { model: MODEL, embed: async (texts) => texts.map((t) => hashedVector(t.slice(0, 2000))) };

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const dir = nodePath.resolve(argv[argv.indexOf('--dir') + 1]);
  const rounds = argv.includes('--rounds') ? Number(argv[argv.indexOf('--rounds') + 1]) : 20;
  const reembed = !argv.includes('--no-embed');
  const bundle = new FsBundle(dir);
  const index = await buildIndex(bundle);
  await embedIndex(index, embedder);
  const paths = index.conceptPaths();
  const query = hashedVector('search_query: how does the design of the storage layer work');
  rankByVector(index, MODEL, query);
  const times: Record<'refreshed' | 'rebuilt', number[]> = { refreshed: [], rebuilt: [] };
  const loadStart = os.loadavg()[0];
  let mismatches = 0;
  for (let round = 0; round < 2 * rounds; round++) {
    const mode = round % 2 === 0 ? 'refreshed' : 'rebuilt';
    const path = paths[(round * 7919) % paths.length];
    const file = nodePath.join(dir, path);
    writeFileSync(file, readFileSync(file, 'utf8') + `\nSaved again in round ${round}.\n`);
    index.applyFile(await readBundleFile(bundle, path));
    if (reembed) await embedIndex(index, embedder);
    if (mode === 'rebuilt') forgetVectors(index);
    const start = now();
    const got = rankByVector(index, MODEL, query);
    times[mode].push(now() - start);
    forgetVectors(index);
    if (JSON.stringify(got) !== JSON.stringify(rankByVector(index, MODEL, query))) mismatches++;
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const max = (xs: number[]) => Math.max(...xs);
  const out = {
    concepts: paths.length,
    reembed,
    rounds,
    refreshedMs: { median: +median(times.refreshed).toFixed(1), max: +max(times.refreshed).toFixed(1) },
    rebuiltMs: { median: +median(times.rebuilt).toFixed(1), max: +max(times.rebuilt).toFixed(1) },
    refreshes: refreshCount.value,
    mismatches,
    loadAverage: { start: +loadStart.toFixed(2), end: +os.loadavg()[0].toFixed(2) },
  };
  process.stdout.write(JSON.stringify(out) + '\n');
  index.close();
}

void main();
