// Setting and SettingTab/PluginSettingTab: the DOM Obsidian builds for them (class names included), with the
// same chaining API.
import type * as O from 'obsidian';
import {
  BaseComponent,
  ButtonComponent,
  DropdownComponent,
  ExtraButtonComponent,
  SliderComponent,
  TextAreaComponent,
  TextComponent,
  ToggleComponent,
} from './components';
import { drawDefinitions, isTabShown, markShown } from './setting-definitions';

type SettingApi = Pick<
  O.Setting,
  | 'settingEl'
  | 'infoEl'
  | 'nameEl'
  | 'descEl'
  | 'controlEl'
  | 'setName'
  | 'setDesc'
  | 'setClass'
  | 'setHeading'
  | 'setDisabled'
  | 'addButton'
  | 'addExtraButton'
  | 'addToggle'
  | 'addText'
  | 'addTextArea'
  | 'addDropdown'
  | 'addSlider'
  | 'then'
  | 'clear'
  | 'setTooltip'
  | 'setErrorMessage'
  | 'addComponent'
  | 'addSearch'
  | 'addMomentFormat'
  | 'addColorPicker'
  | 'addProgressBar'
  | 'addDisplayValue'
  | 'components'
  | 'errorEl'
>;

export class Setting implements SettingApi {
  settingEl: HTMLElement;
  infoEl: HTMLElement;
  nameEl: HTMLElement;
  descEl: HTMLElement;
  controlEl: HTMLElement;
  components: O.BaseComponent[] = [];
  errorEl: HTMLElement | null = null;

  constructor(containerEl: HTMLElement) {
    this.settingEl = containerEl.createDiv({ cls: 'setting-item' });
    this.infoEl = this.settingEl.createDiv({ cls: 'setting-item-info' });
    this.nameEl = this.infoEl.createDiv({ cls: 'setting-item-name' });
    this.descEl = this.infoEl.createDiv({ cls: 'setting-item-description' });
    this.controlEl = this.settingEl.createDiv({ cls: 'setting-item-control' });
  }

  setName(name: string | DocumentFragment): this {
    this.nameEl.setText(name);
    return this;
  }

  setDesc(desc: string | DocumentFragment): this {
    this.descEl.setText(desc);
    return this;
  }

  setClass(cls: string): this {
    this.settingEl.addClass(cls);
    return this;
  }

  setHeading(): this {
    this.settingEl.addClass('setting-item-heading');
    return this;
  }

  setDisabled(disabled: boolean): this {
    this.settingEl.toggleClass('is-disabled', disabled);
    for (const c of this.components) c.setDisabled(disabled);
    return this;
  }

  addButton(cb: (component: O.ButtonComponent) => unknown): this {
    return this.add(new ButtonComponent(this.controlEl), cb);
  }

  addExtraButton(cb: (component: O.ExtraButtonComponent) => unknown): this {
    return this.add(new ExtraButtonComponent(this.controlEl), cb);
  }

  addToggle(cb: (component: O.ToggleComponent) => unknown): this {
    return this.add(new ToggleComponent(this.controlEl), cb);
  }

  addText(cb: (component: O.TextComponent) => unknown): this {
    return this.add(new TextComponent(this.controlEl), cb);
  }

  addTextArea(cb: (component: O.TextAreaComponent) => unknown): this {
    return this.add(new TextAreaComponent(this.controlEl), cb);
  }

  addDropdown(cb: (component: O.DropdownComponent) => unknown): this {
    return this.add(new DropdownComponent(this.controlEl), cb);
  }

  addSlider(cb: (component: O.SliderComponent) => unknown): this {
    return this.add(new SliderComponent(this.controlEl), cb);
  }

  then(cb: (setting: this) => unknown): this {
    cb(this);
    return this;
  }

  setTooltip(tooltip: string): this {
    this.settingEl.setAttr('aria-label', tooltip);
    return this;
  }

  setErrorMessage(message: string | null): this {
    if (message === null) {
      this.errorEl?.detach();
      this.errorEl = null;
    } else {
      this.errorEl ??= this.infoEl.createDiv({ cls: 'setting-item-error' });
      this.errorEl.setText(message);
    }
    return this;
  }

  addComponent<T extends O.BaseComponent>(cb: (el: HTMLElement) => T): this {
    this.components.push(cb(this.controlEl));
    return this;
  }

  addSearch(cb: (component: O.SearchComponent) => unknown): this {
    return this.missing('addSearch', cb);
  }

  addMomentFormat(cb: (component: O.MomentFormatComponent) => unknown): this {
    return this.missing('addMomentFormat', cb);
  }

  addColorPicker(cb: (component: O.ColorComponent) => unknown): this {
    return this.missing('addColorPicker', cb);
  }

  addProgressBar(cb: (component: O.ProgressBarComponent) => unknown): this {
    return this.missing('addProgressBar', cb);
  }

  addDisplayValue(cb: (component: O.DisplayValueComponent) => unknown): this {
    return this.missing('addDisplayValue', cb);
  }

  clear(): this {
    this.controlEl.empty();
    this.components = [];
    return this;
  }

  private missing(name: string, cb: unknown): this {
    void cb;
    throw new Error(`Setting double: ${name} is not implemented; add it to test/obsidian-double/ui.ts`);
  }

  private add<C extends BaseComponent>(component: C, cb: (component: never) => unknown): this {
    this.components.push(component as unknown as O.BaseComponent);
    cb(component as never);
    return this;
  }
}

export abstract class SettingTab implements Pick<
  O.SettingTab,
  'app' | 'containerEl' | 'display' | 'hide' | 'getSettingDefinitions' | 'update'
> {
  containerEl: HTMLElement;
  icon = 'settings';
  /** What getSettingDefinitions() returned at the last update() (1.13+). */
  settingItems: O.SettingDefinitionItem[] = [];

  constructor(public app: O.App) {
    this.containerEl = createDiv({ cls: 'vertical-tab-content' });
  }

  abstract display(): void;

  /** None by default: the tab is drawn by display(). */
  getSettingDefinitions(): O.SettingDefinitionItem[] {
    return [];
  }

  /** Reads the definitions again (search and drawing), and redraws the tab when it is shown and has them. */
  update(): void {
    this.settingItems = this.getSettingDefinitions();
    if (isTabShown(this) && this.settingItems.length > 0) drawDefinitions(this as unknown as O.SettingTab);
  }

  hide(): void {
    markShown(this, false);
    this.containerEl.empty();
  }
}

export abstract class PluginSettingTab extends SettingTab {
  constructor(
    app: O.App,
    readonly plugin: O.Plugin,
  ) {
    super(app);
  }
}
