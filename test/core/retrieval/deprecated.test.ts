// A concept whose status is `deprecated` (OKF §5.4: kept for links and history, no longer current) is weighed and
// marked as a superseded one is (spec §7.7), though it names no successor: its facts come after the current page's
// and say "(deprecated)", where they had ranked first on their human review, unmarked (QA review 2, F18).
import { contextFor } from '../../../src/core/retrieval/context-for';
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { fixedClock, indexOfSpecs } from '../../support/retrieval-bundle';

const LEGACY = '/metrics/churn-old.md';
const CURRENT = '/metrics/churn.md';
let index: WikiIndex;

beforeAll(async () => {
  index = await indexOfSpecs({
    [LEGACY]: {
      title: 'Churn Rate (legacy)',
      status: 'deprecated',
      verified: 'human',
      relations: [{ predicate: 'formula', object: 'cancellations / starting customers' }],
      body: 'The churn rate formula used until 2025. Do not use for new analyses.',
    },
    [CURRENT]: {
      title: 'Churn Rate',
      status: 'draft',
      relations: [{ predicate: 'formula', object: 'cancellations / average customers' }],
      body: 'The churn rate formula: cancellations over the average number of customers.',
    },
  });
});
afterAll(() => index.close());

const ask = (question: string) => contextFor(index, question, { clock: fixedClock('2026-12-02') });

test("the current page's fact comes first; the deprecated page's is marked in text, JSON and weight", async () => {
  const result = await ask('What is the churn rate formula?');
  const formulas = result.facts.filter((f) => f.predicate === 'formula');
  expect(formulas.map((f) => [f.subject, f.deprecated])).toEqual([
    [CURRENT, undefined],
    [LEGACY, true],
  ]);
  expect(formulas[1].line).toBe(
    '- Churn Rate (legacy) formula cancellations / starting customers (trust: human-reviewed) (deprecated)',
  );
  expect(result.text).toContain('(trust: human-reviewed) (deprecated)');
});

test('a HISTORICAL question weighs the deprecated fact as any other, still marked', async () => {
  const result = await ask('What was the churn rate formula before?');
  const legacy = result.facts.find((f) => f.subject === LEGACY && f.predicate === 'formula');
  const current = result.facts.find((f) => f.subject === CURRENT && f.predicate === 'formula');
  expect(legacy?.deprecated).toBe(true);
  expect(legacy!.score).toBeGreaterThan(current!.score);
});

test('the deprecated page’s background heading says [deprecated]; its background and seed say so in JSON', async () => {
  const result = await ask('What is the churn rate formula?');
  expect(result.text).toContain('## Churn Rate (legacy) (/metrics/churn-old.md) [deprecated]\nThe churn rate formula');
  expect(result.text).toContain('## Churn Rate (/metrics/churn.md)\nThe churn rate formula');
  expect(result.background.map((b) => [b.path, b.deprecated])).toEqual([
    [CURRENT, undefined],
    [LEGACY, true],
  ]);
  expect(result.seeds.find((s) => s.path === LEGACY)?.deprecated).toBe(true);
  expect(result.seeds.find((s) => s.path === CURRENT)?.deprecated).toBeUndefined();
});
