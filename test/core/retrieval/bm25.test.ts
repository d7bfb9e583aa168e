// The BM25 signal and its word-coverage gate (spec §6.1, §10.4).
import { bm25Search, coverage, idfWeights } from '../../../src/core/retrieval/bm25';
import { contentWords } from '../../../src/core/retrieval/text';
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { indexOfSpecs } from '../../support/retrieval-bundle';

describe('coverage', () => {
  test('is the share of wanted words present as whole words', () => {
    expect(coverage(['fix', 'flat', 'bicycle', 'tire'], 'A flat near the harbour; a quick fix.')).toBe(0.5);
    expect(coverage(['fix'], 'prefix and suffix')).toBe(0);
    expect(coverage(['godel'], 'Kurt Gödel’s theorems')).toBe(1);
    expect(coverage(['godel', 'theorems'], 'KURT GÖDEL')).toBe(0.5);
  });

  test('compares English stems, as the porter tokenizer does: an inflection is the same word (issue 11 item 4)', () => {
    expect(coverage(['designed', 'engines'], 'Babbage began to design the Difference Engine.')).toBe(1);
    expect(coverage(['programmer'], 'the first computer programmers')).toBe(1);
    // Stems are whole words still: a prefix is not a match.
    expect(coverage(['design'], 'a redesign')).toBe(0);
  });

  test('counts a stem once when the question says it twice', () => {
    expect(coverage(['design', 'designed', 'engine'], 'designs')).toBe(0.5);
  });

  test('is 0 when nothing is wanted', () => {
    expect(coverage([], 'anything')).toBe(0);
  });

  test('counts the question’s content words, not its stopwords', () => {
    expect(contentWords('How do I fix a flat bicycle tire?')).toEqual(['fix', 'flat', 'bicycle', 'tire']);
    expect(contentWords('Who was Kurt Gödel? Kurt!')).toEqual(['kurt', 'godel']);
  });
});

describe('bm25Search', () => {
  let index: WikiIndex;
  beforeAll(async () => {
    index = await indexOfSpecs({
      '/entities/unix.md': {
        title: 'Unix',
        description: 'Operating system from Bell Labs.',
        tags: ['operating-system'],
        body: 'Unix began in 1969 on a PDP-7.',
      },
      '/entities/linux.md': {
        title: 'Linux',
        body: 'A Unix-like kernel. Unix Unix Unix ideas everywhere, unix again.',
      },
      '/entities/plan9.md': {
        title: 'Plan 9',
        aliases: ['Plan 9 from Bell Labs'],
        body: 'A successor research system.',
      },
      '/entities/other.md': { title: 'Cobol', body: 'Business language.' },
      '/entities/other2.md': { title: 'Fortran', body: 'Formula translation.' },
      '/entities/other3.md': { title: 'Lisp', body: 'Lists.' },
    });
  });
  afterAll(() => index.close());

  test("finds a page that says the question's words in another inflection (issue 11 item 4)", () => {
    const hits = bm25Search(index, 'Which systems began on PDPs?');
    expect(hits[0]?.path).toBe('/entities/unix.md');
    expect(hits[0]?.coverage).toBe(1);
  });

  test('a title hit outranks many body mentions', () => {
    expect(bm25Search(index, 'unix')[0].path).toBe('/entities/unix.md');
  });

  test('aliases, description and tags are searched', () => {
    expect(
      bm25Search(index, 'from Bell Labs')
        .map((h) => h.path)
        .sort(),
    ).toEqual(['/entities/plan9.md', '/entities/unix.md']);
    expect(bm25Search(index, 'operating').map((h) => h.path)).toEqual(['/entities/unix.md']);
  });

  test('each hit carries its own coverage, independent of its rank', () => {
    const hits = bm25Search(index, 'unix kernel');
    expect(Object.fromEntries(hits.map((h) => [h.path, h.coverage]))).toEqual({
      '/entities/unix.md': 0.5,
      '/entities/linux.md': 1,
    });
  });

  test('scores are bm25() values: negative, best (lowest) first, ties broken by path', () => {
    const hits = bm25Search(index, 'unix');
    expect(hits.every((h) => h.score < 0)).toBe(true);
    for (let i = 1; i < hits.length; i++) expect(hits[i].score).toBeGreaterThanOrEqual(hits[i - 1].score);
  });

  test('questions without content words, or with FTS syntax, are safe', () => {
    expect(bm25Search(index, 'Who is it?')).toEqual([]);
    expect(bm25Search(index, '"unix" NOT (kernel*')).toHaveLength(2);
  });

  test('the limit bounds the hits', () => {
    expect(bm25Search(index, 'unix', 1)).toHaveLength(1);
  });
});

describe('IDF-weighted coverage (issue 11 item 6, a per-bundle option)', () => {
  let index: WikiIndex;
  beforeAll(async () => {
    // "computer" is on every page; "founded" on one; "apple" on none.
    index = await indexOfSpecs({
      '/entities/ias.md': {
        title: 'Institute for Advanced Study',
        body: 'Founded in 1930; the IAS computer was built here.',
      },
      '/entities/eniac.md': { title: 'ENIAC', body: 'An early electronic computer.' },
      '/entities/edvac.md': { title: 'EDVAC', body: 'A stored-program computer.' },
      '/entities/unix.md': { title: 'Unix', body: 'An operating system for the computer room.' },
    });
  });
  afterAll(() => index.close());

  test(
    'weights are BM25 IDF of each stem in the bundle: a word on no page ' + 'weighs most, one on every page least',
    () => {
      const w = idfWeights(index, ['apple', 'founded', 'computer']);
      expect(w.get('appl')).toBeCloseTo(Math.log(1 + 4.5 / 0.5), 10);
      expect(w.get('found')).toBeCloseTo(Math.log(1 + 3.5 / 1.5), 10);
      expect(w.get('comput')).toBeCloseTo(Math.log(1 + 0.5 / 4.5), 10);
    },
  );

  test('"Who founded Apple Computer?" passes plain coverage on two common words, not IDF coverage', () => {
    const [plain] = bm25Search(index, 'Who founded Apple Computer?');
    expect(plain.path).toBe('/entities/ias.md');
    expect(plain.coverage).toBeGreaterThan(0.5);
    const [weighted] = bm25Search(index, 'Who founded Apple Computer?', undefined, 'idf');
    expect(weighted.path).toBe('/entities/ias.md');
    expect(weighted.coverage).toBeLessThan(0.5);
  });
});
