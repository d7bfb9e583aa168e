// The small pure helpers of the reader: ISO dates and staleness, prose links, content hashes.
import { datePart, isIsoDate, isPast, staleFrom } from '../../../src/core/okf/dates';
import { contentHash } from '../../../src/core/okf/hash';
import { extractLinks } from '../../../src/core/okf/links';

describe('isIsoDate', () => {
  test.each([
    '2026',
    '2026-08',
    '2026-08-09',
    '2026-08-09T10:00',
    '2026-08-09T10:00:00Z',
    '2026-08-09T10:00:00.5Z',
    '2026-08-09 10:00:00',
    '2026-07-10T23:16:06+00:00',
    '2026-07-10T23:16:06-0530',
    '2024-02-29',
    '2000-02-29',
    '2026-04-30',
    '2026-12-31',
  ])('%s is ISO 8601', (text) => {
    expect(isIsoDate(text)).toBe(true);
  });

  test.each([
    '',
    '26',
    '2026-8-9',
    '2026/08/09',
    '2026-00-01',
    '2026-12-00',
    '2026-12-32',
    '2026-08-09T25:00Z',
    'tomorrow',
    '2026-08-09Z1',
    '2020-02-30',
    '2023-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-11-31T10:00:00Z',
  ])('%j is not', (text) => {
    expect(isIsoDate(text)).toBe(false);
  });

  test('answers as the pattern and calendar checks do on every 10-character text of digits, dashes and others', () => {
    // The definition (the general path, which 10-character `YYYY-MM-DD` texts skip): the pattern, then the ranges.
    const time = '(?:[T ](\\d{2}):(\\d{2})(?::(\\d{2})(?:[.,]\\d+)?)?(?:Z|[+-]\\d{2}(?::?\\d{2})?)?)?';
    const pattern = new RegExp(`^(\\d{4})(?:-(\\d{2})(?:-(\\d{2})${time})?)?$`);
    const reference = (text: string) => {
      const m = pattern.exec(text);
      if (!m) return false;
      const [year, month, day] = [m[1], m[2], m[3]].map((v) => (v === undefined ? undefined : Number(v)));
      const leap = year! % 4 === 0 && (year! % 100 !== 0 || year! % 400 === 0);
      const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month!) ? 30 : 31;
      if (month !== undefined && (month < 1 || month > 12)) return false;
      return day === undefined || (day >= 1 && day <= days);
    };
    let seed = 5;
    const random = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    const texts = ['0000-02-29', '1900-02-29', '2000-02-29', '2024-02-29', '2023-02-29', '9999-12-31', '2026-13-01'];
    for (let month = 0; month <= 13; month++)
      for (let day = 0; day <= 32; day++)
        for (const year of ['2024', '2023', '2100', '2000'])
          texts.push(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
    const odd = ['-', '/', ' ', 'T', 'Z', ':', '+', '\u0660', '\uff11', 'a', '\0'];
    for (let i = 0; i < 20000; i++) {
      const chars = [...texts[random(texts.length)]];
      for (let k = random(3); k >= 0; k--) chars[random(10)] = random(2) ? odd[random(odd.length)] : String(random(10));
      texts.push(chars.join(''));
    }
    for (const text of texts) expect([text, isIsoDate(text)]).toEqual([text, reference(text)]);
  });
});

describe('isPast (OKF §5.5: stale when today >= stale_after)', () => {
  const now = '2026-11-30T12:00:00Z';
  test.each([
    ['2026-11-29', true],
    ['2026-11-30', true],
    ['2026-11-30T23:59:59Z', true],
    ['2026-12-01', false],
    // A year or month is the whole period (QA2 F22): stale from the day after it ends.
    ['2026-10', true],
    ['2026-11', false],
    ['2026-12', false],
    ['2025-12', true],
    ['2025', true],
    ['2026', false],
  ])('stale_after %s → %s', (staleAfter, expected) => {
    expect(isPast(staleAfter, now)).toBe(expected);
  });

  test('staleFrom: the day after a year or month, the date itself otherwise', () => {
    expect(['2026', '2026-12', '2026-02', '2026-02-10T09:00:00Z'].map(staleFrom)).toEqual([
      '2027-01-01',
      '2027-01-01',
      '2026-03-01',
      '2026-02-10',
    ]);
  });

  test('datePart keeps the calendar date', () => {
    expect(datePart('2026-08-09T23:30:00-05:00')).toBe('2026-08-09');
  });
});

describe('extractLinks', () => {
  test('markdown links resolve against the linking file; wikilinks keep their name', () => {
    const body = [
      'See [B](./b.md), [C](/concepts/c.md "title"), [D](d.md), [E](../other/e.md#part) and [[Ada Lovelace|Ada]].',
      'Also [[Charles Babbage#Early life]] and [[ Alan Turing ]].',
    ].join('\n');
    expect(extractLinks('/entities/a.md', body)).toEqual([
      { raw: './b.md', kind: 'markdown', targetPath: '/entities/b.md' },
      { raw: '/concepts/c.md', kind: 'markdown', targetPath: '/concepts/c.md' },
      { raw: 'd.md', kind: 'markdown', targetPath: '/entities/d.md', rootPath: '/d.md' },
      { raw: '../other/e.md#part', kind: 'markdown', targetPath: '/other/e.md' },
      { raw: 'Ada Lovelace', kind: 'wikilink' },
      { raw: 'Charles Babbage', kind: 'wikilink' },
      { raw: 'Alan Turing', kind: 'wikilink' },
    ]);
  });

  test('external links, images, embeds, anchors and code are not links', () => {
    const body = [
      '[web](https://example.com) [mail](mailto:a@b.c) [proto](//host/x) [anchor](#top)',
      '![img](/img.png) ![[embed.png]]',
      '`[code](/code.md)` and',
      '```',
      '[fenced](/fenced.md) [[Fenced]]',
      '```',
      'after [real](/real.md)',
    ].join('\n');
    expect(extractLinks('/a.md', body)).toEqual([{ raw: '/real.md', kind: 'markdown', targetPath: '/real.md' }]);
  });

  test('tilde fences, a fence left open and inline code hide links; a body without them keeps every link', () => {
    expect(extractLinks('/a.md', '~~~\n[t](/t.md)\n~~~\n[b](/b.md) `[c](/c.md)`')).toEqual([
      { raw: '/b.md', kind: 'markdown', targetPath: '/b.md' },
    ]);
    expect(extractLinks('/a.md', '[b](/b.md)\n```js\n[o](/open.md)\n[[Open]]')).toEqual([
      { raw: '/b.md', kind: 'markdown', targetPath: '/b.md' },
    ]);
    expect(extractLinks('/a.md', 'a ` lone backtick [b](/b.md) and ~~ [[C]]').map((l) => l.raw)).toEqual([
      '/b.md',
      'C',
    ]);
  });

  test('an angle-bracket destination may hold spaces (CommonMark)', () => {
    expect(extractLinks('/e/a.md', '[a](<../my note.md>) [b](<c.md> "t")')).toEqual([
      { raw: '../my note.md', kind: 'markdown', targetPath: '/my note.md' },
      { raw: 'c.md', kind: 'markdown', targetPath: '/e/c.md', rootPath: '/c.md' },
    ]);
  });

  test('repeated links are listed once, in order of first appearance', () => {
    expect(extractLinks('/a.md', '[x](/b.md) [y](/b.md) [[C]] [[C]]').map((l) => l.raw)).toEqual(['/b.md', 'C']);
  });

  test('a link escaping the bundle is kept without a target', () => {
    expect(extractLinks('/a.md', '[x](../../etc/passwd)')).toEqual([{ raw: '../../etc/passwd', kind: 'markdown' }]);
  });

  test('finds the markdown links a global scan of the whole text finds: nested brackets, images, escapes', () => {
    // The definition: every match of the pattern scanned from each character on, images (`!`) left out.
    const global = /(!?)\[(?:[^\]\\]|\\.)*\]\(\s*(?:<([^>\n]+)>|([^)\s]+))(?:\s+["'(][^)]*["')])?\s*\)/g;
    const targets = (text: string) =>
      [...text.matchAll(global)].filter((m) => m[1] !== '!').map((m) => (m[2] ?? m[3]).trim());
    let seed = 11;
    const random = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    const pieces = [
      '[',
      ']',
      '(',
      ')',
      '!',
      '<',
      '>',
      '\\',
      ' ',
      '\n',
      'a',
      'b.md',
      '/c',
      '"t"',
      '![',
      '](',
      '[[',
      ']]',
    ];
    let links = 0;
    for (let i = 0; i < 4000; i++) {
      let text = '';
      for (let n = random(40); n > 0; n--) text += pieces[random(pieces.length)];
      const expected = [...new Set(targets(text).filter((t) => !/^[A-Za-z][A-Za-z0-9+.-]*:|^\/\/|^#/.test(t)))];
      const found = extractLinks('/a.md', text).filter((l) => l.kind === 'markdown');
      expect([text, found.map((l) => l.raw)]).toEqual([text, expected]);
      links += found.length;
    }
    expect(links).toBeGreaterThan(300);
  });

  test('finds the wikilinks a global scan of the whole text finds: embeds, anchors, aliases, nested brackets', () => {
    // The definition: every match of the pattern scanned from each character on, embeds (`!`) left out.
    const global = /(!?)\[\[([^\]|#^\n]+)(?:[#^][^\]|\n]*)?(?:\|[^\]\n]*)?\]\]/g;
    const names = (text: string) => [...text.matchAll(global)].filter((m) => m[1] !== '!').map((m) => m[2].trim());
    let seed = 13;
    const random = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    const pieces = ['[', ']', '[[', ']]', '![[', '!', '|', '#', '^', ' ', '\n', 'a', 'B c', '[[x]]', '!!'];
    let links = 0;
    for (let i = 0; i < 4000; i++) {
      let text = '';
      for (let n = random(40); n > 0; n--) text += pieces[random(pieces.length)];
      const expected = [...new Set(names(text).filter((t) => t !== ''))];
      const wikilinks = extractLinks('/a.md', text)
        .filter((l) => l.kind === 'wikilink')
        .map((l) => l.raw);
      expect([text, wikilinks]).toEqual([text, expected]);
      links += wikilinks.length;
    }
    expect(links).toBeGreaterThan(300);
  });
});

describe('contentHash', () => {
  test('is deterministic, 28 hex digits, and differs for different text', () => {
    const a = contentHash('---\ntype: X\n---\n');
    expect(a).toMatch(/^[0-9a-f]{28}$/);
    expect(contentHash('---\ntype: X\n---\n')).toBe(a);
    const seen = new Set([a]);
    for (let i = 0; i < 2000; i++) seen.add(contentHash(`---\ntype: X\n---\n${i}`));
    expect(seen.size).toBe(2001);
    expect(contentHash('')).not.toBe(contentHash(' '));
  });

  test('keeps the digests wiki.db files already hold (a changed hash would re-index and re-embed everything)', () => {
    // Digests of the two-pass implementation before both seeds shared one loop.
    expect(contentHash('')).toBe('1c4425d7d009e10791d3587ca4bf');
    expect(contentHash(' ')).toBe('180ab75032f8781e5fdc67d82206');
    expect(contentHash('---\ntype: X\n---\n')).toBe('19b0b2d8584c1e16826c911171d9');
    expect(contentHash('Gödel 𝔊 — ∑ \ud800')).toBe('169bf9f1199e6509307d10968b3b');
    expect(contentHash('x'.repeat(100000))).toBe('1740527e785e5206f58b2c75abe8');
  });

  test('hashes ASCII read as bytes exactly as code units: non-ASCII anywhere, long texts, after longer ones', () => {
    // The definition, one code unit at a time (the implementation reads ASCII prefixes from encoded bytes instead).
    const reference = (text: string) => {
      const lanes = [0xdeadbeef ^ 1, 0x41c6ce57 ^ 1, 0xdeadbeef ^ 2, 0x41c6ce57 ^ 2];
      for (let i = 0; i < text.length; i++)
        for (let l = 0; l < 4; l++)
          lanes[l] = Math.imul(lanes[l] ^ text.charCodeAt(i), l % 2 ? 1597334677 : 2654435761);
      const mix = (h1: number, h2: number) => {
        h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
        h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
        return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
      };
      return mix(lanes[0], lanes[1]) + mix(lanes[2], lanes[3]);
    };
    const odd = ['é', '€', '𝔊', '\ud800', '\udc00', '\0', '\x7f', '\x80', '\uffff'];
    let seed = 7;
    const random = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    const texts = ['', 'a', '\x7f', '\x80', 'é', 'a'.repeat(1024 * 1024), 'a'.repeat(1024 * 1024 + 1) + 'é'];
    for (let i = 0; i < 300; i++) {
      const chars: string[] = [];
      for (let n = random(300); n > 0; n--)
        chars.push(random(8) === 0 ? odd[random(odd.length)] : 'abc -#\n'[random(7)]);
      texts.push(chars.join(''));
    }
    // Long before short (the scratch buffer keeps old bytes past a short text's end), and a long non-ASCII text.
    texts.push('b'.repeat(70000), 'é' + 'c'.repeat(69999), 'd'.repeat(5) + '€');
    for (const text of texts) expect([text.length, contentHash(text)]).toEqual([text.length, reference(text)]);
  });
});
