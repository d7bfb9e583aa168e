// A reindex stopped during its embedding phase keeps the vectors it computed: saved to wiki.db as it goes (a crash
// loses at most the last stretch) and on Ctrl-C (the batch in flight is finished, wiki.db saved, exit 130). The next
// reindex then embeds only what is missing. wiki.db is only ever replaced whole (atomic writes), never half-written.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { EMBED_BATCH } from '../../src/core/embed/embed-index';
import { isLoadProblem, WikiIndex } from '../../src/core/index/wiki-index';
import { conceptFile } from '../support/builders';
import { FakeOllama } from '../support/fake-ollama';
import { runCli } from '../support/run-cli';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';
import { eventually } from '../support/wait-for';
import { buildCli, type BuiltCli, type CliProcessResult } from './support/cli-process';

const CONCEPTS = 60;

let fake: FakeOllama;
let tmp: string;
let bundle: string;

beforeAll(async () => {
  fake = await FakeOllama.start();
});
afterAll(() => fake.close());
beforeEach(async () => {
  await fake.setMode('ok');
  fake.clear();
  fake.onEmbed = undefined;
  tmp = makeTempDir('okf-interrupted-');
  bundle = nodePath.join(tmp, 'wiki');
  writeTree(
    bundle,
    Object.fromEntries(
      Array.from({ length: CONCEPTS }, (_, i) => [
        `/entities/c${String(i).padStart(2, '0')}.md`,
        conceptFile({ type: 'Thing', title: `Concept ${i}` }, `About topic ${i}.`),
      ]),
    ),
  );
});
afterEach(() => removeTempDir(tmp));

const reindexArgs = () => ['reindex', '--bundle', bundle, '--ollama', fake.url, '--timeout', '20'];

/** The vectors the wiki.db on disk holds now (it must load: never a damaged file). */
async function vectorsOnDisk(): Promise<number> {
  const loaded = await WikiIndex.load(new Uint8Array(readFileSync(nodePath.join(bundle, 'wiki.db'))));
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  try {
    return loaded.embeddingRows();
  } finally {
    loaded.close();
  }
}

/** A reindex after the interrupted one: it must embed only the concepts still lacking a vector. */
async function expectNextReindexEmbedsOnlyTheRest(kept: number): Promise<void> {
  const next = await runCli([...reindexArgs(), '--json'], tmp);
  expect(next.code).toBe(0);
  expect(JSON.parse(next.stdout).vectors).toMatchObject({ embedded: CONCEPTS - kept, current: kept });
  expect(await vectorsOnDisk()).toBe(CONCEPTS);
}

test('a reindex that dies mid-embedding has already saved the vectors of the batches done', async () => {
  process.env.OKF_WIKI_EMBED_SAVE_SECONDS = '0';
  try {
    // Request 1 is the model probe, 2 and 3 two batches; the 4th is never answered: a process killed now keeps
    // what is on disk at this moment.
    fake.onEmbed = (n) => void (n === 4 && fake.setMode('hang'));
    const running = runCli(reindexArgs(), tmp);
    await eventually(() => fake.embedRequests.length === 4, 'the fourth embedding request');
    expect(await vectorsOnDisk()).toBe(2 * EMBED_BATCH);
    // Let the stuck run end (its connection is dropped), then check the next one embeds only the rest.
    await fake.setMode('refused');
    await running;
    fake.onEmbed = undefined;
    await fake.setMode('ok');
    await expectNextReindexEmbedsOnlyTheRest(await vectorsOnDisk());
  } finally {
    delete process.env.OKF_WIKI_EMBED_SAVE_SECONDS;
  }
}, 60_000);

describe('Ctrl-C in a real process', () => {
  let cli: BuiltCli;
  beforeAll(async () => {
    cli = await buildCli();
  }, 60_000);
  afterAll(() => cli?.cleanup());

  // SIGINT as a terminal's Ctrl-C sends it, once the answer to the third embedding request (the probe, then two
  // batches) is in. That answer is handed on once the CLI has said it was interrupted (or after 5 s): the fake answers
  // in a millisecond, so the last batches could otherwise be done before the signal is even delivered.
  const sigintAt = (request: number) => `
const fetch0 = globalThis.fetch;
const write0 = process.stderr.write;
let heard;
process.stderr.write = function (text) {
  if (heard && String(text).includes('interrupted')) heard();
  return write0.apply(this, arguments);
};
let n = 0;
globalThis.fetch = async function (input) {
  const response = await fetch0.apply(this, arguments);
  if (String(input && input.url ? input.url : input).endsWith('/api/embed') && ++n === ${request}) {
    const said = new Promise((resolve) => { heard = resolve; setTimeout(resolve, 5000); });
    process.kill(process.pid, 'SIGINT');
    await said;
  }
  return response;
};`;

  test('Ctrl-C while embedding keeps the vectors so far, exits 130; the next reindex embeds the rest', async () => {
    const stopped = await cli.run(reindexArgs(), {
      preload: cli.preload('sigint.cjs', sigintAt(3)),
      timeoutMs: 60_000,
    });
    expect({ code: stopped.code, signal: stopped.signal }).toEqual({ code: 130, signal: null });
    expect(stopped.stderr).toMatch(/interrupted/);
    expect(existsSync(nodePath.join(bundle, 'wiki.db'))).toBe(true);
    const kept = await vectorsOnDisk();
    // The batch in flight when the signal came is finished and kept; nothing after it is asked for.
    expect(kept).toBeGreaterThanOrEqual(2 * EMBED_BATCH);
    expect(kept).toBeLessThan(CONCEPTS);
    expect(stopped.stderr).toContain(`${CONCEPTS - kept} concepts still lack a vector`);
    await expectNextReindexEmbedsOnlyTheRest(kept);
  }, 120_000);

  // A second SIGINT once the first was acknowledged: the user does not want to wait for the batch in flight.
  const twoSigints = `
const fetch0 = globalThis.fetch;
const write0 = process.stderr.write;
let heard;
process.stderr.write = function (text) {
  if (heard && String(text).includes('interrupted')) heard();
  return write0.apply(this, arguments);
};
let n = 0;
globalThis.fetch = async function (input) {
  const response = await fetch0.apply(this, arguments);
  if (String(input && input.url ? input.url : input).endsWith('/api/embed') && ++n === 3) {
    const said = new Promise((resolve) => { heard = resolve; });
    process.kill(process.pid, 'SIGINT');
    await said;
    process.kill(process.pid, 'SIGINT');
    await new Promise(() => {});
  }
  return response;
};`;

  test('a second Ctrl-C quits at once: ended by SIGINT, nothing saved on the way out', async () => {
    const stopped = await cli.run(reindexArgs(), { preload: cli.preload('sigint-twice.cjs', twoSigints) });
    expect({ code: stopped.code, signal: stopped.signal }).toEqual({ code: null, signal: 'SIGINT' });
    expect(stopped.stderr).toMatch(/interrupted/);
    expect(stopped.stderr).not.toMatch(/reindex interrupted/);
    // The save interval (30 s) has not passed: no wiki.db was written, none half-written.
    expect(existsSync(nodePath.join(bundle, 'wiki.db'))).toBe(false);
  }, 120_000);

  // SIGINT once the last batch's answer is in (the probe, then four batches of 16): embedding is over, no request
  // asks whether to stop, but the Ctrl-C is still honoured: the vector gate is not calibrated, wiki.db holds every
  // vector, exit 130 (it was acknowledged, then calibration ran and the command exited 0).
  test('Ctrl-C after the last batch skips calibration, keeps every vector and exits 130', async () => {
    const stopped = await cli.run(reindexArgs(), {
      preload: cli.preload('sigint-last.cjs', sigintAt(1 + Math.ceil(CONCEPTS / EMBED_BATCH))),
      timeoutMs: 60_000,
    });
    expect({ code: stopped.code, signal: stopped.signal }).toEqual({ code: 130, signal: null });
    expect(fake.embedRequests).toHaveLength(1 + Math.ceil(CONCEPTS / EMBED_BATCH));
    expect(await vectorsOnDisk()).toBe(CONCEPTS);
    expect(stopped.stderr).toContain('every concept has a vector');
  }, 120_000);

  /** The demo run with `preload`, its copy made in a temporary folder of this test's: what it left there. */
  async function demoStopped(
    preload: string,
    flags = ['--ollama', fake.url, '--timeout', '20'],
  ): Promise<{ stopped: CliProcessResult; left: string[] }> {
    const temp = nodePath.join(tmp, 'temp');
    mkdirSync(temp);
    const options = { preload, timeoutMs: 60_000, env: { TMPDIR: temp } };
    const stopped = await cli.run(['demo', '--bundle', bundle, ...flags], options);
    // The copy was made there (the demo prints where).
    expect(stopped.stdout).toContain(`in ${nodePath.join(temp, 'okf-wiki-demo-')}`);
    return { stopped, left: readdirSync(temp) };
  }

  // The demo works on a copy it throws away: nothing worth keeping, so Ctrl-C quits at once (it stopped embedding
  // only, then answered its questions and exited 0), and the copy goes with it (it was left in the temp folder).
  test('Ctrl-C during the demo quits at once and removes its copy', async () => {
    const { stopped, left } = await demoStopped(cli.preload('sigint-demo.cjs', sigintAt(3)));
    expect({ code: stopped.code, signal: stopped.signal }).toEqual({ code: null, signal: 'SIGINT' });
    expect(stopped.stdout).not.toContain('$ okf-wiki context');
    expect(stopped.stderr).toContain('demo interrupted; its copy');
    expect(left).toEqual([]);
  }, 120_000);

  // SIGINT as the first concept file is opened: the build is under way (it does not yield), embedding not started.
  const sigintInBuild = `
const fs = require('node:fs');
const open0 = fs.openSync;
let sent = false;
fs.openSync = function (path) {
  if (!sent && String(path).endsWith('.md')) { sent = true; process.kill(process.pid, 'SIGINT'); }
  return open0.apply(this, arguments);
};`;

  test('Ctrl-C during the build quits at once: ended by SIGINT, no wiki.db, the lock free again', async () => {
    const stopped = await cli.run(reindexArgs(), {
      preload: cli.preload('sigint-build.cjs', sigintInBuild),
      timeoutMs: 60_000,
    });
    expect({ code: stopped.code, signal: stopped.signal }).toEqual({ code: null, signal: 'SIGINT' });
    expect(fake.embedRequests).toHaveLength(0);
    expect(existsSync(nodePath.join(bundle, 'wiki.db'))).toBe(false);
    // The dead process's lock does not hold up the next reindex (no "waiting for it to finish").
    const next = await runCli([...reindexArgs(), '--json'], tmp);
    expect(next.code).toBe(0);
    expect(next.stderr).not.toMatch(/waiting/);
    expect(await vectorsOnDisk()).toBe(CONCEPTS);
  }, 120_000);

  // The build reads synchronously: the demo's handler runs once it ends, and the copy is removed all the same.
  test("Ctrl-C during the demo's build removes its copy too", async () => {
    // As the build opens the first concept file of the copy (not of the bundle it copies).
    const inCopy = sigintInBuild.replace(
      ".endsWith('.md')",
      ".endsWith('.md') && String(path).includes('okf-wiki-demo-')",
    );
    const { stopped, left } = await demoStopped(cli.preload('sigint-demo-build.cjs', inCopy), ['--no-embed']);
    expect({ code: stopped.code, signal: stopped.signal }).toEqual({ code: null, signal: 'SIGINT' });
    expect(stopped.stdout).not.toContain('$ okf-wiki context');
    expect(left).toEqual([]);
  }, 120_000);
});
