// `context --format mermaid` text (issue 16), approved per question and checked by Mermaid's own parser: demo
// questions (a person, a superseded chain asked historically, a stale concept, no match), hostile titles, and
// an answer too large to draw whole. Lexical signals only and a fixed clock, so the output is stable.
import * as nodePath from 'node:path';
import { buildIndex } from '../../src/core/index/build';
import type { WikiIndex } from '../../src/core/index/wiki-index';
import { conceptNotesOf } from '../../src/core/render/concept-notes';
import { renderMermaid } from '../../src/core/render/mermaid';
import { contextFor } from '../../src/core/retrieval/context-for';
import { FsBundle } from '../../src/node/fs-bundle';
import { fixedClock, indexOfSpecs } from '../support/retrieval-bundle';
import { REPO_ROOT } from '../support/temp-dir';
import { expectApprovedMermaid } from './approve';
import { HOSTILE_QUESTION, HOSTILE_SPECS, hubSpecs } from './graph-bundles';
import { parseMermaid } from './mermaid-parser';

const clock = fixedClock('2026-11-30');

async function mermaidOf(index: WikiIndex, question: string): Promise<string> {
  const result = await contextFor(index, question, { clock });
  return renderMermaid(result, { notes: conceptNotesOf(index, clock.now()) });
}

/** The node ids of a `class a,b,c NAME` line, sorted. */
function classMembers(text: string, name: string): string[] {
  return (new RegExp(`^  class (\\S+) ${name}$`, 'm').exec(text)?.[1] ?? '').split(',').filter(Boolean).sort();
}

describe('the demo bundle', () => {
  let index: WikiIndex;
  beforeAll(async () => {
    index = await buildIndex(new FsBundle(nodePath.join(REPO_ROOT, 'examples', 'computing-history')));
  });
  afterAll(() => index.close());

  test.each([
    ['alan-turing', 'Who is Alan Turing?'],
    ['why-unix', 'Why was Unix created?'],
    ['bell-labs-before-nokia', 'Who ran Bell Labs before Nokia?'],
    ['fastest-supercomputer-stale', 'What is the fastest supercomputer?'],
  ])('%s: approved, parsed by Mermaid, same bytes twice', async (name, question) => {
    const text = await mermaidOf(index, question);
    expectApprovedMermaid(`demo-${name}`, text);
    await expect(parseMermaid(text)).resolves.toBe('flowchart-v2');
    expect(await mermaidOf(index, question)).toBe(text);
  });

  test('the superseded chain is dashed, classed superseded, and each old concept links to its successor', async () => {
    // The three pages named by their full titles in a historical question set in no period: all three seed (a
    // period would seed only the pages whose eras hold it: era.ts).
    const question = 'Who ran Bell Labs (AT&T era), Bell Labs (Lucent era) and Nokia Bell Labs historically?';
    const text = await mermaidOf(index, question);
    const id = (title: string) => new RegExp(`^  (n\\d+)\\(\\["${title}"\\]\\)$`, 'm').exec(text)?.[1];
    const [att, lucent, nokia] = [
      id('Bell Labs \\(AT#amp;T era\\)'),
      id('Bell Labs \\(Lucent era\\)'),
      id('Nokia Bell Labs'),
    ];
    expect([att, lucent, nokia].every((x) => x !== undefined)).toBe(true);
    expect(text).toContain(`  ${att} -.->|"superseded by · 1996-09-30"| ${lucent}\n`);
    expect(text).toContain(`  ${lucent} -.->|"superseded by · 2016-01-14"| ${nokia}\n`);
    expect(classMembers(text, 'superseded')).toEqual([lucent, att].sort());
    // Facts of a superseded concept are dashed; the current concept's facts keep their trust style.
    expect(text).toMatch(new RegExp(`^  ${att} -\\.->\\|"employed · 1967-01-01"\\| n\\d+$`, 'm'));
    expect(text).toMatch(new RegExp(`^  ${nokia} ==>\\|"headquartered_in"\\| v\\d+$`, 'm'));
  });

  test('a stale concept is classed stale and says so in its tooltip', async () => {
    const text = await mermaidOf(index, 'What is the fastest supercomputer?');
    const frontier = /^ {2}(n\d+)\(\["Frontier[^"]*"\]\)$/m.exec(text)?.[1];
    expect(frontier).toBeDefined();
    expect(classMembers(text, 'stale')).toEqual([frontier]);
    expect(text).toContain(`click ${frontier} "/entities/frontier-supercomputer.md" "Frontier`);
    expect(text).toMatch(/\(stale since 2025-06-30\)"\n/);
  });

  test('no confident match prints the sentence, not an empty graph', async () => {
    const text = await mermaidOf(index, 'How do I fix a flat bicycle tire?');
    expect(text).toBe('No confident match in this wiki for: "How do I fix a flat bicycle tire?"\n');
  });
});

test('hostile titles, predicates and values: approved, and Mermaid parses them', async () => {
  const index = await indexOfSpecs(HOSTILE_SPECS);
  try {
    const text = await mermaidOf(index, HOSTILE_QUESTION);
    expectApprovedMermaid('hostile-titles', text);
    await expect(parseMermaid(text)).resolves.toBe('flowchart-v2');
    // Ids are generated, never a title: the concept titled `end` is a quoted label.
    expect(text).toMatch(/^ {2}n\d+\["end"\]$/m);
    // No `%%` survives outside the leading comments (Mermaid reads `%%{` as a directive even inside quotes).
    expect(
      text
        .split('\n')
        .filter((l) => !l.startsWith('%% '))
        .join('\n'),
    ).not.toContain('%%');
    // The long title is cut in its node and whole in its tooltip.
    expect(text).toMatch(/\["A title so long that no node could ever hold it…"\]/);
    expect(text).toContain(
      '"A title so long that no node could ever hold it whole, going on and ' +
        'on about the history of computing machines"',
    );
  } finally {
    index.close();
  }
});

test('an answer of 60 facts collapses per concept with a count, and still parses', async () => {
  const index = await indexOfSpecs(hubSpecs());
  try {
    const result = await contextFor(index, 'Tell me about Central Hub', { clock, budget: 8000 });
    expect(result.facts.length).toBeGreaterThan(40);
    const text = renderMermaid(result, { notes: conceptNotesOf(index, clock.now()) });
    expectApprovedMermaid('hub-collapsed', text);
    await expect(parseMermaid(text)).resolves.toBe('flowchart-v2');
    const more = [...text.matchAll(/^ {2}m\d+\["\+(\d+) more facts?"\]$/gm)].map((m) => Number(m[1]));
    const drawn = text.split('\n').filter((l) => /^ {2}\S+ (==>|-->|-\.->)\|/.test(l)).length;
    expect(more.length).toBeGreaterThan(0);
    expect(drawn + more.reduce((a, b) => a + b, 0)).toBe(result.facts.length);
    expect(drawn).toBeLessThanOrEqual(40);
  } finally {
    index.close();
  }
});

test('the parser has teeth: titles written raw (brackets, a quote, `end` as an id) are rejected', async () => {
  await expect(parseMermaid('flowchart LR\n  n0[Bell Labs [AT&T]] --> n1\n')).rejects.toThrow(/Parse error/);
  await expect(parseMermaid('flowchart LR\n  n0["say "hi" -->|"x"| n2"] --> n1\n')).rejects.toThrow(/Parse error/);
  await expect(parseMermaid('flowchart LR\n  end --> n1\n')).rejects.toThrow(/Parse error/);
});
