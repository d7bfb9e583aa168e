#!/usr/bin/env node
// Entry for `npx okf-wiki`: runs the bundled CLI, building it first on a fresh checkout.
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const root = path.join(__dirname, '..');
const cli = path.join(root, 'dist', 'cli.cjs');
// The bundle reads SQLite's engine and the MCP server's libraries from files beside it (build/sqlite-wasm-file.mjs,
// build/mcp-vendor.mjs); the build writes all three.
const beside = [cli, path.join(root, 'dist', 'sqlite3.wasm'), path.join(root, 'dist', 'mcp-vendor.cjs')];
const argv = process.argv.slice(2);
// A question or a lint is over in a second or two, most of it in SQLite's WebAssembly: V8's optimizing tier
// spends more CPU compiling its hot functions on background threads than the optimized code then saves.
// Measured at 10,000 concepts: a cold `context` 1.5–1.8 s → 0.8–1.0 s of CPU, `lint` 2.8 → 2.0 s. A reindex
// (10 s) and the MCP server (long-lived) are faster with it, so they keep it. Set before SQLite is compiled;
// only on the Node versions known to have the flag (an unknown flag would print an error).
const ONE_SHOT = new Set(['context', 'lint']);
const nodeMajor = Number(process.versions.node.split('.')[0]);
const liftoffOnly = ONE_SHOT.has(argv[0]) && nodeMajor >= 20 && nodeMajor <= 24;
if (liftoffOnly) require('node:v8').setFlagsFromString('--liftoff-only');
if (!beside.every((file) => fs.existsSync(file))) {
  require('node:child_process').execFileSync(process.execPath, [path.join(root, 'esbuild.config.mjs'), 'cli'], {
    cwd: root,
    stdio: 'inherit',
  });
}
require('./code-cache.cjs')
  .requireCached(cli, liftoffOnly ? 'liftoff' : 'default')
  .run(argv)
  .then((code) => {
    process.exitCode = code;
  });
