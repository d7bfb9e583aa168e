// Reciprocal rank fusion (spec §6.1): score = Σ 1/(k + rank + 1) over the ranked lists a concept appears in.

/** RRF's k: dampens the head of each list so no single signal dominates (k ≈ 60, spec §6.1). */
export const RRF_K = 60;

/** Fuses ranked lists of paths (rank 0 first). A list given twice counts twice (the exact-title signal). */
export function fuseRanks(lists: readonly (readonly string[])[], k = RRF_K): Map<string, number> {
  const scores = new Map<string, number>();
  for (const list of lists) {
    list.forEach((path, rank) => scores.set(path, (scores.get(path) ?? 0) + 1 / (k + rank + 1)));
  }
  return scores;
}
