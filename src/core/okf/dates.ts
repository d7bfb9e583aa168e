// ISO 8601 dates as OKF requires them (§5.2), checked on the string as written (spec §10.2).

const ISO_8601 =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?$/;

/**
 * True for `2026`, `2026-08`, `2026-08-09`, `2026-08-09T10:00:00Z`, `2026-07-10T23:16:06+00:00`, …; false otherwise.
 */
export function isIsoDate(text: string): boolean {
  if (text.length === 10) {
    // `YYYY-MM-DD`, nearly every date a bundle holds, checked without the regular expression (its match and its
    // six captures were a new array and strings per date); anything else of that length takes the general path.
    const year = digits(text, 0, 4);
    const month = digits(text, 5, 2);
    const day = digits(text, 8, 2);
    if (year >= 0 && month >= 0 && day >= 0 && text.charCodeAt(4) === DASH && text.charCodeAt(7) === DASH)
      return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
  }
  const m = ISO_8601.exec(text);
  if (!m) return false;
  // Read by index: destructuring the match went through the iterator protocol.
  const month = m[2];
  const day = m[3];
  const hour = m[4];
  const minute = m[5];
  const second = m[6];
  if (month !== undefined && (+month < 1 || +month > 12)) return false;
  if (day !== undefined && (+day < 1 || +day > daysInMonth(+m[1], +month))) return false;
  if (hour !== undefined && +hour > 24) return false;
  if (minute !== undefined && +minute > 59) return false;
  if (second !== undefined && +second > 60) return false;
  return true;
}

const DASH = 0x2d;

/** The number the `count` ASCII digits at `from` in `text` write, or -1 when one of them is not a digit. */
function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const digit = text.charCodeAt(i) - 0x30;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Days in a month of the proleptic Gregorian calendar (ISO 8601): `2020-02-30` is not a date, `2024-02-29` is. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The calendar-date part of an ISO date-time (`2026-08-09T10:00:00Z` → `2026-08-09`). */
export function datePart(iso: string): string {
  return iso.slice(0, 10);
}

/**
 * True when `staleAfter` has passed on `now` (OKF §5.5: stale when today >= stale_after). Both are ISO strings,
 * compared as calendar dates, so time zones cannot flip it. A partial date means the whole period: "stale after
 * 2026" holds through 31 December 2026 (QA2 F22: its facts were dropped from 1 January). Lint and retrieval both
 * ask here.
 */
export function isPast(staleAfter: string, now: string): boolean {
  return datePart(now) >= staleFrom(staleAfter);
}

/** The first day `staleAfter` has passed: the date itself, or the day after the year or month it names. */
export function staleFrom(staleAfter: string): string {
  const d = datePart(staleAfter);
  const year = Number(d.slice(0, 4));
  const next = (y: number, m: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
  if (d.length === 4) return next(year + 1, 1);
  if (d.length === 7) {
    const month = Number(d.slice(5, 7));
    return month === 12 ? next(year + 1, 1) : next(year, month + 1);
  }
  return d;
}

/**
 * Orders two ISO dates by calendar day; 0 when one is a period holding the other (`1993` and `1993-01-20`) or the
 * same day. Supersede's `--at` check and lint's supersession-order check both ask here.
 */
export function compareDates(a: string, b: string): number {
  const x = datePart(a);
  const y = datePart(b);
  if (x.startsWith(y) || y.startsWith(x)) return 0;
  return x < y ? -1 : 1;
}
