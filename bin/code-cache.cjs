// Loads the CLI bundle through V8's code cache, kept beside it: a cold question spent ~0.1 s of its CPU compiling the
// 3.8 MB bundle (Node 22 has module.enableCompileCache for this; Node 20, which this runs on, has no such switch).
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

/**
 * Requires the CommonJS bundle `file` as Node would, compiled from the code cache `.<name>.<key>.v8cache` beside it
 * when there is one for exactly these bytes, this Node and these V8 flags (`flavor`, a word: V8 refuses a cache made
 * under other flags, and could not tell a rebuilt bundle of the same length from the old one, hence the content hash).
 * Without a usable cache, one is written at exit, holding every function the command compiled; a folder that cannot
 * be written only means no cache.
 */
function requireCached(file, flavor) {
  const source = fs.readFileSync(file, 'utf8');
  const key = crypto
    .createHash('sha256')
    .update(`${process.version}\0${process.arch}\0`)
    .update(source)
    .digest('hex')
    .slice(0, 32);
  const dir = path.dirname(file);
  const prefix = `.${path.basename(file)}.${flavor}.`;
  const cachePath = path.join(dir, `${prefix}${key}.v8cache`);
  let cachedData;
  try {
    cachedData = fs.readFileSync(cachePath);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(dir);
  script.runInThisContext().call(mod.exports, mod.exports, Module.createRequire(file), mod, file, dir);
  mod.loaded = true;
  if (cachedData === undefined || script.cachedDataRejected)
    process.once('exit', () => writeCache(script, dir, prefix, cachePath));
  return mod.exports;
}

/**
 * Writes the cache atomically (a concurrent command reads a whole cache or none) and drops this flavor's caches of
 * other bundles.
 */
function writeCache(script, dir, prefix, cachePath) {
  try {
    const temp = `${cachePath}.${process.pid}.tmp`;
    fs.writeFileSync(temp, script.createCachedData());
    fs.renameSync(temp, cachePath);
    for (const name of fs.readdirSync(dir))
      if (name.startsWith(prefix) && name.endsWith('.v8cache') && path.join(dir, name) !== cachePath)
        fs.rmSync(path.join(dir, name), { force: true });
  } catch {
    // A read-only install: every run compiles, as before.
  }
}

module.exports = { requireCached };
