// The spec's validated findings, each reproduced on its own fixture bundle (issue 3, Acceptance):
// §10.3 title beats mentions, §10.3 boundaries, §10.4 coverage gate, §7.7 supersession chains and cycles.
import { bm25Search } from '../../../src/core/retrieval/bm25';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { rawDatabase, type WikiIndex } from '../../../src/core/index/wiki-index';
import { fixedClock, indexOfFixture } from '../../support/retrieval-bundle';

const clock = fixedClock('2026-11-30');

describe('§10.3: the page about X seeds first, not the page that mentions X most', () => {
  let index: WikiIndex;
  beforeAll(async () => {
    index = await indexOfFixture('retrieval-andreessen-10-3');
  });
  afterAll(() => index.close());

  test('the finding reproduces: another page mentions him more and wins on BM25 alone', async () => {
    const mentions = (path: string) =>
      (
        rawDatabase(index)
          .get<{ t: string }>(
            "select title || ' ' || description || ' ' || tags || ' ' || body as t from concepts where path = ?",
            [path],
          )!
          .t.match(/marc[ -]andreessen/gi) ?? []
      ).length;
    expect(mentions('/entities/andreessen-horowitz.md')).toBeGreaterThan(mentions('/entities/marc-andreessen.md'));
    expect(bm25Search(index, 'Who is Marc Andreessen?')[0].path).toBe('/entities/andreessen-horowitz.md');
    const bm25Only = await contextFor(index, 'Who is Marc Andreessen?', { clock, disabledSignals: ['title'] });
    expect(bm25Only.seeds[0].path).toBe('/entities/andreessen-horowitz.md');
  });

  test('with the exact-title signal, Marc Andreessen seeds first', async () => {
    const result = await contextFor(index, 'Who is Marc Andreessen?', { clock });
    expect(result.confident).toBe(true);
    expect(result.seeds[0]).toMatchObject({ path: '/entities/marc-andreessen.md', signals: { title: 0 } });
    expect(result.seeds.map((s) => s.path)).not.toContain('/entities/andreessen-horowitz.md');
    // The page that mentions him is still reached, through the graph.
    expect(result.facts.some((f) => f.objectPath === '/entities/andreessen-horowitz.md')).toBe(true);
  });

  test('a question naming the firm seeds the firm', async () => {
    const result = await contextFor(index, 'What did Andreessen Horowitz invest in?', { clock });
    expect(result.seeds[0].path).toBe('/entities/andreessen-horowitz.md');
    expect(result.text).toContain(
      '- Andreessen Horowitz invested_in OpenAI, as of 2021-04-01 (trust: human-reviewed, source: a16z-portfolio)',
    );
  });
});

describe('§10.3: titles match at word boundaries, never as substrings', () => {
  let index: WikiIndex;
  beforeAll(async () => {
    index = await indexOfFixture('retrieval-title-boundary-10-3');
  });
  afterAll(() => index.close());

  test('"AI" does not seed on "explain"', async () => {
    const result = await contextFor(index, 'Can you explain recursion?', { clock });
    expect(result.seeds).toEqual([]);
    expect(result.confident).toBe(false);
    expect(result.text).toBe('No confident match in this wiki for: "Can you explain recursion?"\n');
  });

  test('"Go" does not seed on "ago"', async () => {
    const result = await contextFor(index, 'What happened a decade ago?', { clock });
    expect(result.seeds.map((s) => s.path)).not.toContain('/entities/go.md');
    expect(result.confident).toBe(false);
  });

  test('the titles themselves still seed', async () => {
    expect((await contextFor(index, 'What is AI?', { clock })).seeds[0]).toMatchObject({
      path: '/concepts/ai.md',
      signals: { title: 0 },
    });
    expect((await contextFor(index, 'When was Go released?', { clock })).seeds[0]).toMatchObject({
      path: '/entities/go.md',
      signals: { title: 0 },
    });
  });
});

describe('§10.4: BM25 confidence is gated on word coverage, not on a nonempty match or bm25 magnitude', () => {
  let index: WikiIndex;
  beforeAll(async () => {
    index = await indexOfFixture('retrieval-flat-tire-10-4');
  });
  afterAll(() => index.close());

  const offDomain = 'How do I fix a flat bicycle tire?';
  const genuine = 'Did rent caps fix flat prices near the harbour?';

  test('the off-domain question does hit the housing essay, covering exactly half its words', () => {
    const hits = bm25Search(index, offDomain);
    expect(hits[0]).toMatchObject({ path: '/entities/housing-policy.md', coverage: 0.5 });
  });

  test('and its bm25 score beats the genuine question’s top score by magnitude (why magnitude cannot gate)', () => {
    // bm25() is lower-is-better: the coincidental rare-word hit looks "stronger" than the real one.
    const offTop = bm25Search(index, offDomain)[0];
    const genuineTop = bm25Search(index, 'Which buildings does zoning reform allow?')[0];
    expect(genuineTop).toMatchObject({ path: '/entities/zoning-reform.md', coverage: 1 });
    expect(offTop.score).toBeLessThan(genuineTop.score);
  });

  test('…and yet only the genuine question is confident', async () => {
    expect((await contextFor(index, 'Which buildings does zoning reform allow?', { clock })).seeds[0].path).toBe(
      '/entities/zoning-reform.md',
    );
    expect((await contextFor(index, offDomain, { clock })).confident).toBe(false);
  });

  test('the off-domain question is not confident and says so plainly', async () => {
    const result = await contextFor(index, offDomain, { clock });
    expect(result.confident).toBe(false);
    expect(result.seeds).toEqual([]);
    expect(result.facts).toEqual([]);
    expect(result.text).toBe(`No confident match in this wiki for: "${offDomain}"\n`);
  });

  test('the genuine question is confident on BM25 coverage alone', async () => {
    const result = await contextFor(index, genuine, { clock });
    expect(result.confident).toBe(true);
    expect(result.seeds[0]).toMatchObject({ path: '/entities/housing-policy.md', signals: { bm25: 0 } });
    expect(result.seeds[0].signals.title).toBeUndefined();
  });

  test('the coverage threshold is an option: at 0.4 the half-covered question passes', async () => {
    const result = await contextFor(index, offDomain, { clock, coverageThreshold: 0.4 });
    expect(result.confident).toBe(true);
  });
});

describe('§7.7: supersession chain A → B → C', () => {
  let index: WikiIndex;
  const A = '/entities/george-hw-bush-presidency.md';
  const B = '/entities/bill-clinton-presidency.md';
  const C = '/entities/george-w-bush-presidency.md';
  beforeAll(async () => {
    index = await indexOfFixture('retrieval-supersession-chain-7-7');
  });
  afterAll(() => index.close());

  test('a present-tense question that BM25-matches all three seeds only C', async () => {
    const result = await contextFor(index, 'Who holds the presidency?', { clock });
    expect(result.intent).not.toBe('HISTORICAL');
    expect(result.seeds.map((s) => s.path)).toEqual([C]);
  });

  test('naming a superseded concept resolves to the end of its chain', async () => {
    const result = await contextFor(index, 'Tell me about the George H. W. Bush presidency', { clock });
    expect(result.seeds).toHaveLength(1);
    expect(result.seeds[0]).toMatchObject({ path: C, resolvedFrom: A, signals: { title: 0 } });
    expect(result.text).toContain(
      'Seeds: George W. Bush presidency ' +
        '(/entities/george-w-bush-presidency.md, current successor of ' +
        'superseded /entities/george-hw-bush-presidency.md).',
    );
  });

  test('facts of A and B appear only with the superseded marker', async () => {
    const result = await contextFor(index, 'Who holds the presidency?', { clock });
    const old = result.facts.filter((f) => f.subject === A || f.subject === B);
    expect(old.length).toBeGreaterThan(0);
    for (const f of old) expect(f.superseded).toBeDefined();
    for (const line of result.text
      .split('\n')
      .filter((l) => /^- (George H\. W\. Bush|Bill Clinton) presidency /.test(l))) {
      expect(line).toMatch(/ \(superseded by \/entities\/[a-z-]+\.md as of \d{4}-\d{2}-\d{2}\)$/);
    }
    expect(result.text).toContain(
      '- Bill Clinton presidency inaugurated President, as of 1993-01-20 ' +
        '(trust: human-reviewed, source: archives) (superseded by ' +
        '/entities/george-w-bush-presidency.md as of 2001-01-21)',
    );
    // C's own facts come first: the superseded ones are down-weighted ×0.15.
    expect(result.facts[0].subject).toBe(C);
  });

  test('a HISTORICAL question reaches A and B as seeds', async () => {
    const result = await contextFor(index, 'Who held the presidency before the Bill Clinton presidency?', { clock });
    expect(result.intent).toBe('HISTORICAL');
    expect(result.seeds[0].path).toBe(B);
    expect(result.facts.some((f) => f.subject === A)).toBe(true);
    const in1990 = await contextFor(index, 'What was the George H. W. Bush presidency doing in 1990?', { clock });
    expect(in1990.seeds[0].path).toBe(A);
    expect(in1990.text).toContain(
      '- George H. W. Bush presidency inaugurated President, as of ' +
        '1989-01-20 (trust: human-reviewed, source: archives) (superseded by ' +
        '/entities/bill-clinton-presidency.md as of 1993-01-20)',
    );
  });

  test('a superseded concept in a cycle seeds itself, marked: deprioritized, not deleted', async () => {
    const result = await contextFor(index, 'Tell me about Cycle Xylophone', { clock });
    expect(result.seeds.map((s) => s.path)).toEqual(['/entities/cycle-x.md']);
    expect(result.facts[0]).toMatchObject({
      subject: '/entities/cycle-x.md',
      superseded: { by: '/entities/cycle-y.md' },
    });
  });

  test('a HISTORICAL question may seed a concept in a cycle, and expansion terminates', async () => {
    const result = await contextFor(index, 'What was Cycle Xylophone before?', { clock });
    expect(result.seeds.map((s) => s.path)).toEqual(['/entities/cycle-x.md']);
    expect(result.facts[0]).toMatchObject({
      subject: '/entities/cycle-x.md',
      objectPath: '/entities/cycle-y.md',
      hop: 0,
    });
  });

  test('a chain longer than five editions resolves to its end from its first page', async () => {
    // long-1 reaches long-7 in 6 hops (a walk bounded at 5 used to drop the hit).
    for (const step of [1, 2, 6])
      expect(
        (await contextFor(index, `Tell me about Longchain step ${step}`, { clock })).seeds.map((s) => [
          s.path,
          s.resolvedFrom,
        ]),
      ).toEqual([['/entities/long-7.md', `/entities/long-${step}.md`]]);
  });
});
