// Obsidian plugin entry: wiring only. Views, commands, settings and the live index arrive in src/plugin/.
import { Plugin } from 'obsidian';

export default class OkfGraphWikiPlugin extends Plugin {
  override async onload(): Promise<void> {
    // Nothing slow here: the index is opened after the layout is ready.
  }
}
