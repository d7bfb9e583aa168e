// log.md (OKF §9): date-grouped entries, newest first, `## YYYY-MM-DD` headings. An entry is inserted at the
// top of today's section (created when missing, above older dates); every other byte of the file is kept.

/** Where the bundle log lives. */
export const LOG_PATH = '/log.md';

const DATE_HEADING = /^## (\d{4}-\d{2}-\d{2})[ \t]*$/;
const BULLET = /^([*-])[ \t]/;

/** `**Kind**: text`, the OKF §9 convention (a bold leading word). */
export function formatLogEntry(kind: string, text: string): string {
  return `**${kind}**: ${text.replace(/\s+/g, ' ').trim()}`;
}

/** The log with one entry added for `date` (`YYYY-MM-DD`). A missing or empty log becomes a new one. */
export function appendLogEntry(existing: string | undefined, date: string, entry: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
    throw new Error(`okf-wiki: log date must be YYYY-MM-DD, got ${JSON.stringify(date)}`);
  if (existing === undefined || existing.trim() === '') return `# Update log\n\n## ${date}\n\n* ${entry}\n`;
  const eol = existing.includes('\r\n') ? '\r\n' : '\n';
  const lines = existing.split(/\r?\n/);
  const bullet = lines.map((l) => BULLET.exec(l)?.[1]).find((b) => b !== undefined) ?? '*';
  const item = `${bullet} ${entry}`;
  const headings = lines.flatMap((l, i) => {
    const m = DATE_HEADING.exec(l);
    return m ? [{ line: i, date: m[1] }] : [];
  });
  const today = headings.find((h) => h.date === date);
  if (today !== undefined) {
    let at = today.line + 1;
    while (at < lines.length && lines[at].trim() === '') at++;
    lines.splice(at, 0, item);
    if (at === today.line + 1) lines.splice(at, 0, '');
    return lines.join(eol);
  }
  const older = headings.find((h) => h.date < date);
  if (older !== undefined) {
    lines.splice(older.line, 0, `## ${date}`, '', item, '');
    return lines.join(eol);
  }
  // No older section: today goes last (an empty log, or one whose dates are all later than the clock).
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  return [...lines, '', `## ${date}`, '', item, ''].join(eol);
}
