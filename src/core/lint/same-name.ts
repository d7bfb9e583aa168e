// Names that collide. case-collision: concept files whose paths differ only in letter case or Unicode normalization
// (NFC/NFD): on macOS and Windows (case-insensitive, and macOS normalization-insensitive) one of them is lost when
// the bundle is cloned or synced there, and relations then reach whichever survived (QA2 F24). duplicate-title: two
// concepts with one title (compared the same way): `[[Title]]` is ambiguous in Obsidian, and a question naming it
// seeds both (file-back creates a second one without a word, QA2 F14).
import type { LintCheck } from './check';
import { finding } from './check';
import type { LintContext } from './context';
import type { Finding } from './types';

/** The key two names collide under: Unicode NFC, then lower case (locale-independent). */
const folded = (name: string): string => name.normalize('NFC').toLowerCase();

/** One finding per concept of each group of two or more sharing a key, naming the others (in path order). */
function collisions(
  check: LintCheck,
  context: LintContext,
  keyOf: (path: string, title: string) => string | undefined,
  say: (others: string) => { message: string; fix: string },
): Finding[] {
  const groups = new Map<string, string[]>();
  for (const c of context.concepts.values()) {
    const key = keyOf(c.path, c.title);
    // A superseded edition keeps its successor's title by design (a supersession chain): not a duplicate.
    if (key === undefined || (check === duplicateTitle && c.supersededBy)) continue;
    groups.set(key, [...(groups.get(key) ?? []), c.path]);
  }
  const out: Finding[] = [];
  for (const paths of groups.values()) {
    if (paths.length < 2) continue;
    for (const path of paths) {
      const others = paths.filter((p) => p !== path).join(', ');
      const { message, fix } = say(others);
      out.push(finding(check, path, message, { value: others, fix }));
    }
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export const caseCollision: LintCheck = {
  id: 'case-collision',
  severity: 'warning',
  title: 'Concept paths that differ only in letter case or Unicode normalization',
  run: (context) =>
    collisions(caseCollision, context, folded, (others) => ({
      message: `Its path differs from ${others} only in letter case or normalization: one is lost on macOS/Windows.`,
      fix: 'rename one of them (and the relations pointing at it), or merge them',
    })),
};

export const duplicateTitle: LintCheck = {
  id: 'duplicate-title',
  severity: 'warning',
  title: 'Concepts with the same title',
  run: (context) =>
    collisions(
      duplicateTitle,
      context,
      (_path, title) => folded(title.trim()),
      (others) => ({
        message: `${others} has the same title: [[wikilinks]] by that name are ambiguous and a question seeds both.`,
        fix: 'merge them, or give one a distinguishing title (keep the other name as an alias)',
      }),
    ),
};
