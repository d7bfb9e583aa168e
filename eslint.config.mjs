// ESLint: eslint-plugin-obsidianmd's recommended config (ESLint's and typescript-eslint's type-checked rules plus
// the Obsidian review rules, no-unsupported-api against manifest.json's minAppVersion among them) over the
// plugin's sources. The CLI, the MCP server and the tests are Node programs, not plugin code.
import { defineConfig } from 'eslint/config';
import obsidianmd from 'eslint-plugin-obsidianmd';

export default defineConfig([
  {
    ignores: [
      'main.js',
      'dist/**',
      'test-artifacts/**',
      'coverage/**',
      'node_modules/**',
      'test/**',
      'bench/**',
      'bin/**',
      'build/**',
      'examples/**',
      'hooks/**',
      'tools/**',
      'src/cli/**',
      'src/mcp/**',
      'src/node/**',
      '*.mjs',
      '*.cjs',
    ],
  },
  ...obsidianmd.configs.recommended,
  {
    files: ['src/**/*.ts'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Names the plugin's UI uses as written: the format, the embedding server, the date standard.
      'obsidianmd/ui/sentence-case': [
        'warn',
        {
          brands: ['OKF', 'OKF Graph Wiki', 'Ollama', 'SQLite', 'Obsidian'],
          acronyms: ['OKF', 'ISO', 'LLM', 'FTS', 'JSON', 'HTTP'],
        },
      ],
    },
  },
]);
