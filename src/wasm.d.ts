/**
 * esbuild's `binary` loader (the plugin's build) and the jest transform turn a `.wasm` import into its bytes; the CLI's
 * build into a function reading them from the file beside the bundle (build/sqlite-wasm-file.mjs).
 */
declare module '*.wasm' {
  const bytes: Uint8Array | (() => Uint8Array);
  export default bytes;
}
