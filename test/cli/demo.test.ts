// `okf-wiki demo` with no question: the example's own questions on the example, and questions about the bundle's
// own concepts on any other bundle. It used to ask the computing-history questions of every bundle, so a newcomer
// trying `demo --bundle` on their own wiki saw four "No confident match" answers and took the tool for broken.
import * as nodePath from 'node:path';
import { makeTempDir, OKF_BUNDLES, removeTempDir, REPO_ROOT } from '../support/temp-dir';
import { runCli, type CliRun } from '../support/run-cli';
import { FakeOllama } from '../support/fake-ollama';

const DEMO = nodePath.join(REPO_ROOT, 'examples', 'computing-history');
const OFFLINE = ['--no-embed', '--today', '2026-11-30'];
const OUT_OF_BUNDLE = 'How do I fix a flat bicycle tire?';

let tmp: string;
beforeEach(() => (tmp = makeTempDir('okf-demo-')));
afterEach(() => removeTempDir(tmp));

/**
 * `okf-wiki demo ...args`, its copy removed: the demo keeps it in os.tmpdir(), which setting TMPDIR here does not move
 * (jest gives a test a copy of process.env), so these tests left four copies in the temp folder per run.
 */
async function runDemo(args: readonly string[]): Promise<CliRun> {
  const result = await runCli(args, tmp);
  const copy = /^ +in (.+)$/m.exec(result.stdout)?.[1];
  if (copy !== undefined && nodePath.basename(copy).startsWith('okf-wiki-demo-')) removeTempDir(copy);
  return result;
}

/** Each question the demo asked, with whether it answered, in order. */
function asked(stdout: string): { question: string; answered: boolean }[] {
  return [...stdout.matchAll(/^\$ okf-wiki context "(.*)" --budget 450\n(.*)$/gm)].map((m) => ({
    question: m[1],
    answered: m[2].startsWith('Context from the wiki for:'),
  }));
}

test('the example asks its own questions, three answered and the out-of-bundle one not', async () => {
  const { code, stdout } = await runDemo(['demo', '--bundle', DEMO, ...OFFLINE]);
  expect(code).toBe(0);
  expect(asked(stdout)).toEqual([
    { question: 'Who was Kurt Gödel?', answered: true },
    { question: 'Why was Unix created?', answered: true },
    { question: 'Who ran Bell Labs before Nokia?', answered: true },
    { question: OUT_OF_BUNDLE, answered: false },
  ]);
});

test.each(['ga4', 'acme_retail'])('the %s bundle is asked about its own concepts, and each answers', async (name) => {
  const { code, stdout } = await runDemo(['demo', '--bundle', nodePath.join(OKF_BUNDLES, name), ...OFFLINE]);
  expect(code).toBe(0);
  const questions = asked(stdout);
  expect(questions).toHaveLength(4);
  expect(stdout).not.toContain('Kurt Gödel');
  for (const q of questions.slice(0, 3)) {
    expect(q.question).toMatch(/^What is .+\?$/);
    expect(q).toEqual({ question: q.question, answered: true });
  }
  expect(new Set(questions.map((q) => q.question)).size).toBe(4);
  expect(questions[3]).toEqual({ question: OUT_OF_BUNDLE, answered: false });
});

test('a question on the command line is the only one asked', async () => {
  const args = ['demo', 'What is GA4 Events Export?', '--bundle', nodePath.join(OKF_BUNDLES, 'ga4'), ...OFFLINE];
  const { stdout } = await runDemo(args);
  expect(asked(stdout)).toEqual([{ question: 'What is GA4 Events Export?', answered: true }]);
});

test('with embeddings on, telling the example apart sends Ollama none of its questions', async () => {
  const ollama = await FakeOllama.start();
  try {
    const { code, stdout } = await runDemo([
      'demo',
      '--bundle',
      nodePath.join(OKF_BUNDLES, 'ga4'),
      '--ollama',
      ollama.url,
      '--today',
      '2026-11-30',
    ]);
    expect(code).toBe(0);
    // The reindex's calibration embeds questions of its own ("What is <title>?" among them): only the example's
    // questions tell whether they were sent to tell the bundles apart.
    const queries = ollama.embedRequests.flatMap((r) => r.input).filter((t) => t.startsWith('search_query: '));
    const count = (question: string) => queries.filter((q) => q === `search_query: ${question}`).length;
    for (const question of ['Who was Kurt Gödel?', 'Why was Unix created?', 'Who ran Bell Labs before Nokia?'])
      expect(count(question)).toBe(0);
    expect(asked(stdout)).toHaveLength(4);
  } finally {
    await ollama.close();
  }
});
