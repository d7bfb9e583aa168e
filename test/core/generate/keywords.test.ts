import { collectKeywords, renderKeywords } from '../../../src/core/generate/keywords';
import { records } from './records';

test('titles and string tags, deduplicated without regard to case, sorted; non-string tags skipped', () => {
  const concepts = records({
    '/a.md': { title: 'Go', tags: ['programming-language', 'google', 2009, true] },
    '/b.md': { title: 'Google', tags: ['Google', 'search', '#hashtag', '  spaced\n  out  '] },
    '/c.md': { title: 'AI', tags: ['ai'] },
  });
  expect(collectKeywords(concepts)).toEqual([
    'AI',
    'Go',
    'Google',
    'hashtag',
    'programming-language',
    'search',
    'spaced out',
  ]);
});

test('the file starts with comment lines saying it is generated, and is the same for any concept order', () => {
  const concepts = records({ '/a.md': { title: 'Unix', tags: ['os'] }, '/b.md': { title: 'Multics' } });
  const text = renderKeywords(concepts);
  expect(
    text
      .split('\n')
      .slice(0, 2)
      .every((l) => l.startsWith('# ')),
  ).toBe(true);
  expect(text.endsWith('Multics\nos\nUnix\n')).toBe(true);
  expect(renderKeywords([...concepts].reverse())).toBe(text);
});
