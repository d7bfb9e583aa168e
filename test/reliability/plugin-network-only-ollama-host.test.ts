/** @jest-environment jsdom */
// Fault: traffic from the plugin to anywhere but the configured Ollama host (issue 7, guarantee "the only network
// traffic is to the configured Ollama host"). The real plugin on the Obsidian double, embeddings on, a vault full
// of URLs: every requestUrl call, fetch, TCP connect and DNS lookup while it indexes, embeds, answers and lints
// goes to the host in its settings, and with embeddings off there is none.
import type * as O from 'obsidian';
import manifest from '../../manifest.json';
import OkfGraphWikiPlugin from '../../src/main';
import { MemoryStore } from '../obsidian-double/file-store';
import { requestLog } from '../obsidian-double/functions';
import { createTestApp, disablePlugin, enablePlugin } from '../obsidian-double/harness';
import { clearNotices } from '../obsidian-double/ui';
import { conceptFile, rel } from '../support/builders';
import { FakeOllama } from '../support/fake-ollama';
import { recordNetwork } from './support/record-network';

const DATA_JSON = `.obsidian/plugins/${manifest.id}/data.json`;

const VAULT = {
  'wiki/entities/url-bait.md': conceptFile(
    {
      type: 'Note',
      title: 'URL Bait',
      resource: 'https://example.com/resource',
      sources: [{ id: 's1', resource: 'http://169.254.169.254/latest/meta-data/' }],
      relations: [rel('cites', 'https://evil.example/x.md'), rel('mirrors', '//evil.example/y.md')],
    },
    '![tracker](https://evil.example/pixel.png) <https://evil.example/autolink> [[https://evil.example/wiki]]\n',
  ),
  'wiki/entities/ada.md': conceptFile(
    { type: 'Person', title: 'Ada Lovelace', relations: [rel('knew', '/entities/url-bait.md')] },
    'Ada.\n',
  ),
};

let ollama: FakeOllama;
beforeAll(async () => {
  ollama = await FakeOllama.start();
});
afterAll(async () => ollama.close());

async function session(settings: Record<string, unknown>): Promise<void> {
  const store = MemoryStore.from({ [DATA_JSON]: JSON.stringify({ bundleFolder: 'wiki', ...settings }), ...VAULT });
  const app = await createTestApp(store);
  const plugin = await enablePlugin(app, OkfGraphWikiPlugin, manifest as O.PluginManifest);
  try {
    app.workspace.triggerLayoutReady();
    await plugin.service.whenIdle();
    await app.vault.create(
      'wiki/entities/hopper.md',
      conceptFile({ type: 'Person', title: 'Grace Hopper' }, 'See https://evil.example/hopper.\n'),
    );
    await app.settle();
    plugin.flushPendingChanges();
    await plugin.service.whenIdle();
    await plugin.service.query('Who was Ada Lovelace? https://evil.example');
    await plugin.service.lint();
    app.commands.executeCommandById(`${manifest.id}:regenerate-timeline`);
    await plugin.service.whenIdle();
  } finally {
    disablePlugin(plugin);
    await plugin.service.close();
    await app.settle();
    app.destroy();
    clearNotices();
  }
}

test('with embeddings on, every request goes to the configured Ollama host', async () => {
  requestLog.length = 0;
  ollama.clear();
  const { traffic } = await recordNetwork(() =>
    session({ embeddingsEnabled: true, ollamaHost: ollama.url, ollamaTimeoutMs: 2000 }),
  );
  expect(ollama.embedRequests.length).toBeGreaterThan(0);
  expect(requestLog.length).toBeGreaterThan(0);
  for (const r of requestLog) expect(r.url.startsWith(ollama.url + '/')).toBe(true);
  for (const url of traffic.urls) expect(url.startsWith(ollama.url + '/')).toBe(true);
  expect([...new Set(traffic.connections)]).toEqual([`127.0.0.1:${new URL(ollama.url).port}`]);
  expect(traffic.lookups.filter((h) => h !== '127.0.0.1')).toEqual([]);
});

test('with embeddings off, there is no network traffic at all', async () => {
  requestLog.length = 0;
  ollama.clear();
  const { traffic } = await recordNetwork(() => session({ embeddingsEnabled: false, ollamaHost: ollama.url }));
  expect(requestLog).toEqual([]);
  expect(traffic).toEqual({ urls: [], connections: [], lookups: [] });
  expect(ollama.requests).toEqual([]);
});
