// `okf-wiki demo`: a newcomer's first run. Copies the bundle to a temporary folder (the checkout stays clean),
// reindexes it, shows what it holds, and answers a few questions (the example's, or about the bundle's own concepts),
// one of them deliberately out of the bundle.
import { cpSync, mkdtempSync, readdirSync, readlinkSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';
import { contextFor } from '../../core/retrieval/context-for';
import { declaredInverses } from '../../core/config/load-bundle-config';
import { escapeControlsButLayout } from '../../core/okf/controls';
import type { Flags } from '../args';
import { openBundle } from '../bundle-context';
import { clockFromFlags } from '../clock';
import { embeddingFromFlags } from '../embedding';
import { FsBundle, skippedName } from '../../node/fs-bundle';
import { fmt, type CliIo } from '../io';
import { vectorOffText } from '../vector-note';
import { InputError } from '../input-error';
import { refuseUnlessWiki } from '../wiki-folder';
import { reindexBundle, renderReindexSummary } from './reindex';

/** Questions for the bundled example; the last one is out of the bundle on purpose. */
export const DEMO_QUESTIONS = [
  'Who was Kurt Gödel?',
  'Why was Unix created?',
  'Who ran Bell Labs before Nokia?',
  'How do I fix a flat bicycle tire?',
];

/**
 * What the demo asks: the example's questions when each of its in-bundle ones answers (this is the example), else
 * "What is <title>?" for three concepts spread over the bundle in path order, then the out-of-bundle question.
 * Another bundle asked the example's questions would show only "No confident match" and look broken.
 */
export async function demoQuestions(
  titles: readonly { title: string }[],
  answers: (question: string) => Promise<boolean>,
): Promise<string[]> {
  const inBundle = DEMO_QUESTIONS.slice(0, -1);
  const outOfBundle = DEMO_QUESTIONS[DEMO_QUESTIONS.length - 1];
  let example = true;
  for (const question of inBundle) example = example && (await answers(question));
  if (example) return [...DEMO_QUESTIONS];
  const picked = [0, 1, 2].map((i) => titles[Math.floor((i * titles.length) / 3)]?.title);
  const own = [...new Set(picked.filter((t) => t !== undefined))].map((t) => `What is ${t}?`);
  return [...own, outOfBundle];
}

export async function demoCommand(flags: Flags, io: CliIo, positionals: string[]): Promise<number> {
  const source = openBundle(flags, io);
  // Before anything is copied (QA2 F20): `demo` typed in a home folder copied all of it into the temp folder.
  await refuseUnlessWiki(source, 'demo');
  refuseTempInside(source.root);
  const workDir = mkdtempSync(nodePath.join(tmpdir(), 'okf-wiki-demo-'));
  const removeOnCtrlC = removingOnSigint(workDir, io);
  try {
    return await demoIn(workDir, source.root, flags, io, positionals);
  } finally {
    removeOnCtrlC.dispose();
  }
}

/** The copy cannot go inside the folder it copies (cpSync's raw EINVAL, an empty demo folder left behind). */
export function refuseTempInside(root: string, tempFolder = tmpdir()): void {
  const temp = realpathSync(tempFolder);
  const inside = nodePath.relative(realpathSync(root), temp);
  if (inside.startsWith('..') || nodePath.isAbsolute(inside)) return;
  throw new InputError(
    `the temporary folder ${temp} is inside the bundle ${root}, so the demo cannot copy the bundle there; ` +
      'demo copied nothing',
    'set TMPDIR to a folder outside the bundle, or pass --bundle DIR',
  );
}

/**
 * Until `dispose`, Ctrl-C removes the demo's copy, then quits as Ctrl-C does without a handler (ended by SIGINT, 130
 * in the shell). A demo that finishes keeps its copy: its last line invites questions against it. No vectors are
 * kept (the copy is thrown away), so nothing waits for the request in flight; the handler runs at the next turn of
 * the event loop, so during a build (which reads synchronously) it runs once the build ends: a fraction of a second
 * on the example, a few seconds at 10,000 concepts. Before, Ctrl-C left an okf-wiki-demo-* folder in the temp folder
 * per interrupted run.
 */
export function removingOnSigint(workDir: string, io: Pick<CliIo, 'err'>): { dispose(): void } {
  const onSigint = (): void => {
    dispose();
    try {
      rmSync(workDir, { recursive: true, force: true });
      io.err(`\nokf-wiki: demo interrupted; its copy ${workDir} removed\n`);
    } catch (error) {
      io.err(`\nokf-wiki: demo interrupted; its copy ${workDir} could not be removed (${(error as Error).message})\n`);
    }
    process.kill(process.pid, 'SIGINT');
  };
  const dispose = (): void => void process.off('SIGINT', onSigint);
  process.on('SIGINT', onSigint);
  return { dispose };
}

async function demoIn(workDir: string, root: string, flags: Flags, io: CliIo, positionals: string[]): Promise<number> {
  copyBundle(root, workDir);
  const bundle = new FsBundle(workDir);
  io.out(`Demo copy of ${root}\n        in ${workDir}\n\n`);
  const { index, summary } = await reindexBundle(bundle, io, true, flags, false);
  io.out(renderReindexSummary(summary));
  const types = index.countBy('type').sort((a, b) => b.n - a.n);
  io.out(`Concept types: ${types.map((t) => `${t.value} ${fmt(t.n)}`).join(', ')}\n`);
  const trust = index.countBy('trust');
  io.out(`Trust tiers: ${trust.map((t) => `${t.value} ${fmt(t.n)}`).join(', ')}\n`);

  const { embedder, off } = embeddingFromFlags(flags);
  const clock = clockFromFlags(flags);
  if (off) io.out(`\nNote: ${vectorOffText(off)}. Answers below use the exact-title and BM25 signals.\n`);
  const inverses = await declaredInverses(bundle);
  const ask = (question: string) =>
    contextFor(index, question, {
      budget: 450,
      clock,
      inverses,
      ...(embedder ? { embedder } : {}),
      ...(off ? { vectorOff: off } : {}),
    });
  const questions =
    positionals.length > 0
      ? [positionals.join(' ')]
      : // Told apart with the lexical signals: no embedding request (nor its timeout) before the first answer.
        await demoQuestions(
          index.conceptTitles(),
          async (q) => (await contextFor(index, q, { clock, vectorOff: { kind: 'turned-off' } })).confident,
        );
  for (const question of questions) {
    const result = await ask(question);
    io.out(`\n$ okf-wiki context ${JSON.stringify(question)} --budget 450\n`);
    io.out(escapeControlsButLayout(result.text));
    if (!result.vector.used && !off) io.out(`(vector signal off: ${vectorOffText(result.vector.off)})\n`);
  }
  io.out(`\nAsk your own: npx okf-wiki context "QUESTION" --bundle ${workDir}\n`);
  index.close();
  return 0;
}

/**
 * Copies what the bundle's listing reads: the concept files and the bundle's own files, not the folders the listing
 * never walks (hidden ones, `.git` and `.okf-wiki` among them, and `node_modules`: copied whole before, a checkout's
 * history and dependencies went to the temp folder on every run), nor wiki.db and its leftover temporaries (the demo
 * reindexes). Links are kept as links: a relative one as written, so it points into the copy; an absolute one into
 * the bundle made relative, so it does too (cpSync would point both at the original). A link leading out of the
 * bundle is copied as it is: it is refused when read, as in the original.
 */
export function copyBundle(from: string, to: string): void {
  const copied = (path: string): boolean => {
    const name = nodePath.basename(path);
    if (nodePath.dirname(path) === from && /^wiki\.db(?:\.tmp-|$)/.test(name)) return false;
    return path === from || !skippedName(name);
  };
  cpSync(from, to, { recursive: true, verbatimSymlinks: true, filter: copied });
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = nodePath.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      if (!entry.isSymbolicLink()) continue;
      const target = readlinkSync(full);
      const inside = nodePath.relative(from, target);
      if (!nodePath.isAbsolute(target) || inside.startsWith('..') || nodePath.isAbsolute(inside)) continue;
      rmSync(full);
      symlinkSync(nodePath.relative(dir, nodePath.join(to, inside)) || '.', full);
    }
  };
  walk(to);
}
