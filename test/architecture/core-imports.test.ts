// The core (src/core) is pure TypeScript: it never imports `obsidian` or a Node built-in, so the plugin (desktop
// and mobile), the CLI and the tests all run the same code (ARCHITECTURE.md, "One pure core, two thin shells").
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import * as nodePath from 'node:path';

const CORE = nodePath.join(__dirname, '..', '..', 'src', 'core');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = nodePath.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : full.endsWith('.ts') ? [full] : [];
  });
}

const STATIC_IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/;
const DYNAMIC_IMPORT = /import\s*\(\s*['"]([^'"]+)['"]\s*\)/;
const REQUIRE = /require\(\s*['"]([^'"]+)['"]\s*\)/;
const IMPORT = new RegExp([STATIC_IMPORT, DYNAMIC_IMPORT, REQUIRE].map((r) => r.source).join('|'), 'g');
const forbidden = new Set(['obsidian', 'electron', ...builtinModules]);

test('src/core imports neither obsidian nor any Node built-in', () => {
  const files = sourceFiles(CORE);
  expect(files.length).toBeGreaterThan(40);
  const offending: string[] = [];
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      const bare = spec.replace(/^node:/, '').split('/')[0];
      if (spec.startsWith('node:') || forbidden.has(bare))
        offending.push(`${nodePath.relative(CORE, file)} imports ${spec}`);
    }
  }
  expect(offending).toEqual([]);
});

test('the import scan catches what it should', () => {
  const sample =
    "import { promises } from 'node:fs';\nimport type { App } from 'obsidian';\nconst p = require('path');";
  const specs = [...sample.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]);
  expect(specs).toEqual(['node:fs', 'obsidian', 'path']);
});
