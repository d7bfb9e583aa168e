// The prose-link scan is linear on hostile bodies (a long run of `[` was quadratic: a 50 KB line took ~27 s) and
// finds exactly what it found before on every other text (the earlier scan is kept in support/links-before.ts).
import * as nodePath from 'node:path';
import { extractLinks } from '../../../src/core/okf/links';
import { withoutSuffix } from '../../../src/core/okf/paths';
import { extractLinksBefore } from './support/links-before';
import { bundleForWorker, callWithin } from '../../support/deadline-worker';

const SIZE = 200 * 1024;
const DEADLINE_MS = 20_000;
const fill = (unit: string, size = SIZE) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

// The scan runs in a worker thread that is stopped at a deadline (jest cannot stop a synchronous test: a quadratic
// scan would pass after minutes). Each body takes the linear scan well under a second, the earlier one minutes.
let bundled: string;
beforeAll(async () => {
  bundled = await bundleForWorker(nodePath.join(__dirname, '../../../src/core/okf/links.ts'));
});

/** extractLinks('/a.md', body) in a worker: its links, or an error once DEADLINE_MS have passed. */
function extractWithin(body: string): Promise<unknown> {
  return callWithin(bundled, 'module.exports.extractLinks("/a.md", workerData)', body, DEADLINE_MS, 'extractLinks');
}

describe('extractLinks on hostile bodies', () => {
  const after = '\n[[End]] [e](/e.md)';
  test.each([
    ['a run of [', fill('[')],
    ['a run of [[ on one line', fill('[[')],
    ['a run of ![', fill('![')],
    ['a run of [ and \\', fill('[\\')],
    ['labels whose destination runs on', fill('[a](')],
    ['labels whose <destination> never closes', fill('[a](<')],
    // Fewer starts per byte: 600 KB, to be stopped at the deadline too.
    ['titles that never close', fill('[a](b "', 3 * SIZE)],
    ['titles opened by (', fill('[a](b (x', 3 * SIZE)],
    ['wikilinks and labels interleaved', fill('[a]([[b|')],
    ['titles before one far ) and far spaces', fill('[a](b "x', SIZE / 2) + ')' + ' '.repeat(SIZE) + 'x'],
  ])('%s: scanned before the deadline, the links after it found', async (_name, hostile) => {
    await expect(extractWithin(hostile + after)).resolves.toEqual([
      { raw: '/e.md', kind: 'markdown', targetPath: '/e.md' },
      { raw: 'End', kind: 'wikilink' },
    ]);
  });

  test('a link whose target holds 200 KB of # before a line separator: resolved before the deadline', async () => {
    const target = 'x' + fill('#') + '\u2028y';
    await expect(extractWithin(`[a](<${target}>)`)).resolves.toEqual([
      { raw: target, kind: 'markdown', targetPath: '/' + target },
    ]);
  });
});

test('finds what the earlier scan found on 6,000 random texts of link fragments', () => {
  let seed = 17;
  const random = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
  const pieces = [
    ...['[', ']', '(', ')', '!', '<', '>', '\\', ' ', '  ', '\t', '\n', '\r', '\u2028', '\u00a0', '"', "'", '`'],
    ...['#', '^', '|', 'a', 'b.md', '/c', 'https://x', '#h', '"t"', "'t'", '(t)', '![', '](', '[[', ']]', '![['],
    ...[
      '```\n',
      '~~~\n',
      '[[x]]',
      '[[x#h|y]]',
      '[a](b.md)',
      '[t](<c d.md> "t")',
      '[u]( /u.md (t) )',
      '\\]',
      ' '.repeat(18),
    ],
  ];
  let links = 0;
  for (let i = 0; i < 6000; i++) {
    let text = '';
    for (let n = random(60); n > 0; n--) text += pieces[random(pieces.length)];
    const found = extractLinks('/e/a.md', text);
    expect([text, found]).toEqual([text, extractLinksBefore('/e/a.md', text)]);
    links += found.length;
  }
  // The texts hold links of both kinds, in numbers (else the comparison would prove little).
  expect(links).toBeGreaterThan(3000);
});

test('a target loses its #anchor or ?query as the pattern /[#?].*$/ cut it, on 20,000 random targets', () => {
  let seed = 19;
  const random = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
  const pieces = ['#', '?', '\n', '\r', '\u2028', '\u2029', 'a', '/b.md', ' ', '%20'];
  for (let i = 0; i < 20000; i++) {
    let target = '';
    for (let n = random(12); n > 0; n--) target += pieces[random(pieces.length)];
    expect([target, withoutSuffix(target)]).toEqual([target, target.replace(/[#?].*$/, '')]);
  }
});
