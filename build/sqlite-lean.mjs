// Leaves out of the bundled SQLite WASM engine what the plugin never runs and a reviewer would ask about: the
// OPFS and kvvfs (localStorage) VFSes, the Worker1 API and its promiser (which start Workers), Emscripten's
// network loaders (synchronous XMLHttpRequest, fetch: the WASM bytes are inlined), and the two globals the
// engine sets (sqlite3InitModule, sqlite3InitModuleState). Each edit must apply: a new sqlite-wasm release
// that moves things fails the build here instead of silently shipping them.
import { readFile } from 'node:fs/promises';

/** Top-level initializers of the engine, dropped when one of these appears in their first lines. */
const DROPPED_INITIALIZERS = [/initWorker1API/, /disable\?\.vfs\?\.kvvfs/, /opfs/];
const INITIALIZER = '\t\tglobalThis.sqlite3ApiBootstrap.initializers.push(function(sqlite3) {';
const INITIALIZER_END = '\t\t});';

/** Replaces `from` (a string or a global regex) and fails when it matched fewer than `atLeast` times. */
function replace(source, from, to, what, atLeast = 1) {
  let count = 0;
  const out = source.replace(
    typeof from === 'string' ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g') : from,
    (...m) => {
      count++;
      return typeof to === 'function' ? to(...m) : to;
    },
  );
  if (count < atLeast)
    throw new Error(
      `sqlite-lean: expected to remove ${what} from @sqlite.org/sqlite-wasm, ` +
        `but it was not found (did the package change?)`,
    );
  return out;
}

/** Drops the initializers whose opening lines match one of DROPPED_INITIALIZERS; returns how many went. */
function dropInitializers(source) {
  const lines = source.split('\n');
  const out = [];
  let dropped = 0;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] === INITIALIZER && DROPPED_INITIALIZERS.some((re) => re.test(lines.slice(i + 1, i + 5).join('\n')))) {
      const end = lines.indexOf(INITIALIZER_END, i + 1);
      if (end < 0) throw new Error('sqlite-lean: an engine initializer has no end');
      i = end;
      dropped++;
      continue;
    }
    out.push(lines[i]);
  }
  return { source: out.join('\n'), dropped };
}

/** The engine's source without the parts named at the top of this file. */
export function leanSqlite(original) {
  const { source: withoutVfs, dropped } = dropInitializers(original);
  // Worker1 API, kvvfs, opfs, its utilities, opfs-sahpool, opfs-wl.
  if (dropped < 6)
    throw new Error(`sqlite-lean: expected to drop 6 engine initializers (Worker1, kvvfs, OPFS), dropped ${dropped}`);
  let s = withoutVfs;
  s = replace(
    s,
    /\/\/#region src\/bin\/sqlite3-worker1-promiser\.mjs[\s\S]*?\/\/#endregion/g,
    'var sqlite3_worker1_promiser_default = void 0;',
    'the Worker1 promiser',
  );
  s = replace(s, 'new XMLHttpRequest()', 'okfLeftOut("synchronous XHR")', 'synchronous XMLHttpRequest', 3);
  s = replace(s, 'globalThis.XMLHttpRequest', 'false', 'the XMLHttpRequest checks', 1);
  s = replace(s, /(?<![\w$.])fetch\(/g, 'okfLeftOut("fetch", ', 'fetch', 2);
  s = replace(
    s,
    'const sIMS = globalThis.sqlite3InitModuleState = ',
    'const sIMS = ',
    'the sqlite3InitModuleState global',
  );
  s = replace(s, 'const sIM = globalThis.sqlite3InitModule = ', 'const sIM = ', 'the sqlite3InitModule global');
  return (
    `const okfLeftOut = (what) => { throw new Error(what + " is left out ` +
    `of OKF Graph Wiki's SQLite build"); };\n${s}`
  );
}

/** The esbuild plugin applying leanSqlite() to @sqlite.org/sqlite-wasm's browser build. */
export const sqliteLean = {
  name: 'sqlite-lean',
  setup(build) {
    build.onLoad({ filter: /@sqlite\.org[\\/]sqlite-wasm[\\/]dist[\\/]index\.mjs$/ }, async (args) => ({
      contents: leanSqlite(await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};

/**
 * The ollama client's browser build imports the `whatwg-fetch` polyfill (an XMLHttpRequest-based fetch that
 * installs itself as a global where fetch is missing). Obsidian has fetch, and the plugin hands the client its
 * own fetch over requestUrl, so the polyfill is replaced by an empty module.
 */
export const noFetchPolyfill = {
  name: 'no-fetch-polyfill',
  setup(build) {
    build.onResolve({ filter: /^whatwg-fetch$/ }, () => ({ path: 'whatwg-fetch', namespace: 'no-fetch-polyfill' }));
    build.onLoad({ filter: /.*/, namespace: 'no-fetch-polyfill' }, () => ({ contents: '', loader: 'js' }));
  },
};
