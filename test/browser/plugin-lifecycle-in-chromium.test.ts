// The built main.js in headless Chromium, as plugin-in-chromium.test.ts loads it, on a vault with an OKF bundle
// in `wiki/` and ordinary notes beside it: the settings tab refuses bad values with the reason and without a
// side effect (the index-file guard among them), the folder suggester, the lint report (a finding opens at its
// line, paths without a leading `/`, no raw backticks), the query sidebar (own icon, focused box, plain labels
// with explanations), and disabling then re-enabling the plugin leaves no timers, window/document listeners,
// globals or DOM behind. Screenshots in test-artifacts/.
import * as nodePath from 'node:path';
import type { Browser, Page } from 'playwright-core';
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

const VAULT = nodePath.join(ROOT, 'test', 'plugin', 'fixtures', 'small-vault');

jest.setTimeout(60_000);

(chromiumRuns('the Chromium settings and lifecycle test') ? describe : describe.skip)(
  'main.js in headless Chromium: settings and a clean unload',
  () => {
    let browser: Browser;
    let page: Page;
    const problems: string[] = [];
    const dataJson = DATA_JSON;

    beforeAll(async () => {
      const mainJs = buildMainJs('test-artifacts/lifecycle-main.js');
      browser = await launchChromium();
      // Track what is alive: timers and window/document listeners, from before the double and the plugin load.
      page = await openObsidianPage(browser, {
        viewport: { width: 1200, height: 900 },
        problems,
        beforeDouble: trackLiveness,
      });
      await installPlugin(page, {
        files: {
          ...folderFiles(VAULT),
          [dataJson]: JSON.stringify({ bundleFolder: 'wiki', embeddingsEnabled: false }),
        },
        mainJs,
        layoutReady: 'first',
      });
      await page.evaluate(
        () =>
          ((window as any).okfBaseline = {
            live: (window as any).okfLive(),
            globals: Object.getOwnPropertyNames(window).sort(),
          }),
      );
      await enable();
    }, 120_000);

    const enable = () =>
      page.evaluate(async () => {
        await (window as any).okfEnable();
        await (window as any).okf.plugin.service.whenIdle();
      });

    afterAll(async () => {
      await browser?.close();
    });

    const readVault = (path: string) =>
      page.evaluate((p) => (window as any).okf.app.vault.adapter.read(p) as Promise<string>, path);

    async function openSettings(): Promise<void> {
      await page.evaluate(() => {
        const tab = (window as any).okf.app.settingTabs[0];
        tab.containerEl.addClass('vertical-tab-content');
        document.body.appendChild(tab.containerEl);
        tab.display();
      });
    }

    const field = (name: string) =>
      page.locator('.setting-item', { has: page.locator('.setting-item-name', { hasText: new RegExp(`^${name}$`) }) });

    test(
      'the settings tab refuses a malformed Ollama host and an index file ' +
        'that would replace a note, with the reason and no side effect; ' +
        'screenshot',
      async () => {
        await openSettings();
        const before = await readVault(dataJson);
        const ada = await readVault('wiki/entities/ada-lovelace.md');

        await field('Ollama host').locator('input').fill('http://not a url');
        await field('Ollama host').locator('input').press('Enter');
        await page.waitForSelector('.okf-setting-error');
        expect(await field('Ollama host').locator('.okf-setting-error').textContent()).toMatch(
          /contains spaces\. Enter an http:\/\/ or https:\/\/ address/,
        );

        // Typed letter by letter, as a person types; leaving the field commits.
        await field('Index file').locator('input').pressSequentially('wiki/entities/ada-lovelace.md');
        await field('Index file').locator('input').press('Tab');
        await page.waitForFunction(() => document.querySelectorAll('.okf-setting-error').length === 2);
        expect(await field('Index file').locator('.okf-setting-error').textContent()).toMatch(
          /must be named like wiki\.db/,
        );
        await page.screenshot({ path: nodePath.join(ARTIFACTS, 'settings-invalid.png'), fullPage: true });

        await page.evaluate(() => (window as any).okf.plugin.service.persistNow());
        expect(await readVault(dataJson)).toBe(before);
        expect(await readVault('wiki/entities/ada-lovelace.md')).toBe(ada);
        const files: string[] = await page.evaluate(() =>
          (window as any).okf.app.vault.getFiles().map((f: { path: string }) => f.path),
        );
        expect(
          files.filter((f) => f.startsWith('wiki/entities/ada-lovelace.md') && f !== 'wiki/entities/ada-lovelace.md'),
        ).toEqual([]);
        expect(await page.evaluate(() => (window as any).okf.plugin.service.wikiDbPath)).toBe('wiki/wiki.db');
      },
    );

    test('the bundle folder suggests folders; choosing one commits it and rebuilds', async () => {
      await field('Bundle folder').locator('input').fill('ent');
      await page.waitForSelector('.suggestion-container .suggestion-item');
      expect(
        await page.$$eval('.suggestion-container .suggestion-item', (els) => els.map((e) => e.textContent)),
      ).toEqual(['wiki/entities']);
      await page.click('.suggestion-container .suggestion-item');
      await page.waitForFunction(() => (window as any).okf.plugin.config.settings.bundleFolder === 'wiki/entities');
      await page.evaluate(() => (window as any).okf.plugin.service.whenIdle());
      expect(await page.evaluate(() => (window as any).okf.plugin.service.state)).toEqual({
        kind: 'ready',
        concepts: 3,
      });
      await field('Bundle folder').locator('input').fill('wiki');
      await field('Bundle folder').locator('input').press('Enter');
      await page.waitForFunction(() => (window as any).okf.plugin.config.settings.bundleFolder === 'wiki');
      await page.evaluate(() => (window as any).okf.plugin.service.whenIdle());
      await page.evaluate(() => (window as any).okf.app.settingTabs[0]?.containerEl.remove());
    });

    test(
      'lint report: a finding opens its file at its line, paths as the vault ' +
        'shows them, fix text without raw backticks; screenshot',
      async () => {
        expect(
          await page.evaluate(() =>
            (window as any).okf.app.commands.executeCommandById('okf-graph-wiki:open-lint-report'),
          ),
        ).toBe(true);
        await page.waitForSelector('.okf-lint-group');
        const paths = await page.$$eval('.okf-finding-path', (els) => els.map((e) => e.textContent ?? ''));
        expect(paths.length).toBeGreaterThan(0);
        expect(paths.filter((p) => p.startsWith('/'))).toEqual([]);
        expect(
          await page.$$eval(
            '.okf-finding-fix, .okf-finding-message',
            (els) => els.filter((e) => (e.textContent ?? '').includes('`')).length,
          ),
        ).toBe(0);
        expect(
          await page.$$eval('.okf-finding-fix code, .okf-finding-message code', (els) => els.length),
        ).toBeGreaterThan(0);
        const withLine = await page.evaluate(() => {
          const view = (window as any).okf.app.workspace.getLeavesOfType('okf-graph-wiki-lint')[0].view;
          return view.currentReport.findings.find((f: { line?: number }) => f.line !== undefined && f.line > 1) as {
            path: string;
            line: number;
          };
        });
        await page.screenshot({ path: nodePath.join(ARTIFACTS, 'lint-report-lines.png') });
        await page
          .locator(`.okf-finding-path[data-path="${withLine.path}"]`, { hasText: new RegExp(`:${withLine.line}$`) })
          .first()
          .click();
        await page.waitForFunction(({ path, line }) => {
          const { workspace } = (window as any).okf.app;
          return (
            workspace.getActiveFile()?.path === `wiki${path}` &&
            workspace.activeLeaf?.view?.editor?.getCursor().line === line - 1
          );
        }, withLine);
      },
    );

    test(
      'query sidebar: its own icon, the question box focused on open, labels ' + 'in plain words with explanations',
      async () => {
        await page.evaluate(() =>
          (window as any).okf.app.commands.executeCommandById('okf-graph-wiki:open-query-sidebar'),
        );
        await page.waitForSelector('.okf-query-view input.okf-question');
        await page.waitForFunction(
          () => document.activeElement?.matches('.okf-query-view input.okf-question') === true,
        );
        expect(
          await page.evaluate(() =>
            (window as any).okf.app.workspace.getLeavesOfType('okf-graph-wiki-query')[0].getIcon(),
          ),
        ).not.toBe('search');
        await page.keyboard.type('Who was Ada Lovelace?');
        await page.keyboard.press('Enter');
        await page.waitForSelector('.okf-seed');
        const shown = (await page.textContent('.okf-query-view')) ?? '';
        for (const jargon of [/\bGENERAL\b|\bENTITY\b/, /\bseeds?\b/i, /\bhop \d/, /#\d/])
          expect(shown).not.toMatch(jargon);
        const labels = await page.$$eval('.okf-signal, .okf-hop, .okf-answer-stats', (els) =>
          els.map((e) => e.getAttribute('aria-label') ?? ''),
        );
        expect(labels.length).toBeGreaterThan(0);
        for (const label of labels) expect(label).toMatch(/\w{4,}.*\./);
      },
    );

    test('disabling leaves no timers, window/document listeners, globals or DOM; re-enabling works again', async () => {
      await page.evaluate(async () => {
        const { app } = (window as any).okf;
        await app.commands.executeCommandById('okf-graph-wiki:open-query-sidebar');
        await app.commands.executeCommandById('okf-graph-wiki:open-lint-report');
      });
      await page.waitForSelector('.okf-query-view input.okf-question');
      await page.fill('.okf-query-view input.okf-question', 'Who was Ada Lovelace?');
      await page.press('.okf-query-view input.okf-question', 'Enter');
      await page.waitForSelector('.okf-seed');

      await page.evaluate(() => (window as any).okfDisable());
      // Timers the plugin started end or are cleared; the persist timer is cleared on unload.
      await page.waitForFunction(
        () => (window as any).okfLive().timers <= (window as any).okfBaseline.live.timers,
        undefined,
        { timeout: 10_000 },
      );
      const after = await page.evaluate(() => {
        const w = window as any;
        return {
          live: w.okfLive(),
          baseline: w.okfBaseline.live,
          newGlobals: Object.getOwnPropertyNames(window).filter(
            (k) => !w.okfBaseline.globals.includes(k) && !k.startsWith('okf'),
          ),
          dom: Array.from(document.querySelectorAll('[class*="okf-"]')).map((e) => e.className),
        };
      });
      expect(after.live.intervals).toBe(after.baseline.intervals);
      expect(after.live.windowListeners).toBe(after.baseline.windowListeners);
      expect(after.live.documentListeners).toBe(after.baseline.documentListeners);
      expect(after.newGlobals).toEqual([]);
      expect(after.dom).toEqual([]);

      await page.evaluate(() => ((window as any).okf.app.vault.adapter.calls.length = 0));
      await enable();
      expect(await page.textContent('.status-bar .okf-status')).toBe('OKF: 4 concepts');
      // The index came back from the pieces unload wrote, through the worker, not from wiki.db read whole.
      const reads: string[] = await page.evaluate(() =>
        (window as any).okf.app.vault.adapter.calls.filter((c: string) => c.startsWith('readBinary')),
      );
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.filter((c) => !/\.wiki\.db\.pieces\/[0-9a-f]{16}-\d+$/.test(c))).toEqual([]);
      expect(
        await page.evaluate(
          async () => (await (window as any).okf.plugin.service.query('Who was Ada Lovelace?')).result.seeds[0].path,
        ),
      ).toBe('/entities/ada-lovelace.md');
    });

    test('the console stayed clean', () => {
      expect(problems).toEqual([]);
    });
  },
);

/** Counts live timers, intervals and window/document listeners from here on (`window.okfLive()`). */
async function trackLiveness(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as Record<string, any>;
    const timers = new Set<number>();
    const intervals = new Set<number>();
    const listeners = new Map<EventTarget, number>();
    const st = window.setTimeout.bind(window);
    const ct = window.clearTimeout.bind(window);
    const si = window.setInterval.bind(window);
    const ci = window.clearInterval.bind(window);
    (window as any).setTimeout = (fn: () => void, ms?: number, ...args: unknown[]) => {
      const id: number = st(() => {
        timers.delete(id);
        fn(...(args as []));
      }, ms);
      timers.add(id);
      return id;
    };
    (window as any).clearTimeout = (id: number) => (timers.delete(id), ct(id));
    (window as any).setInterval = (fn: () => void, ms?: number) => {
      const id: number = si(fn, ms);
      intervals.add(id);
      return id;
    };
    (window as any).clearInterval = (id: number) => (intervals.delete(id), ci(id));
    const add = EventTarget.prototype.addEventListener;
    const remove = EventTarget.prototype.removeEventListener;
    EventTarget.prototype.addEventListener = function (
      this: EventTarget,
      ...a: Parameters<EventTarget['addEventListener']>
    ) {
      if (this === window || this === document) listeners.set(this, (listeners.get(this) ?? 0) + 1);
      return add.apply(this, a);
    };
    EventTarget.prototype.removeEventListener = function (
      this: EventTarget,
      ...a: Parameters<EventTarget['removeEventListener']>
    ) {
      if (this === window || this === document) listeners.set(this, (listeners.get(this) ?? 0) - 1);
      return remove.apply(this, a);
    };
    w.okfLive = () => ({
      timers: timers.size,
      intervals: intervals.size,
      windowListeners: listeners.get(window) ?? 0,
      documentListeners: listeners.get(document) ?? 0,
    });
  });
}
