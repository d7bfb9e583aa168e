// mergeGeneratedBlock is linear on a long run of newlines that does not end the body: `/\n+$/` tried a match at
// every newline and ran each to the end of its run (100,000 newlines: 37 s). The linear step gives exactly the text
// the expression gave.
import * as nodePath from 'node:path';
import fc from 'fast-check';
import {
  INDEX_BLOCK_END,
  INDEX_BLOCK_START,
  withoutTrailingNewlines,
} from '../../../src/core/generate/generated-block';
import { bundleForWorker, callWithin } from '../../support/deadline-worker';

const DEADLINE_MS = 20_000;

test('a 200,000-newline run not at the end: merged before the deadline, the run kept', async () => {
  const bundled = await bundleForWorker(nodePath.join(__dirname, '../../../src/core/generate/generated-block.ts'));
  const body = '# Person\n' + '\n'.repeat(200_000) + '* [Ada](ada.md)\n\n';
  const merged = await callWithin(
    bundled,
    'module.exports.mergeGeneratedBlock(undefined, workerData)',
    body,
    DEADLINE_MS,
    'mergeGeneratedBlock',
  );
  const text = `${INDEX_BLOCK_START}\n${body.slice(0, -2)}\n${INDEX_BLOCK_END}\n`;
  expect(merged).toEqual({ kind: 'created', text });
});

test('the same text as /\\n+$/ on random texts of newlines and other characters', () => {
  const text = fc.string({ unit: fc.constantFrom('\n', '\n', '\r', '\r\n', ' ', 'a', '\u2028', '😀') });
  fc.assert(
    fc.property(text, (t) => {
      expect(withoutTrailingNewlines(t)).toBe(t.replace(/\n+$/, ''));
    }),
    { numRuns: 1000 },
  );
});
