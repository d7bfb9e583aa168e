// Review of 73f62b4 (the catalog section in wiki.db): after each kind of edit, a cold CLI question that catches up
// (and the next one, which loads the wiki.db the catch-up saved, section and all) must answer byte for byte as a
// fresh `reindex` of the same files does; and every wiki.db written must carry a section equal to its concepts.
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { cliOut as cli, contextAnswers, sectionAgrees } from '../support/catalog-check';
import { makeTempDir, removeTempDir, tempBundle } from '../support/temp-dir';

const QUESTIONS = [
  'Who was Ada Lovelace?',
  'Who was Augusta Byron King?',
  'Who was the Enchantress of Numbers?',
  'What was Bell Labs under Lucent?',
  'Nokia Bell Labs',
  'Who was Alan Turing?',
  'Who was Zephyrine Quillfeather?',
  'Tell me about the Bombe',
];

/** `dir`'s answers (a catch-up, then a load of what it saved) against a fresh reindex of a copy of its files. */
async function sameAsReindex(dir: string): Promise<void> {
  const caughtUp = await contextAnswers(dir, QUESTIONS);
  await sectionAgrees(dir);
  const reloaded = await contextAnswers(dir, QUESTIONS);
  const fresh = makeTempDir('okf-catalog-fresh-');
  try {
    cpSync(dir, fresh, { recursive: true, filter: (src) => !/wiki\.db/.test(src) });
    await cli(['reindex', '--no-embed', '--bundle', fresh]);
    const rebuilt = await contextAnswers(fresh, QUESTIONS);
    expect(caughtUp).toEqual(rebuilt);
    expect(reloaded).toEqual(rebuilt);
  } finally {
    removeTempDir(fresh);
  }
}

const later = (file: string, seconds: number): void => {
  const t = new Date(Date.now() + seconds * 1000);
  utimesSync(file, t, t);
};

function edit(dir: string, path: string, change: (text: string) => string, seconds = 60): void {
  const file = nodePath.join(dir, path);
  writeFileSync(file, change(readFileSync(file, 'utf8')));
  later(file, seconds);
}

jest.setTimeout(240_000);

test('every kind of edit, caught up by a cold CLI question, answers as a fresh reindex does', async () => {
  const { dir, cleanup } = tempBundle('examples/computing-history');
  try {
    await cli(['reindex', '--no-embed', '--bundle', dir]);
    await sectionAgrees(dir);
    await contextAnswers(dir, QUESTIONS); // a first question on the untouched wiki.db: the section answers

    // A title.
    edit(dir, 'entities/ada-lovelace.md', (t) => t.replace('title: Ada Lovelace', 'title: Augusta Byron King'));
    await sameAsReindex(dir);

    // An alias added.
    edit(dir, 'entities/ada-lovelace.md', (t) =>
      t.replace('title: Augusta Byron King\n', 'title: Augusta Byron King\naliases: [Enchantress of Numbers]\n'),
    );
    await sameAsReindex(dir);

    // Supersession undone on one concept, the mtime and size kept (only ctime tells).
    const lucent = nodePath.join(dir, 'entities/lucent-bell-labs.md');
    const before = statSync(lucent);
    writeFileSync(lucent, readFileSync(lucent, 'utf8').replace('status: superseded\n', 'status: current___\n'));
    utimesSync(lucent, before.atime, before.mtime);
    expect(statSync(lucent).size).toBe(before.size);
    await sameAsReindex(dir);

    // Added, deleted, renamed (a path of unusual Unicode), case-only rename.
    mkdirSync(nodePath.join(dir, 'entities'), { recursive: true });
    writeFileSync(
      nodePath.join(dir, 'entities/zephyrine-quillfeather.md'),
      '---\ntype: Person\ntitle: Zephyrine Quillfeather\n---\n\nInvented the quill-driven tabulator.\n',
    );
    rmSync(nodePath.join(dir, 'entities/alan-turing.md'));
    renameSync(nodePath.join(dir, 'entities/bombe.md'), nodePath.join(dir, 'entities/bo\u0308mbe-\u2028-\u{1F4A3}.md'));
    renameSync(nodePath.join(dir, 'entities/eniac.md'), nodePath.join(dir, 'entities/ENIAC.md'));
    await sameAsReindex(dir);

    // Superseded again, and its successor retitled, in the same catch-up.
    edit(dir, 'entities/lucent-bell-labs.md', (t) => t.replace('status: current___\n', 'status: superseded\n'));
    edit(dir, 'entities/nokia-bell-labs.md', (t) => t.replace(/title: .*\n/, 'title: "Nokia Bell Labs (renamed)"\n'));
    await sameAsReindex(dir);
  } finally {
    cleanup();
  }
});
