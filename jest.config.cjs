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
};
