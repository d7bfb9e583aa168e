// Plugin start-up benchmark (issue 4): time from layout-ready to index-ready for the built main.js, loaded the
// way Obsidian loads it, in headless Chromium (the engine Obsidian runs on), over synthetic bundles of 1,000 and
// 10,000 concepts — once with no wiki.db (a full build) and once with the wiki.db the first run persisted (read
// back, then caught up by mtime/size and content hash). Also times onload itself, which must stay near zero.
// The vault lives in memory (the test double's MemoryStore), so the figures are the plugin's own CPU cost:
// parsing, indexing and SQLite; a real vault adds its disk reads. Prints numbers; asserts nothing.
// Then issue 14's main-thread figures: for each phase (start without and with wiki.db, writing wiki.db, a save,
// queries, a catch-up of 500 files edited while closed, a full rebuild), the long tasks Chromium reports
// (PerformanceObserver 'longtask': tasks over 50 ms) — how many, and the longest.
//
//   node bench/plugin-startup.mjs [--sizes 1000,10000] [--runs 3]
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as os from 'node:os';
import {
  buildDouble,
  buildMainJs,
  CHROMIUM,
  launchChromium,
  MANIFEST as manifest,
  openObsidianPage,
} from '../test/browser/chromium-page.mjs';
import { benchQuestions, bundleFiles, planBundle } from './generate.mjs';
import * as phasesLib from './lib/plugin-phases.mjs';

// phasesOnce runs in the page with its helpers, defined there as locals of one function.
const phasesSource = `async (...args) => { ${String(phasesLib.piecesChanged)}; return (${String(
  phasesLib.phasesOnce,
)})(...args); }`;

const argv = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const sizes = flag('--sizes', '1000,10000').split(',').map(Number);
const runsFlag = flag('--runs', undefined);

if (!existsSync(CHROMIUM)) {
  console.error(`bench/plugin-startup: ${CHROMIUM} is absent; install it with: apt-get install -y chromium`);
  process.exit(2);
}

// ---- The bench's deterministic synthetic bundle (bench/generate.mjs), as vault-relative paths.

function syntheticBundle(n, seed = 1) {
  return Object.fromEntries([...bundleFiles(n, seed)].map(([path, text]) => [path.slice(1), text]));
}

// ---- Building the plugin and the browser double.

const mainJs = buildMainJs();
const doubleJs = await buildDouble();

// ---- In the page: one start of the plugin on a store, timed.

/** Runs in Chromium. Starts the plugin on `store` (creating the vault as Obsidian would) and times it. */
const startOnce =
  `async (store, mainJs, manifest) => {
  const O = ` +
  `window.obsidianDouble;
  const app = await O.App.create(store);
  ` +
  `const requireObsidian = (name) => { if (name === 'obsidian') return ` +
  `O; throw new Error('Cannot find module ' + name); };
  const load = ` +
  `window.eval('(function anonymous(require, module, exports) {' + ` +
  `mainJs + '\\n})');
  const module = { exports: {} };
  ` +
  `load(requireObsidian, module, module.exports);
  const t0 = ` +
  `performance.now();
  const plugin = new module.exports.default(app, ` +
  `manifest);
  plugin.load();
  await plugin.loading;
  const onloadMs ` +
  `= performance.now() - t0;
  const ready = new Promise((resolve) => {
 ` +
  `   const check = () => { const k = plugin.service.state.kind; if (k ` +
  `=== 'ready' || k === 'failed') resolve(k); };
    ` +
  `plugin.service.onChange(check);
  });
  const t1 = ` +
  `performance.now();
  app.workspace.triggerLayoutReady();
  const kind ` +
  `= await ready;
  const readyMs = performance.now() - t1;
  if (kind ` +
  `!== 'ready') throw new Error('index failed: ' + ` +
  `plugin.service.state.message);
  const outcome = ` +
  `plugin.service.lastOpen;
  await plugin.service.persistNow();
  ` +
  `plugin.unload();
  await plugin.service.close();
  app.destroy();
  ` +
  `return { onloadMs, readyMs, outcome: outcome.kind, updated: ` +
  `outcome.kind === 'loaded' ? outcome.sync.updated.length : null };
}`;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

const browser = await launchChromium();
const rows = [];
const phaseRows = [];
try {
  for (const n of sizes) {
    const runs = Number(runsFlag ?? (n <= 1000 ? 5 : 3));
    const files = syntheticBundle(n);
    files[`.obsidian/plugins/${manifest.id}/data.json`] = JSON.stringify({
      bundleFolder: '',
      embeddingsEnabled: false,
    });
    const page = await openObsidianPage(browser, { theme: false, double: doubleJs });
    const result = await page.evaluate(
      async ({ files, mainJs, manifest, runs, startOnce }) => {
        const O = window.obsidianDouble;
        const start = window.eval(`(${startOnce})`);
        const cold = [];
        const warm = [];
        const touched = [];
        let dbBytes = 0;
        for (let r = 0; r < runs; r++) {
          const store = O.MemoryStore.from(files);
          cold.push(await start(store, mainJs, manifest));
          dbBytes = (await store.stat('wiki.db')).size;
          warm.push(await start(store, mainJs, manifest));
          // 1% of the concepts edited while Obsidian was closed.
          const paths = Object.keys(files).filter((p) => p.endsWith('.md'));
          for (let i = 0; i < paths.length; i += 100)
            await store.writeBytes(paths[i], new TextEncoder().encode(files[paths[i]] + '\nEdited.\n'));
          touched.push(await start(store, mainJs, manifest));
        }
        return { cold, warm, touched, dbBytes };
      },
      { files, mainJs, manifest, runs, startOnce },
    );
    await page.close();
    const check = (list, kind) => list.every((x) => x.outcome === kind);
    if (!check(result.cold, 'built') || !check(result.warm, 'loaded') || !check(result.touched, 'loaded'))
      throw new Error('unexpected open outcome');
    rows.push({
      n,
      runs,
      onload: median(result.cold.map((x) => x.onloadMs)),
      cold: median(result.cold.map((x) => x.readyMs)),
      warm: median(result.warm.map((x) => x.readyMs)),
      touched: median(result.touched.map((x) => x.readyMs)),
      touchedFiles: result.touched[0].updated,
      dbMb: result.dbBytes / 2 ** 20,
    });
    process.stderr.write(`[plugin-startup] ${n} concepts: start-up done; phases with long tasks\n`);
    const phasePage = await openObsidianPage(browser, { theme: false, double: doubleJs });
    const questions = benchQuestions(planBundle(n), 10);
    const trace = await phasesLib.traceTasks(phasePage);
    const { phases, pieceSizes } = await phasePage.evaluate(
      async ({ files, mainJs, manifest, questions, source }) =>
        window.eval(`(${source})`)(files, mainJs, manifest, questions, 500),
      { files, mainJs, manifest, questions, source: phasesSource },
    );
    phasesLib.addTaskCpu(phases, await trace.stop());
    await phasePage.close();
    phaseRows.push({ n, phases, pieceSizes });
  }
} finally {
  await browser.close();
}

const cpu = os.cpus()[0]?.model ?? 'unknown';
console.log(
  `Plugin start-up: layout-ready → index ready (median of runs), main.js in headless Chromium, vault in memory`,
);
console.log(
  `Machine: ${os.cpus().length} × ${cpu}, Node ${process.version}, ${execFileSync(CHROMIUM, ['--version'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
    .toString()
    .trim()}`,
);
console.log('');
console.log(
  `${'concepts'.padStart(9)}  ${'runs'.padStart(4)} ` +
    ` ${'onload'.padStart(8)}  ${'no wiki.db'.padStart(11)} ` +
    ` ${'wiki.db'.padStart(9)}  ${'wiki.db + 1% edited'.padStart(20)} ` +
    ` ${'wiki.db size'.padStart(12)}`,
);
for (const r of rows) {
  console.log(
    `${r.n.toLocaleString('en-US').padStart(9)} ` +
      ` ${String(r.runs).padStart(4)}  ${fmt(r.onload).padStart(8)} ` +
      ` ${fmt(r.cold).padStart(11)}  ${fmt(r.warm).padStart(9)} ` +
      ` ${`${fmt(r.touched)} (${r.touchedFiles} re-read)`.padStart(20)} ` +
      ` ${`${r.dbMb.toFixed(1)} MB`.padStart(12)}`,
  );
}

console.log('');
console.log(
  `Load average at the end: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`,
);
console.log(
  `Main thread during each phase (issue 14: no task > 50 ms at start ` +
    `with wiki.db, a save, a query, a catch-up of 500 files; none > 100 ms ` +
    `in a full rebuild)`,
);
console.log(
  `(long tasks and the longest: wall time, as Chromium's longtask entries count it, which includes time the thread ` +
    `waited for a core; most CPU: the main thread's CPU time in its busiest task, from a trace: the work itself; ` +
    `the self-check's CPU says how much of a core the page got while it waited 120 ms)`,
);
console.log(
  `${'concepts'.padStart(9)}  ${'phase'.padEnd(56)}${'time'.padStart(9)} ` +
    ` ${'long tasks'.padStart(10)}  ${'longest'.padStart(9)}  ${'most CPU'.padStart(9)}  bytes written`,
);
for (const { n, phases } of phaseRows) {
  for (const p of phases) {
    const mb = (b) => (b === 0 ? '0 (none)' : `${(b / 2 ** 20).toFixed(1)} MB`);
    const bytes = p.bytesWritten === undefined ? '' : mb(p.bytesWritten);
    console.log(
      `${n.toLocaleString('en-US').padStart(9)} ` +
        ` ${p.name.padEnd(56)}${fmt(p.ms).padStart(9)} ` +
        ` ${String(p.longTasks).padStart(10)}  ${fmt(p.longestMs).padStart(9)} ` +
        ` ${(p.cpuMs === undefined ? '?' : fmt(p.cpuMs)).padStart(9)} ` +
        ` ${bytes}${p.note ? ` (${p.note})` : ''}`,
    );
  }
}

console.log('');
console.log('What one save changed in wiki.db (the export before and after it), by piece size:');
for (const { n, pieceSizes: p } of phaseRows) {
  const page = `${p.pageSize / 1024} KiB`;
  console.log(`${n.toLocaleString('en-US').padStart(9)}  ${p.pagesChanged} of ${p.pages} pages of ${page} changed`);
  for (const x of p.sizes)
    console.log(
      `${''.padStart(9)}  pieces of ${`${x.size / 1024} KiB`.padStart(8)}: ${String(x.changed).padStart(3)} of ` +
        `${String(x.pieces).padStart(5)} pieces changed, ${(x.bytes / 2 ** 20).toFixed(1)} MB to write`,
    );
}
