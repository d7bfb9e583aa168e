// The two frontmatter fence readers — splitFrontmatter (reading, normalizes line endings) and locateFrontmatter
// (authoring, keeps the exact bytes) — must find the same frontmatter, or an edit would rewrite a region the
// reader never parsed. Checked on every committed fixture (the hostile corpus included) and on edge cases.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as nodePath from 'node:path';
import { isRegionProblem, locateFrontmatter } from '../../../src/core/author/frontmatter-region';
import { splitFrontmatter } from '../../../src/core/okf/frontmatter';
import { FIXTURES_DIR } from '../../support/fixtures';

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = nodePath.join(dir, name);
    const stat = statSync(full, { throwIfNoEntry: false });
    if (!stat) return [];
    return stat.isDirectory() ? markdownFiles(full) : name.endsWith('.md') ? [full] : [];
  });
}

const EDGE_CASES: Record<string, string> = {
  plain: '---\ntitle: A\n---\nbody\n',
  crlf: '---\r\ntitle: A\r\n---\r\nbody\r\n',
  // Old-Mac line endings: the reader normalizes CR to LF, so the editor must read a lone CR as a line break too.
  loneCr: '---\rtitle: A\r---\rbody',
  loneCrDots: '---\rtitle: A\rlist: [1]\r...\rbody\r',
  bom: '\uFEFF---\ntitle: A\n---\n',
  dots: '---\ntitle: A\n...\nbody',
  trailingSpaces: '---  \ntitle: A\n---\t\nbody',
  empty: '---\n---\n',
  unclosed: '---\ntitle: A\n',
  onlyFence: '---',
  none: '# Title\n\n---\n',
  indentedFence: '---\ntitle: A\n ---\n---\n',
  fourDashes: '----\ntitle: A\n---\n',
  closingInsideBlockScalar: '---\ntext: |\n  ---\nafter: 1\n---\n',
};

/** What each reader found, in the reader's terms: none, unclosed, or the YAML text (line endings normalized). */
function bothReaders(text: string): { split: string; region: string } {
  const split = splitFrontmatter(text);
  const region = locateFrontmatter(text);
  return {
    split: split.yaml === null ? 'none' : split.unclosed ? 'unclosed' : split.yaml,
    region: isRegionProblem(region)
      ? region.problem === 'no-frontmatter'
        ? 'none'
        : 'unclosed'
      : text.slice(region.start, region.end).replace(/\r\n?/g, '\n'),
  };
}

test('the committed fixtures: both readers find the same frontmatter in every file', () => {
  const files = markdownFiles(FIXTURES_DIR);
  expect(files.length).toBeGreaterThan(100);
  const disagree = files
    .map((file) => ({ file: nodePath.relative(FIXTURES_DIR, file), ...bothReaders(readFileSync(file, 'utf8')) }))
    .filter((r) => r.split !== r.region);
  expect(disagree).toEqual([]);
});

test.each(Object.entries(EDGE_CASES))('edge case %s: both readers agree', (_name, text) => {
  const { split, region } = bothReaders(text);
  expect(region).toBe(split);
});
