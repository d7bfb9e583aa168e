/** @jest-environment jsdom */
// Embeddings on save, through the plugin's real path: the ollama client → the requestUrl fetch adapter →
// Obsidian's requestUrl (the double's goes over node:http) → a fake Ollama on 127.0.0.1. Only changed concepts
// are re-embedded; an Ollama that is down gives one notice, and answers keep coming from the lexical signals.
import { FakeOllama } from '../support/fake-ollama';
import { noticeMessages, waitFor } from '../obsidian-double/harness';
import { requestLog } from '../obsidian-double/functions';
import { launch, quit, settle, tempVault, type Running, type TempVault } from './support/plugin-harness';

let ollama: FakeOllama;

/** Concept texts sent to Ollama (the embedder's model probe left out). */
/** Concept texts sent: not the model probe, nor the vector gate's calibration questions (sent as queries). */
const conceptTexts = () =>
  ollama.embeddedTexts.filter((t) => !t.includes('embedding probe') && t.startsWith('search_document: '));
let vault: TempVault;
let running: Running | undefined;

beforeEach(async () => {
  ollama = await FakeOllama.start();
});

afterEach(async () => {
  if (running) await quit(running);
  running = undefined;
  vault.remove();
  await ollama.close();
});

async function start(extra: Record<string, unknown> = {}): Promise<Running> {
  vault = tempVault('small-vault', { bundleFolder: 'wiki', ollamaHost: ollama.url, ...extra });
  running = await launch(vault.dir);
  await running.plugin.service.whenIdle();
  return running;
}

test(
  'concepts are embedded in the background after the index opens, ' +
    'through requestUrl, and queries use the vector signal',
  async () => {
    const r = await start();
    expect(conceptTexts()).toHaveLength(4);
    expect(conceptTexts().every((t) => t.startsWith('search_document: '))).toBe(true);
    expect(requestLog.some((req) => req.url === `${ollama.url}/api/embed` && req.method === 'POST')).toBe(true);
    expect(r.plugin.service.index!.stats().embeddings).toBe(4);
    expect(r.app.statusBarEl.textContent).toBe('OKF: 4 concepts');

    const answer = await r.plugin.service.query('Who was Ada Lovelace?');
    expect(answer.result.vector).toMatchObject({ used: true, model: 'nomic-embed-text' });
    expect(noticeMessages()).toEqual([]);
  },
);

test('a save re-embeds only the concept that changed; wiki.db keeps the vectors across a restart', async () => {
  const r = await start();
  ollama.clear();
  const babbage = r.app.vault.getFileByPath('wiki/entities/charles-babbage.md')!;
  await r.app.vault.modify(babbage, (await r.app.vault.read(babbage)) + '\nHe also built a difference engine model.\n');
  await settle(r);
  await r.plugin.service.whenIdle();
  expect(conceptTexts()).toHaveLength(1);
  expect(conceptTexts()[0]).toContain('Charles Babbage');

  await quit(r);
  ollama.clear();
  running = await launch(vault.dir);
  await running.plugin.service.whenIdle();
  expect(running.plugin.service.lastOpen?.kind).toBe('loaded');
  expect(conceptTexts()).toEqual([]);
  expect(running.plugin.service.index!.stats().embeddings).toBe(4);
});

test(
  'Ollama down: one notice however many saves, the status says vectors ' +
    'are paused, answers stay lexical with the reason',
  async () => {
    await ollama.setMode('refused');
    const r = await start();
    await waitFor(() => noticeMessages().length > 0, 'the notice');
    for (const name of ['ada-lovelace', 'charles-babbage']) {
      const f = r.app.vault.getFileByPath(`wiki/entities/${name}.md`)!;
      await r.app.vault.modify(f, (await r.app.vault.read(f)) + '\nMore.\n');
      await settle(r);
    }
    r.plugin.service.embeddings.request(true);
    await r.plugin.service.whenIdle();
    expect(noticeMessages()).toHaveLength(1);
    expect(noticeMessages()[0]).toMatch(
      new RegExp(
        /^OKF Graph Wiki: embeddings paused\. Ollama is not reachable at http:\/\/127\.0\.0\.1:\d+ /.source +
          /.*Search keeps using titles and full text\.$/.source,
      ),
    );
    expect(r.app.statusBarEl.textContent).toBe('OKF: 4 concepts · vectors paused');

    const answer = await r.plugin.service.query('Who was Ada Lovelace?');
    expect(answer.result.confident).toBe(true);
    expect(answer.result.vector).toMatchObject({
      used: false,
      off: { kind: 'embedder-failed', cause: 'unreachable' },
      reason: expect.stringMatching(/^Ollama is not reachable/),
    });

    // Back up: a settings change retries at once, and the notice may show again only after a success.
    await ollama.setMode('ok');
    await r.plugin.config.update({ embeddingModel: 'nomic-embed-text:latest' });
    await r.plugin.config.flush();
    await r.plugin.service.whenIdle();
    expect(r.plugin.service.embeddingState).toEqual({ kind: 'idle' });
    expect(r.plugin.service.index!.stats().embeddings).toBe(4);
    expect(r.app.statusBarEl.textContent).toBe('OKF: 4 concepts');
  },
);

test('a hung Ollama times out after the configured timeout instead of blocking saves', async () => {
  await ollama.setMode('hang');
  const r = await start({ ollamaTimeoutMs: 300 });
  await waitFor(() => noticeMessages().length > 0, 'the timeout notice');
  expect(noticeMessages()[0]).toMatch(/did not answer within 0\.3 s/);
  // A save is applied even though the embedder is stuck.
  const ada = r.app.vault.getFileByPath('wiki/entities/ada-lovelace.md')!;
  await r.app.vault.modify(
    ada,
    (await r.app.vault.read(ada)).replace('title: Ada Lovelace', 'title: Countess of Lovelace'),
  );
  await settle(r);
  expect((await r.plugin.service.query('Who was the Countess of Lovelace?')).result.seeds[0].path).toBe(
    '/entities/ada-lovelace.md',
  );
});

test('turning embeddings off stops the vector signal with a plain reason', async () => {
  const r = await start();
  await r.plugin.config.update({ embeddingsEnabled: false });
  await r.plugin.config.flush();
  await r.plugin.service.whenIdle();
  const answer = await r.plugin.service.query('Who was Ada Lovelace?');
  expect(answer.result.vector).toMatchObject({ used: false, off: { kind: 'turned-off' } });
  expect(r.plugin.service.embeddingState).toEqual({ kind: 'disabled' });
});

test(
  '"Rebuild index" is the CLI\'s rebuild: unchanged vectors kept ' +
    '(nothing sent to Ollama), generated files rewritten, one log entry',
  async () => {
    const r = await start();
    expect(r.plugin.service.index!.stats().embeddings).toBe(4);
    const adapter = r.app.vault.adapter;
    expect(await adapter.exists('wiki/timeline.md')).toBe(false);
    ollama.clear();
    await r.plugin.service.rebuild();
    await r.plugin.service.whenIdle();
    expect(conceptTexts()).toEqual([]);
    expect(r.plugin.service.index!.stats().embeddings).toBe(4);
    expect(await adapter.read('wiki/timeline.md')).toContain('# Timeline');
    expect(await adapter.exists('wiki/wiki-trigger-keywords.txt')).toBe(true);
    expect(await adapter.read('wiki/entities/index.md')).toContain('Ada Lovelace');
    expect((await adapter.read('wiki/log.md')).match(/\*\*Reindex\*\*: rebuilt .*\(Obsidian plugin\)\./g)).toHaveLength(
      1,
    );
  },
);

test(
  'the Ollama notice shows at most once per session: after a recovery, a ' +
    'second outage only changes the status bar',
  async () => {
    await ollama.setMode('refused');
    const r = await start();
    await waitFor(() => noticeMessages().length === 1, 'the first notice');
    await ollama.setMode('ok');
    await r.plugin.config.update({ embeddingModel: 'nomic-embed-text:latest' });
    await r.plugin.config.flush();
    await r.plugin.service.whenIdle();
    expect(r.plugin.service.embeddingState).toEqual({ kind: 'idle' });

    await ollama.setMode('refused');
    await r.plugin.config.update({ embeddingModel: 'nomic-embed-text' });
    await r.plugin.config.flush();
    await r.plugin.service.whenIdle();
    expect(r.plugin.service.embeddingState.kind).toBe('failed');
    expect(r.app.statusBarEl.textContent).toBe('OKF: 4 concepts · vectors paused');
    expect(noticeMessages()).toHaveLength(1);
  },
);

test('with embeddings off, an unreachable Ollama never shows a notice', async () => {
  await ollama.setMode('refused');
  const r = await start({ embeddingsEnabled: false });
  await r.plugin.service.query('Who was Ada Lovelace?');
  await r.plugin.service.whenIdle();
  expect(noticeMessages()).toEqual([]);
  expect(ollama.embedRequests).toHaveLength(0);
});
