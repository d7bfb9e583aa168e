// What every Chromium run of the plugin shares (test/browser/*.test.ts and bench/plugin-startup.mjs): main.js
// built as `npm run build` makes it, the Obsidian double bundled for the browser, headless Chromium, a page with
// a real origin and Obsidian's theme, and the plugin loaded the way Obsidian loads a community plugin — main.js
// evaluated as a CommonJS function body whose `require` answers only `obsidian`. Plain JavaScript (with types in
// chromium-page.d.mts) so that the benchmark, run by Node without a TypeScript step, imports it too.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as nodePath from 'node:path';
import { fileURLToPath } from 'node:url';
import esbuild from 'esbuild';
import { chromium } from 'playwright-core';

// Jest runs this file as CommonJS (with __dirname); Node runs it as a module (with import.meta.url).
const HERE = typeof __dirname !== 'undefined' ? __dirname : nodePath.dirname(fileURLToPath(import.meta.url));
export const ROOT = nodePath.join(HERE, '..', '..');
export const CHROMIUM = '/usr/bin/chromium';
export const ARTIFACTS = nodePath.join(ROOT, 'test-artifacts');
export const MANIFEST = JSON.parse(readFileSync(nodePath.join(ROOT, 'manifest.json'), 'utf8'));
/** Vault path of the plugin's settings. */
export const DATA_JSON = `.obsidian/plugins/${MANIFEST.id}/data.json`;

/** True when Chromium is installed here, or on CI (where its absence must fail, not skip). */
export function chromiumRuns(what) {
  const runs = existsSync(CHROMIUM) || process.env.CI !== undefined;
  // eslint-disable-next-line no-console
  if (!runs)
    console.warn(
      `Skipping ${what}: ${CHROMIUM} is absent (install it with: apt-get install -y chromium). CI always runs it.`,
    );
  return runs;
}

/**
 * Builds main.js with the release options (`esbuild.config.mjs plugin`) at `outFile` (relative to the root) and returns
 * it.
 */
export function buildMainJs(outFile = 'main.js') {
  mkdirSync(nodePath.dirname(nodePath.join(ROOT, outFile)), { recursive: true });
  execFileSync(process.execPath, ['esbuild.config.mjs', 'plugin', outFile], { cwd: ROOT, stdio: 'pipe' });
  return readFileSync(nodePath.join(ROOT, outFile), 'utf8');
}

/** The Obsidian double for the page: one script defining `window.obsidianDouble`. */
export async function buildDouble() {
  const result = await esbuild.build({
    entryPoints: [nodePath.join(ROOT, 'test', 'obsidian-double', 'browser-entry.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'obsidianDouble',
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * A page at a real origin (as Obsidian's app:// is: SQLite's WASM build touches localStorage, which about:blank
 * refuses), served by interception so nothing leaves the machine, with Obsidian's theme and styles.css (unless
 * `theme` is false), and the double loaded (after `beforeDouble`, for instrumentation that must see it load).
 * Console errors, warnings and page errors are pushed to `problems`.
 */
export async function openObsidianPage(
  browser,
  { viewport = { width: 1280, height: 900 }, theme = true, problems = [], double, beforeDouble } = {},
) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  page.setDefaultTimeout(45_000);
  page.on(
    'console',
    (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`${m.type()}: ${m.text()}`),
  );
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  const css = theme
    ? readFileSync(nodePath.join(ROOT, 'test', 'browser', 'obsidian-theme.css'), 'utf8') +
      readFileSync(nodePath.join(ROOT, 'styles.css'), 'utf8')
    : '';
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>OKF Graph ` +
    `Wiki</title><style>${css}</style></head><body></body></html>`;
  await page.route('http://obsidian.test/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
  await page.goto('http://obsidian.test/');
  if (beforeDouble) await beforeDouble(page);
  await page.addScriptTag({ content: double ?? (await buildDouble()) });
  return page;
}

/**
 * Opens a vault of `files` in the page and defines `window.okf = { app, plugin }`, `okfEnable()` (main.js
 * evaluated anew, constructed, loaded; as Obsidian enables a community plugin) and `okfDisable()`. With
 * `layoutReady: 'first'` the workspace is ready before the plugin loads (enabling it later); with 'after' (as
 * at Obsidian's start) `okfEnable` makes it ready once the plugin has loaded.
 */
export async function installPlugin(page, { files, mainJs, layoutReady = 'after' }) {
  await page.evaluate(
    async ({ files, mainJs, manifest, layoutReady }) => {
      const w = window;
      const O = w.obsidianDouble;
      const app = await O.App.create(O.MemoryStore.from(files));
      if (layoutReady === 'first') app.workspace.triggerLayoutReady();
      const requireObsidian = (name) => {
        if (name === 'obsidian') return O;
        throw new Error(`Cannot find module '${name}'`);
      };
      w.okf = { app, plugin: undefined };
      w.okfEnable = async () => {
        const module = { exports: {} };
        w.eval(`(function anonymous(require, module, exports) {${mainJs}\n})`)(requireObsidian, module, module.exports);
        const plugin = new module.exports.default(app, manifest);
        plugin.load();
        await plugin.loading;
        w.okf.plugin = plugin;
        if (!app.workspace.layoutReady) app.workspace.triggerLayoutReady();
      };
      w.okfDisable = async () => {
        const plugin = w.okf.plugin;
        plugin.unload();
        await plugin.service.close();
        await app.settle();
        w.okf.plugin = undefined;
      };
    },
    { files, mainJs, manifest: MANIFEST, layoutReady },
  );
}

/** A folder's text files as vault-relative paths, skipping hidden files, wiki.db and evaluation outputs. */
export function folderFiles(dir, prefix = '') {
  const out = {};
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith('.') || name.startsWith('wiki.db') || name.endsWith('.last.json')) continue;
    const full = nodePath.join(dir, name);
    if (statSync(full).isDirectory()) Object.assign(out, folderFiles(full, `${prefix}${name}/`));
    else out[prefix + name] = readFileSync(full, 'utf8');
  }
  return out;
}
