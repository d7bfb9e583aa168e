// Holds the settings: loaded from data.json, saved on each change, and applied to the index once edits pause
// (typing a folder name must not rebuild the index on every keystroke).
import type { Plugin } from 'obsidian';
import { normalizeSettings, type OkfSettings } from './settings';

/** Quiet time after the last settings edit before the index is reconfigured. */
export const RECONFIGURE_DELAY_MS = 800;

export class SettingsController {
  private value: OkfSettings = normalizeSettings(undefined);
  private burstStart: OkfSettings | undefined;
  private timer: number | undefined;

  constructor(
    private readonly plugin: Plugin,
    private readonly apply: (before: OkfSettings, after: OkfSettings) => Promise<void>,
  ) {}

  get settings(): OkfSettings {
    return this.value;
  }

  /** Reads data.json (the only I/O allowed in onload). */
  async load(): Promise<void> {
    this.value = normalizeSettings(await this.plugin.loadData());
  }

  async update(patch: Partial<OkfSettings>): Promise<void> {
    this.burstStart ??= this.value;
    this.value = normalizeSettings({ ...this.value, ...patch });
    await this.plugin.saveData(this.value);
    if (this.timer !== undefined) window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.flush(), RECONFIGURE_DELAY_MS);
  }

  /** Applies pending edits now. */
  async flush(): Promise<void> {
    if (this.timer !== undefined) window.clearTimeout(this.timer);
    this.timer = undefined;
    const before = this.burstStart;
    this.burstStart = undefined;
    if (before) await this.apply(before, this.value);
  }

  dispose(): void {
    if (this.timer !== undefined) window.clearTimeout(this.timer);
  }
}
