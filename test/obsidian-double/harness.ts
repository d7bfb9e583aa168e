// Test helpers around the double (not Obsidian API): start an app over a store, enable and disable a plugin
// the way Obsidian's plugin manager does, wait for conditions, read the notices shown.
// The jest entry first: it installs the globals and DOM helpers the rest of the double relies on.
import './obsidian';
import type * as O from 'obsidian';
import { App } from './app';
import type { Plugin } from './component';
import type { FileStore } from './file-store';
import { markShown } from './setting-definitions';
import { requireApiVersion } from './since';
import { shownNotices } from './ui';

export type PluginClass<P> = new (app: O.App, manifest: O.PluginManifest) => P;

/** Opens an app over `store`; the layout is not ready until `app.workspace.triggerLayoutReady()`. */
export async function createTestApp(store: FileStore): Promise<App> {
  return App.create(store);
}

/** Constructs and loads a plugin, awaiting an async `onload`, as Obsidian's plugin manager does. */
export async function enablePlugin<P extends O.Plugin>(
  app: App,
  PluginCtor: PluginClass<P>,
  manifest: O.PluginManifest,
): Promise<P> {
  const plugin = new PluginCtor(app.asObsidian, manifest);
  plugin.load();
  await (plugin as unknown as Plugin).loading;
  return plugin;
}

/** Unloads a plugin (disable, or app quit). */
export function disablePlugin(plugin: O.Plugin): void {
  plugin.unload();
}

/** The text of every notice shown since the last `clearNotices()`. */
export function noticeMessages(): string[] {
  return shownNotices.map((n) => n.message);
}

/** Polls a predicate until it holds (test/support/wait-for.ts's `eventually`, under the name plugin tests use). */
export { eventually as waitFor } from '../support/wait-for';

/**
 * Shows a settings tab as Obsidian's settings modal does: on 1.13+ from its definitions when it has any (read
 * again, as `update()` does), else with `display()`. The tab's container goes into the document.
 */
export function showSettingTab(tab: O.SettingTab): void {
  document.body.appendChild(tab.containerEl);
  markShown(tab, true);
  if (requireApiVersion('1.13.0')) {
    tab.update();
    if (tab.settingItems.length > 0) return;
  }
  tab.display();
}
