// ESLint: eslint-plugin-obsidianmd's recommended config (ESLint's and typescript-eslint's type-checked rules plus
// the Obsidian review rules, no-unsupported-api against manifest.json's minAppVersion among them) over the
// plugin's sources, and the same type-checked rules over the Node shells (the CLI, the MCP server and src/node), which
// are Node programs: Obsidian's mobile and popout-window rules do not apply to them. Last, eslint-config-prettier
// turns off every rule that would argue with Prettier's formatting.
import { defineConfig } from 'eslint/config';
import obsidianmd from 'eslint-plugin-obsidianmd';
import prettier from 'eslint-config-prettier';
import { DEFAULT_ACRONYMS } from 'eslint-plugin-obsidianmd/dist/lib/rules/ui/acronyms.js';
import { DEFAULT_BRANDS } from 'eslint-plugin-obsidianmd/dist/lib/rules/ui/brands.js';

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
      // Names the plugin's UI uses as written: the format, the embedding server, the date standard. Added to the
      // rule's own lists (options replace them, and Obsidian's review runs with them: Mermaid, ID); a literal date
      // pattern shown as a placeholder is what the user types, not a sentence. Inline disables of obsidianmd/*
      // rules are errors (eslint-comments/no-restricted-disable), so exceptions live here; docs/REVIEW-CHECKLIST.md.
      'obsidianmd/ui/sentence-case': [
        'warn',
        {
          enforceCamelCaseLower: true,
          brands: [...DEFAULT_BRANDS, 'OKF', 'OKF Graph Wiki', 'Ollama', 'SQLite'],
          acronyms: [...DEFAULT_ACRONYMS, 'OKF', 'ISO', 'FTS'],
          ignoreRegex: ['^YYYY-MM-DD$'],
        },
      ],
    },
  },
  {
    // The core runs in the plugin's Web Worker, in Node and in jest: there is no `window` (no popout) to time on.
    files: ['src/core/**/*.ts'],
    rules: { 'obsidianmd/prefer-window-timers': 'off', 'obsidianmd/no-global-this': 'off' },
  },
  {
    files: ['src/cli/**/*.ts', 'src/mcp/**/*.ts', 'src/node/**/*.ts'],
    rules: {
      // TypeScript checks names itself (typescript-eslint's advice for no-undef).
      'no-undef': 'off',
      'obsidianmd/no-nodejs-modules': 'off',
      'obsidianmd/prefer-window-timers': 'off',
    },
  },
  prettier,
]);
