// Reciprocal rank fusion (spec §6.1): score = Σ 1/(k + rank + 1) over the ranked lists a concept appears in.

/** RRF's k: dampens the head of each list so no single signal dominates (k ≈ 60, spec §6.1). */
export const RRF_K = 60;

/**
 * Fuses ranked lists of paths (rank 0 first). A list given twice counts twice (the exact-title signal);
 * `weights[i]` (default 1) scales list i's votes, so a signal trusted less on this bundle counts less.
 */
export function fuseRanks(
  lists: readonly (readonly string[])[],
  k = RRF_K,
  weights: readonly number[] = [],
): Map<string, number> {
  const scores = new Map<string, number>();
  lists.forEach((list, i) => {
    const weight = weights[i] ?? 1;
    list.forEach((path, rank) => scores.set(path, (scores.get(path) ?? 0) + weight / (k + rank + 1)));
  });
  return scores;
}
