// Starting the real plugin (src/main.ts) on a temporary vault through the Obsidian double, the way Obsidian
// does: vault loaded, plugin enabled, then layout-ready; and quitting it the way Obsidian does (unload).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';
import type * as O from 'obsidian';
import manifest from '../../../manifest.json';
import OkfGraphWikiPlugin from '../../../src/main';
import type { OkfSettings } from '../../../src/plugin/settings';
import type { App } from '../../obsidian-double/app';
import { createTestApp, disablePlugin, enablePlugin } from '../../obsidian-double/harness';
import { NodeFsStore } from '../../obsidian-double/node-fs-store';
import { clearNotices } from '../../obsidian-double/ui';
import { CACHES, copyTree } from '../../support/temp-dir';

export const FIXTURES = nodePath.join(__dirname, '..', 'fixtures');
const DEMO = nodePath.join(__dirname, '..', '..', '..', 'examples', 'computing-history');

export interface TempVault {
  readonly dir: string;
  remove(): void;
}

/** A temporary vault: a copy of a fixture folder, with the plugin's data.json when settings are given. */
export function tempVault(fixture: string, settings?: Partial<OkfSettings>): TempVault {
  const dir = mkdtempSync(nodePath.join(tmpdir(), 'okf-plugin-'));
  copyTree(nodePath.join(FIXTURES, fixture), dir);
  return withSettings(dir, settings);
}

/** A temporary vault holding a copy of the demo bundle in `wiki/` (its caches left out), with data.json. */
export function demoVault(settings: Partial<OkfSettings>): TempVault {
  const dir = mkdtempSync(nodePath.join(tmpdir(), 'okf-demo-vault-'));
  copyTree(DEMO, nodePath.join(dir, 'wiki'), CACHES);
  return withSettings(dir, settings);
}

function withSettings(dir: string, settings: Partial<OkfSettings> | undefined): TempVault {
  if (settings) {
    const pluginDir = nodePath.join(dir, '.obsidian', 'plugins', manifest.id);
    mkdirSync(pluginDir, { recursive: true });
    writeFileSync(nodePath.join(pluginDir, 'data.json'), JSON.stringify(settings));
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Running {
  readonly app: App;
  readonly plugin: OkfGraphWikiPlugin;
}

/** Opens the vault, enables the plugin, makes the layout ready and waits until the index is open. */
export async function launch(dir: string, options: { waitForIndex?: boolean } = {}): Promise<Running> {
  const app = await createTestApp(new NodeFsStore(dir));
  const plugin = await enablePlugin(app, OkfGraphWikiPlugin, manifest as O.PluginManifest);
  app.workspace.triggerLayoutReady();
  if (options.waitForIndex !== false) await plugin.service.whenIdle();
  return { app, plugin };
}

/** Applies pending file events now and waits for the index (instead of waiting for the debounce). */
export async function settle(running: Running): Promise<void> {
  await running.app.settle();
  running.plugin.flushPendingChanges();
  await running.plugin.service.whenIdle();
  // What that work wrote (wiki.db after a rebuild) reaches the vault's file list too.
  await running.app.settle();
}

/** Disables the plugin, waits for wiki.db to be written, and removes the app's DOM and notices. */
export async function quit(running: Running): Promise<void> {
  disablePlugin(running.plugin);
  await running.plugin.service.close();
  await running.app.settle();
  running.app.destroy();
  clearNotices();
}

/** A clipboard for jsdom (Obsidian's renderer has navigator.clipboard). */
export function installClipboard(): { text: () => string } {
  let text = '';
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (t: string) => void (text = t), readText: async () => text },
  });
  return { text: () => text };
}
