// The fast frontmatter reader against the `yaml` package (the reference): wherever the fast reader answers, it
// must give exactly the reference's data and the reference must have nothing to report; everywhere else it
// must give up. Checked on every committed markdown file, the benchmark generator's output and generated YAML.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as nodePath from 'node:path';
import fc from 'fast-check';
import { bundleFiles } from '../../../bench/generate.mjs';
import { fastFrontmatter, OTHER_SPACE_OR_CONTROL } from '../../../src/core/okf/fast-yaml';
import { parseFrontmatterYaml, parseWithYamlPackage, splitFrontmatter } from '../../../src/core/okf/frontmatter';
import { REPO_ROOT } from '../../support/temp-dir';
import { MemoryBundle } from '../../support/memory-bundle';
import { buildIndex } from '../../../src/core/index/build';

/** Asserts the fast reader agrees with the reference on `yaml`; returns whether it answered. */
function agrees(yaml: string): boolean {
  const fast = fastFrontmatter(yaml);
  if (fast === undefined) return false;
  const reference = parseWithYamlPackage('/x.md', yaml, 2);
  expect({ yaml, data: fast, diagnostics: [] }).toEqual({
    yaml,
    data: reference.data,
    diagnostics: reference.diagnostics,
  });
  // Same shape down to prototypes: a plain object, never a Map, a Set or something with an odd prototype.
  expect(JSON.stringify(fast)).toBe(JSON.stringify(reference.data));
  return true;
}

function markdownFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.git')) continue;
    const full = nodePath.join(dir, name);
    const stat = statSync(full);
    if (stat.isDirectory()) out.push(...markdownFiles(full));
    else if (name.endsWith('.md') && stat.size < 1_000_000) out.push(full);
  }
  return out;
}

const yamlOf = (text: string) => {
  const split = splitFrontmatter(text);
  return split.yaml === null || split.unclosed ? undefined : split.yaml;
};

test('agrees with the yaml package on every committed markdown file, and answers for most real concepts', () => {
  const files = [
    ...markdownFiles(nodePath.join(REPO_ROOT, 'test', 'fixtures')),
    ...markdownFiles(nodePath.join(REPO_ROOT, 'examples')),
  ];
  let withYaml = 0;
  let answered = 0;
  for (const file of files) {
    const yaml = yamlOf(readFileSync(file, 'utf8'));
    if (yaml === undefined) continue;
    withYaml++;
    if (agrees(yaml)) answered++;
  }
  expect(withYaml).toBeGreaterThan(200);
  // The point of the fast path: the hostile corpus and the lint fixtures go to the full parser, real notes do not.
  expect(answered / withYaml).toBeGreaterThan(0.6);
});

test('answers for every file of the demo and of the benchmark bundle, with the reference data', () => {
  const demo = markdownFiles(nodePath.join(REPO_ROOT, 'examples', 'computing-history')).map((f) =>
    yamlOf(readFileSync(f, 'utf8')),
  );
  const bench = [...bundleFiles(300, 7)].map(([, text]) => yamlOf(text));
  const concepts = [...demo, ...bench].filter((y): y is string => y !== undefined && y.includes('type:'));
  expect(concepts.length).toBeGreaterThan(300);
  const missed = concepts.filter((yaml) => !agrees(yaml));
  expect(missed).toEqual([]);
});

test('gives up on what needs the full parser: numbers, booleans, nulls, anchors, block scalars, odd keys', () => {
  const outside = [
    'a: 1',
    'a: 1.5',
    'a: -2',
    'a: 0x1F',
    'a: 0o17',
    'a: .inf',
    'a: .NaN',
    'a: 1e3',
    'a: true',
    'a: False',
    'a: null',
    'a: ~',
    'a:',
    'on: x',
    'Y: x',
    'a: &x b',
    'a: *x',
    'a: !!str b',
    'a: |\n  b',
    'a: >\n  b',
    'a: b\n  c',
    'a: x\na: y',
    '"a": b',
    'a b: c',
    '__proto__: x',
    'a: [1, 2]',
    'a: [b, ]',
    'a: [b,\n  c]',
    'a: "b\\x41"',
    'a: "b',
    "a: 'b",
    'a: b: c',
    'a: b # c [d]',
    '- a',
    '  a: b',
    'a: "x" y',
    'a: -b',
    'a: {b: c: d}',
    'a: @b',
    'a:\n- b\n -c',
    'a: \u0007',
    'a: "\\ud800"',
    'a:\n  b: c\n d: e',
    '? a\n: b',
    'a: [[[[[b]]]]]',
  ];
  for (const yaml of outside) {
    expect([yaml, fastFrontmatter(yaml)]).toEqual([yaml, undefined]);
  }
});

test('reads the subset the way YAML does (comments, compact mappings, quotes, escapes, same-indent sequences)', () => {
  const inside = [
    'type: Concept\ntitle: Ada # a comment\ntags: [a, b-c, "d e"]',
    'relations:\n- predicate: x\n  object: /a.md\n-   predicate: y\n    object: "2026-01-02"',
    'title: \'it\'\'s\'\ndescription: "tab\\there \\"q\\" \\u00e9 \\/"',
    'resource: https://example.org/a?b=c#frag\nat: 2026-11-26',
    'generated: { by: "agent:x", at: "2026-11-26T09:00:00Z" }\nsources:\n  ' +
      '- { id: s1, title: A, resource: "https://x" }',
    'a:\n  b:\n    c: d\n  e: [f]\ng: h',
    'title: C# and F#, the languages [ok]\nversion: 1.2.3',
    'a: {b: c}\nanswer: yes\nshort: n\nswitch: off',
  ];
  for (const yaml of inside) expect([yaml, agrees(yaml)]).toEqual([yaml, true]);
});

/** Pieces of text that mean something to YAML, mixed with ordinary words. */
const piece = fc.constantFrom(
  'a',
  'B',
  'x_y',
  'title',
  'on',
  'yes',
  'Null',
  'true',
  '1',
  '-1',
  '0x1',
  '.5',
  '1e2',
  '2026-01-02',
  ' ',
  ':',
  ': ',
  '#',
  ' #',
  ',',
  '[',
  ']',
  '{',
  '}',
  '"',
  "'",
  '\\',
  '\\u00e9',
  '-',
  '- ',
  '?',
  '&',
  '*',
  '!',
  '|',
  '>',
  '%',
  '@',
  '`',
  '~',
  'é',
  '\u2028',
  '\u0007',
  '\u00a0',
  '\u3000',
  '\t',
  '\r',
  '.inf',
  'http://x',
  '/a.md',
  '__proto__',
);
const word = fc.constantFrom(
  'Ada',
  'engine',
  'C#',
  'v1.2',
  'é',
  'x-y',
  'https://x.org/a?b',
  '/a.md',
  'on',
  'n',
  'it',
  '2026-01-02',
);
/** Mostly ordinary text, sometimes a YAML-sensitive piece. */
const scalar = fc
  .array(fc.oneof({ weight: 4, arbitrary: word }, { weight: 1, arbitrary: piece }), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(' '));
const quoted = fc.oneof(
  scalar.map((v) => `"${v}"`),
  scalar.map((v) => `'${v}'`),
  scalar,
);
const key = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('type', 'title', 'tags', 'a', 'b', 'x-y', 'at', 'by') },
  { weight: 1, arbitrary: scalar },
);
const flowList = fc.array(quoted, { maxLength: 3 }).map((vs) => `[${vs.join(', ')}]`);
const flowMap = fc
  .array(fc.tuple(key, quoted), { minLength: 1, maxLength: 3 })
  .map((kv) => `{ ${kv.map(([k, v]) => `${k}: ${v}`).join(', ')} }`);
const inline = fc.oneof(quoted, flowList, flowMap);
/** A value of `key:`: inline, a block list (plain or compact mappings), or a nested mapping, at `indent`. */
const block = (indent: string): fc.Arbitrary<string> =>
  fc.oneof(
    inline.map((v) => ` ${v}`),
    fc.array(inline, { minLength: 1, maxLength: 3 }).map((vs) => vs.map((v) => `\n${indent}- ${v}`).join('')),
    fc
      .array(fc.array(fc.tuple(key, inline), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 2 })
      .map((items) =>
        items.map((kv) => kv.map(([k, v], i) => `\n${indent}${i === 0 ? '- ' : '  '}${k}: ${v}`).join('')).join(''),
      ),
    fc
      .array(fc.tuple(key, inline), { minLength: 1, maxLength: 3 })
      .map((kv) => kv.map(([k, v]) => `\n${indent}  ${k}: ${v}`).join('')),
  );
const document = fc
  .array(
    fc.tuple(
      key,
      fc.constantFrom('', '  ').chain((indent) => block(indent)),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((entries) => entries.map(([k, v]) => `${k}:${v}`).join('\n'));

test('agrees with the yaml package on generated frontmatter shaped like real concepts', () => {
  let answered = 0;
  fc.assert(
    fc.property(document, (yaml) => {
      if (agrees(yaml)) answered++;
    }),
    { numRuns: Number(process.env.FAST_YAML_RUNS ?? 3000), seed: Number(process.env.FAST_YAML_SEED ?? 20261201) },
  );
  // The generator must reach the fast path often, or the agreement above would be checked on nothing.
  expect(answered).toBeGreaterThan(300);
});

test('agrees with the yaml package on generated lines of YAML-sensitive pieces at random indents', () => {
  const raw = fc.array(piece, { maxLength: 5 }).map((parts) => parts.join(''));
  const indent = fc.constantFrom('', ' ', '  ', '    ');
  const line = fc.oneof(
    fc.tuple(indent, key, raw).map(([i, k, v]) => `${i}${k}: ${v}`),
    fc.tuple(indent, key).map(([i, k]) => `${i}${k}:`),
    fc.tuple(indent, raw).map(([i, v]) => `${i}- ${v}`),
    fc.tuple(indent, key, raw).map(([i, k, v]) => `${i}- ${k}: ${v}`),
  );
  fc.assert(
    fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (lines) => {
      agrees(lines.join('\n'));
    }),
    { numRuns: Number(process.env.FAST_YAML_RUNS ?? 3000), seed: Number(process.env.FAST_YAML_SEED ?? 20261202) },
  );
});

test('parseFrontmatterYaml keeps every diagnostic of the full parser (the fast path never hides one)', () => {
  const flagged = 'type: Concept\non: 2026-01-01\ntitle: A\ntitle: B';
  expect(parseFrontmatterYaml('/x.md', flagged, 2)).toEqual(parseWithYamlPackage('/x.md', flagged, 2));
  expect(parseFrontmatterYaml('/x.md', flagged, 2).diagnostics.map((d) => d.code)).toEqual([
    'yaml11-boolean-key',
    'duplicate-key',
  ]);
});

test('one search finds all white space but the space and newline, all control characters but the newline', () => {
  // What the two searches it replaces found: JavaScript's white space (trim()'s), and the characters the subset
  // leaves to the full parser inside a plain scalar (which never holds a newline).
  const otherSpace = /[^\S \n]/;
  const control = /[\p{Cc}\u2028\u2029\ufeff]/u;
  for (let unit = 0; unit <= 0xffff; unit++) {
    const ch = String.fromCharCode(unit);
    const wanted = otherSpace.test(ch) || (ch !== '\n' && control.test(ch));
    expect([unit, OTHER_SPACE_OR_CONTROL.test(ch)]).toEqual([unit, wanted]);
  }
});

describe('depth', () => {
  /** `x:` then `n` nested keys, each one space deeper, ending on a plain string. */
  const nestedKeys = (n: number) =>
    ['type: concept', 'title: Deep', 'x:', ...Array.from({ length: n }, (_, i) => `${' '.repeat(i + 1)}k${i}:`)]
      .join('\n')
      .concat(`\n${' '.repeat(n + 1)}leaf: v`);

  test('a shallow nesting is read by the fast path, as the reference reads it', () => {
    expect(agrees(nestedKeys(8))).toBe(true);
  });

  test('a deep block nesting is left to the full parser, which refuses it past its limit', () => {
    expect(fastFrontmatter(nestedKeys(80))).toBeUndefined();
    expect(parseFrontmatterYaml('/x.md', nestedKeys(80), 2).diagnostics.map((d) => d.code)).toEqual(['yaml-too-deep']);
    // Thousands of levels: no stack overflow; the file is refused (the yaml package stops first), not the read.
    expect(fastFrontmatter(nestedKeys(7000))).toBeUndefined();
    const refused = parseFrontmatterYaml('/x.md', nestedKeys(7000), 2);
    expect([refused.data, refused.diagnostics.map((d) => d.severity)]).toEqual([null, ['error']]);
  });

  test('a bundle with one deeply nested note still builds; the note is invalid, the others indexed', async () => {
    const bundle = new MemoryBundle({
      '/entities/deep.md': `---\n${nestedKeys(1010)}\n---\n`,
      '/entities/ok.md': '---\ntype: concept\ntitle: Fine\n---\nA fine page.\n',
    });
    const index = await buildIndex(bundle);
    expect(index.stats().concepts).toBe(1);
    expect(index.diagnostics().map((d) => [d.path, d.code])).toEqual([['/entities/deep.md', 'yaml-too-deep']]);
    index.close();
  });

  test('sequences count as levels too', () => {
    const lines = ['type: concept', 'x:'];
    for (let i = 0; i < 80; i++) lines.push(`${' '.repeat(2 * i + 1)}- k${i}:`);
    lines.push(`${' '.repeat(161)}- leaf`);
    expect(fastFrontmatter(lines.join('\n'))).toBeUndefined();
  });
});
