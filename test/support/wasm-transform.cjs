// Jest transform: a `.wasm` import becomes its bytes, as esbuild's `binary` loader does in the real builds.
// Exported as an ES module's default (`__esModule`), not as module.exports itself: esbuild's CommonJS interop
// (__toESM, in test/support/esbuild-transform.cjs's output) copies every own property of a CommonJS module onto its
// namespace, and a bare Uint8Array of SQLite's ~900 KB has ~900,000 of them: that copy and its garbage cost ~3 s of
// CPU in every test file that opens SQLite (~4 s of the ~4.5 s such a file's start took), most of the suite's time.
const crypto = require('node:crypto');

module.exports = {
  // Versioned, so a cache written by the earlier form of this transform is not reused.
  getCacheKey(source, filename) {
    return crypto
      .createHash('sha1')
      .update('wasm-default-v2\0')
      .update(filename)
      .update('\0')
      .update(source)
      .digest('hex');
  },
  process(_source, filename) {
    const bytes = `new Uint8Array(require('node:fs').readFileSync(${JSON.stringify(filename)}))`;
    return { code: `module.exports = { __esModule: true, default: ${bytes} };` };
  },
};
