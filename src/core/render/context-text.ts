// The render stage of context_for (spec §6.5, §7.7): how a kept fact, a background section and their markers
// read in the block handed to the LLM. Assembly decides what fits the budget; every piece of text is made here,
// so the budget is measured on exactly the text that is shown.
import { escapeControls as shown } from '../okf/controls';
import type { Background, Fact } from '../retrieval/types';

/**
 * The fact line of spec §6.5:
 * `- Andreessen Horowitz invested_in OpenAI, as of 2021-04-01 (trust: human-reviewed, source: a16z-portfolio)`,
 * plus `(superseded by /entities/x.md as of 1993-01-20)` for a fact drawn from a superseded concept (§7.7), and
 * `(deprecated)` for one drawn from a concept whose status is `deprecated` (OKF §5.4).
 */
export function factLine(f: Omit<Fact, 'line'>): string {
  // Titles, predicates and objects come from concept files: control characters escaped (see okf/controls.ts).
  const object = shown(f.objectTitle ?? f.object);
  let line = `- ${shown(f.subjectTitle)} ${shown(f.predicate)} ${object}`;
  if (f.date) line += `, as of ${f.date}`;
  line += ` (trust: ${f.trust}${f.source ? `, source: ${shown(f.source)}` : ''})`;
  if (f.superseded) {
    const by = f.superseded.by ? ` by ${shown(f.superseded.by)}` : '';
    const at = f.superseded.at ? ` as of ${f.superseded.at}` : '';
    line += ` (superseded${by}${at})`;
  }
  if (f.deprecated) line += ' (deprecated)';
  return line;
}

/**
 * A background section's heading, with the stale marker of a concept past its stale_after date (spec §6.4) and the
 * deprecated one of a concept whose status is `deprecated` (OKF §5.4), as its fact lines are marked.
 */
export function backgroundHeading(b: Pick<Background, 'title' | 'path' | 'stale' | 'deprecated'>): string {
  const stale = b.stale ? ` [stale since ${b.stale}]` : '';
  return `## ${shown(b.title)} (${shown(b.path)})${stale}${b.deprecated ? ' [deprecated]' : ''}\n`;
}

/** The block: the header, then the kept fact lines, then each background section under its heading. */
export function contextText(header: string, facts: readonly Fact[], background: readonly Background[]): string {
  const parts = [header];
  if (facts.length > 0) parts.push('Facts:\n' + facts.map((f) => f.line).join('\n'));
  if (background.length > 0) {
    parts.push('Background:\n' + background.map((b) => backgroundHeading(b) + b.text).join('\n\n'));
  }
  return parts.join('\n\n') + '\n';
}
