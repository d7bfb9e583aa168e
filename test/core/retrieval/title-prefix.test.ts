// A question naming concepts by title seeds only those concepts (spec §10.3), so where ranking BM25's best 20 would
// cost a pass over every page of a common word, seeds.ts settles for the exact first hits when they decide the
// titled concepts' evidence. The answers must be those of the whole ranking, byte for byte: compared here with the
// same index made to rank in full, on generated bundles with common words, rare names and supersession chains.
import fc from 'fast-check';
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { fixedClock, indexOfSpecs, type ConceptSpec } from '../../support/retrieval-bundle';

const clock = fixedClock('2026-11-30');
const NAMES = ['Kel', 'Vorn', 'Ast', 'Mirel'];

/** Answers with the index as it is, and with bm25Prefix made to rank in full: the reference. */
async function bothWays(index: WikiIndex, question: string) {
  const fast = await contextFor(index, question, { clock });
  const prefix = jest
    .spyOn(index, 'bm25Prefix')
    .mockImplementation((match, limit, weights) => ({ rows: index.bm25Rows(match, limit, weights), complete: true }));
  try {
    return { fast, full: await contextFor(index, question, { clock }) };
  } finally {
    prefix.mockRestore();
  }
}

/** Whether answering `question` took a prefix alone (no whole ranking asked after it). */
async function answeredFromPrefix(index: WikiIndex, question: string): Promise<boolean> {
  const prefix = jest.spyOn(index, 'bm25Prefix');
  const rows = jest.spyOn(index, 'bm25Rows');
  try {
    await contextFor(index, question, { clock });
    const incomplete = prefix.mock.results.some((r) => (r.value as { complete: boolean }).complete === false);
    return incomplete && rows.mock.calls.length === 0;
  } finally {
    prefix.mockRestore();
    rows.mockRestore();
  }
}

test('title questions answer as with the whole BM25 ranking: common words, rare names, superseded pages', async () => {
  const page = fc.record({
    // A page titled "Systems" holds no rare name: its hit ranks among the common ones, past the first.
    name: fc.constantFrom(...NAMES, 'Plain', ''),
    suffix: fc.constantFrom(' Systems', ' Labs', '', 'Systems'),
    body: fc.array(fc.constantFrom('systems', 'systems', 'systems', 'labs', 'kel', 'vorn', 'design', 'early'), {
      minLength: 1,
      maxLength: 8,
    }),
    superseded: fc.boolean(),
  });
  let fromPrefix = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(page, { minLength: 30, maxLength: 60 }),
      fc.array(
        fc.tuple(
          fc.constantFrom(...NAMES),
          fc.constantFrom('What is {} Systems?', 'Who is {}?', 'Which {} labs?', 'Is {} part of Systems?'),
        ),
        {
          minLength: 1,
          maxLength: 4,
        },
      ),
      async (pages, questions) => {
        const specs: Record<string, ConceptSpec> = {};
        pages.forEach((p, i) => {
          const path = `/entities/p${String(i).padStart(2, '0')}.md`;
          // Pages superseded by the next one: chains lead to titled pages from pages past the first hits.
          const supersede = p.superseded && i % 3 !== 0 && i + 1 < pages.length;
          specs[path] = {
            title: (`${p.name}${p.suffix}`.trim() || 'Plain') + (i % 3 === 0 ? '' : ` ${i}`),
            body: p.body.join(' '),
            ...(supersede
              ? {
                  status: 'superseded',
                  supersededBy: `/entities/p${String(i + 1).padStart(2, '0')}.md`,
                  supersededAt: '2020-01-01',
                }
              : {}),
          };
        });
        const index = await indexOfSpecs(specs);
        try {
          // Twice: the first question on an unchanged index, then the kept scores.
          for (const round of [0, 1])
            for (const [name, form] of questions) {
              const question = form.replace('{}', name);
              const { fast, full } = await bothWays(index, question);
              expect([round, question, fast]).toEqual([round, question, full]);
              if (await answeredFromPrefix(index, question)) fromPrefix++;
            }
        } finally {
          index.close();
        }
      },
    ),
    { numRuns: 25, seed: 7 },
  );
  // The shortcut was taken: else this test would compare the whole ranking with itself.
  expect(fromPrefix).toBeGreaterThan(4);
}, 120_000);
