// Keeping vectors across a rebuild: a concept whose content hash is unchanged keeps its embedding, so
// "Rebuild index" or a change of concept folders does not send the whole bundle to Ollama again.
import type { WikiIndex } from '../core/index/wiki-index';

/** Copies every embedding of `from` whose path and hash match a concept of `to`. Returns how many. */
export function carryOverEmbeddings(from: WikiIndex, to: WikiIndex): number {
  const rows = from.db.all<{ path: string; model: string; hash: string; dim: number; vector: Uint8Array }>(
    'select path, model, hash, dim, vector from embeddings',
  );
  let copied = 0;
  to.db.transaction(() => {
    for (const r of rows) {
      const current = to.db.get<{ hash: string }>('select hash from concepts where path = ?', [r.path]);
      if (current?.hash !== r.hash) continue;
      to.db.run('insert or replace into embeddings (path, model, hash, dim, vector) values (?, ?, ?, ?, ?)', [r.path, r.model, r.hash, r.dim, r.vector]);
      copied++;
    }
  });
  const model = from.getMeta('embedding_model');
  if (copied > 0 && model !== undefined) to.setMeta('embedding_model', model);
  return copied;
}
