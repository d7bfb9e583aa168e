// Loads the CLI bundle through V8's code cache, kept beside it: a cold question spent ~0.1 s of its CPU compiling the
// 3.8 MB bundle (Node 22 has module.enableCompileCache for this; Node 20, which this runs on, has no such switch).
'use strict';
const { isAscii } = require('node:buffer');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

/** What a cache file starts with: this magic, the digest of the source it was made from, the digest of its data. */
const MAGIC = Buffer.from('okfv8c1\0', 'latin1');
const HEADER = MAGIC.length + 64;

/**
 * Requires the CommonJS bundle `file` as Node would, compiled from the code cache `.<name>.<key>.v8cache` beside it
 * when there is one for exactly this file, this Node and these V8 flags (`flavor`, a word: V8 refuses a cache made
 * under other flags). The key (size, inode, change time) picks the file; the content decides. V8 checks only
 * the source's length against a cache, so a bundle changed under the same size, inode and change time (a write
 * through a shared mapping, a coarse or copied change time) would run its old code; and a release build of V8 does
 * not checksum the cache, so damaged bytes crashed every later run. The cache therefore carries a digest of the
 * source it was made from and one of its own data (SHA-256: ~5 ms for both at 3 + 2 MB), both checked before V8 sees
 * it. Without a usable cache, one is written at exit, holding every function the command compiled; a folder that
 * cannot be written only means no cache.
 */
function requireCached(file, flavor) {
  const { bytes, stat, steady } = readSteady(file);
  // An ASCII bundle (esbuild.config.mjs) becomes a one-byte string: decoded as UTF-8 it would be the same text.
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const key = [process.version, process.arch, stat.size, stat.ino, stat.ctimeNs].join('-').replace(/[^\w-]/g, '_');
  const dir = path.dirname(file);
  const prefix = `.${path.basename(file)}.${flavor}.`;
  const cachePath = path.join(dir, `${prefix}${key}.v8cache`);
  const sourceDigest = digest(bytes);
  let cachedData;
  try {
    // Written while it was read: these bytes may not be the ones the key names, so no cache either way.
    cachedData = steady ? checkedCache(fs.readFileSync(cachePath), sourceDigest) : undefined;
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
    process.once('exit', () => writeCache(script, sourceDigest, dir, prefix, cachePath));
  return mod.exports;
}

/** The cache's data when its header names this source and its data is intact, else undefined. */
function checkedCache(file, sourceDigest) {
  if (file.length <= HEADER || !file.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const data = file.subarray(HEADER);
  const named = file.subarray(MAGIC.length, HEADER);
  return named.subarray(0, 32).equals(sourceDigest) && named.subarray(32).equals(digest(data)) ? data : undefined;
}

/**
 * SHA-256 of `bytes` (node:crypto, native: ~1 ms per MB here, where a JavaScript hash run once, never optimized, took
 * ~5 ms per MB).
 */
function digest(bytes) {
  return createHash('sha256').update(bytes).digest();
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
function writeCache(script, sourceDigest, dir, prefix, cachePath) {
  const temp = `${cachePath}.${process.pid}.tmp`;
  try {
    const data = script.createCachedData();
    fs.writeFileSync(temp, Buffer.concat([MAGIC, sourceDigest, digest(data), data]));
    fs.renameSync(temp, cachePath);
    for (const name of fs.readdirSync(dir))
      if (name.startsWith(prefix) && name.endsWith('.v8cache') && path.join(dir, name) !== cachePath)
        fs.rmSync(path.join(dir, name), { force: true });
  } catch {
    // A read-only install: every run compiles, as before. A write cut short (a full disk) leaves no temp file.
    try {
      fs.rmSync(temp, { force: true });
    } catch {
      // Nothing was written.
    }
  }
}

module.exports = { requireCached };
