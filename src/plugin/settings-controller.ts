// Holds the settings: loaded from data.json, saved on each change, and applied to the index once edits pause
// (a number typed digit by digit) or at once when committed (a path, validated on Enter or blur).
import { Notice, Platform, type Plugin } from 'obsidian';
import { normalizeSettings, type OkfSettings } from './settings';

/** Quiet time after the last settings edit before the index is reconfigured. */
export const RECONFIGURE_DELAY_MS = 800;

export class SettingsController {
  private value: OkfSettings = normalizeSettings(undefined);
  private burstStart: OkfSettings | undefined;
  private timer: number | undefined;
  private saving: Promise<void> = Promise.resolve();
  /** Whether the last save of data.json failed (said once per run of failures, not on every keystroke). */
  private saveFailed = false;

  constructor(
    private readonly plugin: Plugin,
    private readonly apply: (before: OkfSettings, after: OkfSettings) => Promise<void>,
  ) {}

  get settings(): OkfSettings {
    return this.value;
  }

  /** Reads data.json (the only I/O allowed in onload). */
  async load(): Promise<void> {
    this.value = normalizeSettings(await this.plugin.loadData(), Platform);
  }

  /** Changes settings now (the next query sees them), saves data.json (one write at a time), reconfigures soon. */
  update(patch: Partial<OkfSettings>): Promise<void> {
    this.burstStart ??= this.value;
    this.value = normalizeSettings({ ...this.value, ...patch }, Platform);
    if (this.timer !== undefined) window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.flush(), RECONFIGURE_DELAY_MS);
    // Saves run one after another, each writing the latest value, so data.json never ends older than memory.
    // A failed save is said (the settings hold for this session but would be gone at the next start); the next
    // edit tries again with the latest value.
    this.saving = this.saving
      .then(() => this.plugin.saveData(this.value))
      .then(
        () => void (this.saveFailed = false),
        (error: unknown) => this.saveFailure(error),
      );
    return this.saving;
  }

  private saveFailure(error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    const message =
      `OKF Graph Wiki: could not save its settings (data.json): ${reason}. ` +
      'They apply until Obsidian closes; change a setting to try again.';
    console.error(message);
    if (this.saveFailed) return;
    this.saveFailed = true;
    new Notice(message);
  }

  /** A committed edit (Enter or leaving a path field): saved and applied to the index now, without the pause. */
  async commit(patch: Partial<OkfSettings>): Promise<void> {
    const saved = this.update(patch);
    await this.flush();
    await saved;
  }

  /** Resolves when data.json holds the current settings. */
  saved(): Promise<void> {
    return this.saving;
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
