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
export { AbstractInputSuggest } from './input-suggest';
export { Vault } from './vault';
export { Editor, ItemView, MarkdownView, View } from './views';
export { Workspace, WorkspaceLeaf } from './workspace';
export const apiVersion = '1.13.1';
export { requireApiVersion } from './since';

import { App } from './app';
import { Plugin } from './component';
import {
  AbstractTextComponent,
  BaseComponent,
  ButtonComponent,
  ExtraButtonComponent,
  SliderComponent,
  ToggleComponent,
} from './components';
import { Setting, SettingTab } from './setting';
import { AbstractInputSuggest } from './input-suggest';
import { installSinceGuards } from './since';
import { SuggestModal } from './suggest';
import { Modal } from './ui';
import { Vault } from './vault';
import { ItemView, View } from './views';
import { Workspace } from './workspace';

installSinceGuards({
  AbstractInputSuggest,
  AbstractTextComponent,
  App,
  BaseComponent,
  ButtonComponent,
  ExtraButtonComponent,
  ItemView,
  Modal,
  Plugin,
  Setting,
  SettingTab,
  SliderComponent,
  SuggestModal,
  ToggleComponent,
  Vault,
  View,
  Workspace,
});
