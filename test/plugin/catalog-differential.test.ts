/** @jest-environment jsdom */
// Review of 73f62b4 through the plugin (wiki.db in pieces and whole, its start's catch-up): after each kind of edit
// made while Obsidian was closed, and after one more restart that loads what it saved (section and all), the seeds
// must be those of a fresh CLI reindex of the same files.
// The harness first: it gives jsdom the globals (TextEncoder) the CLI's modules use as they load.
import { demoVault, launch, quit, type Running, type TempVault } from './support/plugin-harness';
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import type { ContextResult } from '../../src/core/retrieval/types';
import { makeTempDir, REPO_ROOT, removeTempDir } from '../support/temp-dir';

const QUESTIONS = [
  'Who was Ada Lovelace?',
  'Who was Augusta Byron King?',
  'Who was the Enchantress of Numbers?',
  'What was Bell Labs under Lucent?',
  'Who was Alan Turing?',
  'Who was Zephyrine Quillfeather?',
];

let vault: TempVault;
let running: Running | undefined;
beforeEach(() => {
  vault = demoVault({ bundleFolder: 'wiki', embeddingsEnabled: false });
});
afterEach(async () => {
  if (running) await quit(running);
  running = undefined;
  vault.remove();
});

const inWiki = (path: string) => nodePath.join(vault.dir, 'wiki', path);
const brief = (seeds: readonly { path: string; title: string }[]) => seeds.map((s) => `${s.path} ${s.title}`);

async function pluginSeeds(): Promise<string[][]> {
  const out: string[][] = [];
  for (const q of QUESTIONS) out.push(brief((await running!.plugin.service.query(q)).result.seeds));
  return out;
}

/** The built CLI in a child process (jsdom's timers cannot run it in-process): its stdout, or a failure. */
function cli(args: readonly string[]): string {
  const result = spawnSync(process.execPath, [nodePath.join(REPO_ROOT, 'bin', 'okf-wiki.cjs'), ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`okf-wiki ${args.join(' ')}: ${result.status} ${result.stderr}`);
  return result.stdout;
}

function reindexSeeds(): string[][] {
  const fresh = makeTempDir('okf-catalog-plugin-fresh-');
  try {
    cpSync(inWiki(''), fresh, { recursive: true, filter: (src) => !/wiki\.db/.test(src) });
    cli(['reindex', '--no-embed', '--bundle', fresh]);
    return QUESTIONS.map((q) =>
      brief((JSON.parse(cli(['context', q, '--json', '--no-embed', '--bundle', fresh])) as ContextResult).seeds),
    );
  } finally {
    removeTempDir(fresh);
  }
}

async function restartAfter(edit: () => void): Promise<void> {
  if (running) await quit(running);
  edit();
  running = await launch(vault.dir);
  expect(running.plugin.service.lastOpen?.kind).toBe('loaded');
  const expected = reindexSeeds();
  expect(await pluginSeeds()).toEqual(expected);
  // Once more, loading what that start saved.
  await quit(running);
  running = await launch(vault.dir);
  expect(await pluginSeeds()).toEqual(expected);
}

function edit(path: string, change: (text: string) => string): void {
  writeFileSync(inWiki(path), change(readFileSync(inWiki(path), 'utf8')));
}

jest.setTimeout(300_000);

test('each kind of edit made while Obsidian was closed: the answers of a fresh reindex', async () => {
  running = await launch(vault.dir);
  await restartAfter(() => undefined);
  await restartAfter(() =>
    edit('entities/ada-lovelace.md', (t) => t.replace('title: Ada Lovelace', 'title: Augusta Byron King')),
  );
  await restartAfter(() =>
    edit('entities/ada-lovelace.md', (t) =>
      t.replace('title: Augusta Byron King\n', 'title: Augusta Byron King\naliases: [Enchantress of Numbers]\n'),
    ),
  );
  await restartAfter(() => edit('entities/lucent-bell-labs.md', (t) => t.replace('status: superseded\n', '')));
  await restartAfter(() => {
    writeFileSync(
      inWiki('entities/zephyrine-quillfeather.md'),
      '---\ntype: Person\ntitle: Zephyrine Quillfeather\n---\n\nInvented the quill-driven tabulator.\n',
    );
    rmSync(inWiki('entities/alan-turing.md'));
    renameSync(inWiki('entities/bombe.md'), inWiki('entities/bombe-renamed.md'));
  });
});

// A name Obsidian would hold in NFC, on disk in NFD: the plugin's catch-up equals its own fresh build. (The CLI shows
// such a name in NFC too, so both shells order ties alike: test/reliability/nfd-names.test.ts.)
test('a file renamed to an NFD and astral name: the plugin caught up answers as the plugin built fresh', async () => {
  running = await launch(vault.dir);
  await quit(running);
  rmSync(inWiki('entities/alan-turing.md'));
  renameSync(inWiki('entities/bombe.md'), inWiki('entities/bo\u0308mbe-\u{1F4A3}.md'));
  running = await launch(vault.dir);
  const caughtUp = await pluginSeeds();
  await quit(running);
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(nodePath.join(d, e.name)) : [nodePath.join(d, e.name)],
    );
  for (const f of walk(vault.dir)) if (/wiki\.db/.test(f)) rmSync(f);
  running = await launch(vault.dir);
  expect(running.plugin.service.lastOpen?.kind).toBe('built');
  expect(caughtUp).toEqual(await pluginSeeds());
});
