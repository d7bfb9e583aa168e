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

/** Runs in Chromium. One plugin life through issue 14's phases, counting the long tasks inside each. */
const phasesOnce =
  `async (files, mainJs, manifest, questions, catchUp) => {
  const O = ` +
  `window.obsidianDouble;
  const tasks = [];
  new ` +
  `PerformanceObserver((list) => { for (const e of list.getEntries()) ` +
  `tasks.push({ start: e.startTime, duration: e.duration }); ` +
  `}).observe({ type: 'longtask' });
  const phases = [];
  const phase ` +
  `= async (name, fn) => {
    // A fresh task to begin in, so a task ` +
  `left from the set-up (App.create) is not counted as the phase's.
    ` +
  `await new Promise((r) => setTimeout(r, 200));
    const from = ` +
  `performance.now();
    const extra = await fn();
    const to = ` +
  `performance.now();
    await new Promise((r) => setTimeout(r, 200));
 ` +
  `   // Overlap, not start: the phase's first step usually runs inside ` +
  `a task that began just before it.
    const inside = tasks.filter((t) ` +
  `=> t.start < to && t.start + t.duration > from);
    phases.push({ ` +
  `name, ms: to - from, longTasks: inside.length, longestMs: ` +
  `inside.reduce((m, t) => Math.max(m, t.duration), 0), ...extra });
  ` +
  `};
  const store = O.MemoryStore.from(files);
  // Creating the ` +
  `double's App (its vault over the store) is the test double's work, ` +
  `not the plugin's: done
  // before a start phase begins, which covers ` +
  `onload's end to index-ready, as the start-up table does.
  const ` +
  `prepare = async () => {
    const app = await O.App.create(store);
   ` +
  ` const requireObsidian = (name) => { if (name === 'obsidian') return ` +
  `O; throw new Error('Cannot find module ' + name); };
    const load = ` +
  `window.eval('(function anonymous(require, module, exports) {' + ` +
  `mainJs + '\\n})');
    const module = { exports: {} };
    ` +
  `load(requireObsidian, module, module.exports);
    const plugin = new ` +
  `module.exports.default(app, manifest);
    return { app, plugin };
  ` +
  `};
  const start = async ({ app, plugin }) => {
    plugin.load();
   ` +
  ` await plugin.loading;
    const ready = new Promise((resolve) => {
  ` +
  `    const check = () => { const k = plugin.service.state.kind; if (k ` +
  `=== 'ready' || k === 'failed') resolve(k); };
      ` +
  `plugin.service.onChange(check);
    });
    ` +
  `app.workspace.triggerLayoutReady();
    if ((await ready) !== ` +
  `'ready') throw new Error('index failed: ' + ` +
  `plugin.service.state.message);
  };
  const shut = async ({ app, ` +
  `plugin }) => { await plugin.service.persistNow(); plugin.unload(); ` +
  `await plugin.service.close(); app.destroy(); };
  const written = ` +
  `async (fn) => {
    const before = await store.stat('wiki.db');
    ` +
  `await fn();
    const after = await store.stat('wiki.db');
    return ` +
  `{ bytesWritten: after && (!before || after.mtime !== before.mtime) ? ` +
  `after.size : 0 };
  };
  const paths = Object.keys(files).filter((p) ` +
  `=> p.endsWith('.md') && !p.endsWith('index.md'));
  let s;
  // The ` +
  `observer's self-check: one 120 ms task on purpose must show as one ` +
  `long task of ~120 ms.
  await phase('self-check: a 120 ms busy loop', ` +
  `async () => { await new Promise((r) => setTimeout(r, 0)); const end = ` +
  `performance.now() + 120; while (performance.now() < end); });
  s = ` +
  `await prepare();
  await phase('start without wiki.db (full build)', ` +
  `() => start(s));
  await phase('write wiki.db (persistNow)', () => ` +
  `written(() => s.plugin.service.persistNow()));
  await shut(s);
  s = ` +
  `await prepare();
  await phase('start with wiki.db', () => ` +
  `start(s));
  await phase('save of one file (batch applied, then ` +
  `wiki.db written)', () =>
    written(async () => {
      const file = ` +
  `s.app.vault.getFileByPath(paths[3]);
      await ` +
  `s.app.vault.modify(file, files[paths[3]] + '\\nEdited during the ` +
  `benchmark.\\n');
      await new Promise((r) => setTimeout(r, 600));
 ` +
  `     await s.plugin.service.whenIdle();
      await ` +
  `s.plugin.service.persistNow();
    }),
  );
  await phase('query (' + ` +
  `questions.length + ' questions)', async () => {
    // One question ` +
  `per task, as a person asks them (back-to-back awaits would chain into ` +
  `one task).
    for (const q of questions) { await new Promise((r) => ` +
  `setTimeout(r, 0)); await s.plugin.service.query(q); }
  });
  await ` +
  `phase('full rebuild (Rebuild index)', async () => { await ` +
  `s.plugin.service.rebuild(); await s.plugin.service.whenIdle(); });
  ` +
  `await shut(s);
  const step = Math.max(1, Math.floor(paths.length / ` +
  `catchUp));
  for (let i = 0, k = 0; i < paths.length && k < catchUp; ` +
  `i += step, k++) await store.writeBytes(paths[i], new ` +
  `TextEncoder().encode(files[paths[i]] + '\\nEdited while ` +
  `closed.\\n'));
  s = await prepare();
  await phase('start + catch-up ` +
  `of ' + catchUp + ' files', () => start(s));
  await shut(s);
  return ` +
  `phases;
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
    const phases = await phasePage.evaluate(
      async ({ files, mainJs, manifest, questions, phasesOnce }) =>
        window.eval(`(${phasesOnce})`)(files, mainJs, manifest, questions, 500),
      { files, mainJs, manifest, questions, phasesOnce },
    );
    await phasePage.close();
    phaseRows.push({ n, phases });
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
  `Main thread during each phase (issue 14: no task > 50 ms at start ` +
    `with wiki.db, a save, a query, a catch-up of 500 files; none > 100 ms ` +
    `in a full rebuild)`,
);
console.log(
  `${'concepts'.padStart(9)}  ${'phase'.padEnd(56)}${'time'.padStart(9)} ` +
    ` ${'long tasks'.padStart(10)}  ${'longest'.padStart(9)}  bytes written`,
);
for (const { n, phases } of phaseRows) {
  for (const p of phases) {
    const bytes = p.bytesWritten === undefined ? '' : `${(p.bytesWritten / 2 ** 20).toFixed(1)} MB`;
    console.log(
      `${n.toLocaleString('en-US').padStart(9)} ` +
        ` ${p.name.padEnd(56)}${fmt(p.ms).padStart(9)} ` +
        ` ${String(p.longTasks).padStart(10)}  ${fmt(p.longestMs).padStart(9)} ` +
        ` ${bytes}`,
    );
  }
}
