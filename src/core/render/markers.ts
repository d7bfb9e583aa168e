// A concept's markers as every shell shows them (the sidebar's badges, the answer graph's notes): stale past
// its stale_after date (spec §6.4), superseded when its status says so (spec §7.7, the one isSuperseded), deprecated
// (OKF §5.4).
import { isPast } from '../okf/dates';
import { isDeprecated, isSuperseded, type ConceptInfo } from '../retrieval/catalog';

export interface ConceptMarkers {
  /** The concept's stale_after date, when it is past. */
  readonly staleSince?: string;
  /** The successor as `superseded_by` writes it, when the concept is superseded. */
  readonly supersededBy?: string;
  readonly supersededAt?: string;
  /** Set when the concept's status is `deprecated` (OKF §5.4: no longer current, no successor named). */
  readonly deprecated?: true;
}

/** The markers of a concept as of `now` (ISO, the clock the answer used for stale_after); none: undefined. */
export function conceptMarkers(info: ConceptInfo, now: string): ConceptMarkers | undefined {
  const stale = info.staleAfter !== undefined && isPast(info.staleAfter, now);
  const superseded = isSuperseded(info);
  const deprecated = isDeprecated(info);
  if (!stale && !superseded && !deprecated) return undefined;
  return {
    ...(stale ? { staleSince: info.staleAfter } : {}),
    ...(superseded && info.supersededBy !== undefined ? { supersededBy: info.supersededBy } : {}),
    ...(superseded && info.supersededAt !== undefined ? { supersededAt: info.supersededAt } : {}),
    ...(deprecated ? { deprecated: true as const } : {}),
  };
}
