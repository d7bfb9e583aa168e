// Loads the CLI bundle through V8's code cache, kept beside it: a cold question spent ~0.1 s of its CPU compiling the
// 3.8 MB bundle (Node 22 has module.enableCompileCache for this; Node 20, which this runs on, has no such switch).
'use strict';
const { isAscii } = require('node:buffer');
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

/**
 * Requires the CommonJS bundle `file` as Node would, compiled from the code cache `.<name>.<key>.v8cache` beside it
 * when there is one for exactly this file, this Node and these V8 flags (`flavor`, a word: V8 refuses a cache made
 * under other flags). V8 could not tell a rebuilt bundle of the same length from the old one, so the key names the
 * file's inode and change time beside its size: a rebuild or a copy gets a new change time (no tool can set it back),
 * where hashing the 3 MB of source cost every run ~13 ms of CPU. Without a usable cache, one is written at exit,
 * holding every function the command compiled; a folder that cannot be written only means no cache.
 */
function requireCached(file, flavor) {
  const { bytes, stat, steady } = readSteady(file);
  // An ASCII bundle (esbuild.config.mjs) becomes a one-byte string: decoded as UTF-8 it would be the same text.
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const key = [process.version, process.arch, stat.size, stat.ino, stat.ctimeNs].join('-').replace(/[^\w-]/g, '_');
  const dir = path.dirname(file);
  const prefix = `.${path.basename(file)}.${flavor}.`;
  const cachePath = path.join(dir, `${prefix}${key}.v8cache`);
  let cachedData;
  try {
    // Written while it was read: these bytes may not be the ones the key names, so no cache either way.
    cachedData = steady ? fs.readFileSync(cachePath) : undefined;
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(dir);
  script.runInThisContext().call(mod.exports, mod.exports, Module.createRequire(file), mod, file, dir);
  mod.loaded = true;
  if (steady && (cachedData === undefined || script.cachedDataRejected))
    process.once('exit', () => writeCache(script, dir, prefix, cachePath));
  return mod.exports;
}

/** The file's bytes and its stat, and whether it kept the same change time while it was read. */
function readSteady(file) {
  const fd = fs.openSync(file, 'r');
  try {
    const stat = fs.fstatSync(fd, { bigint: true });
    const bytes = fs.readFileSync(fd);
    return { bytes, stat, steady: fs.fstatSync(fd, { bigint: true }).ctimeNs === stat.ctimeNs };
  } finally {
    fs.closeSync(fd);
  }
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
