// Bundle paths: normalization that never leaves the bundle, concept refs, link targets, reserved and hidden files.
import fc from 'fast-check';
import {
  conceptIdOf,
  conceptRefText,
  isConceptCandidate,
  isHidden,
  isReservedFile,
  literalConceptRef,
  normalizeBundlePath,
  resolveConceptRef,
  resolveLinkTarget,
} from '../../../src/core/okf/paths';

describe('normalizeBundlePath', () => {
  test.each([
    ['entities/a.md', '/entities/a.md'],
    ['/entities/a.md', '/entities/a.md'],
    ['//entities//a.md', '/entities/a.md'],
    ['/entities/./a.md', '/entities/a.md'],
    ['/entities/x/../a.md', '/entities/a.md'],
    ['entities\\a.md', '/entities/a.md'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeBundlePath(input)).toBe(expected);
  });

  test.each(['/../x.md', '../x.md', '/a/../../x.md', '..\\x.md', '', '/', '.', '/a/..', 'a\0b.md'])(
    '%j is refused (null)',
    (input) => {
      expect(normalizeBundlePath(input)).toBeNull();
    },
  );
});

/** Paths made of the characters that matter to normalization (separators, dots, NUL) and a letter. */
const trickyPath = fc.string({ unit: fc.constantFrom('/', '\\', '.', '\0', 'a', 'é'), maxLength: 12 });

/** The segment-by-segment definition of normalizeBundlePath, which its fast path for normal paths must agree with. */
function normalizedBySegments(path: string): string | null {
  if (path.includes('\0')) return null;
  const parts: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(segment);
  }
  return parts.length === 0 ? null : '/' + parts.join('/');
}

describe('normalizeBundlePath against its definition', () => {
  test('any path, normal or not, gets the segment-by-segment answer', () => {
    fc.assert(
      fc.property(trickyPath, (path) => {
        expect(normalizeBundlePath(path)).toBe(normalizedBySegments(path));
      }),
      { numRuns: 5000 },
    );
  });

  test('isHidden is true exactly when a segment starts with a dot', () => {
    fc.assert(
      fc.property(trickyPath, (path) => {
        expect(isHidden(path)).toBe(path.split('/').some((s) => s.startsWith('.')));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('resolveConceptRef', () => {
  test.each([
    ['/entities/a.md', '/entities/a.md'],
    ['/entities/a', '/entities/a.md'],
    ['  /entities/a  ', '/entities/a.md'],
    ['/entities/new%20marc', '/entities/new marc.md'],
    ['/entities/bad%zzescape', '/entities/bad%zzescape.md'],
    ['/references/paper.pdf', '/references/paper.pdf'],
    // QA3 Q19: a heading after `.md` names its page; a `#` elsewhere is part of the name (C#).
    ['/e/b.md#section', '/e/b.md'],
    ['/e/B.MD#a/b', '/e/B.MD'],
    ['/entities/c#.md', '/entities/c#.md'],
    ['/entities/c#', '/entities/c#.md'],
  ])('%j → %j', (input, expected) => {
    expect(resolveConceptRef(input)).toBe(expected);
  });

  test.each(['/../x.md', '/%2E%2E/x.md', '/a/../../x', '   '])('%j escapes the bundle (null)', (input) => {
    expect(resolveConceptRef(input)).toBeNull();
  });
});

describe('a name as written, and the text written for a path', () => {
  test('the literal reading keeps %xx; both readings refuse to climb out', () => {
    expect(literalConceptRef('entities/50%25 off')).toBe('/entities/50%25 off.md');
    expect(literalConceptRef('/%2e%2e/x')).toBe('/%2e%2e/x.md');
    expect(literalConceptRef('/a/../../x')).toBeNull();
  });

  test.each([
    ['/entities/a.md', '/entities/a.md'],
    ['/entities/100%.md', '/entities/100%.md'],
    ['/entities/50%25 off.md', '/entities/50%2525 off.md'],
    ['/entities/a%20b%zz.md', '/entities/a%20b%zz.md'], // a malformed escape: the whole text is kept
  ])('%j is written %j', (path, text) => {
    expect(conceptRefText(path)).toBe(text);
    expect(resolveConceptRef(text)).toBe(path);
  });

  test('every path written reads back as itself', () => {
    const segment = fc.stringMatching(/^[a-z%0-9 .]{1,6}$/).filter((s) => s !== '.' && s !== '..');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 3 }), (segments) => {
        const path = '/' + segments.join('/') + '.md';
        if (normalizeBundlePath(path) !== path) return;
        expect(resolveConceptRef(conceptRefText(path))).toBe(path);
      }),
    );
  });
});

describe('resolveLinkTarget', () => {
  test('a leading slash is bundle-absolute', () => {
    expect(resolveLinkTarget('/entities/a.md', '/concepts/b.md')).toEqual({ path: '/concepts/b.md', rootPath: null });
  });

  test('./ and ../ are relative to the linking file only', () => {
    expect(resolveLinkTarget('/entities/a.md', './b.md')).toEqual({ path: '/entities/b.md', rootPath: null });
    expect(resolveLinkTarget('/entities/a.md', '../concepts/b.md')).toEqual({ path: '/concepts/b.md', rootPath: null });
  });

  test('a bare a/b.md has both the relative and the bundle-root reading', () => {
    expect(resolveLinkTarget('/entities/a.md', 'concepts/b.md')).toEqual({
      path: '/entities/concepts/b.md',
      rootPath: '/concepts/b.md',
    });
  });

  test('fragments and queries are dropped; escapes decoded; escaping links resolve to null', () => {
    expect(resolveLinkTarget('/e/a.md', './b%20c.md#part')).toEqual({ path: '/e/b c.md', rootPath: null });
    expect(resolveLinkTarget('/e/a.md', '../../x.md')).toEqual({ path: null, rootPath: null });
    expect(resolveLinkTarget('/e/a.md', '#only-anchor')).toEqual({ path: null, rootPath: null });
  });
});

describe('reserved, hidden and candidate files (OKF §3.1, spec §3)', () => {
  test.each([
    '/index.md',
    '/log.md',
    '/entities/index.md',
    '/entities/log.md',
    '/a/b/c/INDEX.md',
    '/Log.md',
    '/timeline.md',
    '/wiki-trigger-keywords.txt',
    '/CLAUDE.md',
    '/AGENTS.md',
    '/packages/x/AGENTS.md',
    '/entities/CLAUDE.md',
  ])('%s is reserved', (path) => {
    expect(isReservedFile(path)).toBe(true);
    expect(isConceptCandidate(path)).toBe(false);
  });

  test.each(['/entities/timeline.md', '/entities/index-funds.md', '/entities/catalog.md', '/blog.md'])(
    '%s is an ordinary file',
    (path) => {
      expect(isReservedFile(path)).toBe(false);
      expect(isConceptCandidate(path)).toBe(true);
    },
  );

  test.each(['/.obsidian/workspace.md', '/.trash/old.md', '/entities/.draft.md', '/a/.git/b.md'])(
    '%s is hidden',
    (path) => {
      expect(isHidden(path)).toBe(true);
      expect(isConceptCandidate(path)).toBe(false);
    },
  );

  test('only markdown files are candidates (the extension in any case)', () => {
    expect(isConceptCandidate('/entities/a.MD')).toBe(true);
    expect(isConceptCandidate('/entities/a.txt')).toBe(false);
    expect(isConceptCandidate('/wiki.db')).toBe(false);
    expect(isConceptCandidate('/entities/a.md.bak')).toBe(false);
  });

  test('conceptIdOf drops the leading slash and .md', () => {
    expect(conceptIdOf('/entities/x.md')).toBe('entities/x');
    expect(conceptIdOf('/x.MD')).toBe('x');
  });
});
