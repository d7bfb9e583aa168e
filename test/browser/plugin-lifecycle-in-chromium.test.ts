// The built main.js in headless Chromium, as plugin-in-chromium.test.ts loads it, on a vault with an OKF bundle
// in `wiki/` and ordinary notes beside it: the settings tab refuses bad values with the reason and without a
// side effect (the index-file guard among them), the folder suggester, and disabling then re-enabling the
// plugin leaves no timers, window/document listeners, globals or DOM behind. Screenshots in test-artifacts/.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as nodePath from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';

const ROOT = nodePath.join(__dirname, '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const VAULT = nodePath.join(ROOT, 'test', 'plugin', 'fixtures', 'small-vault');
const ARTIFACTS = nodePath.join(ROOT, 'test-artifacts');
const runs = existsSync(CHROMIUM) || process.env.CI !== undefined;

function vaultFiles(dir = VAULT, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const full = nodePath.join(dir, name);
    if (statSync(full).isDirectory()) Object.assign(out, vaultFiles(full, `${prefix}${name}/`));
    else out[prefix + name] = readFileSync(full, 'utf8');
  }
  return out;
}

jest.setTimeout(60_000);

(runs ? describe : describe.skip)('main.js in headless Chromium: settings and a clean unload', () => {
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  const manifest = JSON.parse(readFileSync(nodePath.join(ROOT, 'manifest.json'), 'utf8')) as { id: string };
  const dataJson = `.obsidian/plugins/${manifest.id}/data.json`;

  beforeAll(async () => {
    const out = nodePath.join(ROOT, 'test-artifacts', 'lifecycle-main.js');
    mkdirSync(ARTIFACTS, { recursive: true });
    execFileSync(process.execPath, ['esbuild.config.mjs', 'plugin', out], { cwd: ROOT, stdio: 'pipe' });
    const mainJs = readFileSync(out, 'utf8');
    const double = await build({
      entryPoints: [nodePath.join(ROOT, 'test', 'obsidian-double', 'browser-entry.ts')],
      bundle: true,
      format: 'iife',
      globalName: 'obsidianDouble',
      platform: 'browser',
      target: 'es2020',
      write: false,
      logLevel: 'silent',
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
    page = await browser.newPage({ viewport: { width: 1200, height: 900 }, deviceScaleFactor: 1 });
    page.setDefaultTimeout(45_000);
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`${m.type()}: ${m.text()}`));
    const css = readFileSync(nodePath.join(__dirname, 'obsidian-theme.css'), 'utf8') + readFileSync(nodePath.join(ROOT, 'styles.css'), 'utf8');
    const html = `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body></body></html>`;
    await page.route('http://obsidian.test/**', (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    await page.goto('http://obsidian.test/');
    // Track what is alive: timers and window/document listeners, from before the double and the plugin load.
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
      EventTarget.prototype.addEventListener = function (this: EventTarget, ...a: Parameters<EventTarget['addEventListener']>) {
        if (this === window || this === document) listeners.set(this, (listeners.get(this) ?? 0) + 1);
        return add.apply(this, a);
      };
      EventTarget.prototype.removeEventListener = function (this: EventTarget, ...a: Parameters<EventTarget['removeEventListener']>) {
        if (this === window || this === document) listeners.set(this, (listeners.get(this) ?? 0) - 1);
        return remove.apply(this, a);
      };
      w.okfLive = () => ({ timers: timers.size, intervals: intervals.size, windowListeners: listeners.get(window) ?? 0, documentListeners: listeners.get(document) ?? 0 });
    });
    await page.addScriptTag({ content: double.outputFiles[0].text });
    const files = { ...vaultFiles(), [dataJson]: JSON.stringify({ bundleFolder: 'wiki', embeddingsEnabled: false }) };
    await page.evaluate(
      async ({ files, mainJs, manifest }) => {
        const w = window as unknown as Record<string, any>;
        const O = w.obsidianDouble;
        const app = await O.App.create(O.MemoryStore.from(files));
        app.workspace.triggerLayoutReady();
        const requireObsidian = (name: string) => {
          if (name === 'obsidian') return O;
          throw new Error(`Cannot find module '${name}'`);
        };
        // As Obsidian enables a community plugin: main.js evaluated anew each time, then constructed and loaded.
        w.okfEnable = async () => {
          const module = { exports: {} as Record<string, any> };
          w.eval(`(function anonymous(require, module, exports) {${mainJs}\n})`)(requireObsidian, module, module.exports);
          const plugin = new module.exports.default(app, manifest);
          plugin.load();
          await plugin.loading;
          w.okf.plugin = plugin;
          await plugin.service.whenIdle();
        };
        w.okfDisable = async () => {
          const plugin = w.okf.plugin;
          plugin.unload();
          await plugin.service.close();
          await app.settle();
          w.okf.plugin = undefined;
        };
        w.okf = { app };
        w.okfBaseline = { live: w.okfLive(), globals: Object.getOwnPropertyNames(window).sort() };
      },
      { files, mainJs, manifest },
    );
    await page.evaluate(() => (window as any).okfEnable());
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  const readVault = (path: string) => page.evaluate((p) => (window as any).okf.app.vault.adapter.read(p) as Promise<string>, path);

  async function openSettings(): Promise<void> {
    await page.evaluate(() => {
      const tab = (window as any).okf.app.settingTabs[0];
      tab.containerEl.addClass('vertical-tab-content');
      document.body.appendChild(tab.containerEl);
      tab.display();
    });
  }

  const field = (name: string) => page.locator('.setting-item', { has: page.locator('.setting-item-name', { hasText: new RegExp(`^${name}$`) }) });

  test('the settings tab refuses a malformed Ollama host and an index file that would replace a note, with the reason and no side effect; screenshot', async () => {
    await openSettings();
    const before = await readVault(dataJson);
    const ada = await readVault('wiki/entities/ada-lovelace.md');

    await field('Ollama host').locator('input').fill('http://not a url');
    await field('Ollama host').locator('input').press('Enter');
    await page.waitForSelector('.okf-setting-error');
    expect(await field('Ollama host').locator('.okf-setting-error').textContent()).toMatch(/contains spaces\. Enter an http:\/\/ or https:\/\/ address/);

    // Typed letter by letter, as a person types; leaving the field commits.
    await field('Index file').locator('input').pressSequentially('wiki/entities/ada-lovelace.md');
    await field('Index file').locator('input').press('Tab');
    await page.waitForFunction(() => document.querySelectorAll('.okf-setting-error').length === 2);
    expect(await field('Index file').locator('.okf-setting-error').textContent()).toMatch(/must be named like wiki\.db/);
    await page.screenshot({ path: nodePath.join(ARTIFACTS, 'settings-invalid.png'), fullPage: true });

    await page.evaluate(() => (window as any).okf.plugin.service.persistNow());
    expect(await readVault(dataJson)).toBe(before);
    expect(await readVault('wiki/entities/ada-lovelace.md')).toBe(ada);
    const files: string[] = await page.evaluate(() => (window as any).okf.app.vault.getFiles().map((f: { path: string }) => f.path));
    expect(files.filter((f) => f.startsWith('wiki/entities/ada-lovelace.md') && f !== 'wiki/entities/ada-lovelace.md')).toEqual([]);
    expect(await page.evaluate(() => (window as any).okf.plugin.service.wikiDbPath)).toBe('wiki/wiki.db');
  });

  test('the bundle folder suggests folders; choosing one commits it and rebuilds', async () => {
    await field('Bundle folder').locator('input').fill('ent');
    await page.waitForSelector('.suggestion-container .suggestion-item');
    expect(await page.$$eval('.suggestion-container .suggestion-item', (els) => els.map((e) => e.textContent))).toEqual(['wiki/entities']);
    await page.click('.suggestion-container .suggestion-item');
    await page.waitForFunction(() => (window as any).okf.plugin.config.settings.bundleFolder === 'wiki/entities');
    await page.evaluate(() => (window as any).okf.plugin.service.whenIdle());
    expect(await page.evaluate(() => (window as any).okf.plugin.service.state)).toEqual({ kind: 'ready', concepts: 3 });
    await field('Bundle folder').locator('input').fill('wiki');
    await field('Bundle folder').locator('input').press('Enter');
    await page.waitForFunction(() => (window as any).okf.plugin.config.settings.bundleFolder === 'wiki');
    await page.evaluate(() => (window as any).okf.plugin.service.whenIdle());
    await page.evaluate(() => (window as any).okf.app.settingTabs[0]?.containerEl.remove());
  });

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
    await page.waitForFunction(() => (window as any).okfLive().timers <= (window as any).okfBaseline.live.timers, undefined, { timeout: 10_000 });
    const after = await page.evaluate(() => {
      const w = window as any;
      return {
        live: w.okfLive(),
        baseline: w.okfBaseline.live,
        newGlobals: Object.getOwnPropertyNames(window).filter((k) => !w.okfBaseline.globals.includes(k) && !k.startsWith('okf')),
        dom: Array.from(document.querySelectorAll('[class*="okf-"]')).map((e) => e.className),
      };
    });
    expect(after.live.intervals).toBe(after.baseline.intervals);
    expect(after.live.windowListeners).toBe(after.baseline.windowListeners);
    expect(after.live.documentListeners).toBe(after.baseline.documentListeners);
    expect(after.newGlobals).toEqual([]);
    expect(after.dom).toEqual([]);

    await page.evaluate(() => (window as any).okfEnable());
    expect(await page.textContent('.status-bar .okf-status')).toBe('OKF: 4 concepts');
    expect(await page.evaluate(async () => (await (window as any).okf.plugin.service.query('Who was Ada Lovelace?')).result.seeds[0].path)).toBe('/entities/ada-lovelace.md');
  });

  test('the console stayed clean', () => {
    expect(problems).toEqual([]);
  });
});
