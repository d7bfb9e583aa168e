// Deterministic stand-in vectors for the benchmark: a hashed bag of words in nomic-embed-text's 768
// dimensions, so vector search costs what it would with the real model (the quality is not measured here).

/** nomic-embed-text's dimension. */
export const BENCH_DIM = 768;

const PREFIX = /^(search_query|search_document): /;

/** The unit vector of a text. */
export function hashedVector(text: string, dim = BENCH_DIM): Float32Array {
  const v = new Float32Array(dim);
  const body = text.replace(PREFIX, '').toLowerCase();
  for (const word of body.match(/[\p{L}\p{N}]+/gu) ?? []) {
    let h = 0x811c9dc5;
    for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193) >>> 0;
    v[h % dim] += (h >>> 16) & 1 ? 1 : -1;
  }
  let norm = 0;
  for (let i = 0; i < dim; i++) norm += v[i] * v[i];
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < dim; i++) v[i] /= norm;
  return v;
}
