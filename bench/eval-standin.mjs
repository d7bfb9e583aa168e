// `npm run eval:standin`: the retrieval quality the README reports, from the repository alone. Starts the
// repository's own Ollama stand-in (tools/ollama-standin, a real sentence encoder), reindexes a temporary copy of
// the demo and of each real OKF bundle with it, runs `okf-wiki evaluate` (per section, lexical -> hybrid), and
// adds MiniSearch (a plain BM25-style library, no gate) on the same questions. Nothing here runs in `npm test`.
import { spawn, execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import nodePath from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = nodePath.join(nodePath.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = nodePath.join(ROOT, 'bin', 'okf-wiki.cjs');
const SETS = [
  {
    name: 'computing-history (demo)',
    bundle: 'examples/computing-history',
    set: 'examples/computing-history/evaluate.json',
  },
  {
    name: 'computing-history (fresh held-out)',
    bundle: 'examples/computing-history',
    set: 'test/fixtures/heldout-demo/computing-history-fresh.json',
  },
  {
    name: 'computing-history (second fresh held-out)',
    bundle: 'examples/computing-history',
    set: 'test/fixtures/heldout-demo/computing-history-fresh2.json',
  },
  {
    name: 'computing-history (third fresh held-out)',
    bundle: 'examples/computing-history',
    set: 'test/fixtures/heldout-demo/computing-history-fresh3.json',
  },
  {
    name: 'computing-history (fourth fresh held-out)',
    bundle: 'examples/computing-history',
    set: 'test/fixtures/heldout-demo/computing-history-fresh4.json',
  },
  {
    name: 'computing-history (fifth fresh held-out)',
    bundle: 'examples/computing-history',
    set: 'test/fixtures/heldout-demo/computing-history-fresh5.json',
  },
  {
    name: 'computing-history (held-out, from the QA review)',
    bundle: 'examples/computing-history',
    set: 'test/fixtures/heldout-demo/computing-history-qa.json',
  },
  ...['acme_retail', 'crypto_bitcoin', 'ga4', 'stackoverflow'].map((b) => ({
    name: b,
    bundle: `test/fixtures/okf-bundles/${b}`,
    set: `test/fixtures/heldout/${b}.json`,
  })),
];
const only = process.argv.includes('--demo-only') ? SETS.slice(0, 1) : SETS;
// --ollama URL: measure against a stand-in already running (started once for several runs); --failures: name
// the questions each section fails with vectors on.
const given = process.argv.indexOf('--ollama') > 0 ? process.argv[process.argv.indexOf('--ollama') + 1] : undefined;
const showFailures = process.argv.includes('--failures');
// Anything after `--` goes to `okf-wiki evaluate` (e.g. -- --coverage-weighting idf).
const extra = process.argv.includes('--') ? process.argv.slice(process.argv.indexOf('--') + 1) : [];

execFileSync(process.execPath, [nodePath.join(ROOT, 'esbuild.config.mjs'), 'cli'], { cwd: ROOT, stdio: 'inherit' });
const miniPath = nodePath.join(ROOT, 'node_modules', '.cache', 'okf-bench', 'minisearch-sections.cjs');
await esbuild.build({
  entryPoints: [nodePath.join(ROOT, 'bench', 'minisearch-sections.ts')],
  outfile: miniPath,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'es2020',
  loader: { '.wasm': 'binary' },
  logLevel: 'error',
  external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`), 'better-sqlite3'],
  // The browser build of sqlite-wasm, as the CLI and bench/run.mjs use it.
  plugins: [
    {
      name: 'sqlite-browser-build',
      setup: (build) =>
        build.onResolve({ filter: /^@sqlite\.org\/sqlite-wasm$/ }, () => ({
          path: nodePath.join(ROOT, 'node_modules/@sqlite.org/sqlite-wasm/dist/index.mjs'),
        })),
    },
  ],
});

const server = given
  ? undefined
  : spawn(process.execPath, [nodePath.join(ROOT, 'tools', 'ollama-standin', 'serve.mjs'), '--port', '0'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
const url =
  given ??
  (await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /listening (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    server.on('exit', (code) => reject(new Error(`the stand-in exited (${code}) before listening`)));
  }));
const temp = mkdtempSync(nodePath.join(os.tmpdir(), 'okf-eval-standin-'));
const cli = (args) =>
  execFileSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 << 20,
  });
try {
  for (const s of only) {
    const dir = nodePath.join(temp, nodePath.basename(s.bundle));
    cpSync(nodePath.join(ROOT, s.bundle), dir, { recursive: true });
    const set = nodePath.join(dir, 'labeled.json');
    cpSync(nodePath.join(ROOT, s.set), set);
    const reindex = cli(['reindex', '--bundle', dir, '--ollama', url]);
    const evaluation = JSON.parse(
      cli(['evaluate', '--bundle', dir, '--set', set, '--ollama', url, '--json', ...extra]),
    );
    const mini = JSON.parse(execFileSync(process.execPath, [miniPath, dir, set], { encoding: 'utf8' }));
    console.log(`\n## ${s.name}`);
    console.log(
      reindex
        .split('\n')
        .filter((l) => /^(Vectors|Vector gate)/.test(l))
        .join('\n'),
    );
    console.log(
      `thresholds: coverage > ${evaluation.configuration.coverageThreshold}, ` +
        `vector >= ${evaluation.configuration.vectorThreshold}` +
        (evaluation.configuration.vectorThresholdSource ? ` (${evaluation.configuration.vectorThresholdSource})` : ''),
    );
    console.log(table(evaluation, mini));
    if (showFailures)
      for (const r of evaluation.results.filter((q) => !q.passed))
        console.log(`  FAIL ${r.section} ${r.id}: ${r.confident ? r.seeds.slice(0, 2).join(' ') : 'abstained'}`);
  }
} finally {
  server?.kill();
  rmSync(temp, { recursive: true, force: true });
}

/** Per section: hit@1 / hit@3 (in-bundle) or abstention recall (out of bundle), lexical, hybrid, MiniSearch. */
function table(evaluation, mini) {
  const pct = (v) => (v === null || v === undefined ? '-' : `${(v * 100).toFixed(1)}`);
  const lexical = new Map((evaluation.lexical?.sections ?? []).map((s) => [s.section, s.metrics]));
  const rows = [['section', 'n', 'metric', 'lexical', 'hybrid', 'MiniSearch']];
  for (const { section, metrics: m } of evaluation.sections) {
    const l = lexical.get(section);
    const ms = mini[section];
    if (m.outOfBundle === m.questions)
      rows.push([
        section,
        m.questions,
        'abstention',
        pct(l?.abstentionRecall),
        pct(m.abstentionRecall),
        pct(ms?.abstention),
      ]);
    else {
      rows.push([section, m.questions, 'hit@1', pct(l?.hitAt1), pct(m.hitAt1), pct(ms?.hitAt1)]);
      rows.push(['', '', 'hit@3', pct(l?.hitAt3), pct(m.hitAt3), pct(ms?.hitAt3)]);
      if (m.outOfBundle > 0)
        rows.push(['', '', 'abstention', pct(l?.abstentionRecall), pct(m.abstentionRecall), pct(ms?.abstention)]);
    }
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => '| ' + r.map((c, i) => String(c).padEnd(widths[i])).join(' | ') + ' |').join('\n');
}
