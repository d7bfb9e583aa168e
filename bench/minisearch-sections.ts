// MiniSearch on a labeled set, per section (for `npm run eval:standin`): hit@1 and hit@3 of its ranking, and
// how often it returns nothing for out-of-bundle questions (it has no confidence gate, so it rarely does).
// Usage (bundled by eval-standin.mjs): node minisearch-sections.cjs BUNDLE_DIR SET_FILE  → JSON on stdout.
import { readFileSync } from 'node:fs';
import { parseEvaluationSet } from '../src/core/evaluate/parse-set';
import { buildIndex } from '../src/core/index/build';
import { FsBundle } from '../src/node/fs-bundle';
import { MINI_SEARCH_OPTIONS, miniSearchOver } from './lib/minisearch';

async function main(): Promise<void> {
  const [dir, setFile] = process.argv.slice(2);
  const index = await buildIndex(new FsBundle(dir));
  const parsed = parseEvaluationSet(readFileSync(setFile, 'utf8'));
  if (parsed.kind !== 'set') throw new Error(`${setFile} did not parse`);
  // The same fields and boosts the bench compares with (bench/lib/minisearch.ts).
  const ms = miniSearchOver(index);
  index.close();
  const out: Record<string, { hitAt1: number | null; hitAt3: number | null; abstention: number | null }> = {};
  const sections = [...new Set(parsed.set.questions.map((q) => q.section))];
  for (const section of sections) {
    const qs = parsed.set.questions.filter((q) => q.section === section);
    const labeled = qs.filter((q) => !q.outOfBundle && q.expectSeeds.length > 0);
    const outside = qs.filter((q) => q.outOfBundle);
    const top = (q: string) => ms.search(q, MINI_SEARCH_OPTIONS).map((r) => r.id as string);
    const rate = (n: number, d: number) => (d === 0 ? null : Math.round((n / d) * 1e4) / 1e4);
    out[section] = {
      hitAt1: rate(labeled.filter((q) => top(q.question)[0] === q.expectSeeds[0]).length, labeled.length),
      hitAt3: rate(
        labeled.filter((q) => top(q.question).slice(0, 3).includes(q.expectSeeds[0])).length,
        labeled.length,
      ),
      abstention: rate(outside.filter((q) => top(q.question).length === 0).length, outside.length),
    };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
