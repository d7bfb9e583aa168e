import { appendLogEntry, formatLogEntry, isWikiLog, NOT_A_WIKI_LOG } from '../../../src/core/generate/log-entry';

const entry = formatLogEntry('Reindex', 'rebuilt `wiki.db` from 3 concepts.');

test('a missing log becomes a new one', () => {
  expect(appendLogEntry(undefined, '2026-11-30', entry)).toBe(
    '# Update log\n\n## 2026-11-30\n\n* **Reindex**: rebuilt `wiki.db` from 3 concepts.\n',
  );
});

test('a new day goes above older days; frontmatter, title and bullet style are kept', () => {
  const existing =
    '---\ntype: Log\ntitle: Acme history\n---\n\n# Bundle history\n\n## ' +
    '2026-07-01\n\n- **Verified** the bundle.\n\n## 2026-06-30\n\n- ' +
    '**Re-generated** revenue.\n';
  expect(appendLogEntry(existing, '2026-11-30', entry)).toBe(
    '---\ntype: Log\ntitle: Acme history\n---\n\n# Bundle history\n\n## ' +
      '2026-11-30\n\n- **Reindex**: rebuilt `wiki.db` from 3 concepts.\n\n## ' +
      '2026-07-01\n\n- **Verified** the bundle.\n\n## 2026-06-30\n\n- ' +
      '**Re-generated** revenue.\n',
  );
});

test("the same day: the entry goes first in today's section (newest first)", () => {
  const existing = '# Log\n\n## 2026-11-30\n\n* **Reindex**: earlier.\n';
  expect(appendLogEntry(existing, '2026-11-30', entry)).toBe(
    '# Log\n\n## 2026-11-30\n\n* **Reindex**: rebuilt `wiki.db` from 3 concepts.\n* **Reindex**: earlier.\n',
  );
});

test('a log whose dates are all later than the clock gets the entry at the end; CRLF is kept', () => {
  expect(appendLogEntry('# Log\r\n\r\n## 2030-01-01\r\n\r\n* Future.\r\n', '2026-11-30', 'x')).toBe(
    '# Log\r\n\r\n## 2030-01-01\r\n\r\n* Future.\r\n\r\n## 2026-11-30\r\n\r\n* x\r\n',
  );
});

test('a log without any dated section gets one appended', () => {
  expect(appendLogEntry('# Log\n\nNothing yet.\n', '2026-11-30', 'x')).toBe(
    '# Log\n\nNothing yet.\n\n## 2026-11-30\n\n* x\n',
  );
});

test('a bad date is a programmer error naming the input', () => {
  expect(() => appendLogEntry(undefined, '2026-11-30T10:00:00Z', 'x')).toThrow(
    'okf-wiki: log date must be YYYY-MM-DD, got "2026-11-30T10:00:00Z"',
  );
});

test("a log.md that is someone else's note (a diary) is not a wiki log: no entry is added to it (QA3 Q3)", () => {
  expect(() => appendLogEntry('# My diary\n\nDear diary, today I...\n', '2026-11-30', 'x')).toThrow(NOT_A_WIKI_LOG);
  expect(isWikiLog('# My diary\n\n## Tuesday\n')).toBe(false);
  expect(isWikiLog('---\ntype: Log\ntitle: Acme history\n---\n\n# Bundle history\n')).toBe(true);
  expect(isWikiLog('# Notes\n\n## 2026-01-02\n\n- did things\n')).toBe(true);
  expect(isWikiLog('\uFEFF# Change Log\n')).toBe(true);
  expect(isWikiLog(' \n')).toBe(true);
});
