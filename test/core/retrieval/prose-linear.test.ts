// The seed prose (proseOf) is linear on hostile bodies (a 20 KB run of `[[` took 7 s, 200 KB minutes, stalling
// context_for) and gives exactly the text the earlier chain of expressions gave (kept in support/prose-before.ts).
import * as nodePath from 'node:path';
import fc from 'fast-check';
import { proseOf } from '../../../src/core/retrieval/prose';
import { proseOfBefore } from './support/prose-before';
import { bundleForWorker, callWithin } from '../../support/deadline-worker';

const SIZE = 200 * 1024;
const DEADLINE_MS = 20_000;
const fill = (unit: string, size = SIZE) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

// proseOf runs in a worker thread stopped at a deadline (jest cannot stop a synchronous test: a quadratic chain
// would pass after minutes). Each body takes the linear steps well under a second, the earlier chain minutes.
let bundled: string;
beforeAll(async () => {
  bundled = await bundleForWorker(nodePath.join(__dirname, '../../../src/core/retrieval/prose.ts'));
});

/** proseOf(body) in a worker: its text, or an error once DEADLINE_MS have passed. */
function proseWithin(body: string): Promise<unknown> {
  return callWithin(bundled, 'module.exports.proseOf(workerData)', body, DEADLINE_MS, 'proseOf');
}

describe('proseOf on hostile 200 KB bodies', () => {
  const after = '\n\n[[End]] and [e](/e.md).';
  test.each([
    ['a run of [[', fill('[[')],
    ['spaces and tabs not at a line end', fill(' \t') + 'x'],
    ['a run of [', fill('[')],
    ['a run of ![[', fill('![[')],
    ['a run of [^', fill('[^')],
    ['lines of [^a', fill('[^a\n')],
    ['a run of ![', fill('![')],
    ['links whose destination never closes', fill('[a](')],
    ['images whose destination never closes', fill('![a](')],
    ['aliased wikilinks that never close', fill('[[a|')],
  ])('%s: done before the deadline', async (_name, hostile) => {
    // The text itself is checked against the earlier chain below, on bodies small enough for it.
    await expect(proseWithin(hostile + after)).resolves.toEqual(expect.stringMatching(/\.$/));
  });

  test('the text of a hostile body is what the earlier chain gave (on 4 KB, where it is still quick)', () => {
    for (const unit of ['[[', ' \t', '[', '![[', '[^', '[^a\n', '![', '[a](', '![a](', '[[a|']) {
      const body = fill(unit, 4096) + '\n\n[[End]] and [e](/e.md).';
      expect(proseOf(body)).toBe(proseOfBefore(body));
    }
  });
});

test('gives the text the earlier chain gave on 4,000 random bodies of markdown fragments', () => {
  const fragment = fc.constantFrom(
    ...['[', ']', '(', ')', '!', '^', '|', ':', '#', '`', ' ', '  ', '\t', '\n', '\r\n', '\r', '\u2028', '\u2029'],
    ...['a', 'b c', 'é', '日本', '😀', '$1', '$&', 'summary', 'Overview', '\u00a0', '\f', '\v'],
    ...['![', '](', '[[', ']]', '![[', '[^', '[^1]', '[^a]: note', '[^x]:', '# ', '###### ', '####### '],
    ...['[[x]]', '[[y]]', '[[x|Ex]]', '[[a#h|b]]', '[[|b]]', '[[a|]]', '[a](b.md)', '[](c)', '![i](p.png)'],
    ...['![[d.png]]', '![[]]', '`code [x](y)`', '```\n[[z]]\n```\n', '# Summary\n', '## overview  \n', '   \n'],
  );
  // Titles with `$` check the title is put in literally, as the expression's callback put it.
  const linkTitle = (target: string) => ({ x: 'Ex Title', y: 'Y $1 $&', 'a#h': 'Anchored' })[target];
  fc.assert(
    fc.property(
      fc.array(fragment, { maxLength: 60 }).map((parts) => parts.join('')),
      (body) => {
        expect(proseOf(body, linkTitle)).toBe(proseOfBefore(body, linkTitle));
        expect(proseOf(body)).toBe(proseOfBefore(body));
      },
    ),
    { numRuns: 4000, seed: 23 },
  );
});
