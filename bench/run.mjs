// `npm run bench`: generates the synthetic bundles (bench/generate.mjs), runs each measurement in its own
// process (bench/worker.ts, bundled here with esbuild), prints one table and writes bench/results.json.
// Every figure is the median of several runs with [min–max]. Benchmarks print numbers; they never assert them.
//
//   node bench/run.mjs [--sizes 1000,10000] [--quick]     (50000 on request: alone it takes several minutes)
//   node bench/run.mjs --print      (the table of the last bench/results.json, without running anything)
import esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureGoals } from './goals.mjs';
import { renderGoals } from './goals-table.mjs';
import { writeBundle } from './generate.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORKER = nodePath.join(ROOT, 'node_modules', '.cache', 'okf-bench', 'worker.cjs');
const RESULTS = nodePath.join(ROOT, 'bench', 'results.json');
const DEMO = nodePath.join(ROOT, 'examples', 'computing-history');
const SEED = 1;
/** The size at which the incremental, load and lint figures are taken (issue 6). */
const EXTRAS_AT = 10_000;

const argv = process.argv.slice(2);
const flag = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const quick = argv.includes('--quick');
const sizes = (flag('--sizes') ?? (quick ? '1000' : '1000,10000')).split(',').map(Number);
/** Questions the MCP server answers in the goals' warm-question figure (each one stats the bundle today). */
const MCP_QUESTIONS = quick ? 20 : 50;
/** Where issue 14's goals (and the extras they need) are measured: 10,000, or the largest size of a shorter run. */
const GOALS_AT = sizes.includes(EXTRAS_AT) ? EXTRAS_AT : Math.max(...sizes);

/**
 * Runs per figure: several where a run is cheap, fewer where one takes a minute (the whole bench must finish
 * in under 10 minutes on 2 cores). `runs`/`passes` are the product figures, `compareRuns`/`comparePasses` the
 * engine comparison.
 */
function plan(n) {
  if (quick) return { runs: 2, passes: 2, compareRuns: 2, comparePasses: 2, questions: 100 };
  if (n <= 1_000) return { runs: 5, passes: 3, compareRuns: 5, comparePasses: 3, questions: 200 };
  if (n <= 10_000) return { runs: 3, passes: 2, compareRuns: 2, comparePasses: 2, questions: 200 };
  return { runs: 2, passes: 1, compareRuns: 1, comparePasses: 1, questions: 100 };
}

/** Seconds after which the largest size drops to one run per figure, so a slow machine still ends in time. */
const BUDGET_GUARD_SECONDS = 200;

if (argv.includes('--print')) {
  process.stdout.write(renderTable(JSON.parse(readFileSync(RESULTS, 'utf8'))));
  process.exit(0);
}

const started = Date.now();
const loadAtStart = os.loadavg()[0];
const log = (text) =>
  process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}\n`);

await buildWorker();

if (argv.includes('--load-only')) {
  // Issue 14 item 2: the wiki.db load at 10,000 concepts, with its checksum and with the full checks of before.
  const n = Number(flag('--sizes') ?? EXTRAS_AT);
  const dir = nodePath.join(os.tmpdir(), `okf-bench-${n}`);
  ensureBundle(dir, n);
  log(`N=${n}: load of a persisted wiki.db (build, embed, write, then 5 loads each way)`);
  const r = job(['load', '--n', String(n), '--dir', dir, '--runs', '5']);
  process.stdout.write(
    `Load of a persisted wiki.db at ${n.toLocaleString('en-US')} concepts ` +
      `(${mb(r.wikiDbBytes)}), load average ${round2(os.loadavg()[0])}:\n`,
  );
  process.stdout.write(`  ${'with its checksum (now)'.padEnd(46)}${fig(r.load)}\n`);
  process.stdout.write(`  ${'full checks (no checksum: every load before)'.padEnd(46)}${fig(r.loadFullCheck)}\n`);
  process.exit(0);
}
const machine = {
  cores: os.cpus().length,
  cpu: os.cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.platform()} ${os.arch()}`,
  loadAverageAtStart: round2(loadAtStart),
};
if (loadAtStart > machine.cores)
  log(
    `warning: load average ${loadAtStart.toFixed(1)} on ${machine.cores} ` +
      `cores: other work is competing; wall times will be inflated (CPU ` +
      `times are in results.json)`,
  );

const results = { machine, date: new Date().toISOString(), goalsAt: GOALS_AT, sizes: {}, demo: undefined };
for (const n of sizes) {
  const dir = nodePath.join(os.tmpdir(), `okf-bench-${n}`);
  ensureBundle(dir, n);
  const p = { ...plan(n) };
  const elapsed = (Date.now() - started) / 1000;
  if (n === Math.max(...sizes) && sizes.length > 1 && elapsed > BUDGET_GUARD_SECONDS && p.runs > 1) {
    log(`N=${n}: ${elapsed.toFixed(0)} s used already; one run per figure to stay within 10 minutes`);
    Object.assign(p, { runs: 1, passes: 1, compareRuns: 1, comparePasses: 1, reduced: true });
  }
  const base = ['--n', String(n), '--dir', dir, '--questions', String(p.questions)];
  log(`N=${n}: product figures (${p.runs} runs)`);
  const product = job([
    'product',
    ...base,
    '--runs',
    String(p.runs),
    '--passes',
    String(p.passes),
    ...(n === GOALS_AT ? ['--extras'] : []),
  ]);
  log(`N=${n}: native SQLite and MiniSearch comparison (${p.compareRuns} runs)`);
  const compare = job([
    'compare',
    ...base,
    '--runs',
    String(p.compareRuns),
    '--passes',
    String(p.comparePasses),
    '--mcp-questions',
    String(MCP_QUESTIONS),
  ]);
  results.sizes[n] = { plan: p, product, compare };
  // Issue 14's process-level figures (CLI reindex, cold question, MCP server), after product wrote wiki.db.
  if (n === GOALS_AT)
    results.sizes[n].goals = await measureGoals({
      root: ROOT,
      dir,
      n,
      runs: quick ? 1 : 2,
      questions: MCP_QUESTIONS,
      log,
    });
}
log('demo labeled set: hit@1 of ours, our BM25 alone, MiniSearch');
results.demo = job(['demo', '--dir', DEMO]);
results.machine.loadAverageAtEnd = round2(os.loadavg()[0]);
results.totalSeconds = Math.round((Date.now() - started) / 1000);
writeFileSync(RESULTS, JSON.stringify(results, null, 2) + '\n');
process.stdout.write(renderTable(results));
log(`wrote ${nodePath.relative(ROOT, RESULTS)}`);

async function buildWorker() {
  mkdirSync(nodePath.dirname(WORKER), { recursive: true });
  await esbuild.build({
    entryPoints: [nodePath.join(ROOT, 'bench', 'worker.ts')],
    outfile: WORKER,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    // es2020: see esbuild.config.mjs (inlined bytes must not need Uint8Array.fromBase64).
    target: 'es2020',
    loader: { '.wasm': 'binary' },
    logLevel: 'warning',
    logOverride: { 'empty-import-meta': 'silent' },
    external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`), 'better-sqlite3'],
    plugins: [
      {
        name: 'sqlite-browser-build',
        setup(build) {
          build.onResolve({ filter: /^@sqlite\.org\/sqlite-wasm$/ }, () => ({
            path: nodePath.join(ROOT, 'node_modules/@sqlite.org/sqlite-wasm/dist/index.mjs'),
          }));
        },
      },
    ],
  });
}

/** Generates the bundle unless the folder already holds this generator's output for this N and seed. */
function ensureBundle(dir, n) {
  const stampPath = nodePath.join(dir, '.okf-bench-stamp');
  const stamp = createHash('sha1')
    .update(readFileSync(nodePath.join(ROOT, 'bench', 'generate.mjs')))
    .update(`${n}:${SEED}`)
    .digest('hex');
  if (existsSync(stampPath) && readFileSync(stampPath, 'utf8') === stamp) {
    log(`N=${n}: reusing ${dir}`);
    return;
  }
  log(`N=${n}: generating ${dir}`);
  writeBundle(dir, n, SEED);
  writeFileSync(stampPath, stamp);
}

function job(args) {
  const out = execFileSync(process.execPath, ['--max-old-space-size=4096', WORKER, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 2 ** 20,
  });
  return JSON.parse(out.trim().split('\n').pop());
}

function round2(n) {
  return Math.round(n * 100) / 100;
}

function ms(value) {
  if (value === undefined || value === null || Number.isNaN(value)) return '-';
  if (value >= 1000) return `${(value / 1000).toFixed(value >= 10_000 ? 1 : 2)} s`;
  if (value >= 100) return `${Math.round(value)} ms`;
  if (value >= 10) return `${value.toFixed(1)} ms`;
  return `${value.toFixed(2)} ms`;
}

function fig(f) {
  if (!f) return '-';
  return `${ms(f.median)} [${ms(f.min)}–${ms(f.max)}]${f.cpu && f.median >= 50 ? ` cpu ${ms(f.cpu.median)}` : ''}`;
}

function mb(bytes) {
  return `${(bytes / 2 ** 20).toFixed(1)} MB`;
}

function ratio(a, b) {
  return `${(a / b).toFixed(1)}×`;
}

function pct(x) {
  return x === null || x === undefined ? '-' : `${(x * 100).toFixed(1)}%`;
}

function renderTable(r) {
  const ns = Object.keys(r.sizes).map(Number);
  const col = 44;
  const head = (label) => label.padEnd(42);
  const row = (label, cell) => head(label) + ns.map((n) => String(cell(r.sizes[n]) ?? '-').padEnd(col)).join('') + '\n';
  const m = r.machine;
  const v = r.sizes[ns[0]].compare.versions;
  let out = '\n';
  out += `OKF Graph Wiki benchmark — ${m.cores} cores (${m.cpu}), ${m.memoryGb} GB, Node ${m.node}, ${m.platform}\n`;
  out +=
    `SQLite: WASM ${v.wasm} (the index) vs native ${v.native} ` +
    `(better-sqlite3). Load average ${m.loadAverageAtStart} ` +
    `→ ${m.loadAverageAtEnd}.\n`;
  out +=
    `Each figure: median [min–max] over the runs shown; latencies: median ` +
    `over passes of each pass's percentile.\n\n`;
  out += head('concepts') + ns.map((n) => n.toLocaleString('en-US').padEnd(col)).join('') + '\n';
  out += row('relations (both directions)', (s) => s.product.relations.toLocaleString('en-US'));
  out += row(
    'runs / query passes',
    (s) => `${s.plan.runs} / ${s.plan.passes} × ${s.plan.questions} questions${s.plan.reduced ? ' (reduced)' : ''}`,
  );
  out += row('full reindex (read, parse, insert, FTS)', (s) => fig(s.product.reindex));
  out += row('wiki.db size, with 768-d vectors', (s) => mb(s.product.wikiDbBytes));
  out += row('wiki.db size, lexical only', (s) => mb(s.product.wikiDbBytesWithoutVectors));
  out += row('context p50, vectors (fake Ollama)', (s) => fig(s.product.context.p50));
  out += row('context p95, vectors (fake Ollama)', (s) => fig(s.product.context.p95));
  out += row('context p50, lexical only', (s) => fig(s.product.contextLexical.p50));
  out += row('context p95, lexical only', (s) => fig(s.product.contextLexical.p95));
  out += row(
    'context p50 / p95 vs the smallest N',
    (s) =>
      `${ratio(s.product.context.p50.median, r.sizes[ns[0]].product.context.p50.median)} ` +
      `/ ${ratio(s.product.context.p95.median, r.sizes[ns[0]].product.context.p95.median)}`,
  );
  out += row('first context (cold caches)', (s) => ms(s.product.context.coldFirstQueryMs));
  out += row('peak memory, reindex + context', (s) => `${s.product.peakRssMb} MB`);
  out += row('CPU time of the job', (s) => `${s.product.cpuSeconds} s`);
  out += '\nSame inserts and queries, other engines\n';
  out += row(
    'runs / query passes',
    (s) => `${s.plan.compareRuns} / ${s.plan.comparePasses} × ${s.plan.questions} questions`,
  );
  out += row('read + parse all files', (s) => ms(s.compare.parseMs));
  out += row('inserts: WASM SQLite', (s) => fig(s.compare.inserts.wasm));
  out += row('inserts: native SQLite', (s) => fig(s.compare.inserts.native));
  out += row('  WASM / native', (s) => ratio(s.compare.inserts.wasm.median, s.compare.inserts.native.median));
  out += row('FTS5 MATCH top-20 p50: WASM', (s) => fig(s.compare.fts.wasm.p50));
  out += row('FTS5 MATCH top-20 p50: native', (s) => fig(s.compare.fts.native.p50));
  out += row('  WASM / native', (s) => ratio(s.compare.fts.wasm.p50.median, s.compare.fts.native.p50.median));
  out += row('BM25 signal p50 (+ rows, coverage): WASM', (s) => fig(s.compare.bm25Signal.wasm.p50));
  out += row('BM25 signal p50: native', (s) => fig(s.compare.bm25Signal.native.p50));
  out += row('  WASM / native', (s) =>
    ratio(s.compare.bm25Signal.wasm.p50.median, s.compare.bm25Signal.native.p50.median),
  );
  out += row('MiniSearch: index the same docs', (s) => fig(s.compare.minisearch.index));
  out += row('MiniSearch: query p50', (s) => fig(s.compare.minisearch.query.p50));
  out += row('  MiniSearch / our FTS5 MATCH (WASM)', (s) =>
    ratio(s.compare.minisearch.query.p50.median, s.compare.fts.wasm.p50.median),
  );
  out += row('peak memory, comparison job', (s) => `${s.compare.peakRssMb} MB`);
  out += row('CPU time of the job', (s) => `${s.compare.cpuSeconds} s`);
  const extras = r.sizes[EXTRAS_AT]?.product;
  out += `\nAt ${EXTRAS_AT.toLocaleString('en-US')} concepts\n`;
  if (!extras) out += '  (not run: add 10000 to --sizes)\n';
  else {
    out += `${head('single-file incremental update')}${fig(extras.incremental)}\n`;
    out += `${head('load persisted wiki.db')}${fig(extras.load)}\n`;
    if (extras.loadFullCheck) out += `${head('  the same with full checks (as before)')}${fig(extras.loadFullCheck)}\n`;
    out += extras.lint?.unavailable
      ? `${head('lint')}lint: not available (${extras.lint.unavailable})\n`
      : `${head('lint (every check)')}${fig(extras.lint)} (${extras.lint.findings} findings)\n`;
  }
  const d = r.demo;
  out +=
    `\nDemo labeled set (${d.labeled} in-bundle questions with an expected ` +
    `seed, ${d.outOfBundle} out of bundle)\n`;
  out +=
    `${head('seed hit@1')}ours ${pct(d.ours.hitAt1)} (title + BM25 + ` +
    `gate), our BM25 alone ${pct(d.oursBm25Only.hitAt1)}, ` +
    `MiniSearch ${pct(d.minisearch.hitAt1)}\n`;
  out +=
    `${head('out-of-bundle abstention')}ours ${pct(d.ours.abstentionRecall)}, ` +
    `MiniSearch ${pct(d.minisearch.abstentionRecall)} (it ranks, it has no ` +
    `confidence gate)\n`;
  out += renderGoals(r, r.goalsAt ?? EXTRAS_AT);
  out += `\nTotal ${r.totalSeconds} s.\n`;
  return out;
}
