// Builds the Obsidian plugin (main.js at the repo root) and the command line (dist/cli.cjs).
// The plugin inlines SQLite's WASM binary with the `binary` loader: Obsidian ships only main.js, manifest.json and
// styles.css. The CLI reads it from dist/sqlite3.wasm, which its build writes beside dist/cli.cjs
// (build/sqlite-wasm-file.mjs): it does not depend on the node_modules layout at run time either. The MCP server's
// libraries go to dist/mcp-vendor.cjs (build/mcp-vendor.mjs), loaded by the `mcp` command only.
import esbuild from 'esbuild';
import { statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMcpVendor, mcpVendorImports } from './build/mcp-vendor.mjs';
import { noFetchPolyfill, sqliteLean } from './build/sqlite-lean.mjs';
import { sqliteWasmFile } from './build/sqlite-wasm-file.mjs';

const mode = process.argv[2] ?? 'dev';
/**
 * `node esbuild.config.mjs plugin OUT.js` builds the plugin elsewhere, `cli OUT.cjs` the command line (with the files
 * it reads beside it): tests inspect or run a build without racing.
 */
const pluginOutfile = (mode === 'plugin' && process.argv[3]) || 'main.js';
const cliOutfile = (mode === 'cli' && process.argv[3]) || 'dist/cli.cjs';

/** Resolves `@sqlite.org/sqlite-wasm` to its browser build, whatever the platform's export conditions say. */
const sqliteBrowserBuild = {
  name: 'sqlite-browser-build',
  setup(build) {
    build.onResolve({ filter: /^@sqlite\.org\/sqlite-wasm$/ }, () => ({
      path: fileURLToPath(new URL('./node_modules/@sqlite.org/sqlite-wasm/dist/index.mjs', import.meta.url)),
    }));
  },
};

const common = {
  bundle: true,
  format: 'cjs',
  // es2020: with a newer target esbuild decodes inlined bytes with Uint8Array.fromBase64, which Node 20 lacks.
  target: 'es2020',
  loader: { '.wasm': 'binary' },
  logLevel: 'warning',
  legalComments: 'none',
};

/**
 * The engine worker's script (src/plugin/engine/worker-entry.ts: the engine session with SQLite's WASM inlined),
 * as text for main.js to carry: Obsidian installs only main.js, and the plugin starts the worker from a Blob URL.
 */
async function buildEngineWorker(production) {
  const result = await esbuild.build({
    ...common,
    format: 'iife',
    entryPoints: ['src/plugin/engine/worker-entry.ts'],
    write: false,
    outfile: 'engine-worker.js',
    platform: 'browser',
    plugins: [sqliteLean, noFetchPolyfill],
    sourcemap: production ? false : 'inline',
    minify: production,
    treeShaking: true,
  });
  return result.outputFiles[0].text;
}

async function buildPlugin(production) {
  const workerCode = await buildEngineWorker(production);
  const result = await esbuild.build({
    ...common,
    define: { __OKF_ENGINE_WORKER__: JSON.stringify(workerCode) },
    entryPoints: ['src/main.ts'],
    outfile: pluginOutfile,
    platform: 'browser',
    external: ['obsidian', 'electron', '@codemirror/*', '@lezer/*'],
    plugins: [sqliteLean, noFetchPolyfill],
    sourcemap: production ? false : 'inline',
    minify: production,
    treeShaking: true,
    metafile: true,
  });
  // Obsidian mobile has no Node or Electron: the bundle may require nothing but `obsidian`.
  const required = [
    ...new Set(
      Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path)),
    ),
  ];
  const forbidden = required.filter((p) => p !== 'obsidian');
  if (forbidden.length > 0)
    throw new Error(`main.js must require only "obsidian", but requires: ${forbidden.join(', ')}`);
  const size = statSync(pluginOutfile).size;
  console.log(
    `main.js: ${(size / 1024).toFixed(0)} KiB (SQLite WASM inlined; requires only "obsidian"), ` +
      `of which the engine worker ${(workerCode.length / 1024).toFixed(0)} KiB`,
  );
}

async function buildCli() {
  const node = {
    ...common,
    platform: 'node',
    external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`), 'better-sqlite3'],
    sourcemap: false,
    // Every run reads and compiles the bundle (bin/code-cache.cjs): without comments and indentation it was 3.0 MB
    // instead of 3.8 (SQLite's binary and the MCP server's libraries still in it; 0.85 MB now), and in ASCII it is
    // read as a one-byte string (a few characters in comments made it a two-byte one). Names are kept: a stack trace
    // (OKF_WIKI_DEBUG) still says where.
    minifyWhitespace: true,
    charset: 'ascii',
  };
  // First: a bundle of this build never finds the libraries of an older one beside it.
  await buildMcpVendor(dirname(cliOutfile), node);
  await esbuild.build({
    ...node,
    entryPoints: ['src/cli/main.ts'],
    outfile: cliOutfile,
    // The browser build of sqlite-wasm: the same engine code as the plugin, fed the bytes of dist/sqlite3.wasm
    // (its `node` export would locate the file itself, through its own loader). The MCP server's libraries are
    // required from dist/mcp-vendor.cjs when `mcp` runs.
    plugins: [sqliteBrowserBuild, sqliteLean, sqliteWasmFile, mcpVendorImports],
  });
}

if (mode === 'cli') await buildCli();
else if (mode === 'plugin') await buildPlugin(true);
else if (mode === 'production') {
  await buildPlugin(true);
  await buildCli();
} else {
  await buildPlugin(false);
  await buildCli();
}
