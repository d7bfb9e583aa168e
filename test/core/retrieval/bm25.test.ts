// The BM25 signal and its word-coverage gate (spec §6.1, §10.4).
import { bm25Search, coverage } from '../../../src/core/retrieval/bm25';
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
      '/entities/unix.md': { title: 'Unix', description: 'Operating system from Bell Labs.', tags: ['operating-system'], body: 'Unix began in 1969 on a PDP-7.' },
      '/entities/linux.md': { title: 'Linux', body: 'A Unix-like kernel. Unix Unix Unix ideas everywhere, unix again.' },
      '/entities/plan9.md': { title: 'Plan 9', aliases: ['Plan 9 from Bell Labs'], body: 'A successor research system.' },
      '/entities/other.md': { title: 'Cobol', body: 'Business language.' },
      '/entities/other2.md': { title: 'Fortran', body: 'Formula translation.' },
      '/entities/other3.md': { title: 'Lisp', body: 'Lists.' },
    });
  });
  afterAll(() => index.close());

  test('a title hit outranks many body mentions', () => {
    expect(bm25Search(index, 'unix')[0].path).toBe('/entities/unix.md');
  });

  test('aliases, description and tags are searched', () => {
    expect(bm25Search(index, 'from Bell Labs').map((h) => h.path).sort()).toEqual(['/entities/plan9.md', '/entities/unix.md']);
    expect(bm25Search(index, 'operating').map((h) => h.path)).toEqual(['/entities/unix.md']);
  });

  test('each hit carries its own coverage, independent of its rank', () => {
    const hits = bm25Search(index, 'unix kernel');
    expect(Object.fromEntries(hits.map((h) => [h.path, h.coverage]))).toEqual({ '/entities/unix.md': 0.5, '/entities/linux.md': 1 });
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
