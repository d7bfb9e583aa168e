// Component and Plugin: the lifecycle (load → onload, unload → registered cleanups → onunload) and the plugin
// registrations (commands, views, settings tab, status bar items, data.json), each undone on unload.
import type * as O from 'obsidian';
import { emulateAppVersion, requireApiVersion } from './since';
import type { DoubleEventRef } from './events';
import type { App } from './app';

type ComponentApi = Pick<
  O.Component,
  | 'load'
  | 'onload'
  | 'unload'
  | 'onunload'
  | 'addChild'
  | 'removeChild'
  | 'register'
  | 'registerEvent'
  | 'registerDomEvent'
  | 'registerInterval'
>;

export class Component implements ComponentApi {
  private loaded = false;
  private children: Component[] = [];
  private cleanups: (() => unknown)[] = [];
  /** What `onload` returned: a Plugin's may be a promise, which Obsidian awaits before calling the plugin loaded. */
  protected onloadResult: unknown;

  load(): void {
    if (this.loaded) return;
    this.loaded = true;
    this.onloadResult = (this.onload as () => unknown)();
    for (const child of this.children) child.load();
  }

  onload(): void {}

  unload(): void {
    if (!this.loaded) return;
    this.loaded = false;
    for (const child of [...this.children].reverse()) child.unload();
    this.children = [];
    for (const cleanup of this.cleanups.splice(0).reverse()) cleanup();
    this.onunload();
  }

  onunload(): void {}

  addChild<T extends O.Component>(component: T): T {
    this.children.push(component as unknown as Component);
    if (this.loaded) component.load();
    return component;
  }

  removeChild<T extends O.Component>(component: T): T {
    this.children = this.children.filter((c) => c !== (component as unknown as Component));
    component.unload();
    return component;
  }

  register(cb: () => unknown): void {
    this.cleanups.push(cb);
  }

  registerEvent(eventRef: O.EventRef): void {
    this.register(() => (eventRef as DoubleEventRef).e.offref(eventRef));
  }

  registerDomEvent(
    el: Window | Document | HTMLElement,
    type: string,
    callback: (this: HTMLElement, ev: Event) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void {
    el.addEventListener(type, callback as EventListener, options);
    this.register(() => el.removeEventListener(type, callback as EventListener, options));
  }

  registerInterval(id: number): number {
    this.register(() => clearInterval(id));
    return id;
  }

  /** Test helper (not Obsidian API). */
  get isLoaded(): boolean {
    return this.loaded;
  }
}

type PluginApi = Pick<
  O.Plugin,
  | 'app'
  | 'manifest'
  | 'addStatusBarItem'
  | 'addCommand'
  | 'removeCommand'
  | 'addSettingTab'
  | 'registerView'
  | 'addRibbonIcon'
  | 'loadData'
  | 'saveData'
>;

export abstract class Plugin extends Component implements PluginApi {
  constructor(
    public app: O.App,
    public manifest: O.PluginManifest,
  ) {
    super();
    // The double plays the oldest Obsidian this plugin claims to support (see since.ts).
    emulateAppVersion(manifest.minAppVersion);
  }

  private get double(): App {
    return this.app as unknown as App;
  }

  /** Test helper (not Obsidian API): settles when an async `onload` has finished. */
  get loading(): Promise<void> {
    return Promise.resolve(this.onloadResult).then(() => undefined);
  }

  override onload(): Promise<void> | void {}

  addRibbonIcon(icon: string, title: string, callback: (evt: MouseEvent) => unknown): HTMLElement {
    const el = this.double.ribbonEl.createDiv({
      cls: 'side-dock-ribbon-action clickable-icon',
      attr: { 'aria-label': title, 'data-icon': icon },
    });
    el.addEventListener('click', (e) => callback(e));
    this.register(() => el.detach());
    return el;
  }

  addStatusBarItem(): HTMLElement {
    const el = this.double.statusBarEl.createDiv({
      cls: ['status-bar-item', `plugin-${this.manifest.id.replace(/[^a-z0-9-]/gi, '-')}`],
    });
    this.register(() => el.detach());
    return el;
  }

  addCommand(command: O.Command): O.Command {
    const full = {
      ...command,
      id: `${this.manifest.id}:${command.id}`,
      name: `${this.manifest.name}: ${command.name}`,
    };
    this.double.commands.add(full);
    this.register(() => this.double.commands.remove(full.id));
    return full;
  }

  removeCommand(commandId: string): void {
    this.double.commands.remove(`${this.manifest.id}:${commandId}`);
  }

  addSettingTab(settingTab: O.PluginSettingTab): void {
    this.double.settingTabs.push(settingTab);
    // 1.13+ reads the tab's definitions now, for the settings search.
    if (requireApiVersion('1.13.0')) settingTab.update();
    this.register(() => (this.double.settingTabs = this.double.settingTabs.filter((t) => t !== settingTab)));
  }

  registerView(type: string, viewCreator: O.ViewCreator): void {
    this.double.workspace.registerViewType(type, viewCreator);
    this.register(() => this.double.workspace.unregisterViewType(type));
  }

  async loadData(): Promise<unknown> {
    const path = this.dataPath();
    if (!(await this.app.vault.adapter.exists(path))) return null;
    return JSON.parse(await this.app.vault.adapter.read(path)) as unknown;
  }

  async saveData(data: unknown): Promise<void> {
    const path = this.dataPath();
    const dir = path.slice(0, path.lastIndexOf('/'));
    if (!(await this.app.vault.adapter.exists(dir))) await this.app.vault.adapter.mkdir(dir);
    await this.app.vault.adapter.write(path, JSON.stringify(data, null, 2));
  }

  private dataPath(): string {
    return `${this.app.vault.configDir}/plugins/${this.manifest.id}/data.json`;
  }
}
