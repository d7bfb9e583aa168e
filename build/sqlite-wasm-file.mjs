// The command line's SQLite WASM binary as its own file beside the bundle (dist/sqlite3.wasm) instead of base64 in
// it: every run read, hashed and compiled the 1.2 MB of base64 text and then decoded it (~11 ms) before any work.
// The plugin keeps the bytes inlined (Obsidian installs only main.js, manifest.json and styles.css).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { fileURLToPath } from 'node:url';

/** The file's name, in the bundle's own folder (never the bundle or vault a command works on). */
export const WASM_FILE = 'sqlite3.wasm';
const SOURCE = fileURLToPath(new URL('../node_modules/@sqlite.org/sqlite-wasm/dist/sqlite3.wasm', import.meta.url));

/**
 * The module the bundle gets for `@sqlite.org/sqlite-wasm/sqlite3.wasm`: a function reading the file beside the
 * bundle when SQLite is first opened (a missing file fails the command that needs it with one clear line, not the
 * bundle's load), checked against the size and SHA-256 of the bytes this build copied: a damaged, truncated or
 * other build's file is refused by name instead of failing inside WebAssembly's compiler or running other code.
 */
function loaderModule(bytes) {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return `import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
const rebuild = 'build the command line again (npm run build:cli)';
export default function sqliteWasm() {
  const file = join(__dirname, ${JSON.stringify(WASM_FILE)});
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new Error(\`SQLite's engine cannot be read: \${file} (\${error.code ?? error.message}); \${rebuild}\`);
  }
  if (bytes.length !== ${bytes.length} || createHash('sha256').update(bytes).digest('hex') !== '${sha256}')
    throw new Error(\`SQLite's engine is damaged or from another build: \${file}; \${rebuild}\`);
  return bytes;
}
`;
}

/**
 * The esbuild plugin for the CLI build: resolves the WASM import to loaderModule() and writes the bytes to
 * `<outdir>/sqlite3.wasm` from the same read the digest was taken of, before the bundle (a bundle that inlined the
 * bytes does not read the file; one of this build checks what it reads) and atomically (a command running meanwhile
 * reads the old file or the new one).
 */
export const sqliteWasmFile = {
  name: 'sqlite-wasm-file',
  setup(build) {
    const bytes = readFileSync(SOURCE);
    build.onStart(() => {
      const target = nodePath.join(nodePath.dirname(build.initialOptions.outfile), WASM_FILE);
      const temp = `${target}.${process.pid}.tmp`;
      mkdirSync(nodePath.dirname(target), { recursive: true });
      try {
        writeFileSync(temp, bytes);
        renameSync(temp, target);
      } finally {
        rmSync(temp, { force: true });
      }
    });
    build.onResolve({ filter: /^@sqlite\.org\/sqlite-wasm\/sqlite3\.wasm$/ }, () => ({
      path: 'sqlite3.wasm',
      namespace: 'sqlite-wasm-file',
    }));
    build.onLoad({ filter: /.*/, namespace: 'sqlite-wasm-file' }, () => ({
      contents: loaderModule(bytes),
      loader: 'js',
      resolveDir: process.cwd(),
    }));
  },
};
