// QA2 F12: a relation object written as a link elsewhere is (`./beta.md`, `[[Beta Node]]`) is read as text; lint
// says so with the path to write: `./x.md` resolved against the file (not "/./x.md"), a wiki link named as one.
import { run } from '../../../src/cli/main';
import { conceptFile, rel } from '../../support/builders';
import { bufferIo } from '../../support/cli-io';
import { makeTempDir, removeTempDir, writeTree } from '../../support/temp-dir';

let dir: string;
beforeEach(() => (dir = makeTempDir('okf-object-hint-')));
afterEach(() => removeTempDir(dir));

test('lint names the path to write for ./x.md, ../x.md and a bare path, and warns on a [[wiki link]]', async () => {
  const objects = ['./beta.md', '../other/gamma.md', 'entities/beta.md', '[[Beta Node]]', '[[entities/beta]]', 'text'];
  writeTree(dir, {
    '/entities/alpha.md': conceptFile({ type: 'T', title: 'Alpha Node', relations: objects.map((o) => rel('p', o)) }),
    '/entities/beta.md': conceptFile({ type: 'T', title: 'Beta Node' }),
  });
  const io = bufferIo(dir);
  expect(await run(['lint', '--json', '--bundle', dir, '--no-embed'], io)).not.toBe(2);
  const { findings } = JSON.parse(io.stdout()) as { findings: { code?: string; message: string; path: string }[] };
  const hints = findings
    .filter((f) => f.code === 'object-path-without-slash' || f.code === 'object-wikilink')
    .map((f) => [f.path, f.code, f.message.replace(/^.*?read as (a literal; |text\. )/, '')])
    .sort((a, b) => (a.join() < b.join() ? -1 : 1));
  expect(hints).toEqual([
    ['/entities/alpha.md', 'object-path-without-slash', 'relative to this file, write "/entities/beta.md".'],
    ['/entities/alpha.md', 'object-path-without-slash', 'relative to this file, write "/other/gamma.md".'],
    ['/entities/alpha.md', 'object-path-without-slash', 'write "/entities/beta.md".'],
    [
      '/entities/alpha.md',
      'object-wikilink',
      'Write the path of the concept it names, with a leading `/` ("/entities/beta.md").',
    ],
    ['/entities/alpha.md', 'object-wikilink', 'Write the path of the concept it names, with a leading `/`.'],
  ]);
});
