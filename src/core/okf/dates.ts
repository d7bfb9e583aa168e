// ISO 8601 dates as OKF requires them (§5.2), checked on the string as written (spec §10.2).

const ISO_8601 =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?$/;

/**
 * True for `2026`, `2026-08`, `2026-08-09`, `2026-08-09T10:00:00Z`, `2026-07-10T23:16:06+00:00`, …; false otherwise.
 */
export function isIsoDate(text: string): boolean {
  const m = ISO_8601.exec(text);
  if (!m) return false;
  const [, year, month, day, hour, minute, second] = m;
  if (month !== undefined && (+month < 1 || +month > 12)) return false;
  if (day !== undefined && (+day < 1 || +day > daysInMonth(+year, +month))) return false;
  if (hour !== undefined && +hour > 24) return false;
  if (minute !== undefined && +minute > 59) return false;
  if (second !== undefined && +second > 60) return false;
  return true;
}

/** Days in a month of the proleptic Gregorian calendar (ISO 8601): `2020-02-30` is not a date, `2024-02-29` is. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The calendar-date part of an ISO date-time (`2026-08-09T10:00:00Z` → `2026-08-09`). */
export function datePart(iso: string): string {
  return iso.slice(0, 10);
}

/**
 * True when `staleAfter` has passed on `now` (OKF §5.5: stale when today >= stale_after). Both are ISO strings;
 * a partial date (`2025-06`) counts from its first day. Compared as calendar dates, so time zones cannot flip it.
 */
export function isPast(staleAfter: string, now: string): boolean {
  const pad = (d: string) => (d.length === 4 ? d + '-01-01' : d.length === 7 ? d + '-01' : d);
  return datePart(now) >= pad(datePart(staleAfter));
}
