import { collectKeywords, MATCH_CASE_MARKER, renderKeywords } from '../../../src/core/generate/keywords';
import { records } from './records';

test('titles and string tags, deduplicated without regard to case, sorted; non-string tags skipped', () => {
  const concepts = records({
    '/a.md': { title: 'Go', tags: ['programming-language', 'google', 2009, true] },
    '/b.md': { title: 'Google', tags: ['Google', 'search', '#hashtag', '  spaced\n  out  '] },
    '/c.md': { title: 'AI', tags: ['ai'] },
  });
  expect(collectKeywords(concepts)).toEqual({
    anyCase: ['hashtag', 'programming-language', 'search', 'spaced out'],
    matchCase: ['AI', 'Go', 'Google'],
  });
});

test('a one-word name written with a capital is matched by case, after the marker line; phrases in any case', () => {
  const concepts = records({
    '/go.md': { title: 'Go', tags: ['go', 'golang'] },
    '/gO.md': { title: 'GO', tags: ['Alan Turing'] },
    '/t.md': { title: 'alan turing', tags: ['turing'] },
  });
  expect(collectKeywords(concepts)).toEqual({ anyCase: ['Alan Turing', 'golang', 'turing'], matchCase: ['GO', 'Go'] });
  const lines = renderKeywords(concepts).split('\n');
  expect(lines.slice(lines.indexOf(MATCH_CASE_MARKER))).toEqual([MATCH_CASE_MARKER, 'GO', 'Go', '']);
  expect(renderKeywords(records({ '/t.md': { title: 'Alan Turing' } }))).not.toContain(MATCH_CASE_MARKER);
});

test('keywords are written NFC: a title typed decomposed (e + U+0301) is the composed spelling (QA2 F11)', () => {
  const concepts = records({ '/c.md': { title: 'Café Society'.normalize('NFD'), tags: ['café'.normalize('NFD')] } });
  expect(collectKeywords(concepts).anyCase).toEqual(['café', 'Café Society'].map((k) => k.normalize('NFC')));
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
  expect(text.endsWith(`os\n${MATCH_CASE_MARKER}\nMultics\nUnix\n`)).toBe(true);
  expect(renderKeywords([...concepts].reverse())).toBe(text);
});
