// Budget and render (spec §6.4, §6.5): facts first, then seed prose; the rendered block never exceeds the budget.
import fc from 'fast-check';
import { assemble, fitToBudget, noMatchText, proseOf, trimToTokens } from '../../../src/core/retrieval/assemble';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { estimateTokens } from '../../../src/core/retrieval/text';
import type { Fact, Seed } from '../../../src/core/retrieval/types';
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { buildIndex } from '../../../src/core/index/build';
import { FsBundle } from '../../../src/node/fs-bundle';
import * as nodePath from 'node:path';
import { fixedClock } from '../../support/retrieval-bundle';

const seed = (path: string, title: string): Seed => ({
  path,
  title,
  type: 'Concept',
  fused: 0.03,
  signals: { title: 0 },
});
const fact = (n: number, extra: Partial<Fact> = {}): Fact => {
  const base = {
    subject: `/e/s${n}.md`,
    subjectTitle: `Subject ${n}`,
    predicate: 'knows',
    object: `Object ${n}`,
    trust: 'human-reviewed' as const,
    score: 1 - n / 1000,
    hop: 0,
    ...extra,
  };
  return { ...base, line: `- ${base.subjectTitle} ${base.predicate} ${base.object} (trust: ${base.trust})` };
};

describe('assemble', () => {
  const seeds = [seed('/e/a.md', 'Alpha')];
  const bodies = new Map([
    [
      '/e/a.md',
      {
        body:
          '# Summary\n\nAlpha is the first letter.[^src]\n\nSee [Beta](/e/b.md) ' +
          'and [[gamma|Gamma]].\n\n[^src]: A source\n',
      },
    ],
  ]);

  test('renders header, facts, then background', () => {
    const out = assemble({
      question: ' What is Alpha? ',
      intent: 'ENTITY',
      seeds,
      facts: [fact(1), fact(2)],
      bodies,
      budget: 1500,
    });
    expect(out.text).toBe(
      [
        'Context from the wiki for: "What is Alpha?"',
        'Intent: ENTITY. Seeds: Alpha (/e/a.md).',
        '',
        'Facts:',
        '- Subject 1 knows Object 1 (trust: human-reviewed)',
        '- Subject 2 knows Object 2 (trust: human-reviewed)',
        '',
        'Background:',
        '## Alpha (/e/a.md)',
        'Alpha is the first letter.',
        '',
        'See Beta and Gamma.',
        '',
      ].join('\n'),
    );
    expect(out.tokens).toBe(estimateTokens(out.text));
    expect(out.background).toEqual([
      { path: '/e/a.md', title: 'Alpha', text: 'Alpha is the first letter.\n\nSee Beta and Gamma.', truncated: false },
    ]);
  });

  test('facts keep their ranked order and take at most 60% of the budget when there is prose', () => {
    const facts = Array.from({ length: 200 }, (_, i) => fact(i));
    const out = assemble({ question: 'q', intent: 'GENERAL', seeds, facts, bodies, budget: 500 });
    expect(out.facts).toEqual(facts.slice(0, out.facts.length));
    const factBlock = out.text.slice(out.text.indexOf('Facts:'), out.text.indexOf('Background:'));
    expect(estimateTokens(factBlock)).toBeLessThanOrEqual(300);
    expect(out.background).toHaveLength(1);
    expect(out.tokens).toBeLessThanOrEqual(500);
  });

  test('without prose, facts may use the whole budget', () => {
    const facts = Array.from({ length: 200 }, (_, i) => fact(i));
    const out = assemble({ question: 'q', intent: 'GENERAL', seeds, facts, bodies: new Map(), budget: 500 });
    expect(out.tokens).toBeGreaterThan(400);
    expect(out.tokens).toBeLessThanOrEqual(500);
    expect(out.text).not.toContain('Background:');
  });

  test('a relation asserted in both directions is rendered once', () => {
    const there = fact(1, { subject: '/e/a.md', objectPath: '/e/b.md', date: '2020-01-01' });
    const back = fact(2, { subject: '/e/b.md', objectPath: '/e/a.md', date: '2020-01-01' });
    expect(
      assemble({ question: 'q', intent: 'GENERAL', seeds, facts: [there, back], bodies, budget: 1500 }).facts,
    ).toEqual([there]);
  });

  test('a stale seed’s prose is marked', () => {
    const out = assemble({
      question: 'q',
      intent: 'GENERAL',
      seeds,
      facts: [],
      bodies: new Map([['/e/a.md', { body: 'Old news.', stale: '2025-06-30' }]]),
      budget: 1500,
    });
    expect(out.text).toContain('## Alpha (/e/a.md) [stale since 2025-06-30]\nOld news.');
  });

  test('property: the rendered block never exceeds the budget', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.string({ maxLength: 3000 }),
        fc.array(fc.string({ minLength: 1, maxLength: 300 }), { maxLength: 40 }),
        fc.array(fc.string({ maxLength: 4000 }), { minLength: 1, maxLength: 5 }),
        (budget, question, lines, proses) => {
          const ss = proses.map((_, i) => seed(`/e/${i}.md`, `Title ${i}`));
          const facts = lines.map((line, i) => ({ ...fact(i), line: `- ${line}` }));
          const bs = new Map(proses.map((p, i) => [`/e/${i}.md`, { body: p }]));
          const out = assemble({ question, intent: 'GENERAL', seeds: ss, facts, bodies: bs, budget });
          return out.tokens <= budget && estimateTokens(out.text) <= budget;
        },
      ),
      { numRuns: 300, seed: 42 },
    );
  });
});

describe('helpers', () => {
  test('proseOf drops footnotes, link syntax and summary headings', () => {
    expect(proseOf('# Summary\n\nText[^a] with [a link](/x.md), [[y]] and [[z|Zed]].\n\n\n\n[^a]: note\n')).toBe(
      'Text with a link, y and Zed.',
    );
  });

  test('trimToTokens cuts at a sentence or paragraph end and marks the cut', () => {
    const text =
      'First sentence here is quite a bit longer now. Second sentence is even longer than the first one was. Third.';
    expect(trimToTokens(text, 100)).toEqual({ text, truncated: false });
    const cut = trimToTokens(text, 15);
    expect(cut).toEqual({ text: 'First sentence here is quite a bit longer now.…', truncated: true });
    expect(cut.text.length).toBeLessThanOrEqual(60);
  });

  test('fitToBudget leaves a block within budget alone and cuts one over it', () => {
    expect(fitToBudget('abcd\n', 2)).toBe('abcd\n');
    const cut = fitToBudget('x'.repeat(100), 5);
    expect(estimateTokens(cut)).toBeLessThanOrEqual(5);
    expect(cut.endsWith('…\n')).toBe(true);
  });

  test('the no-match line quotes the question, cut when it is a pasted page', () => {
    expect(noMatchText('  Who is X?  ')).toBe('No confident match in this wiki for: "Who is X?"');
    expect(noMatchText('y'.repeat(5000)).length).toBeLessThan(300);
  });
});

describe('budget over the demo bundle', () => {
  let index: WikiIndex;
  beforeAll(async () => {
    index = await buildIndex(new FsBundle(nodePath.join(__dirname, '..', '..', '..', 'examples', 'computing-history')));
  });
  afterAll(() => index.close());

  test.each([1, 20, 50, 80, 120, 200, 333, 500, 800, 1500, 4000])(
    'budget %i is respected, facts first',
    async (budget) => {
      for (const q of ['Who ran Bell Labs before Nokia?', 'Who is Alan Turing?', 'Why was Unix created?']) {
        const result = await contextFor(index, q, { budget, clock: fixedClock('2026-11-30') });
        expect(result.tokens).toBeLessThanOrEqual(budget);
        expect(estimateTokens(result.text)).toBeLessThanOrEqual(budget);
        if (result.facts.length > 0 && result.background.length > 0)
          expect(result.text.indexOf('Facts:')).toBeLessThan(result.text.indexOf('Background:'));
        if (budget >= 500) expect(result.facts.length).toBeGreaterThan(0);
      }
    },
  );

  test('the no-match answer respects the budget too', async () => {
    const result = await contextFor(index, 'zzz '.repeat(400) + 'qqq', { budget: 20 });
    expect(result.confident).toBe(false);
    expect(result.tokens).toBeLessThanOrEqual(20);
  });
});

describe('wikilinks in prose', () => {
  const titles = new Map([['alonzo-church', 'Alonzo Church']]);
  const linkTitle = (target: string) =>
    titles.get(target.split('#')[0].replace(/\.md$/, '').split('/').pop()!.toLowerCase());

  test('a bare wikilink shows the linked concept’s title; an unknown one its target; an alias its alias', () => {
    expect(
      proseOf(
        'Studied under [[alonzo-church]], [[entities/Alonzo-Church.md#Life]], [[alonzo-church|Church]] and [[nobody]].',
        linkTitle,
      ),
    ).toBe('Studied under Alonzo Church, Alonzo Church, Church and nobody.');
  });

  test('embeds are dropped', () => {
    expect(proseOf('Before ![[diagram.png]] after.')).toBe('Before  after.');
  });
});
