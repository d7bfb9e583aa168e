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

/**
 * True when `existing` is a wiki log entries may be added to: empty, or with a `## YYYY-MM-DD` section, OKF's
 * `type: Log` frontmatter, or a first heading naming a log ("# Update log", okf-wiki's). Anything else is someone's
 * own note of that name (a diary in a home folder, QA3 Q3) and gets no machine entries, as timeline.md (regenerate.ts).
 */
export function isWikiLog(existing: string): boolean {
  if (existing.trim() === '') return true;
  const lines = existing.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines.some((l) => DATE_HEADING.test(l))) return true;
  if (lines[0] === '---' && lines.slice(1, lines.indexOf('---', 1)).some((l) => /^type:\s*["']?log\b/i.test(l)))
    return true;
  const title = lines.find((l) => /^# /.test(l));
  return title !== undefined && /\blog\b/i.test(title);
}

/** Why log.md gets no entry when isWikiLog is false. */
export const NOT_A_WIKI_LOG =
  'log.md has no `## YYYY-MM-DD` section and no log heading, so it is not the wiki log; it is left as it is ' +
  '(rename or move it to let okf-wiki keep its log)';

/**
 * The log with one entry added for `date` (`YYYY-MM-DD`). A missing or empty log becomes a new one; throws
 * NOT_A_WIKI_LOG for a log.md that is not one (isWikiLog).
 */
export function appendLogEntry(existing: string | undefined, date: string, entry: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
    throw new Error(`okf-wiki: log date must be YYYY-MM-DD, got ${JSON.stringify(date)}`);
  if (existing === undefined || existing.trim() === '') return `# Update log\n\n## ${date}\n\n* ${entry}\n`;
  if (!isWikiLog(existing)) throw new Error(NOT_A_WIKI_LOG);
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
