// Who makes an edit (OKF §7 actor convention: `human:alice`, `agent:claude`), and what that means for the trust of
// the pages it edits. The trust tier is per page (spec §4.2, §6.4: any `human:` stamp in `verified` makes every
// fact of the page human-reviewed), so a `verified` stamp vouches for the page as it was when it was given. A fact
// an agent adds is not covered by it: served as `trust: human-reviewed`, it would pass an unreviewed claim off as
// reviewed (QA2 F5). An edit by a non-human actor therefore removes `verified` from every page it edits; a person
// vouches for what they write themselves, so their edits keep it.
import { escapeControls, hasControlCharacters } from '../okf/controls';
import type { Concept } from '../types';
import type { FrontmatterEdit } from './frontmatter-edit';

/** Why `by` cannot name the actor of an edit (empty, several lines, control characters), or undefined. */
export function actorProblem(by: string): string | undefined {
  const actor = by.trim();
  if (actor === '') return 'the actor is empty; say who makes the change, e.g. human:alice or agent:claude';
  if (/[\r\n]/.test(actor)) return 'the actor (--by) must be one line';
  if (hasControlCharacters(actor))
    return `the actor (--by) ${escapeControls(JSON.stringify(actor))} holds control characters; remove them`;
  return undefined;
}

/** True for an actor that is a person (`human:…`), whose own edit keeps a page's review standing. */
export function isHuman(by: string): boolean {
  return by.trim().startsWith('human:');
}

/**
 * The edit removing `verified` from a page an actor that is not a person changes, and the note saying so; none when
 * the actor is a person, or is not named, or the page has no `verified`.
 */
export function reviewLapse(
  path: string,
  concept: Concept,
  by: string | undefined,
): { edit: FrontmatterEdit; note: string } | undefined {
  if (by === undefined || isHuman(by) || concept.verified.length === 0) return undefined;
  const stamps = concept.verified.map((v) => v.by).join(', ');
  return {
    edit: { kind: 'remove', key: 'verified' },
    note:
      `${path} was verified by ${stamps}, which does not cover this edit by ${by.trim()}: \`verified\` is ` +
      `removed, so the page's facts rank as unverified until someone verifies it again (spec §6.4).`,
  };
}
