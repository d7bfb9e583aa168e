// Jest transform: TypeScript and ESM (SQLite's WASM package is ESM-only) to CommonJS with esbuild.
const { transformSync } = require('esbuild');
const crypto = require('node:crypto');
const { version } = require('esbuild/package.json');

module.exports = {
  getCacheKey(source, filename) {
    return crypto
      .createHash('sha1')
      .update(version)
      .update('\0v2\0')
      .update(filename)
      .update('\0')
      .update(source)
      .digest('hex');
  },
  process(source, filename) {
    const result = transformSync(source, {
      loader: filename.endsWith('.ts') ? 'ts' : 'js',
      format: 'cjs',
      target: 'node20',
      sourcemap: 'inline',
      sourcefile: filename,
      logLevel: 'silent',
    });
    return { code: result.code };
  },
};
