// The built main.js (WASM inlined) loaded the way Obsidian loads a plugin — evaluated as CommonJS with a
// `require` that answers `obsidian` — in headless Chromium, with the Obsidian double as `obsidian`, on the demo
// bundle. Opens the query sidebar, asks questions, opens the lint report, and saves screenshots in
// test-artifacts/. requestUrl is served by this test process (as Obsidian serves it outside the renderer),
// against a fake Ollama.
import * as nodePath from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { FakeOllama } from '../support/fake-ollama';
import { nodeTransport } from '../obsidian-double/node-transport';
import {
  ARTIFACTS,
  buildMainJs,
  chromiumRuns,
  DATA_JSON,
  folderFiles,
  installPlugin,
  launchChromium,
  openObsidianPage,
  ROOT,
} from './chromium-page.mjs';

const DEMO = nodePath.join(ROOT, 'examples', 'computing-history');

// Generous limits: CI machines may be slow or shared.
jest.setTimeout(60_000);

(chromiumRuns('the headless-Chromium plugin test') ? describe : describe.skip)('main.js in headless Chromium', () => {
  let browser: Browser;
  let page: Page;
  let ollama: FakeOllama;
  const consoleProblems: string[] = [];

  beforeAll(async () => {
    const mainJs = buildMainJs();
    expect(mainJs).not.toMatch(/require\("(?!obsidian")[^"]+"\)/);
    ollama = await FakeOllama.start();
    browser = await launchChromium();
    page = await openObsidianPage(browser, { viewport: { width: 1440, height: 900 }, problems: consoleProblems });
    await page.exposeFunction(
      '__okfRequestUrl',
      async (r: {
        url: string;
        method: string;
        headers: Record<string, string>;
        body?: string;
        bodyBase64?: string;
      }) => {
        const body = r.body ?? (r.bodyBase64 !== undefined ? Buffer.from(r.bodyBase64, 'base64').buffer : undefined);
        const res = await nodeTransport({
          url: r.url,
          method: r.method,
          headers: r.headers,
          ...(body !== undefined ? { body } : {}),
        });
        return { status: res.status, headers: res.headers, bodyBase64: Buffer.from(res.body).toString('base64') };
      },
    );
    await installPlugin(page, {
      files: { ...folderFiles(DEMO), [DATA_JSON]: JSON.stringify({ bundleFolder: '', ollamaHost: ollama.url }) },
      mainJs,
    });
    await page.evaluate(() => (window as any).okfEnable());
    try {
      // The index's counts come from the engine worker (asynchronously): polled from here.
      const ready = () =>
        page.evaluate(async () => {
          const s = (window as any).okf.plugin.service;
          return s.state.kind === 'ready' && s.embeddingState.kind === 'idle' && (await s.stats()).embeddings > 0;
        });
      const deadline = Date.now() + 90_000;
      while (!(await ready())) {
        if (Date.now() > deadline) throw new Error('timed out after 90 s');
        await new Promise((r) => setTimeout(r, 100));
      }
    } catch (error) {
      const state = await page.evaluate(() => {
        const s = (window as any).okf.plugin.service;
        return JSON.stringify({
          state: s.state,
          embedding: s.embeddingState,
          notices: Array.from(document.querySelectorAll('.notice')).map((n) => n.textContent),
        });
      });
      throw new Error(
        `The plugin did not get ready in Chromium: ${state}; ` +
          `console: ${JSON.stringify(consoleProblems)}; ${(error as Error).message}`,
      );
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await ollama?.close();
  });

  const command = (id: string) =>
    page.evaluate((cmd) => (window as any).okf.app.commands.executeCommandById(`okf-graph-wiki:${cmd}`), id);

  async function ask(question: string): Promise<void> {
    await page.fill('.okf-query-view input.okf-question', question);
    await page.press('.okf-query-view input.okf-question', 'Enter');
    await page.waitForFunction(
      (q) =>
        (window as any).okf.app.workspace.getLeavesOfType('okf-graph-wiki-query')[0].view.currentAnswer?.result
          .question === q,
      question,
    );
  }

  test(
    'the index opens from the inlined WASM and embeds through requestUrl; ' + 'the status bar shows the count',
    async () => {
      // The status bar follows the engine's state as it is reported to it: it settles on the count (the pass's last
      // "embedding 36/36" may still be shown when the pass has just ended), and a status stuck on the pass fails here.
      const status = () => page.textContent('.status-bar .okf-status');
      await page
        .waitForFunction(
          () => document.querySelector('.status-bar .okf-status')?.textContent === 'OKF: 36 concepts',
          undefined,
          { timeout: 10_000 },
        )
        .catch(() => undefined);
      expect(await status()).toBe('OKF: 36 concepts');
      // Concept texts only: the pass also sends the vector gate's calibration questions, as queries.
      expect(
        ollama.embeddedTexts.filter((t) => !t.includes('embedding probe') && t.startsWith('search_document: ')).length,
      ).toBe(36);
    },
  );

  test('query sidebar: seeds with signals, facts with trust badges and sources, background; screenshot', async () => {
    // A note open in the editor, as it would be in real use.
    await page.evaluate(async () => {
      const { app } = (window as any).okf;
      await app.workspace.getLeaf(false).openFile(app.vault.getFileByPath('entities/analytical-engine.md'));
    });
    expect(await command('open-query-sidebar')).toBe(true);
    await page.waitForSelector('.mod-right-split .okf-query-view input.okf-question');
    await ask('Who designed the Analytical Engine?');
    const seeds = await page.$$eval('.okf-seed .okf-concept-link', (els) => els.map((e) => e.textContent));
    expect(seeds[0]).toBe('Analytical Engine');
    const signals = await page.$$eval('.okf-seed:first-child .okf-signal', (els) => els.map((e) => e.textContent));
    expect(signals).toEqual(expect.arrayContaining(['title match · 1st']));
    const trust = await page.$$eval('.okf-fact .okf-trust', (els) =>
      [...new Set(els.map((e) => e.textContent))].sort(),
    );
    expect(trust).toEqual(['human-reviewed', 'unverified']);
    expect(await page.$$eval('.okf-fact .okf-source', (els) => els.length)).toBeGreaterThan(5);
    expect(await page.textContent('.okf-background-item .okf-concept-link')).toBe('Analytical Engine');
    expect(await page.$('.okf-vector-note')).toBeNull();
    await page.screenshot({ path: nodePath.join(ARTIFACTS, 'query-sidebar.png') });
  });

  test('a historical question shows superseded markers; screenshot of the sidebar', async () => {
    await ask('What was Bell Labs called before Nokia bought it?');
    const markers = await page.$$eval('.okf-fact .okf-superseded', (els) => els.map((e) => e.textContent));
    expect(markers.length).toBeGreaterThan(0);
    expect(markers[0]).toMatch(/^superseded by (?:Bell Labs \(Lucent era\)|Nokia Bell Labs) on \d{4}-\d{2}-\d{2}$/);
    await page
      .locator('.mod-right-split')
      .screenshot({ path: nodePath.join(ARTIFACTS, 'query-sidebar-superseded.png') });
  });

  test('a stale concept is marked stale in the answer', async () => {
    await ask('What is the Frontier supercomputer?');
    const seed = await page.$$eval('.okf-seed', (els) => els.map((e) => e.textContent ?? ''));
    expect(seed[0]).toContain('Frontier');
    expect(await page.$$eval('.okf-seed .okf-stale', (els) => els.map((e) => e.textContent))).toEqual([
      'stale since 2025-06-30',
    ]);
  });

  test('a question outside the wiki shows the plain no-match state; clicking a concept opens its note', async () => {
    await ask('What is the boiling point of tungsten?');
    expect(await page.textContent('.okf-no-match-title')).toBe('No confident match in this wiki.');
    await page.locator('.mod-right-split').screenshot({ path: nodePath.join(ARTIFACTS, 'query-no-match.png') });

    await ask('Who designed the Analytical Engine?');
    await page.click('.okf-seed .okf-concept-link');
    await page.waitForFunction(
      () => (window as any).okf.app.workspace.getActiveFile()?.path === 'entities/analytical-engine.md',
    );
  });

  test('lint report: findings grouped by check with counts and severity; screenshot', async () => {
    expect(await command('open-lint-report')).toBe(true);
    await page.waitForSelector('.mod-root .okf-lint-group');
    const checks = await page.$$eval('.okf-lint-group', (els) => els.map((e) => (e as HTMLElement).dataset.check));
    expect(checks).toEqual(['stale', 'unreviewed-reference']);
    expect(await page.$$eval('.okf-lint-summary .okf-severity', (els) => els.map((e) => e.textContent))).toEqual([
      '0 errors',
      '1 warning',
      '1 info',
    ]);
    await page.screenshot({ path: nodePath.join(ARTIFACTS, 'lint-report.png') });
  });

  test('the console stayed clean (no errors or warnings from the plugin or the SQLite engine)', () => {
    expect(consoleProblems).toEqual([]);
  });
});
