/** @jest-environment jsdom */
// A malformed Ollama host (a hand-edited data.json, a half-typed address) must not break queries: the vector
// signal is off with a reason naming the setting, the status bar says vectors are paused, and nothing rejects
// unhandled. The settings tab refuses such a host (settings-tab.test.ts); this covers one already saved.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { noticeMessages } from '../obsidian-double/harness';
import { createPluginEmbedder } from '../../src/plugin/plugin-embedder';
import { normalizeSettings } from '../../src/plugin/settings';
import { launch, quit, tempVault, type Running, type TempVault } from './support/plugin-harness';

let vault: TempVault;
let running: Running | undefined;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});

afterEach(async () => {
  if (running) await quit(running);
  running = undefined;
  vault?.remove();
  process.off('unhandledRejection', onUnhandled);
});

test.each(['http://not a url', 'http://'])(
  'host %j: queries answer lexically, the status explains, no unhandled rejection',
  async (host) => {
    vault = tempVault('small-vault', { bundleFolder: 'wiki', ollamaHost: host });
    running = await launch(vault.dir);
    const { plugin, app } = running;
    const answer = await plugin.service.query('Who was Ada Lovelace?');
    expect(answer.result.seeds[0].path).toBe('/entities/ada-lovelace.md');
    expect(answer.result.vector).toMatchObject({
      used: false,
      reason: expect.stringMatching(/^Ollama host: .* Fix it in Settings → OKF Graph Wiki\.$/),
    });
    await plugin.service.whenIdle();
    expect(plugin.service.embeddingState.kind).toBe('failed');
    expect(app.statusBarEl.textContent).toBe('OKF: 4 concepts · vectors paused');
    expect(noticeMessages().every((m) => !m.includes('Invalid URL'))).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(unhandled).toEqual([]);
  },
);

test('creating the embedder for a malformed host never throws; its calls fail with the reason', async () => {
  const embedder = createPluginEmbedder(normalizeSettings({ ollamaHost: 'http://not a url' }), () =>
    Promise.reject(new Error('no network in this test')),
  );
  await expect(embedder.embed(['x'], 'query')).rejects.toThrow('Ollama host: “http://not a url” contains spaces.');
});

test(
  'a host that redirects elsewhere: the plugin refuses the redirect ' +
    '(README: "redirects elsewhere are refused"), the other host sees nothing',
  async () => {
    let elsewhere = 0;
    const target = http.createServer((_req, res) => {
      elsewhere++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ model: 'nomic-embed-text', embeddings: [[1, 0]] }));
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const front = http.createServer((req, res) => {
      res.writeHead(307, { location: `http://127.0.0.1:${(target.address() as AddressInfo).port}${req.url}` });
      res.end();
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    try {
      vault = tempVault('small-vault', {
        bundleFolder: 'wiki',
        ollamaHost: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
        ollamaTimeoutMs: 2000,
      });
      running = await launch(vault.dir);
      const answer = await running.plugin.service.query('Who was Ada Lovelace?');
      await running.plugin.service.whenIdle();
      expect(answer.result.vector).toMatchObject({
        used: false,
        reason: expect.stringMatching(
          /answered with a redirect \(HTTP 307 to http:\/\/127\.0\.0\.1:\d+\/api\/embed\), which is not followed/,
        ),
      });
      expect(elsewhere).toBe(0);
    } finally {
      await new Promise((r) => front.close(r));
      await new Promise((r) => target.close(r));
    }
  },
);
