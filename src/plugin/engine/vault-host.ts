// The main thread's side of the engine: the vault's bundle (reads, stats, writes), wiki.db's bytes, the embedder
// and progress, as the EngineHost the engine asks through its channel (or directly, in-process).
import { EmbedError, type Embedder } from '../../core/embed/types';
import type { EvaluationPass } from '../../core/evaluate/evaluate-set-file';
import type { VaultBundle } from '../vault-bundle';
import type { EngineHost } from './engine';
import type { WikiDbRead } from './wiki-db-pieces';

export interface VaultHostDeps {
  /** The bundle of the current settings (replaced when the concept folders change). */
  bundle(): VaultBundle;
  readWikiDb(whole: boolean): Promise<WikiDbRead>;
  /** The index changed in a way to persist. */
  dirty(): void;
  /** The embedder for `model`: the running pass's, or the current settings' (undefined when neither has it). */
  embedder(model: string): Embedder | undefined;
  progress(done: number, total: number): void;
  embedProgress(done: number, total: number): void;
  evaluateProgress(done: number, total: number, pass: EvaluationPass): void;
}

/** The EngineHost over the vault. */
export function vaultHost(d: VaultHostDeps): EngineHost {
  return {
    list: () => d.bundle().list(),
    read: (p) => d.bundle().read(p),
    stat: (p) => d.bundle().stat(p),
    readIfExists: (p) => d.bundle().readIfExists(p),
    write: (p, data) => d.bundle().write(p, data),
    writeUtf8: (p, bytes) => d.bundle().writeUtf8(p, bytes),
    readWikiDb: (whole) => d.readWikiDb(whole),
    indexWritten: () => d.dirty(),
    embed: (model, texts, kind) => {
      const embedder = d.embedder(model);
      if (!embedder)
        return Promise.reject(new EmbedError(`The embedding model is no longer ${model}.`, 'model-missing'));
      return embedder.embed(texts, kind);
    },
    progress: (done, total) => d.progress(done, total),
    embedProgress: (done, total) => d.embedProgress(done, total),
    evaluateProgress: (done, total, pass) => d.evaluateProgress(done, total, pass),
  };
}
