// `okf-wiki demo`: a newcomer's first run. Copies the bundle to a temporary folder (the checkout stays clean),
// reindexes it, shows what it holds, and answers a few questions, one of them deliberately out of the bundle.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';
import { contextFor } from '../../core/retrieval/context-for';
import type { Flags } from '../args';
import { openBundle } from '../bundle-context';
import { clockFromFlags } from '../clock';
import { embeddingFromFlags } from '../embedding';
import { FsBundle } from '../fs-bundle';
import { fmt, type CliIo } from '../io';
import { reindexBundle, renderReindexSummary } from './reindex';

/** Questions for the bundled example; the last one is out of the bundle on purpose. */
export const DEMO_QUESTIONS = [
  'Who was Kurt Gödel?',
  'Why was Unix created?',
  'Who ran Bell Labs before Nokia?',
  'How do I fix a flat bicycle tire?',
];

export async function demoCommand(flags: Flags, io: CliIo, positionals: string[]): Promise<number> {
  const source = openBundle(flags, io);
  const workDir = mkdtempSync(nodePath.join(tmpdir(), 'okf-wiki-demo-'));
  cpSync(source.root, workDir, { recursive: true, filter: (p) => !p.endsWith('wiki.db') });
  const bundle = new FsBundle(workDir);
  io.out(`Demo copy of ${source.root}\n        in ${workDir}\n\n`);
  const { index, summary } = await reindexBundle(bundle, io, true, flags);
  io.out(renderReindexSummary(summary));
  const types = index.db.all<{ type: string; n: number }>('select type, count(*) as n from concepts group by type order by n desc, type');
  io.out(`Concept types: ${types.map((t) => `${t.type} ${fmt(t.n)}`).join(', ')}\n`);
  const trust = index.db.all<{ trust: string; n: number }>('select trust, count(*) as n from concepts group by trust order by trust');
  io.out(`Trust tiers: ${trust.map((t) => `${t.trust} ${fmt(t.n)}`).join(', ')}\n`);

  const { embedder, offReason } = embeddingFromFlags(flags);
  const clock = clockFromFlags(flags);
  if (offReason) io.out(`\nNote: ${offReason}. Answers below use the exact-title and BM25 signals.\n`);
  for (const question of positionals.length > 0 ? [positionals.join(' ')] : DEMO_QUESTIONS) {
    const result = await contextFor(index, question, {
      budget: 450,
      clock,
      ...(embedder ? { embedder } : {}),
      ...(offReason ? { vectorOffReason: offReason } : {}),
    });
    io.out(`\n$ okf-wiki context ${JSON.stringify(question)} --budget 450\n`);
    io.out(result.text);
    if (!result.vector.used && !offReason) io.out(`(vector signal off: ${result.vector.reason})\n`);
  }
  io.out(`\nAsk your own: npx okf-wiki context "QUESTION" --bundle ${workDir}\n`);
  index.close();
  return 0;
}
