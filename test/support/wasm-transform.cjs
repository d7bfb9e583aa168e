// Jest transform: a `.wasm` import becomes its bytes, as esbuild's `binary` loader does in the real builds.
module.exports = {
  process(_source, filename) {
    return { code: `module.exports = new Uint8Array(require('node:fs').readFileSync(${JSON.stringify(filename)}));` };
  },
};
