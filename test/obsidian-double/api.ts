// The public surface of the double: what `require('obsidian')` answers, in jest and in the browser test.
export { App } from './app';
export { Component, Plugin } from './component';
export { Events } from './events';
export { TAbstractFile, TFile, TFolder } from './files';
export { debounce, Keymap, normalizePath, parseYaml, Platform, requestUrl, setIcon, stringifyYaml } from './functions';
export { MetadataCache } from './metadata-cache';
export {
  AbstractTextComponent,
  BaseComponent,
  ButtonComponent,
  DropdownComponent,
  ExtraButtonComponent,
  SliderComponent,
  TextAreaComponent,
  TextComponent,
  ToggleComponent,
  ValueComponent,
} from './components';
export { PluginSettingTab, Setting, SettingTab } from './setting';
export { Modal, Notice, Scope } from './ui';
export { FuzzySuggestModal, prepareFuzzySearch, renderResults, SuggestModal } from './suggest';
export { Vault } from './vault';
export { Editor, ItemView, MarkdownView, View } from './views';
export { Workspace, WorkspaceLeaf } from './workspace';
export const apiVersion = '1.13.1';
