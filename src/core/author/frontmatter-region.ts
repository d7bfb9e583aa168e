// Where the frontmatter sits in a file's exact bytes. The authoring edits replace only this region, so the
// body, the fences, a BOM and the file's line endings stay byte-identical (splitFrontmatter normalizes them away).

/** The YAML between the fences, located in the original text. */
export interface FrontmatterRegion {
  /** Offset of the first YAML character (just after the opening fence line). */
  readonly start: number;
  /** Offset just past the YAML (the start of the closing fence line). */
  readonly end: number;
  /** The file's line ending (that of the opening fence), used for every inserted line. */
  readonly newline: Newline;
}

/** A line ending: Unix, Windows, or old Mac (a lone CR, which splitFrontmatter reads as a line break too). */
export type Newline = '\n' | '\r\n' | '\r';

/** Why a file's frontmatter cannot be edited. */
export type RegionProblem = { readonly problem: 'no-frontmatter' | 'unclosed' };

/** Finds the frontmatter with the same fence rules as splitFrontmatter (`---`, closed by `---` or `...`). */
export function locateFrontmatter(text: string): FrontmatterRegion | RegionProblem {
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  const open = /^---[ \t]*(\r\n|\r|\n)/.exec(text.slice(bom));
  if (!open) return { problem: /^---[ \t]*$/.test(text.slice(bom)) ? 'unclosed' : 'no-frontmatter' };
  const start = bom + open[0].length;
  // With the m flag, ^ and $ also stand at a lone CR, as splitFrontmatter's normalization makes it a line break.
  const close = /^(?:---|\.\.\.)[ \t]*\r?$/m;
  const m = close.exec(text.slice(start));
  if (!m) return { problem: 'unclosed' };
  return { start, end: start + m.index, newline: open[1] as Newline };
}

/** True when locateFrontmatter found no editable region. */
export function isRegionProblem(value: FrontmatterRegion | RegionProblem): value is RegionProblem {
  return 'problem' in value;
}
