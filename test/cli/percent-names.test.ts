// Concept files whose names hold `%XX` (`50%25 off.md`, `a%20b.md`) can be named on the command line, and a
// relation written to them reads back as them; no reading of a name reaches outside the bundle.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { run } from '../../src/cli/main';
import { readConcept } from '../../src/core/okf/read-concept';
import { bufferIo } from '../support/cli-io';
import { copyTree, makeTempDir, removeTempDir, tempBundle } from '../support/temp-dir';

const FLAGS = ['--no-embed', '--today', '2026-12-01'];

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempBundle('test/fixtures/author-bundle')));
afterEach(() => cleanup());

const cli = async (...args: string[]) => {
  const io = bufferIo();
  const code = await run([...args, '--bundle', dir, ...FLAGS], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
};
const read = (relative: string) => readFileSync(path.join(dir, relative), 'utf8');
const put = (relative: string, title: string) =>
  writeFileSync(path.join(dir, relative), `---\ntype: Concept\ntitle: ${title}\n---\n${title}.\n`);
/** The paths the reader makes of a file's relation objects. */
const objectsOf = (relative: string) => {
  const result = readConcept('/' + relative, read(relative));
  return result.kind === 'concept' ? result.concept.relations.map((r) => r.objectPath) : [];
};

test('relate names a file whose name holds %25, and the relation written reads back as that file', async () => {
  put('entities/50%25 off.md', 'Half Price');
  const { code, stderr } = await cli('relate', 'entities/50%25 off.md', 'founded', 'entities/openai');
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  expect(objectsOf('entities/50%25 off.md')).toEqual(['/entities/openai.md']);
  expect(objectsOf('entities/openai.md')).toEqual(['/entities/50%25 off.md']);
});

test('the literal file wins over the decoded reading, and the other reading is named', async () => {
  put('entities/a%20b.md', 'Literal');
  put('entities/a b.md', 'Decoded');
  const literal = await cli('relate', 'entities/openai', 'founded_by', 'entities/a%20b');
  expect({ code: literal.code, stderr: literal.stderr }).toEqual({ code: 0, stderr: '' });
  expect(literal.stdout).toContain(
    'note: object "entities/a%20b" is taken as the file of that name, /entities/a%20b.md; ' +
      'with its %xx decoded it would name /entities/a b.md: to name that one, write its own name.',
  );
  expect(objectsOf('entities/openai.md')).toEqual(['/entities/a%20b.md']);
  expect(read('entities/a b.md')).not.toContain('relations');
  // The decoded file is named as itself.
  const decoded = await cli('relate', 'entities/marc-andreessen', 'founded', 'entities/a b');
  expect(decoded.code).toBe(0);
  expect(objectsOf('entities/a b.md')).toEqual(['/entities/marc-andreessen.md']);
});

test('a %XX name with no literal file still names the decoded one (as frontmatter does)', async () => {
  put('entities/new marc.md', 'New Marc');
  const { code, stderr } = await cli('supersede', 'entities/marc-andreessen', 'entities/new%20marc');
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  expect(read('entities/marc-andreessen.md')).toContain('superseded_by: /entities/new marc.md');
});

test('supersede by a %-named file writes superseded_by that the reader resolves to it', async () => {
  put('entities/100%.md', 'Hundred');
  const { code, stderr } = await cli('supersede', 'entities/marc-andreessen', 'entities/100%');
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  const result = readConcept('/entities/marc-andreessen.md', read('entities/marc-andreessen.md'));
  expect(result.kind === 'concept' && result.concept.supersededBy).toBe('/entities/100%.md');
});

test.each(['%2e%2e/outside', '%2E%2E/outside.md', 'entities/%2e%2e/%2e%2e/outside', '../outside'])(
  'no reading of %j reaches the concept file beside the bundle',
  async (written) => {
    const outer = makeTempDir();
    try {
      const bundle = path.join(outer, 'bundle');
      copyTree(dir, bundle);
      writeFileSync(path.join(outer, 'outside.md'), '---\ntype: Concept\ntitle: Outside\n---\nOutside.\n');
      const io = bufferIo();
      const code = await run(['relate', 'entities/openai', 'founded_by', written, '--bundle', bundle, ...FLAGS], io);
      expect(code).toBe(2);
      expect(io.stderr()).toMatch(/not a path inside the bundle|does not exist/);
      expect(readFileSync(path.join(outer, 'outside.md'), 'utf8')).not.toContain('relations');
    } finally {
      removeTempDir(outer);
    }
  },
);

test('a folder literally named %2e%2e inside the bundle is a name like any other', async () => {
  mkdirSync(path.join(dir, '%2e%2e'));
  put('%2e%2e/x.md', 'Dots');
  const { code, stderr } = await cli('relate', 'entities/openai', 'founded_by', '%2e%2e/x');
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  expect(objectsOf('entities/openai.md')).toEqual(['/%2e%2e/x.md']);
  expect(objectsOf('%2e%2e/x.md')).toEqual(['/entities/openai.md']);
});
