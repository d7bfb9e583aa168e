// When two predicates are probably one (spec §7.3's predicate drift, §8's open vocabulary): the same words
// spelled differently (`invested_in` / `invested-in` / `investedIn`), the same words in another form
// (`works_at` / `worked_at`), a one-letter typo, or a known synonym (`backs` ~ `invested_in`).

/** Why two predicates were grouped. */
export type SimilarityReason = 'spelling' | 'word-form' | 'typo' | 'synonym';

/** A small hand-kept table of synonyms (spec §7.3's `backs` ~ `invested_in`); okf-wiki.json `synonyms` adds more. */
export const BUILTIN_SYNONYMS: readonly (readonly string[])[] = [
  ['invested_in', 'backs', 'backed'],
  ['works_for', 'employed_by'],
  ['married_to', 'spouse_of'],
  ['born_on', 'birth_date', 'date_of_birth'],
  ['died_on', 'death_date', 'date_of_death'],
  ['founded_by', 'established_by'],
  ['headquartered_in', 'based_in'],
];

/** Lower-case snake_case: `investedIn`, `Invested-In`, `invested in` → `invested_in`. */
export function canonicalPredicate(predicate: string): string {
  return predicate
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');
}

/** The canonical form with each word reduced to a crude stem (`worked_at`, `works_at` → `work_at`). */
export function stemPredicate(canonical: string): string {
  return canonical.split('_').map(stemWord).join('_');
}

function stemWord(word: string): string {
  if (word.length <= 3) return word;
  let stem = word;
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (suffix === 's' && stem.endsWith('ss')) break;
    if (stem.endsWith(suffix) && stem.length - suffix.length >= 3) {
      stem = stem.slice(0, -suffix.length);
      break;
    }
  }
  if (stem.endsWith('e') && stem.length > 3) stem = stem.slice(0, -1);
  return stem;
}

/** Optimal-string-alignment distance (insert, delete, substitute, swap neighbours), or `max + 1` once above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2] + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length];
}

/**
 * True for a one-edit pair that is a typo rather than two words: not when the only difference is one short
 * word for another (`born_on` / `born_in`, `built_by` / `built_at` are different predicates).
 */
export function isLikelyTypo(a: string, b: string): boolean {
  if (Math.min(a.length, b.length) < 5 || editDistance(a, b, 1) !== 1) return false;
  const ta = a.split('_');
  const tb = b.split('_');
  if (ta.length === tb.length) {
    const differing = ta.map((t, i) => [t, tb[i]] as const).filter(([x, y]) => x !== y);
    if (differing.length === 1 && differing[0][0].length <= 3 && differing[0][1].length <= 3) return false;
  }
  return true;
}

/** A group of predicates that look like one, with the form to keep. */
export interface PredicateCluster {
  /** Each predicate as written, with how many relations use it; most used first. */
  readonly members: readonly {
    readonly predicate: string;
    readonly count: number;
    readonly reason: SimilarityReason;
  }[];
  /** The majority form (ties: the one already in snake_case, then the first alphabetically). */
  readonly keep: string;
}

/**
 * Groups the bundle's predicates (with their use counts) into clusters of likely duplicates. Declared inverse
 * pairs and `distinct` groups are never merged directly. Pairwise typo comparison only runs between predicates of
 * near-equal length
 * that share a one-deletion key, so the cost follows the number of such pairs, not the square of the vocabulary.
 */
export function clusterPredicates(
  counts: ReadonlyMap<string, number>,
  options: {
    synonyms?: readonly (readonly string[])[];
    inverses?: readonly (readonly [string, string])[];
    distinct?: readonly (readonly string[])[];
  } = {},
): PredicateCluster[] {
  const predicates = [...counts.keys()].sort();
  const canonical = new Map(predicates.map((p) => [p, canonicalPredicate(p)]));
  const parent = new Map(predicates.map((p) => [p, p]));
  const reasonOf = new Map<string, SimilarityReason>();
  const find = (p: string): string => {
    let root = p;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(p, root);
    return root;
  };
  const forbidden = new Set<string>();
  for (const group of [...(options.inverses ?? []), ...(options.distinct ?? [])]) {
    for (const a of group)
      for (const b of group) if (a !== b) forbidden.add(canonicalPredicate(a) + '\0' + canonicalPredicate(b));
  }
  const union = (a: string, b: string, reason: SimilarityReason) => {
    if (forbidden.has(canonical.get(a)! + '\0' + canonical.get(b)!)) return;
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) return;
    parent.set(rb, ra);
    for (const p of [a, b]) {
      const previous = reasonOf.get(p);
      if (previous === undefined || RANK[reason] < RANK[previous]) reasonOf.set(p, reason);
    }
  };
  const groupBy = (key: (p: string) => string, reason: SimilarityReason) => {
    const first = new Map<string, string>();
    for (const p of predicates) {
      const k = key(p);
      const seen = first.get(k);
      if (seen === undefined) first.set(k, p);
      else union(seen, p, reason);
    }
  };
  groupBy((p) => canonical.get(p)!, 'spelling');
  groupBy((p) => stemPredicate(canonical.get(p)!), 'word-form');
  const synonymOf = new Map<string, number>();
  [...BUILTIN_SYNONYMS, ...(options.synonyms ?? [])].forEach((group, i) => {
    for (const p of group) if (!synonymOf.has(canonicalPredicate(p))) synonymOf.set(canonicalPredicate(p), i);
  });
  groupBy((p) => {
    const group = synonymOf.get(canonical.get(p)!);
    return group === undefined ? '\0' + p : String(group);
  }, 'synonym');
  const byLength = [...new Set(canonical.values())].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  const firstWith = new Map<string, string>();
  for (const p of predicates) if (!firstWith.has(canonical.get(p)!)) firstWith.set(canonical.get(p)!, p);
  // The pairs in the order the all-pairs scan met them (union order decides which members are marked `typo`); a
  // pair already in one cluster changes nothing, so it is not compared.
  for (const [i, j] of oneEditCandidates(byLength)) {
    const a = firstWith.get(byLength[i])!;
    const b = firstWith.get(byLength[j])!;
    if (find(a) !== find(b) && isLikelyTypo(byLength[i], byLength[j])) union(a, b, 'typo');
  }

  const clusters = new Map<string, string[]>();
  for (const p of predicates) {
    const root = find(p);
    const list = clusters.get(root) ?? [];
    list.push(p);
    clusters.set(root, list);
  }
  const out: PredicateCluster[] = [];
  for (const list of clusters.values()) {
    if (list.length < 2) continue;
    const ranked = [...list].sort(
      (a, b) =>
        counts.get(b)! - counts.get(a)! ||
        Number(canonical.get(b) === b) - Number(canonical.get(a) === a) ||
        (a < b ? -1 : a > b ? 1 : 0),
    );
    out.push({
      keep: ranked[0],
      members: ranked.map((predicate) => ({
        predicate,
        count: counts.get(predicate)!,
        reason: reasonOf.get(predicate) ?? 'spelling',
      })),
    });
  }
  return out.sort((a, b) => (a.keep < b.keep ? -1 : a.keep > b.keep ? 1 : 0));
}

const RANK: Record<SimilarityReason, number> = { spelling: 0, 'word-form': 1, synonym: 2, typo: 3 };

/** Shorter than this, `isLikelyTypo` never accepts a pair. */
const MIN_TYPO_LENGTH = 5;

/**
 * Index pairs `[i, j]` (i < j, ascending) of `words` that may be one edit apart (substitution, insertion or
 * deletion, adjacent swap): a superset of the pairs at distance 1, found through keys of each word with one code
 * unit deleted, each word indexed once. A substitution at k shares the key of (word minus k) at k; a swap at k, k+1
 * shares (word minus k) at k with (other minus k+1) at k+1; an insertion makes the shorter word a key of the longer.
 * Keys are hashes, so a long word costs its length, not its square; a collision only adds a pair the caller checks.
 */
export function oneEditCandidates(words: readonly string[]): [number, number][] {
  const whole = new Map<number, number[]>();
  const deletedAt: Map<number, number[]>[] = [];
  const keysOf: number[][] = [];
  words.forEach((word, index) => {
    if (word.length < MIN_TYPO_LENGTH) return;
    const hashes = deletionHashes(word);
    keysOf[index] = hashes.deletions;
    push(whole, hashes.whole, index);
    hashes.deletions.forEach((key, k) => push((deletedAt[k] ??= new Map()), key, index));
  });
  const pairs = new Set<number>();
  const n = words.length;
  const add = (x: number, y: number) => {
    if (x !== y) pairs.add(x < y ? x * n + y : y * n + x);
  };
  keysOf.forEach((keys, index) => {
    keys.forEach((key, k) => {
      for (const other of deletedAt[k]?.get(key) ?? []) add(index, other);
      for (const other of deletedAt[k + 1]?.get(key) ?? []) add(index, other);
      for (const other of whole.get(key) ?? []) add(index, other);
    });
  });
  return [...pairs].sort((x, y) => x - y).map((p) => [Math.floor(p / n), p % n]);
}

function push(map: Map<number, number[]>, key: number, index: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [index]);
  else if (list[list.length - 1] !== index) list.push(index);
}

// Two polynomial hashes modulo primes below 2^26, so every product (and the two combined) stays an exact double.
const P1 = 67108859;
const P2 = 50331653;
const B1 = 65599;
const B2 = 92821;

/** Hash keys of `word` and of `word` with code unit k deleted, for each k. */
function deletionHashes(word: string): { whole: number; deletions: number[] } {
  const n = word.length;
  const pre1 = [0];
  const pre2 = [0];
  const pow1 = [1];
  const pow2 = [1];
  for (let i = 0; i < n; i++) {
    const c = word.charCodeAt(i) + 1;
    pre1.push((pre1[i] * B1 + c) % P1);
    pre2.push((pre2[i] * B2 + c) % P2);
    pow1.push((pow1[i] * B1) % P1);
    pow2.push((pow2[i] * B2) % P2);
  }
  // The hash of word[from, n): the whole prefix hash minus the part before `from`, shifted.
  const suffix = (pre: number[], pow: number[], p: number, from: number) =>
    (((pre[n] - ((pre[from] * pow[n - from]) % p)) % p) + p) % p;
  const deletions: number[] = [];
  for (let k = 0; k < n; k++) {
    const h1 = (((pre1[k] * pow1[n - k - 1]) % P1) + suffix(pre1, pow1, P1, k + 1)) % P1;
    const h2 = (((pre2[k] * pow2[n - k - 1]) % P2) + suffix(pre2, pow2, P2, k + 1)) % P2;
    deletions.push(h1 * P2 + h2);
  }
  return { whole: pre1[n] * P2 + pre2[n], deletions };
}
