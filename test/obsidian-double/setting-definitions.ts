// Obsidian 1.13's declarative settings: a tab whose getSettingDefinitions() returns rows is drawn from them
// (display() is not called), and its rows are what the settings search finds. The double draws the shapes the
// plugin uses (groups with a heading, rows with a name, a description and a `render` callback, `visible`); the
// others (`control` bindings, `action` rows, pages) throw, so a plugin starting to use them extends this first.
import type * as O from 'obsidian';
import { Setting } from './setting';

/** Tabs the settings modal shows now (their `update()` redraws them). */
const shown = new WeakSet<object>();

const isShown = (visible: boolean | (() => boolean) | undefined) =>
  typeof visible === 'function' ? visible() : visible !== false;

function isGroup(item: O.SettingDefinitionItem): item is O.SettingDefinitionGroup {
  return 'type' in item && (item.type === 'group' || item.type === 'list');
}

function drawItem(parent: HTMLElement, item: O.SettingDefinitionItem): void {
  if (isGroup(item)) {
    if (!isShown(item.visible)) return;
    const groupEl = parent.createDiv({ cls: 'setting-group' });
    if (item.heading) new Setting(groupEl).setName(item.heading).setHeading();
    const itemsEl = groupEl.createDiv({ cls: 'setting-items' });
    for (const child of item.items ?? []) drawItem(itemsEl, child);
    return;
  }
  if ('type' in item) throw new Error('Setting definitions double: pages are not implemented');
  if (!isShown(item.visible)) return;
  if (item.control || item.action)
    throw new Error('Setting definitions double: only `render` rows are implemented (add control/action here)');
  const setting = new Setting(parent).setName(item.name);
  if (item.desc !== undefined) setting.setDesc(item.desc);
  // The double has no SettingGroup (a 1.11 class); no row of the plugin's uses it.
  const cleanup: unknown = item.render?.(setting as unknown as O.Setting, undefined as never);
  // Obsidian calls what `render` returns when the row is torn down: anything but a function breaks that.
  if (cleanup !== undefined && typeof cleanup !== 'function')
    throw new TypeError(`Setting definitions double: render of "${item.name}" returned a value that is not a function`);
}

/** Draws a tab's definitions into its container, as Obsidian 1.13 does when the tab is shown or updated. */
export function drawDefinitions(tab: O.SettingTab): void {
  tab.containerEl.empty();
  for (const item of tab.settingItems) drawItem(tab.containerEl, item);
}

/** Marks a tab shown (its updates redraw it) or hidden. */
export function markShown(tab: object, isOpen: boolean): void {
  if (isOpen) shown.add(tab);
  else shown.delete(tab);
}

export function isTabShown(tab: object): boolean {
  return shown.has(tab);
}

/** The names of the rows the settings search indexes (searchable and visible), depth first. */
export function searchableNames(items: readonly O.SettingDefinitionItem[]): string[] {
  return items.flatMap((item): string[] => {
    if (isGroup(item)) return isShown(item.visible) ? searchableNames(item.items ?? []) : [];
    if ('type' in item) return searchableNames(item.items ?? []);
    return isShown(item.visible) && isShown(item.searchable) ? [item.name] : [];
  });
}
