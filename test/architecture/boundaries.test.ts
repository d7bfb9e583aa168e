// The house rules the code layout must keep (docs/ARCHITECTURE.md): the database is private to src/core/index,
// the shells do not import each other's internals, and no source file grows past 400 lines.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as nodePath from 'node:path';

const SRC = nodePath.join(__dirname, '..', '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = nodePath.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : full.endsWith('.ts') ? [full] : [];
  });
}

const rel = (file: string) => nodePath.relative(SRC, file).split(nodePath.sep).join('/');
const files = sourceFiles(SRC).map((file) => ({ path: rel(file), text: readFileSync(file, 'utf8') }));
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The src-relative module each relative import of `file` names (bare package imports left out). */
function importsOf(file: { path: string; text: string }): string[] {
  return [...file.text.matchAll(IMPORT)]
    .map((m) => m[1] ?? m[2])
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => nodePath.posix.normalize(nodePath.posix.join(nodePath.posix.dirname(file.path), spec)));
}

/** A string literal that reads like SQL: a statement keyword followed by its clause keyword. */
const SQL = /['"`]\s*(select|insert|delete|update|create|drop|pragma)\s[^'"`]*\b(from|into|set|table|where|values)\b/i;

test('no SQL and no raw database outside src/core/index', () => {
  const offending = files
    .filter((f) => !f.path.startsWith('core/index/'))
    .flatMap((f) => [
      ...(SQL.test(f.text) ? [`${f.path}: SQL text`] : []),
      ...(/\brawDatabase\b|\.db\.(all|get|run|exec|transaction)\b/.test(f.text)
        ? [`${f.path}: raw database access`]
        : []),
      ...importsOf(f)
        .filter(
          (m) =>
            m === 'core/index/sqlite' ||
            m === 'core/index/read-queries' ||
            m === 'core/index/embeddings-store' ||
            m === 'core/index/file-rows',
        )
        .map((m) => `${f.path} imports ${m}`),
    ]);
  expect(offending).toEqual([]);
});

test('the SQL scan catches what it should', () => {
  expect(SQL.test("db.all('select path from concepts')")).toBe(true);
  expect(SQL.test('`insert into edges (a) values (?)`')).toBe(true);
  expect(SQL.test("'Select a concept from the list'")).toBe(true);
  expect(SQL.test("'Pick a concept'")).toBe(false);
});

/** Which shell a module belongs to (the core and the entry points belong to none). */
function shellOf(module: string): string | undefined {
  if (module === 'main' || module.startsWith('plugin/')) return 'plugin';
  if (module.startsWith('node/')) return 'node';
  if (module.startsWith('cli/')) return 'cli';
  if (module.startsWith('mcp/')) return 'mcp';
  return undefined;
}

test('the shells do not import each other: plugin, CLI and MCP share only the core and the Node layer', () => {
  const offending: string[] = [];
  for (const f of files) {
    const from = shellOf(f.path);
    if (from === undefined) continue;
    for (const target of importsOf(f)) {
      const to = shellOf(target);
      if (to === undefined || to === from) continue;
      // The Node layer serves the CLI and the MCP server, and depends on neither.
      if (to === 'node' && from !== 'plugin') continue;
      // `okf-wiki mcp` starts the server: the CLI's command table may name it.
      if (f.path === 'cli/commands/mcp.ts' && to === 'mcp') continue;
      offending.push(`${f.path} imports ${target}`);
    }
  }
  expect(offending).toEqual([]);
});

test('no source file over 400 lines', () => {
  const long = files.map((f) => ({ path: f.path, lines: f.text.split('\n').length })).filter((f) => f.lines > 400);
  expect(long).toEqual([]);
});
