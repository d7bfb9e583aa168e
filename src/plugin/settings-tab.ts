// The settings tab: the bundle and its folders, where wiki.db lives, the embedding backend, and the retrieval
// tunables (empty means the core's default, shown as the placeholder). A value that does not parse is shown
// as an error on its row and not saved.
import { PluginSettingTab, Setting, type App, type Plugin } from 'obsidian';
import { defaultContextOptions } from '../core/retrieval/context-for';
import { DEFAULT_SETTINGS, parseFolderList, cleanFolder, type OkfSettings } from './settings';

export interface SettingsHost {
  readonly settings: OkfSettings;
  update(patch: Partial<OkfSettings>): Promise<void>;
}

type NumberKey = 'ollamaTimeoutMs' | 'tokenBudget' | 'hopLimit' | 'hopDecay' | 'coverageThreshold' | 'vectorThreshold';

export class OkfSettingTab extends PluginSettingTab {
  constructor(
    app: App,
    plugin: Plugin,
    private readonly host: SettingsHost,
  ) {
    super(app, plugin);
  }

  override display(): void {
    const { containerEl } = this;
    containerEl.empty();
    const s = this.host.settings;

    new Setting(containerEl).setName('Bundle').setHeading();
    this.text('Bundle folder', 'Vault folder holding the OKF bundle. Empty: the whole vault.', s.bundleFolder, '(vault root)', (v) => ({ bundleFolder: cleanFolder(v) }));
    new Setting(containerEl)
      .setName('Concept folders')
      .setDesc('Folders of the bundle whose notes are concepts, one per line (e.g. entities, concepts). Empty: every note in the bundle. Changing them rebuilds the index.')
      .addTextArea((t) =>
        t
          .setPlaceholder('entities\nconcepts')
          .setValue(s.conceptFolders.join('\n'))
          .onChange((v) => void this.host.update({ conceptFolders: parseFolderList(v) })),
      );
    this.text('Index file', 'Vault path of wiki.db. Empty: wiki.db at the bundle root.', s.wikiDbPath, 'wiki.db', (v) => ({ wikiDbPath: cleanFolder(v) }));

    new Setting(containerEl).setName('Embeddings (Ollama)').setHeading();
    new Setting(containerEl)
      .setName('Compute embeddings')
      .setDesc('Embed concepts in the background with Ollama for the vector signal. Off: titles and full text only.')
      .addToggle((t) => t.setValue(s.embeddingsEnabled).onChange((v) => void this.host.update({ embeddingsEnabled: v })));
    this.text('Ollama host', 'Address of the Ollama server.', s.ollamaHost, DEFAULT_SETTINGS.ollamaHost, (v) => ({ ollamaHost: v.trim() || DEFAULT_SETTINGS.ollamaHost }));
    this.text('Embedding model', 'Changing the model re-embeds every concept.', s.embeddingModel, DEFAULT_SETTINGS.embeddingModel, (v) => ({
      embeddingModel: v.trim() || DEFAULT_SETTINGS.embeddingModel,
    }));
    this.number('ollamaTimeoutMs', 'Timeout (ms)', 'How long one request to Ollama may take.', DEFAULT_SETTINGS.ollamaTimeoutMs, 100, 600_000);

    new Setting(containerEl).setName('Retrieval').setHeading();
    this.number('tokenBudget', 'Token budget', 'Size of the context block copied for a question.', defaultContextOptions.budget, 50, 1_000_000);
    this.number('hopLimit', 'Hop limit', 'How far from the seed concepts relations are followed (0–5).', defaultContextOptions.hops, 0, 5);
    this.number('hopDecay', 'Hop decay', 'Relevance kept per hop (0–1).', defaultContextOptions.hopDecay, 0, 1);
    this.number('coverageThreshold', 'Coverage threshold', 'A full-text-only match is confident when it covers more than this share of the question’s words (0–1).', defaultContextOptions.coverageThreshold, 0, 1);
    this.number('vectorThreshold', 'Vector threshold', 'A vector-only match is confident at or above this cosine similarity (−1–1).', defaultContextOptions.vectorThreshold, -1, 1);
  }

  private text(name: string, desc: string, value: string, placeholder: string, patch: (v: string) => Partial<OkfSettings>): void {
    new Setting(this.containerEl)
      .setName(name)
      .setDesc(desc)
      .addText((t) => t.setPlaceholder(placeholder).setValue(value).onChange((v) => void this.host.update(patch(v))));
  }

  /** A number field; empty restores the default (null for retrieval tunables). */
  private number(key: NumberKey, name: string, desc: string, fallback: number, min: number, max: number): void {
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
            setting.setErrorMessage(`Enter a number from ${min} to ${max}, or leave it empty for ${fallback}.`);
            return;
          }
          setting.setErrorMessage(null);
          void this.host.update({ [key]: key === 'ollamaTimeoutMs' ? (value ?? fallback) : value } as Partial<OkfSettings>);
        }),
    );
  }
}
