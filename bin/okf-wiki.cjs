#!/usr/bin/env node
// Entry for `npx okf-wiki`: runs the bundled CLI, building it first on a fresh checkout.
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const root = path.join(__dirname, '..');
const cli = path.join(root, 'dist', 'cli.cjs');
if (!fs.existsSync(cli)) {
  require('node:child_process').execFileSync(process.execPath, [path.join(root, 'esbuild.config.mjs'), 'cli'], {
    cwd: root,
    stdio: 'inherit',
  });
}
require(cli)
  .run(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
