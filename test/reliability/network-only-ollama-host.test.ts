// Fault: traffic to anywhere but the configured Ollama host (issue 7, guarantee "the only network traffic is to the
// configured Ollama host"). Every fetch URL, every TCP connection and every DNS lookup the process makes while the
// CLI reindexes, answers, lints and writes is recorded in-process; all of it goes to the configured host, and with
// --no-embed there is none at all. Hostile concept files full of URLs (file://, http://, resource:, sources) and
// questions naming hosts must not cause a single request.
import * as nodePath from 'node:path';
import { run } from '../../src/cli/main';
import { conceptFile, rel } from '../support/builders';
import { FakeOllama } from '../support/fake-ollama';
import { makeTempDir, removeTempDir, writeTree, copyTree } from '../support/temp-dir';
import { HOSTILE_CORPUS } from './support/hostile-bundle';
import { bufferIo } from '../support/cli-io';
import { recordNetwork } from './support/record-network';
import * as http from 'node:http';

/** Concepts whose every field is a URL that must never be fetched. */
const URL_BAIT = {
  '/entities/url-bait.md': conceptFile(
    {
      type: 'Note',
      title: 'URL Bait',
      resource: 'https://example.com/resource',
      sources: [{ id: 's1', resource: 'http://169.254.169.254/latest/meta-data/', title: 'Cloud metadata' }],
      relations: [
        rel('cites', 'https://evil.example/x.md'),
        rel('cites', 'file:///etc/passwd'),
        rel('mirrors', '//evil.example/y.md'),
      ],
    },
    '![tracker](https://evil.example/pixel.png) ' +
      '[[https://evil.example/wiki]] <https://evil.example/autolink> ' +
      '[ok](/entities/ada-lovelace.md)\n',
  ),
  '/entities/ada-lovelace.md': conceptFile(
    { type: 'Person', title: 'Ada Lovelace', relations: [rel('collaborated_with', '/entities/charles-babbage.md')] },
    'Ada.\n',
  ),
  '/entities/charles-babbage.md': conceptFile({ type: 'Person', title: 'Charles Babbage' }, 'Charles.\n'),
};

let ollama: FakeOllama;
let dir: string;

beforeAll(async () => {
  ollama = await FakeOllama.start();
});
afterAll(async () => ollama.close());

beforeEach(() => {
  dir = makeTempDir('okf-net-');
  writeTree(dir, URL_BAIT);
  copyTree(nodePath.join(HOSTILE_CORPUS, 'entities'), nodePath.join(dir, 'entities'));
  ollama.clear();
});
afterEach(() => removeTempDir(dir));

const COMMANDS: readonly string[][] = [
  ['reindex'],
  ['context', 'Who was Ada Lovelace? see https://evil.example and http://169.254.169.254/'],
  ['lint'],
  ['timeline'],
  ['keywords'],
  ['rebuild-candidates'],
  ['relate', 'entities/ada-lovelace', 'mentions', 'entities/url-bait'],
  ['file-back', '--title', 'Fetched from https://evil.example', '--body-file', '/dev/null'],
];

async function runAll(extra: readonly string[]) {
  return recordNetwork(async () => {
    const runs: { code: number; stderr: string }[] = [];
    for (const args of COMMANDS) {
      const io = bufferIo(dir);
      runs.push({ code: await run([...args, '--bundle', dir, ...extra], io), stderr: io.stderr() });
    }
    return runs;
  });
}

test('with Ollama configured, every request goes to the configured host and nowhere else', async () => {
  const { result: runs, traffic } = await runAll(['--ollama', ollama.url, '--timeout', '2']);
  // Every command ran: exit 2 only for an edit refused on the bundle's content, never bad usage or no bundle.
  expect(runs.filter((r) => r.code === 2 && !/^okf-wiki: Refused/m.test(r.stderr))).toEqual([]);
  expect(traffic.urls.length).toBeGreaterThan(0);
  for (const url of traffic.urls) expect(url.startsWith(ollama.url + '/')).toBe(true);
  const port = new URL(ollama.url).port;
  expect(traffic.connections.length).toBeGreaterThan(0);
  expect([...new Set(traffic.connections)]).toEqual([`127.0.0.1:${port}`]);
  expect(traffic.lookups.filter((h) => h !== '127.0.0.1')).toEqual([]);
  // And the fake saw only the Ollama API.
  expect([...new Set(ollama.requests.map((r) => r.path))].every((p) => p.startsWith('/api/'))).toBe(true);
});

test('with --no-embed there is no network traffic at all', async () => {
  const { traffic } = await runAll(['--no-embed']);
  expect(traffic).toEqual({ urls: [], connections: [], lookups: [] });
  expect(ollama.requests).toEqual([]);
});

test('OLLAMA_HOST is the configured host when --ollama is not given', async () => {
  const previous = process.env.OLLAMA_HOST;
  process.env.OLLAMA_HOST = ollama.url;
  try {
    const { traffic } = await recordNetwork(() => run(['reindex', '--bundle', dir], bufferIo(dir)));
    expect(traffic.urls.length).toBeGreaterThan(0);
    for (const url of traffic.urls) expect(url.startsWith(ollama.url + '/')).toBe(true);
  } finally {
    if (previous === undefined) delete process.env.OLLAMA_HOST;
    else process.env.OLLAMA_HOST = previous;
  }
});

test('the recorder sees traffic to another host (self-check)', async () => {
  const { traffic } = await recordNetwork(() => fetch('http://127.0.0.2:59999/').catch(() => undefined));
  expect(traffic.urls).toEqual(['http://127.0.0.2:59999/']);
  expect(traffic.connections).toEqual(['127.0.0.2:59999']);
});

/** A "host" that redirects every request to another one (a misconfigured proxy, or a hostile Ollama). */
async function redirectingHost(): Promise<{ url: string; elsewhere: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const target = http.createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ model: 'nomic-embed-text', embeddings: [[1, 0]] }));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.2', resolve));
  const targetPort = (target.address() as import('node:net').AddressInfo).port;
  const front = http.createServer((req, res) => {
    res.writeHead(307, { location: `http://127.0.0.2:${targetPort}${req.url}` });
    res.end();
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const port = (front.address() as import('node:net').AddressInfo).port;
  const close = (server: http.Server) => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    elsewhere: () => hits,
    close: async () => void (await Promise.all([close(front), close(target)])),
  };
}

// Found here and fixed in src/core/embed/ollama.ts (fetch with `redirect: 'error'`): a configured host answering
// 307 used to send the concept texts on to another host.
test('a 307 redirect from the configured host to another host is refused: the other host sees nothing', async () => {
  const host = await redirectingHost();
  try {
    const { traffic } = await recordNetwork(() =>
      run(['reindex', '--bundle', dir, '--ollama', host.url, '--timeout', '2'], bufferIo(dir)),
    );
    expect(host.elsewhere()).toBe(0);
    expect(traffic.connections.filter((c) => !c.startsWith('127.0.0.1:'))).toEqual([]);
  } finally {
    await host.close();
  }
});
