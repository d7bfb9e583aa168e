// The settings tab: the bundle and its folders, where wiki.db lives, the embedding backend, and the retrieval
// tunables (empty means the core's default, shown as the placeholder). Path-like fields apply when committed
// (Enter or leaving the field), after a check against the vault: typing must never rebuild the index or write
// files at half-typed paths. A value that fails its check is shown as an error on its row and not saved.
import { PluginSettingTab, Setting, type App, type Plugin } from 'obsidian';
import { defaultContextOptions } from '../core/retrieval/context-for';
import { FolderSuggest } from './folder-suggest';
import { cleanFolder, DEFAULT_SETTINGS, ollamaHostProblem, parseFolderList, type OkfSettings } from './settings';
import { checkBundleFolder, checkConceptFolders, checkIndexFile, type Checked } from './settings-validation';

export interface SettingsHost {
  readonly settings: OkfSettings;
  /** Saves now and applies after edits pause (numbers, toggles). */
  update(patch: Partial<OkfSettings>): Promise<void>;
  /** Saves and applies now (a committed path). */
  commit(patch: Partial<OkfSettings>): Promise<void>;
}

/** The thresholds in force and where each came from (setting, okf-wiki.json, calibration, default). */
export type ThresholdReport = () => Promise<{ readonly coverage: string; readonly vector: string }>;

type NumberKey = 'ollamaTimeoutMs' | 'tokenBudget' | 'hopLimit' | 'hopDecay' | 'coverageThreshold' | 'vectorThreshold';
type Check = (raw: string) => Checked<Partial<OkfSettings>> | Promise<Checked<Partial<OkfSettings>>>;

/** Shows (or with null, clears) a validation message under a setting's name; works on every Obsidian version. */
export function showSettingError(setting: Setting, message: string | null): void {
  setting.settingEl.toggleClass('okf-invalid', message !== null);
  const existing = setting.infoEl.querySelector<HTMLElement>('.okf-setting-error');
  if (message === null) {
    existing?.remove();
    return;
  }
  (existing ?? setting.infoEl.createDiv({ cls: 'okf-setting-error mod-warning' })).setText(message);
}

export class OkfSettingTab extends PluginSettingTab {
  private pending: Promise<void> = Promise.resolve();

  constructor(
    app: App,
    plugin: Plugin,
    private readonly host: SettingsHost,
    private readonly thresholds?: ThresholdReport,
    /** Opens the first-run dialog (offered here until a bundle folder is chosen). */
    private readonly setUp?: () => void,
  ) {
    super(app, plugin);
  }

  /** Resolves when the last committed edit has been checked and applied (tests). */
  settled(): Promise<void> {
    return this.pending;
  }

  override display(): void {
    const { containerEl } = this;
    containerEl.empty();
    const s = this.host.settings;
    const vault = this.app.vault;

    new Setting(containerEl).setName('Bundle').setHeading();
    if (!s.bundleChosen && this.setUp) {
      const setUp = this.setUp;
      new Setting(containerEl)
        .setName('Not set up yet')
        .setDesc(
          'No folder is chosen, so nothing is indexed or written. Choose the ' +
            'folder that holds your OKF concepts (found for you), or create the ' +
            'example wiki.',
        )
        .setClass('okf-setup-pending')
        .addButton((b) =>
          b
            .setButtonText('Choose the wiki folder…')
            .setCta()
            .onClick(() => setUp()),
        );
    }
    const bundle = this.pathField(
      'Bundle folder',
      'Vault folder holding the OKF bundle; notes outside it are not concepts. Empty: the whole vault.',
      s.bundleFolder,
      '(vault root)',
      (raw) => {
        const checked = checkBundleFolder(vault, cleanFolder(raw));
        return checked.ok ? { ok: true, value: { bundleFolder: checked.value, bundleChosen: true } } : checked;
      },
    );
    new FolderSuggest(
      this.app,
      bundle,
      () => '',
      () => bundle.dispatchEvent(new Event('change')),
    );

    const concepts = new Setting(containerEl)
      .setName('Concept folders')
      .setDesc(
        'Folders of the bundle whose notes are concepts, one per line, such as ' +
          'entities and concepts. Empty: every note in the bundle. Changing them ' +
          'rebuilds the index.',
      );
    concepts.addTextArea((t) => {
      t.setPlaceholder('(every note in the bundle)').setValue(s.conceptFolders.join('\n'));
      this.onCommit(concepts, t.inputEl, (raw) => {
        const checked = checkConceptFolders(vault, this.host.settings.bundleFolder, parseFolderList(raw));
        return checked.ok ? { ok: true, value: { conceptFolders: checked.value } } : checked;
      });
    });

    this.pathField(
      'Index file',
      'Vault path of the index, ending in .db. Empty: wiki.db in the bundle folder. A change moves the file.',
      s.wikiDbPath,
      'wiki.db',
      async (raw) => {
        const checked = await checkIndexFile(vault, cleanFolder(raw));
        return checked.ok ? { ok: true, value: { wikiDbPath: checked.value } } : checked;
      },
    );

    new Setting(containerEl).setName('Embeddings (Ollama)').setHeading();
    new Setting(containerEl)
      .setName('Compute embeddings')
      .setDesc('Embed concepts in the background with Ollama for the vector signal. Off: titles and full text only.')
      .addToggle((t) =>
        t.setValue(s.embeddingsEnabled).onChange((v) => void this.host.update({ embeddingsEnabled: v })),
      );
    this.pathField(
      'Ollama host',
      'Address of the Ollama server, e.g. http://127.0.0.1:11434.',
      s.ollamaHost,
      DEFAULT_SETTINGS.ollamaHost,
      (raw) => {
        const host = raw.trim() || DEFAULT_SETTINGS.ollamaHost;
        const problem = ollamaHostProblem(host);
        return problem === null ? { ok: true, value: { ollamaHost: host } } : { ok: false, error: problem };
      },
    );
    this.pathField(
      'Embedding model',
      'Changing the model re-embeds every concept.',
      s.embeddingModel,
      DEFAULT_SETTINGS.embeddingModel,
      (raw) => ({
        ok: true,
        value: { embeddingModel: raw.trim() || DEFAULT_SETTINGS.embeddingModel },
      }),
    );
    this.number(
      'ollamaTimeoutMs',
      'Timeout (ms)',
      'How long one request to Ollama may take.',
      DEFAULT_SETTINGS.ollamaTimeoutMs,
      100,
      600_000,
    );

    new Setting(containerEl).setName('Retrieval').setHeading();
    this.number(
      'tokenBudget',
      'Token budget',
      'Size of the context block copied for a question.',
      defaultContextOptions.budget,
      50,
      1_000_000,
    );
    this.number(
      'hopLimit',
      'Hop limit',
      'How far from the seed concepts relations are followed (0–5).',
      defaultContextOptions.hops,
      0,
      5,
    );
    this.number('hopDecay', 'Hop decay', 'Relevance kept per hop (0–1).', defaultContextOptions.hopDecay, 0, 1);
    const coverage = this.number(
      'coverageThreshold',
      'Coverage threshold',
      'A full-text-only match is confident when it covers more than this ' +
        'share of the question’s words (0–1). Empty: okf-wiki.json, else the default.',
      defaultContextOptions.coverageThreshold,
      0,
      1,
    );
    const vector = this.number(
      'vectorThreshold',
      'Vector threshold',
      'A vector-only match is confident at or above this cosine similarity ' +
        '(−1–1). Empty: okf-wiki.json, else the gate calibrated for the model ' +
        'on this bundle, else the default.',
      defaultContextOptions.vectorThreshold,
      -1,
      1,
    );
    // Where each threshold in force comes from (issue 11): "vector gate 0.41 (calibrated for nomic-embed-text on 1,204
    // concepts)".
    void this.thresholds?.().then((now) => {
      coverage.descEl.createDiv({ text: `In force: ${now.coverage}.` });
      vector.descEl.createDiv({ text: `In force: ${now.vector}.` });
    });
  }

  /** A text field applied on commit after `check`; returns its input (for a suggester). */
  private pathField(name: string, desc: string, value: string, placeholder: string, check: Check): HTMLInputElement {
    const setting = new Setting(this.containerEl).setName(name).setDesc(desc);
    let input!: HTMLInputElement;
    setting.addText((t) => {
      t.setPlaceholder(placeholder).setValue(value);
      input = t.inputEl;
      this.onCommit(setting, input, check);
    });
    return input;
  }

  /** Checks and applies the field's value on Enter (single-line fields) and when the field is left. */
  private onCommit(setting: Setting, input: HTMLInputElement | HTMLTextAreaElement, check: Check): void {
    let last = input.value;
    const commit = async (): Promise<void> => {
      if (input.value === last) return;
      last = input.value;
      const checked = await check(input.value);
      input.setAttr('aria-invalid', checked.ok ? 'false' : 'true');
      if (!checked.ok) return showSettingError(setting, checked.error);
      showSettingError(setting, null);
      await this.host.commit(checked.value);
    };
    const queue = () => (this.pending = this.pending.then(commit, commit));
    input.addEventListener('change', () => void queue());
    if (input instanceof HTMLInputElement)
      input.addEventListener('keydown', (evt) => evt.key === 'Enter' && void queue());
  }

  /** A number field, applied as typed once it parses; empty restores the default (null for retrieval tunables). */
  private number(key: NumberKey, name: string, desc: string, fallback: number, min: number, max: number): Setting {
    const current = this.host.settings[key];
    const setting = new Setting(this.containerEl).setName(name).setDesc(desc);
    setting.addText((t) =>
      t
        .setPlaceholder(String(fallback))
        .setValue(current === null || (key === 'ollamaTimeoutMs' && current === fallback) ? '' : String(current))
        .onChange((raw) => {
          const text = raw.trim();
          const value = text === '' ? null : Number(text);
          if (value !== null && (!Number.isFinite(value) || value < min || value > max)) {
            showSettingError(setting, `Enter a number from ${min} to ${max}, or leave it empty for ${fallback}.`);
            return;
          }
          showSettingError(setting, null);
          void this.host.update({ [key]: key === 'ollamaTimeoutMs' ? (value ?? fallback) : value });
        }),
    );
    return setting;
  }
}
