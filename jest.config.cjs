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
};
