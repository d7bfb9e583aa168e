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
 * near-equal length.
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
  for (let i = 0; i < byLength.length; i++) {
    for (let j = i + 1; j < byLength.length && byLength[j].length - byLength[i].length <= 1; j++) {
      if (isLikelyTypo(byLength[i], byLength[j]))
        union(firstWith.get(byLength[i])!, firstWith.get(byLength[j])!, 'typo');
    }
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
