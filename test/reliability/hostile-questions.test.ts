// Fault: hostile questions (issue 7, "Bad input"). Empty, 20,000 characters, only punctuation, only stopwords,
// FTS5 syntax, SQL fragments, emoji, control and unpaired surrogate characters: context_for never throws, answers
// or says "No confident match", stays within its budget, and leaves every table of the index as it was.
import { FsBundle } from '../../src/node/fs-bundle';
import { run } from '../../src/cli/main';
import { buildIndex } from '../../src/core/index/build';
import { dumpIndex } from '../../src/core/index/dump';
import type { WikiIndex } from '../../src/core/index/wiki-index';
import { contextFor } from '../../src/core/retrieval/context-for';
import { FakeEmbedder } from '../support/fake-ollama';
import { makeHostileBundle, type HostileBundle } from './support/hostile-bundle';
import { bufferIo } from '../support/cli-io';

const words = 'who designed the analytical engine and why did ada lovelace write notes about bernoulli numbers ';

const QUESTIONS: Readonly<Record<string, string>> = {
  empty: '',
  'only whitespace': ' \t\n\u00A0\u2003 ',
  '20,000 characters of words': words.repeat(Math.ceil(20_000 / words.length)).slice(0, 20_000),
  '20,000 characters without a space': 'a'.repeat(20_000),
  'only punctuation': '?!.,;:…—–()[]{}<>"\'`~@#$%^&*+=|\\/«»¿¡',
  'only stopwords': 'the of and a to in is it what who why how was were be by on at',
  'FTS5 NEAR and column filter': 'NEAR(ada lovelace, 2) title: babbage',
  'FTS5 boolean operators only': 'AND OR NOT',
  'FTS5 unbalanced quote and parentheses': '"ada (((lovelace',
  'FTS5 prefix, caret and braces': 'ada* ^lovelace {title body}: engine -babbage +x',
  'the FTS5-operator title itself': 'NEAR(AND OR NOT) * ^title: "unbalanced',
  'SQL: drop table': "'; drop table concepts; --",
  'SQL: always true': '" or 1=1 -- Ada Lovelace',
  'SQL: Bobby Tables': "Robert'); DROP TABLE edges;--",
  'SQL: stacked query': '1; select * from meta; pragma writable_schema = 1',
  emoji: '🧮🤖👩‍💻 who is 🇬🇧 Ada Lovelace? 🏴󠁧󠁢󠁥󠁮󠁧󠁿',
  'only emoji': '🧮🤖👩‍💻🇬🇧',
  'NUL and control characters': 'Ada\0 Lovelace\x01\x1b[31m\x7f',
  'unpaired surrogates': '\uD800 Ada \uDFFF Lovelace \uD83D',
  'right-to-left override and combining marks': '\u202Eecalevol ada\u202C Z\u0337a\u0334l\u0336g\u0338o ابن الهيثم',
  'a path out of the bundle': '../../outside-sentinel.md /etc/passwd file:///etc/shadow %2e%2e/%2e%2e',
  'a normal question (control)': 'Who was Ada Lovelace?',
};

let bundle: HostileBundle;
let index: WikiIndex;
let tables: Record<string, string[]>;

beforeAll(async () => {
  bundle = makeHostileBundle({ huge: false });
  index = await buildIndex(new FsBundle(bundle.dir));
  tables = dumpIndex(index);
});

afterAll(() => {
  index?.close();
  bundle?.cleanup();
});

const clock = { now: () => '2026-06-01' };

test.each(Object.entries(QUESTIONS))(
  'question: %s → an answer or "No confident match", index unchanged',
  async (_name, question) => {
    for (const options of [
      { clock, budget: 300 },
      { clock, budget: 300, embedder: new FakeEmbedder() },
    ]) {
      const result = await contextFor(index, question, options);
      expect(typeof result.confident).toBe('boolean');
      if (result.confident) expect(result.seeds.length).toBeGreaterThan(0);
      else expect(result.text).toMatch(/^No confident match in this wiki for: /);
      expect(result.tokens).toBeLessThanOrEqual(result.budget);
      expect(() => JSON.stringify(result)).not.toThrow();
    }
    expect(dumpIndex(index)).toEqual(tables);
  },
);

test('the control question is answered, so the hostile ones are not passing by answering nothing ever', async () => {
  const result = await contextFor(index, QUESTIONS['a normal question (control)'], { clock });
  expect(result.confident).toBe(true);
  expect(result.text).toContain('Charles Babbage');
});

test('a SQL fragment cannot drop or change a table; the next question still answers', async () => {
  for (const q of [QUESTIONS['SQL: drop table'], QUESTIONS['SQL: Bobby Tables'], QUESTIONS['SQL: stacked query']])
    await contextFor(index, q, { clock });
  expect(dumpIndex(index)).toEqual(tables);
  expect((await contextFor(index, 'Who was Ada Lovelace?', { clock })).confident).toBe(true);
});

/** Questions with nothing in them: the CLI refuses them as bad usage (exit 2) since 1fedf41; contextFor answers. */
const BLANK = /^(empty|only whitespace)$/;

test.each(Object.entries(QUESTIONS).filter(([name]) => !/20,000|NUL/.test(name) && !BLANK.test(name)))(
  'okf-wiki context with question: %s → exit 0',
  async (_name, question) => {
    const io = bufferIo(bundle.parent);
    // `--` ends the flags, so a question may begin with `-`.
    const code = await run(['context', '--bundle', bundle.dir, '--no-embed', '--json', '--', question], io);
    expect([code, io.stderr().replace(/note: .*\n/g, '')]).toEqual([0, '']);
    expect(JSON.parse(io.stdout())).toHaveProperty('confident');
  },
);

test.each(Object.entries(QUESTIONS).filter(([name]) => BLANK.test(name)))(
  'okf-wiki context with question: %s → exit 2, saying a question is needed',
  async (_name, question) => {
    const io = bufferIo(bundle.parent);
    const code = await run(['context', '--bundle', bundle.dir, '--no-embed', '--json', '--', question], io);
    expect(code).toBe(2);
    expect(io.stderr()).toContain('context needs a question');
    expect(io.stdout()).toBe('');
  },
);
