// The in-page half of bench/plugin-startup.mjs's main-thread figures (issue 14): one plugin life through the
// phases, counting the long tasks (PerformanceObserver 'longtask': tasks over 50 ms) inside each. Runs in
// Chromium: the bench passes its source text to the page (`String(phasesOnce)`), so it may use only its
// arguments and the page's globals (window.obsidianDouble, the double's browser build).

/**
 * Runs in Chromium. Returns one row per phase (its time, long tasks, the longest, bytes of wiki.db and its pieces
 * written) and what one save changed in wiki.db by piece size (`piecesChanged`, which the page must also define).
 */
export async function phasesOnce(files, mainJs, manifest, questions, catchUp) {
  const O = window.obsidianDouble;
  const tasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask' });
  const phases = [];
  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
  const phase = async (name, fn) => {
    // A fresh task to begin in, so a task left from the set-up (App.create) is not counted as the phase's.
    await pause(200);
    // Marks for the bench's trace (its CPU column): the same bounds on the trace's clock.
    performance.mark('okf-phase-from ' + phases.length);
    const from = performance.now();
    const extra = await fn();
    const to = performance.now();
    performance.mark('okf-phase-to ' + phases.length);
    await pause(200);
    // Overlap, not start: the phase's first step usually runs inside a task that began just before it.
    const inside = tasks.filter((t) => t.start < to && t.start + t.duration > from);
    const longestMs = inside.reduce((m, t) => Math.max(m, t.duration), 0);
    phases.push({ name, ms: to - from, longTasks: inside.length, longestMs, ...extra });
  };
  const store = O.MemoryStore.from(files);
  // Creating the double's App (its vault over the store) is the test double's work, not the plugin's: done, and
  // settled, before a start phase begins, which covers onload's end to index-ready, as the start-up table does.
  const prepare = async () => {
    const app = await O.App.create(store);
    // The double's own start-up work (its vault's and metadata cache's queued tasks) ends before a phase.
    await app.settle();
    const requireObsidian = (name) => {
      if (name === 'obsidian') return O;
      throw new Error('Cannot find module ' + name);
    };
    const load = window.eval('(function anonymous(require, module, exports) {' + mainJs + '\n})');
    const module = { exports: {} };
    load(requireObsidian, module, module.exports);
    const plugin = new module.exports.default(app, manifest);
    return { app, plugin };
  };
  const start = async ({ app, plugin }) => {
    plugin.load();
    await plugin.loading;
    const ready = new Promise((resolve) => {
      const check = () => {
        const k = plugin.service.state.kind;
        if (k === 'ready' || k === 'failed') resolve(k);
      };
      plugin.service.onChange(check);
    });
    app.workspace.triggerLayoutReady();
    if ((await ready) !== 'ready') throw new Error('index failed: ' + plugin.service.state.message);
  };
  const shut = async ({ app, plugin }) => {
    await plugin.service.persistNow();
    plugin.unload();
    await plugin.service.close();
    app.destroy();
  };
  /** wiki.db and the pieces beside it (`.wiki.db.pieces/`): path → mtime and size. */
  const dbFiles = async () => {
    const files = ['wiki.db'];
    if (await store.stat('.wiki.db.pieces'))
      files.push(...(await store.list('.wiki.db.pieces')).files.map((f) => '.wiki.db.pieces/' + f));
    const out = new Map();
    for (const f of files) {
      const s = await store.stat(f);
      if (s) out.set(f, s);
    }
    return out;
  };
  /** Bytes of wiki.db and its pieces written while `fn` runs (the files new or rewritten since), 0 when none. */
  const written = async (fn, note) => {
    const before = await dbFiles();
    await fn();
    let bytesWritten = 0;
    for (const [f, s] of await dbFiles()) if (before.get(f)?.mtime !== s.mtime) bytesWritten += s.size;
    return note === undefined ? { bytesWritten } : { bytesWritten, note };
  };
  const paths = Object.keys(files).filter((p) => p.endsWith('.md') && !p.endsWith('index.md'));
  let s;
  // The observer's self-check: one 120 ms task on purpose must show as one long task of ~120 ms.
  await phase('self-check: a 120 ms busy loop', async () => {
    await pause(0);
    const end = performance.now() + 120;
    while (performance.now() < end);
  });
  s = await prepare();
  await phase('start without wiki.db (full build)', () => start(s));
  await phase('first write (wiki.db whole and every piece)', () => written(() => s.plugin.service.persistNow()));
  await shut(s);
  s = await prepare();
  await phase('start with wiki.db', () => start(s));
  // What one save changes in wiki.db, by piece size (the piece size is chosen by this): the index exported before
  // and after it (the engine's export, what a write cuts into pieces), compared outside any phase.
  const exportNow = async () => (await s.plugin.service.engine.exportIndex()).bytes;
  const beforeSave = await exportNow();
  await phase('save of one file (batch applied)', () =>
    written(async () => {
      const file = s.app.vault.getFileByPath(paths[3]);
      await s.app.vault.modify(file, files[paths[3]] + '\nEdited during the benchmark.\n');
      await pause(600);
      await s.plugin.service.whenIdle();
    }, 'wiki.db written 60 s after the last change, on unload or on rebuild'),
  );
  const afterSave = await exportNow();
  const pieceSizes = piecesChanged(beforeSave, afterSave);
  await phase('deferred write (60 s after the save: changed pieces)', () =>
    written(() => s.plugin.service.persistNow()),
  );
  await phase('query (' + questions.length + ' questions)', async () => {
    // One question per task, as a person asks them (back-to-back awaits would chain into one task).
    for (const q of questions) {
      await pause(0);
      await s.plugin.service.query(q);
    }
  });
  await phase('unload after it (wiki.db written whole: it lagged)', () =>
    written(async () => {
      s.plugin.unload();
      await s.plugin.service.close();
    }),
  );
  s.app.destroy();
  s = await prepare();
  await start(s);
  await phase('full rebuild (Rebuild index, then its write)', () =>
    written(async () => {
      await s.plugin.service.rebuild();
      await s.plugin.service.whenIdle();
    }),
  );
  await shut(s);
  const step = Math.max(1, Math.floor(paths.length / catchUp));
  for (let i = 0, k = 0; i < paths.length && k < catchUp; i += step, k++)
    await store.writeBytes(paths[i], new TextEncoder().encode(files[paths[i]] + '\nEdited while closed.\n'));
  s = await prepare();
  await phase('start + catch-up of ' + catchUp + ' files', () => start(s));
  await shut(s);
  // The vault adapter alone, no plugin code: what reading and writing wiki.db costs the main thread by itself (the
  // in-memory double costs the main thread what Obsidian desktop's adapter does, never less: a read copies the file
  // once in one task, a write copies it 512 KiB per task). The start and write phases contain these.
  const adapter = s.app.vault.adapter;
  let bytes;
  await phase('the adapter alone: reading wiki.db', async () => {
    bytes = await adapter.readBinary('wiki.db');
  });
  await phase('the adapter alone: writing wiki.db', async () => {
    await adapter.writeBinary('wiki-copy.db', bytes);
  });
  return { phases, pieceSizes };
}

/** For each piece size, how many pieces differ between two exports and their bytes (what a write rewrites). */
export function piecesChanged(before, after) {
  const sizes = [64, 128, 256, 512, 1024, 4096].map((k) => k * 1024);
  const pages = [];
  // The page size wiki.db's header names (bytes 16-17, big-endian; 1 means 65,536). Inline: this function runs in the
  // page, sent there as its source text.
  const named = after.length >= 18 ? (after[16] << 8) | after[17] : 0;
  const PAGE = named === 1 ? 65536 : named >= 512 ? named : 4096;
  for (let at = 0; at < Math.max(before.length, after.length); at += PAGE) {
    const a = before.subarray(at, at + PAGE);
    const b = after.subarray(at, at + PAGE);
    let differs = a.length !== b.length;
    for (let i = 0; !differs && i < a.length; i++) differs = a[i] !== b[i];
    if (differs) pages.push(at);
  }
  return {
    pageSize: PAGE,
    pagesChanged: pages.length,
    pages: Math.ceil(after.length / PAGE),
    sizes: sizes.map((size) => {
      const touched = new Set(pages.map((at) => Math.floor(at / size)));
      return { size, pieces: Math.ceil(after.length / size), changed: touched.size, bytes: touched.size * size };
    }),
  };
}

// ---- Node's side: the main thread's CPU per task, from a Chromium trace (toplevel tasks carry their thread time).

/**
 * Starts tracing `page` (Chromium's toplevel tasks and the page's performance marks); `stop()` gives the events. On a
 * shared machine a long task's wall time is mostly time its thread waited for a core; its CPU time is the work.
 */
export async function traceTasks(page) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  await cdp.send('Tracing.start', { categories: 'toplevel,blink.user_timing', transferMode: 'ReportEvents' });
  return {
    async stop() {
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach();
      return events;
    },
  };
}

/** Sets each phase's `cpuMs`: the most thread CPU time of one main-thread task overlapping it (its marks' bounds). */
export function addTaskCpu(phases, events) {
  const mark = (name) => events.find((e) => e.name === name && e.cat.includes('blink.user_timing'));
  phases.forEach((phase, i) => {
    const [from, to] = [mark('okf-phase-from ' + i), mark('okf-phase-to ' + i)];
    if (!from || !to) return;
    let most = 0;
    for (const e of events)
      if (e.ph === 'X' && e.pid === from.pid && e.tid === from.tid && e.cat === 'toplevel' && e.tdur !== undefined)
        if (e.ts < to.ts && e.ts + e.dur > from.ts) most = Math.max(most, e.tdur / 1000);
    phase.cpuMs = most;
  });
}
