// The names gate (issue 11, out-of-bundle abstention): a page the words trust must also hold every name the
// question writes. Unit cases for what counts as a name, and the gate on the demo bundle, on and off.
import * as nodePath from 'node:path';
import { FsBundle } from '../../../src/node/fs-bundle';
import { parseBundleConfig } from '../../../src/core/config/bundle-config';
import { buildIndex } from '../../../src/core/index/build';
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { nameTokens, namedWords } from '../../../src/core/retrieval/text';
import { fixedClock } from '../../support/retrieval-bundle';

test.each([
  ['Who founded Apple Computer?', ['apple', 'computer']],
  ['Who designed the Java programming language at Sun Microsystems?', ['java', 'sun', 'microsystems']],
  ['Who led the team that built EDSAC at Cambridge?', ['edsac', 'cambridge']],
  ['EDSAC ran first in 1949. When did UNIVAC ship?', ['edsac', 'univac']],
  ['Which programming language did John McCarthy create in 1958?', ['john', 'mccarthy']],
  ["What did Gödel's theorem say?", ['godel']],
  ['Who is Alan Turing? And what did I read about him?', ['alan', 'turing']],
  ['what did the first compiler do?', []],
])('namedWords(%j) = %j', (question, names) => {
  expect(namedWords(question)).toEqual(names);
});

test('a name written with decomposed letters is one name, read in its composed form', () => {
  const decomposed = 'What did Go\u0308del prove?';
  expect(nameTokens(decomposed).map((t) => [t.written, t.folded])).toEqual([['G\u00f6del', 'godel']]);
  expect(namedWords(decomposed)).toEqual(['godel']);
});

describe('on the demo bundle', () => {
  let index: WikiIndex;
  const today = fixedClock('2026-11-30');
  beforeAll(async () => {
    index = await buildIndex(new FsBundle(nodePath.join(__dirname, '..', '..', '..', 'examples', 'computing-history')));
  });
  afterAll(() => index.close());

  test(
    'a question naming something the bundle lacks abstains; without the ' + 'gate the words alone answered it',
    async () => {
      const question = 'Who designed the Java programming language at Sun Microsystems?';
      const gated = await contextFor(index, question, { clock: today });
      expect(gated.confident).toBe(false);
      expect(gated.thresholds.requireNames).toEqual({ value: true, source: 'default' });
      const ungated = await contextFor(index, question, { clock: today, bundleThresholds: { requireNames: false } });
      expect(ungated.confident).toBe(true);
      expect(ungated.thresholds.requireNames).toEqual({ value: false, source: 'okf-wiki.json' });
    },
  );

  test('names the page holds pass the gate, and a page named by its title needs no other name', async () => {
    const byWords = await contextFor(index, 'Which operating system did Ken Thompson write at Bell Labs?', {
      clock: today,
    });
    expect(byWords.confident).toBe(true);
    const byTitle = await contextFor(index, 'Did Alan Turing ever meet Zorblax?', { clock: today });
    expect(byTitle.seeds.map((s) => s.path)).toContain('/entities/alan-turing.md');
  });
});

test('okf-wiki.json thresholds.requireNames takes a boolean and names a bad value', () => {
  expect(parseBundleConfig('{"thresholds": {"requireNames": false}}').config.thresholds).toEqual({
    requireNames: false,
  });
  const bad = parseBundleConfig('{"thresholds": {"requireNames": "no"}}');
  expect(bad.config.thresholds).toEqual({});
  expect(bad.diagnostics.map((d) => d.message).join('\n')).toMatch(/thresholds\.requireNames" should be true or false/);
});
