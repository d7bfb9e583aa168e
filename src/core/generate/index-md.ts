// Per-directory index.md (OKF §8): `# Section` headings (one per concept `type`) with
// `* [Title](relative-url) - description` entries, then `# Subdirectories`. Superseded concepts stay, annotated
// with their successor (spec §7.7); deprecated ones are marked. Only the generated block is rendered here.
import { dirOf } from '../okf/paths';
import { byCodeUnit, type ConceptRecord } from './concept-record';
import { escapeMarkdown, link, oneLine } from './markdown';

/** The generated index body of every folder holding concepts (directly or below), keyed by index.md path. */
export function renderDirectoryIndexes(concepts: readonly ConceptRecord[]): Map<string, string> {
  const byPath = new Map(concepts.map((c) => [c.path, c]));
  const direct = new Map<string, ConceptRecord[]>();
  const below = new Map<string, number>();
  for (const c of concepts) {
    const dir = dirOf(c.path);
    // Pushed, not copied: a copy per concept was quadratic (~100 MB of garbage per folder of 5,000 concepts).
    const inDir = direct.get(dir);
    if (inDir) inDir.push(c);
    else direct.set(dir, [c]);
    for (let d = dir; ; d = dirOf(d)) {
      below.set(d, (below.get(d) ?? 0) + 1);
      if (d === '') break;
    }
  }
  const out = new Map<string, string>();
  for (const dir of [...below.keys()].sort(byCodeUnit)) {
    const subdirs = [...below.keys()].filter((d) => d !== '' && d !== dir && dirOf(d) === dir).sort(byCodeUnit);
    out.set(
      `${dir}/index.md`,
      renderDirectoryIndex(
        dir,
        direct.get(dir) ?? [],
        subdirs.map((d) => ({ dir: d, count: below.get(d)! })),
        byPath,
      ),
    );
  }
  return out;
}

function renderDirectoryIndex(
  dir: string,
  concepts: readonly ConceptRecord[],
  subdirs: readonly { dir: string; count: number }[],
  byPath: ReadonlyMap<string, ConceptRecord>,
): string {
  const sections = new Map<string, ConceptRecord[]>();
  for (const c of concepts) {
    const section = sections.get(c.type);
    if (section) section.push(c);
    else sections.set(c.type, [c]);
  }
  const lines: string[] = [];
  for (const type of [...sections.keys()].sort(byCodeUnit)) {
    if (lines.length > 0) lines.push('');
    lines.push(`# ${escapeMarkdown(type)}`, '');
    const entries = sections
      .get(type)!
      .sort((a, b) => byCodeUnit(a.title.toLowerCase(), b.title.toLowerCase()) || byCodeUnit(a.path, b.path));
    for (const c of entries) lines.push(renderEntry(dir, c, byPath));
  }
  if (subdirs.length > 0) {
    if (lines.length > 0) lines.push('');
    lines.push('# Subdirectories', '');
    for (const s of subdirs) {
      const name = s.dir.slice(s.dir.lastIndexOf('/') + 1);
      lines.push(`* ${link(name, dir, `${s.dir}/index.md`)} - ${s.count} concept${s.count === 1 ? '' : 's'}`);
    }
  }
  return lines.join('\n');
}

function renderEntry(dir: string, c: ConceptRecord, byPath: ReadonlyMap<string, ConceptRecord>): string {
  let entry = `* ${link(c.title, dir, c.path)}`;
  if (c.description !== undefined && oneLine(c.description) !== '') entry += ` - ${escapeMarkdown(c.description)}`;
  if (c.supersededBy !== undefined) {
    const successor = byPath.get(c.supersededBy);
    entry +=
      ` (superseded ` +
      `by ${successor !== undefined ? link(successor.title, dir, successor.path) : escapeMarkdown(c.supersededBy)})`;
  } else if (c.status === 'superseded') entry += ' (superseded)';
  else if (c.status === 'deprecated') entry += ' (deprecated)';
  return entry;
}
