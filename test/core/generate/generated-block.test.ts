import { INDEX_BLOCK_END, INDEX_BLOCK_START, mergeGeneratedBlock } from '../../../src/core/generate/generated-block';

const body = '# Person\n\n* [Ada](ada.md) - Wrote the first program.';

test('no file yet: the file is just the block between markers', () => {
  expect(mergeGeneratedBlock(undefined, body)).toEqual({
    kind: 'created',
    text: `${INDEX_BLOCK_START}\n${body}\n${INDEX_BLOCK_END}\n`,
  });
});

test('markers present: only the span between them is replaced; every byte outside is kept', () => {
  const before = '---\nokf_version: "0.2"\n---\n# Hand-written intro\n\nKeep *this*.\n\n';
  const after = '\n\n## Notes\n\nAnd this, with trailing spaces   \n';
  const existing = `${before}${INDEX_BLOCK_START}\n* stale entry\n${INDEX_BLOCK_END}${after}`;
  const merged = mergeGeneratedBlock(existing, body);
  expect(merged).toEqual({
    kind: 'replaced',
    text: `${before}${INDEX_BLOCK_START}\n${body}\n${INDEX_BLOCK_END}${after}`,
  });
  expect(mergeGeneratedBlock('text' in merged ? merged.text : '', body).kind).toBe('unchanged');
});

test('a hand-written index.md (no markers) is left alone', () => {
  expect(mergeGeneratedBlock('# Metric\n\n* [Revenue](revenue.md) - Recognized revenue.\n', body)).toEqual({
    kind: 'hand-written',
    reason: 'no generated-block markers: a hand-written index is left as it is',
  });
});

test('unpaired, repeated or reversed markers are reported, not guessed at', () => {
  for (const text of [
    `${INDEX_BLOCK_START}\nx\n`,
    `${INDEX_BLOCK_END}\n${INDEX_BLOCK_START}\n`,
    `${INDEX_BLOCK_START}\n${INDEX_BLOCK_END}\n${INDEX_BLOCK_START}\n${INDEX_BLOCK_END}\n`,
  ]) {
    expect(mergeGeneratedBlock(text, body).kind).toBe('malformed');
  }
});

test('CRLF files stay CRLF', () => {
  const existing = `intro\r\n${INDEX_BLOCK_START}\r\nold\r\n${INDEX_BLOCK_END}\r\noutro\r\n`;
  const merged = mergeGeneratedBlock(existing, 'new');
  expect(merged).toEqual({
    kind: 'replaced',
    text: `intro\r\n${INDEX_BLOCK_START}\r\nnew\r\n${INDEX_BLOCK_END}\r\noutro\r\n`,
  });
});
