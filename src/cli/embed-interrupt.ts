// A reindex's embedding phase can take many minutes (10,000 concepts through Ollama), and wiki.db used to be written
// only at its end: Ctrl-C or a crash lost every vector computed. Now wiki.db is saved every EMBED_SAVE_SECONDS of
// embedding (a crash loses at most that stretch), and the first Ctrl-C stops after the batch in flight, lets the
// rebuild save and exits 130; the next reindex carries the saved vectors over and embeds only the rest. Every save
// is the usual atomic replace of wiki.db (temporary file, then rename): never a half-written file. SIGTERM and SIGHUP
// are not caught: they end the process at once, losing at most the vectors since the last save.
import type { RebuildOptions, VectorsReport } from '../core/engine/session';
import type { Notes } from '../node/folder-bundle';
import { fmt } from './io';

/**
 * Seconds of embedding between two saves of wiki.db (`OKF_WIKI_EMBED_SAVE_SECONDS` changes it; 0 saves after every
 * batch). A save costs ~1 s at 10,000 concepts: a few percent of the embedding time, for at most 30 s of work lost.
 */
export const EMBED_SAVE_SECONDS = 30;

/** The exit code of a command stopped by Ctrl-C: 128 + SIGINT's number, as shells report a process it ended. */
export const INTERRUPTED_EXIT = 130;

/** What a reindex with embeddings passes to the rebuild; `dispose` once it is over. */
export interface EmbeddingGuard {
  readonly options: Pick<RebuildOptions, 'shouldStopEmbedding' | 'saveDuringEmbedding'>;
  /** True once Ctrl-C was pressed during or after embedding: the command then exits 130 (reportInterrupted). */
  readonly interrupted: boolean;
  dispose(): void;
}

/**
 * Takes over Ctrl-C for a rebuild that embeds, once embedding starts. Before, there is nothing to keep and Ctrl-C quits
 * at once (no handler yet); during it, the first stops embedding after the batch in flight, the second quits at once.
 */
export function guardEmbedding(notes: Notes, env: NodeJS.ProcessEnv = process.env): EmbeddingGuard {
  // Empty is unset (as the lock wait's setting reads it), not 0: Number('') is 0, a save after every batch.
  const raw = env.OKF_WIKI_EMBED_SAVE_SECONDS?.trim();
  const asked = raw ? Number(raw) : EMBED_SAVE_SECONDS;
  const everyMs = (Number.isFinite(asked) && asked >= 0 ? asked : EMBED_SAVE_SECONDS) * 1000;
  let embedding = false;
  let interrupted = false;
  let lastSave = 0;
  const onSigint = (): void => {
    if (interrupted) {
      // Quit as Ctrl-C does without a handler (the shell sees a process ended by SIGINT).
      dispose();
      process.kill(process.pid, 'SIGINT');
      return;
    }
    interrupted = true;
    notes.err(
      '\nnote: interrupted: finishing the request in flight, then saving the vectors embedded so far in wiki.db ' +
        '(Ctrl-C again quits at once)\n',
    );
  };
  const dispose = (): void => void process.off('SIGINT', onSigint);
  return {
    options: {
      shouldStopEmbedding: () => {
        if (!embedding) {
          lastSave = Date.now();
          // Listened for only from here: the build before runs without yielding, so a handler installed earlier
          // would run only once it ended, and stop the embedding instead of quitting (Node's default does quit).
          process.on('SIGINT', onSigint);
        }
        embedding = true;
        return interrupted;
      },
      saveDuringEmbedding: () => {
        if (Date.now() - lastSave < everyMs) return false;
        lastSave = Date.now();
        return true;
      },
    },
    get interrupted() {
      return interrupted;
    },
    dispose,
  };
}

/** Says what an interrupted reindex kept and what is left; returns the exit code. */
export function reportInterrupted(vectors: VectorsReport, concepts: number, notes: Notes): number {
  const kept = vectors.embedded + vectors.current;
  if (kept >= concepts) {
    // Ctrl-C after the last batch: calibration (if not begun) was skipped, the next reindex calibrates.
    notes.err(
      `okf-wiki: reindex interrupted after embedding: every concept has a vector in wiki.db ` +
        `(run reindex again to calibrate the vector gate if this one did not).\n`,
    );
    return INTERRUPTED_EXIT;
  }
  notes.err(
    `okf-wiki: reindex interrupted: wiki.db keeps the ${fmt(kept)} vectors embedded so far; ` +
      `${fmt(concepts - kept)} concepts still lack a vector (run reindex again to embed only those).\n`,
  );
  return INTERRUPTED_EXIT;
}
