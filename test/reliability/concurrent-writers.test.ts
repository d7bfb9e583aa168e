// Faults: writers on one bundle at the same time (issue 12, point 1), as real processes started together, many
// rounds. Two `relate` runs on one pair: both relations land in both files. Two `file-back` runs with one title:
// exactly one page is written, the other run refuses and no body is lost. Reindex, relate and file-back at once:
// every log.md entry is there. OKF_CONCURRENCY_ROUNDS raises the number of rounds for a deeper run.
import { readFileSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { readConcept } from '../../src/core/okf/read-concept';
import { conceptFile } from '../support/builders';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';
import { buildCli, type BuiltCli, type CliProcessResult } from './support/cli-process';

const ROUNDS = Number(process.env.OKF_CONCURRENCY_ROUNDS ?? 5);
const RUN = { timeoutMs: 60_000 };

let cli: BuiltCli;
let dir: string;
let scratch: string;

beforeAll(async () => {
  cli = await buildCli();
}, 60_000);
afterAll(() => cli?.cleanup());

beforeEach(() => {
  dir = makeTempDir('okf-concurrent-');
  scratch = makeTempDir('okf-concurrent-bodies-');
  writeTree(dir, {
    '/entities/ada-lovelace.md': conceptFile(
      { type: 'Person', title: 'Ada Lovelace' },
      'Ada Lovelace wrote the first published algorithm.\n',
    ),
    '/entities/charles-babbage.md': conceptFile(
      { type: 'Person', title: 'Charles Babbage' },
      'Charles Babbage designed the Analytical Engine.\n',
    ),
  });
});
afterEach(() => {
  removeTempDir(dir);
  removeTempDir(scratch);
});

const ADA = '/entities/ada-lovelace.md';
const BABBAGE = '/entities/charles-babbage.md';
const disk = (path: string) => readFileSync(nodePath.join(dir, path), 'utf8');

/** `predicate → object` of every relation the file holds. */
function relationsOf(path: string): string[] {
  const read = readConcept(path, disk(path));
  if (read.kind !== 'concept') throw new Error(`${path} is no longer a concept: ${JSON.stringify(read)}`);
  return read.concept.relations.map((r) => `${r.predicate} → ${r.objectPath}`);
}

function relate(
  predicate: string,
  inverse: string,
  subject = 'entities/ada-lovelace',
  object = 'entities/charles-babbage',
): Promise<CliProcessResult> {
  return cli.run(['relate', subject, predicate, object, '--inverse', inverse, '--bundle', dir, '--no-embed'], RUN);
}

function fileBack(title: string, body: string, name: string): Promise<CliProcessResult> {
  const bodyFile = nodePath.join(scratch, name);
  writeFileSync(bodyFile, body);
  return cli.run(['file-back', '--title', title, '--body-file', bodyFile, '--bundle', dir, '--no-embed'], RUN);
}

const entries = (kind: string) =>
  disk('/log.md')
    .split('\n')
    .filter((l) => l.startsWith(`* **${kind}**`)).length;

test(
  'two relate runs on the same pair at once: both exit 0 and both ' + 'relations are in both files, every round',
  async () => {
    const lost: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [first, second] = await Promise.all([
        relate(`taught_${round}`, `taught_by_${round}`),
        relate(`wrote_to_${round}`, `written_to_by_${round}`),
      ]);
      if (first.code !== 0 || second.code !== 0)
        lost.push(`round ${round}: exit ${first.code}/${second.code}: ${first.stderr}${second.stderr}`);
      const ada = relationsOf(ADA);
      const babbage = relationsOf(BABBAGE);
      for (const expected of [`taught_${round} → ${BABBAGE}`, `wrote_to_${round} → ${BABBAGE}`])
        if (!ada.includes(expected)) lost.push(`round ${round}: ${ADA} lacks ${expected}`);
      for (const expected of [`taught_by_${round} → ${ADA}`, `written_to_by_${round} → ${ADA}`])
        if (!babbage.includes(expected)) lost.push(`round ${round}: ${BABBAGE} lacks ${expected}`);
    }
    expect(lost).toEqual([]);
    expect(relationsOf(ADA)).toHaveLength(2 * ROUNDS);
    expect(relationsOf(BABBAGE)).toHaveLength(2 * ROUNDS);
    expect(entries('Related')).toBe(2 * ROUNDS);
  },
  240_000,
);

test(
  'two file-back runs with the same title at once: exactly one writes ' + 'the page, the other refuses, no body lost',
  async () => {
    const problems: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const title = `Analytical Engine notes ${round}`;
      const bodies = [
        `Written by the first writer in round ${round}.\n`,
        `Written by the second writer in round ${round}.\n`,
      ];
      const results = await Promise.all(bodies.map((body, i) => fileBack(title, body, `body-${round}-${i}.md`)));
      const winners = results.flatMap((r, i) => (r.code === 0 ? [i] : []));
      if (winners.length !== 1) {
        problems.push(
          `round ${round}: ${winners.length} runs reported success (exit ${results.map((r) => r.code).join('/')})`,
        );
        continue;
      }
      const loser = results[1 - winners[0]];
      if (loser.code !== 2 || !/already exists|was created since/.test(loser.stderr))
        problems.push(`round ${round}: the refusal was unclear: exit ${loser.code}, ${loser.stderr}`);
      const page = disk(`/concepts/analytical-engine-notes-${round}.md`);
      if (!page.endsWith(bodies[winners[0]]))
        problems.push(`round ${round}: the page does not hold the body of the run that succeeded`);
    }
    expect(problems).toEqual([]);
    expect(entries('Filed back')).toBe(ROUNDS);
  },
  240_000,
);

test('reindex, relate and file-back at once: every log.md entry is there, every round', async () => {
  const rounds = Math.max(1, Math.floor(ROUNDS / 4));
  for (let round = 0; round < rounds; round++) {
    const results = await Promise.all([
      cli.run(['reindex', '--bundle', dir, '--no-embed'], RUN),
      relate(`corresponded_with_${round}`, `corresponded_with_${round}`),
      cli.run(['reindex', '--bundle', dir, '--no-embed'], RUN),
      relate(`admired_${round}`, `admired_by_${round}`),
      fileBack(`Difference Engine ${round}`, `The Difference Engine, part ${round}.\n`, `engine-${round}.md`),
    ]);
    expect(results.map((r) => (r.code === 0 ? 0 : `${r.code}: ${r.stderr}`))).toEqual([0, 0, 0, 0, 0]);
    expect([entries('Reindex'), entries('Related'), entries('Filed back')]).toEqual([
      2 * (round + 1),
      2 * (round + 1),
      round + 1,
    ]);
  }
}, 240_000);
