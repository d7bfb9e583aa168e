// The log.md entries of engine operations (OKF §9), built in one place: a full rebuild and a regeneration of
// single artifacts. `origin` names the shell that ran it ("okf-wiki reindex", "Obsidian plugin").
import { formatLogEntry } from '../generate/log-entry';
import type { GeneratedFile } from '../generate/regenerate';

/** True for a file the operation really wrote. */
const changed = (f: GeneratedFile) => f.outcome === 'created' || f.outcome === 'updated';

/** The entry of a full rebuild: what was rebuilt, from how much (no timings: the log is history, not metrics). */
export function rebuildLogEntry(
  concepts: number,
  relations: number,
  files: readonly GeneratedFile[],
  origin: string,
): string {
  const indexes = files.filter((f) => f.path.endsWith('/index.md') && changed(f)).length;
  // A timeline.md or keywords file someone else wrote was left alone: not named as rebuilt.
  const ours = (path: string) => !files.some((f) => f.path === path && f.outcome === 'hand-written');
  const written = [
    '`wiki.db`',
    ...['/timeline.md', '/wiki-trigger-keywords.txt'].filter(ours).map((path) => `\`${path.slice(1)}\``),
    ...(indexes > 0 ? [`${indexes} generated \`index.md\` block${indexes === 1 ? '' : 's'}`] : []),
  ];
  return formatLogEntry(
    'Reindex',
    `rebuilt ${written.slice(0, -1).join(', ')} ` +
      `and ${written[written.length - 1]} from ${concepts} concepts ` +
      `and ${relations} relations (${origin}).`,
  );
}

/** The entry of a regeneration, or undefined when no file changed (nothing to record). */
export function regenerateLogEntry(files: readonly GeneratedFile[], origin: string): string | undefined {
  const rewritten = files.filter(changed);
  return rewritten.length === 0
    ? undefined
    : formatLogEntry('Regenerate', `rewrote ${rewritten.map((f) => `\`${f.path.slice(1)}\``).join(', ')} (${origin}).`);
}
