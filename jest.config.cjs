/** Jest runs TypeScript (and SQLite's ESM-only WASM package) through esbuild; see test/support/. */
const sqliteDist = '<rootDir>/node_modules/@sqlite.org/sqlite-wasm/dist';
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '\\.(ts|mjs)$': '<rootDir>/test/support/esbuild-transform.cjs',
    '\\.wasm$': '<rootDir>/test/support/wasm-transform.cjs',
  },
  transformIgnorePatterns: ['/node_modules/(?!@sqlite\\.org/)'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json', 'wasm'],
  moduleNameMapper: {
    '^@sqlite\\.org/sqlite-wasm$': `${sqliteDist}/index.mjs`,
    '^@sqlite\\.org/sqlite-wasm/sqlite3\\.wasm$': `${sqliteDist}/sqlite3.wasm`,
    '^obsidian$': '<rootDir>/test/obsidian-double/obsidian.ts',
  },
  globalSetup: '<rootDir>/test/support/global-setup.cjs',
  // Generous: the first test in each file loads the WASM engine, and CI machines are shared.
  testTimeout: 90000,
  // Jest's default on 2 cores is one worker (cores - 1), leaving a core idle while the busiest files wait on
  // WASM start-up and in-process CLI runs: two workers took the suite from 729 s to 408 s on the 2-core
  // machine CI uses (measured with the same 118 files), which keeps CI inside its 15 minutes.
  maxWorkers: '100%',
  // Each test file starts its own SQLite WASM engines and their heaps are not given back, so a long-lived worker
  // grew to ~3.8 GB, spent its time collecting garbage and was force-exited at the end ("failed to exit
  // gracefully"). A worker above 1 GB after a file is replaced: test/core + test/render went from 244 s to 143 s
  // wall on the 2-core machine, and the force-exit warning is gone.
  workerIdleMemoryLimit: '1GB',
};
