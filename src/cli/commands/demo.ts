// `okf-wiki demo`: reindex a bundle and show what it holds, for a newcomer's first run.
import type { Flags } from '../args';
import { openBundle } from '../bundle-context';
import { fmt, type CliIo } from '../io';
import { reindexBundle, renderReindexSummary } from './reindex';

export async function demoCommand(flags: Flags, io: CliIo): Promise<number> {
  const bundle = openBundle(flags, io);
  const { index, summary } = await reindexBundle(bundle, io, false);
  io.out(renderReindexSummary(summary));
  const types = index.db.all<{ type: string; n: number }>('select type, count(*) as n from concepts group by type order by n desc, type');
  io.out(`\nConcept types: ${types.map((t) => `${t.type} ${fmt(t.n)}`).join(', ')}\n`);
  const trust = index.db.all<{ trust: string; n: number }>('select trust, count(*) as n from concepts group by trust order by trust');
  io.out(`Trust tiers: ${trust.map((t) => `${t.trust} ${fmt(t.n)}`).join(', ')}\n`);
  index.close();
  return 0;
}
