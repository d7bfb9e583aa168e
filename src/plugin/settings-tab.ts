// The settings tab: the bundle and its folders, where wiki.db lives, the embedding backend, and the retrieval
// tunables (empty means the core's default, shown as the placeholder). Path-like fields apply when committed
// (Enter or leaving the field), after a check against the vault: typing must never rebuild the index or write
// files at half-typed paths. A value that fails its check is shown as an error on its row and not saved.
// The rows are described once (`sections`): Obsidian 1.13+ renders them from getSettingDefinitions(), which also
// puts every setting in its settings search; older versions (minAppVersion is 1.7.2) get them from display().
// Each row is a `render` definition (it checks, saves and applies itself, as before), not a `control` binding.
import {
  PluginSettingTab,
  requireApiVersion,
  Setting,
  type App,
  type Plugin,
  type SettingDefinitionItem,
} from 'obsidian';
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

/**
 * One row of the tab: its name and description (what settings search finds) and how its control is built.
 * `render` returns nothing: Obsidian 1.13 takes a returned function for the row's cleanup (a Setting has `then`).
 */
interface Row {
  readonly name: string;
  readonly desc: string;
  /** Shown only while this holds (evaluated on each render). */
  readonly visible?: () => boolean;
  readonly render: (setting: Setting) => void;
}

/** A heading and its rows. */
interface Section {
  readonly heading: string;
  readonly rows: readonly Row[];
}

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
  /** Where each threshold in force comes from, asked once per drawing of the tab. */
  private inForce: ReturnType<ThresholdReport> | undefined;

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

  /** Obsidian 1.13+: the rows as definitions, rendered by Obsidian and found by its settings search. */
  override getSettingDefinitions(): SettingDefinitionItem[] {
    this.inForce = undefined;
    return this.sections().map(({ heading, rows }) => ({
      type: 'group',
      heading,
      items: rows.map(({ name, desc, visible, render }) => ({ name, desc, render, ...(visible ? { visible } : {}) })),
    }));
  }

  /** Obsidian before 1.13 (never called from 1.13 on, where getSettingDefinitions() has rows): the same rows. */
  override display(): void {
    this.draw();
  }

  /** Shows a change made elsewhere (a folder chosen in the first-run dialog) on the tab, open or next opened. */
  refresh(): void {
    if (requireApiVersion('1.13.0')) this.update();
    else if (this.containerEl.isConnected) this.draw();
  }

  private draw(): void {
    const { containerEl } = this;
    containerEl.empty();
    this.inForce = undefined;
    for (const { heading, rows } of this.sections()) {
      new Setting(containerEl).setName(heading).setHeading();
      for (const row of rows) {
        if (row.visible && !row.visible()) continue;
        row.render(new Setting(containerEl).setName(row.name).setDesc(row.desc));
      }
    }
  }

  private sections(): Section[] {
    const vault = this.app.vault;
    const setUp = this.setUp;
    const bundleRows: Row[] = [];
    if (setUp) {
      bundleRows.push({
        name: 'Not set up yet',
        desc:
          'No folder is chosen, so nothing is indexed or written. Choose the ' +
          'folder that holds your OKF concepts (found for you), or create the ' +
          'example wiki.',
        visible: () => !this.host.settings.bundleChosen,
        render: (setting) => {
          setting.setClass('okf-setup-pending').addButton((b) =>
            b
              .setButtonText('Choose the wiki folder…')
              .setCta()
              .onClick(() => setUp()),
          );
        },
      });
    }
    bundleRows.push(
      this.pathRow(
        'Bundle folder',
        'Vault folder holding the OKF bundle; notes outside it are not concepts. Empty: the whole vault.',
        () => this.host.settings.bundleFolder,
        'Vault root',
        (raw) => {
          const checked = checkBundleFolder(vault, cleanFolder(raw));
          return checked.ok ? { ok: true, value: { bundleFolder: checked.value, bundleChosen: true } } : checked;
        },
        (input) =>
          new FolderSuggest(
            this.app,
            input,
            () => '',
            () => input.dispatchEvent(new Event('change')),
          ),
      ),
      {
        name: 'Concept folders',
        desc:
          'Folders of the bundle whose notes are concepts, one per line, such as ' +
          'entities and concepts. Empty: every note in the bundle. Changing them ' +
          'rebuilds the index.',
        render: (setting) => {
          setting.addTextArea((t) => {
            t.setPlaceholder('Every note in the bundle').setValue(this.host.settings.conceptFolders.join('\n'));
            this.onCommit(setting, t.inputEl, (raw) => {
              const checked = checkConceptFolders(vault, this.host.settings.bundleFolder, parseFolderList(raw));
              return checked.ok ? { ok: true, value: { conceptFolders: checked.value } } : checked;
            });
          });
        },
      },
      this.pathRow(
        'Index file',
        'Vault path of the index, ending in .db. Empty: wiki.db in the bundle folder. A change moves the file.',
        () => this.host.settings.wikiDbPath,
        'wiki.db',
        async (raw) => {
          const checked = await checkIndexFile(vault, cleanFolder(raw));
          return checked.ok ? { ok: true, value: { wikiDbPath: checked.value } } : checked;
        },
      ),
    );
    return [
      { heading: 'Bundle', rows: bundleRows },
      { heading: 'Embeddings (Ollama)', rows: this.embeddingRows() },
      { heading: 'Retrieval', rows: this.retrievalRows() },
    ];
  }

  private embeddingRows(): Row[] {
    return [
      {
        name: 'Compute embeddings',
        desc: 'Embed concepts in the background with Ollama for the vector signal. Off: titles and full text only.',
        render: (setting) => {
          setting.addToggle((t) =>
            t
              .setValue(this.host.settings.embeddingsEnabled)
              .onChange((v) => void this.host.update({ embeddingsEnabled: v })),
          );
        },
      },
      this.pathRow(
        'Ollama host',
        'Address of the Ollama server, e.g. http://127.0.0.1:11434.',
        () => this.host.settings.ollamaHost,
        DEFAULT_SETTINGS.ollamaHost,
        (raw) => {
          const host = raw.trim() || DEFAULT_SETTINGS.ollamaHost;
          const problem = ollamaHostProblem(host);
          return problem === null ? { ok: true, value: { ollamaHost: host } } : { ok: false, error: problem };
        },
      ),
      this.pathRow(
        'Embedding model',
        'Changing the model re-embeds every concept.',
        () => this.host.settings.embeddingModel,
        DEFAULT_SETTINGS.embeddingModel,
        (raw) => ({
          ok: true,
          value: { embeddingModel: raw.trim() || DEFAULT_SETTINGS.embeddingModel },
        }),
      ),
      this.numberRow(
        'ollamaTimeoutMs',
        'Timeout (ms)',
        'How long one request to Ollama may take.',
        DEFAULT_SETTINGS.ollamaTimeoutMs,
        100,
        600_000,
      ),
    ];
  }

  private retrievalRows(): Row[] {
    const d = defaultContextOptions;
    return [
      this.numberRow(
        'tokenBudget',
        'Token budget',
        'Size of the context block copied for a question.',
        d.budget,
        50,
        1_000_000,
      ),
      this.numberRow(
        'hopLimit',
        'Hop limit',
        'How far from the seed concepts relations are followed (0–5).',
        d.hops,
        0,
        5,
      ),
      this.numberRow('hopDecay', 'Hop decay', 'Relevance kept per hop (0–1).', d.hopDecay, 0, 1),
      this.numberRow(
        'coverageThreshold',
        'Coverage threshold',
        'A full-text-only match is confident when it covers more than this ' +
          'share of the question’s words (0–1). Empty: okf-wiki.json, else the default.',
        d.coverageThreshold,
        0,
        1,
        'coverage',
      ),
      this.numberRow(
        'vectorThreshold',
        'Vector threshold',
        'A vector-only match is confident at or above this cosine similarity ' +
          '(−1–1). Empty: okf-wiki.json, else the gate calibrated for the model ' +
          'on this bundle, else the default.',
        d.vectorThreshold,
        -1,
        1,
        'vector',
      ),
    ];
  }

  /** A text field applied on commit after `check`; `withInput` gets its input (for a suggester). */
  private pathRow(
    name: string,
    desc: string,
    value: () => string,
    placeholder: string,
    check: Check,
    withInput?: (input: HTMLInputElement) => void,
  ): Row {
    return {
      name,
      desc,
      render: (setting) => {
        setting.addText((t) => {
          t.setPlaceholder(placeholder).setValue(value());
          this.onCommit(setting, t.inputEl, check);
          withInput?.(t.inputEl);
        });
      },
    };
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

  /**
   * A number field, applied as typed once it parses; empty restores the default (null for retrieval tunables).
   * `inForce` adds where the threshold in force comes from (issue 11): "vector gate 0.41 (calibrated for
   * nomic-embed-text on 1,204 concepts)".
   */
  private numberRow(
    key: NumberKey,
    name: string,
    desc: string,
    fallback: number,
    min: number,
    max: number,
    inForce?: 'coverage' | 'vector',
  ): Row {
    const render = (setting: Setting) => {
      const current = this.host.settings[key];
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
      if (inForce && this.thresholds) {
        this.inForce ??= this.thresholds();
        void this.inForce.then((now) => setting.descEl.createDiv({ text: `In force: ${now[inForce]}.` }));
      }
    };
    return { name, desc, render };
  }
}
