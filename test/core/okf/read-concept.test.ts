// readConcept: every field of spec §4 / OKF v0.2, the trust tier, dates as written, and the shapes of bad input.
import { readConcept, trustTierOf } from '../../../src/core/okf/read-concept';
import type { Concept, Diagnostic, ReadResult } from '../../../src/core/types';
import { conceptFile, rawConcept, rel } from '../../support/builders';

/** The concept of a result that must be one. */
function conceptOf(result: ReadResult): Concept {
  if (result.kind !== 'concept') throw new Error(`expected a concept, got ${result.kind}: ${JSON.stringify(result)}`);
  return result.concept;
}

function diagnosticsOf(result: ReadResult): readonly Diagnostic[] {
  return result.kind === 'skipped' ? [] : result.diagnostics;
}

/** `code` of every diagnostic, in order. */
function codes(result: ReadResult): string[] {
  return diagnosticsOf(result).map((d) => d.code);
}

const PATH = '/entities/marc-andreessen.md';

describe('readConcept: a complete concept file', () => {
  const text = rawConcept(
    `type: Person
title: Marc Andreessen
description: "  Co-founder of Netscape and a16z.  "
tags: [person, investor]
aliases: [pmarca, Marc Lowell Andreessen]
resource: https://en.wikipedia.org/wiki/Marc_Andreessen
sources:
  - { id: tc-profile-2026, resource: references/tc-profile-2026.html, title: "TechCrunch profile" }
  - { id: wiki, resource: "https://en.wikipedia.org/wiki/Marc_Andreessen" }
generated: { by: "reference_agent/claude-sonnet-5", at: 2026-08-09T10:00:00Z }
verified:
  - { by: "agent/checker", at: "2026-08-09T10:30:00Z" }
  - { by: "human:reviewer", at: 2026-08-09T11:00:00Z }
status: stable
stale_after: 2027-01-01
superseded_at: "2026-08-10"
supersedes: [/entities/old-marc.md, "entities/older-marc"]
relations:
  - { predicate: invested_in, object: /entities/openai.md, date: "2019-03-01", source: tc-profile-2026 }
  - { predicate: married_to, object: /entities/laura-arrillaga-andreessen.md }
  - { predicate: born_on, object: "1971-07-16" }
  - { predicate: founded, object: /entities/netscape, date: 1994-04-04, source: wiki }
not:
  - term: VC
    why: too vague
x-custom: { nested: [1, two, true] }
`,
    '# Summary\n\nMarc co-founded [Netscape](/entities/netscape.md) with [[Jim Clark]].\n',
  );
  const result = readConcept(PATH, text);
  const c = conceptOf(result);

  test('has no diagnostics', () => {
    expect(diagnosticsOf(result)).toEqual([]);
  });

  test('reads identity, type, title, description (trimmed), tags, aliases, resource', () => {
    expect(c.path).toBe(PATH);
    expect(c.id).toBe('entities/marc-andreessen');
    expect(c.type).toBe('Person');
    expect(c.title).toBe('Marc Andreessen');
    expect(c.description).toBe('Co-founder of Netscape and a16z.');
    expect(c.tags).toEqual(['person', 'investor']);
    expect(c.aliases).toEqual(['pmarca', 'Marc Lowell Andreessen']);
    expect(c.resource).toBe('https://en.wikipedia.org/wiki/Marc_Andreessen');
  });

  test('reads sources as a list of {id, resource, title}', () => {
    expect(c.sources).toEqual([
      { id: 'tc-profile-2026', resource: 'references/tc-profile-2026.html', title: 'TechCrunch profile' },
      { id: 'wiki', resource: 'https://en.wikipedia.org/wiki/Marc_Andreessen' },
    ]);
  });

  test('reads generated and verified stamps with dates exactly as written', () => {
    expect(c.generated).toEqual({ by: 'reference_agent/claude-sonnet-5', at: '2026-08-09T10:00:00Z' });
    expect(c.verified).toEqual([
      { by: 'agent/checker', at: '2026-08-09T10:30:00Z' },
      { by: 'human:reviewer', at: '2026-08-09T11:00:00Z' },
    ]);
    expect(c.trust).toBe('human-reviewed');
  });

  test('reads the lifecycle fields; supersedes paths are normalized to bundle paths', () => {
    expect(c.status).toBe('stable');
    expect(c.staleAfter).toBe('2027-01-01');
    expect(c.supersededAt).toBe('2026-08-10');
    expect(c.supersededBy).toBeUndefined();
    expect(c.supersedes).toEqual(['/entities/old-marc.md', '/entities/older-marc.md']);
  });

  test('reads relations: path objects get objectPath (with .md added), literals do not', () => {
    expect(c.relations).toEqual([
      {
        predicate: 'invested_in',
        object: '/entities/openai.md',
        objectPath: '/entities/openai.md',
        date: '2019-03-01',
        source: 'tc-profile-2026',
      },
      {
        predicate: 'married_to',
        object: '/entities/laura-arrillaga-andreessen.md',
        objectPath: '/entities/laura-arrillaga-andreessen.md',
      },
      { predicate: 'born_on', object: '1971-07-16' },
      {
        predicate: 'founded',
        object: '/entities/netscape',
        objectPath: '/entities/netscape.md',
        date: '1994-04-04',
        source: 'wiki',
      },
    ]);
  });

  test('keeps unknown keys in extra, as parsed', () => {
    expect(c.extra).toEqual({ not: [{ term: 'VC', why: 'too vague' }], 'x-custom': { nested: [1, 'two', true] } });
  });

  test('keeps the body after the frontmatter and extracts its prose links', () => {
    expect(c.body).toBe('# Summary\n\nMarc co-founded [Netscape](/entities/netscape.md) with [[Jim Clark]].\n');
    expect(c.links).toEqual([
      { raw: '/entities/netscape.md', kind: 'markdown', targetPath: '/entities/netscape.md' },
      { raw: 'Jim Clark', kind: 'wikilink' },
    ]);
  });

  test('hashes the whole file text: same text same hash, any change another hash', () => {
    expect(c.hash).toMatch(/^[0-9a-f]{28}$/);
    expect(conceptOf(readConcept(PATH, text)).hash).toBe(c.hash);
    expect(conceptOf(readConcept(PATH, text + ' ')).hash).not.toBe(c.hash);
    expect(conceptOf(readConcept(PATH, text.replace('pmarca', 'pmarcb'))).hash).not.toBe(c.hash);
  });
});

describe('readConcept: defaults and fallbacks', () => {
  test('a file with only `type` gets empty lists, the unverified tier and its file name as title', () => {
    const c = conceptOf(readConcept('/entities/kurt-godel.md', rawConcept('type: Person', 'Logician.\n')));
    expect(c).toEqual({
      path: '/entities/kurt-godel.md',
      id: 'entities/kurt-godel',
      type: 'Person',
      title: 'kurt-godel',
      tags: [],
      aliases: [],
      sources: [],
      verified: [],
      trust: 'unverified',
      supersedes: [],
      relations: [],
      links: [],
      extra: {},
      body: 'Logician.\n',
      hash: c.hash,
    });
  });

  test.each([
    ['absent', 'type: Person'],
    ['empty', 'type: Person\ntitle: ""'],
    ['blank', 'type: Person\ntitle: "   "'],
    ['null', 'type: Person\ntitle:'],
  ])('title %s falls back to the file name', (_case, yaml) => {
    expect(conceptOf(readConcept('/a/Ada Lovelace.md', rawConcept(yaml))).title).toBe('Ada Lovelace');
  });

  test('type and title are trimmed', () => {
    const c = conceptOf(readConcept(PATH, rawConcept('type: "  Person "\ntitle: "  Ada  "')));
    expect([c.type, c.title]).toEqual(['Person', 'Ada']);
  });

  test('a numeric title is read as text, with a warning to quote it', () => {
    const r = readConcept('/a/1984.md', rawConcept('type: Book\ntitle: 1984'));
    expect(conceptOf(r).title).toBe('1984');
    expect(diagnosticsOf(r)).toEqual([
      expect.objectContaining({ code: 'not-a-string', severity: 'warning', path: '/a/1984.md' }),
    ]);
  });

  test('a mapping as title is an error and the file name is used', () => {
    const r = readConcept('/a/x.md', rawConcept('type: Thing\ntitle: { a: 1 }'));
    expect(conceptOf(r).title).toBe('x');
    expect(diagnosticsOf(r)).toEqual([expect.objectContaining({ code: 'not-a-string', severity: 'error' })]);
    expect(diagnosticsOf(r)[0].message).toContain('`title`');
  });

  test('an empty description is left out', () => {
    expect(conceptOf(readConcept(PATH, rawConcept('type: Person\ndescription: "  "'))).description).toBeUndefined();
  });

  test('the id of a root-level file has no folder', () => {
    expect(conceptOf(readConcept('/overview.md', conceptFile())).id).toBe('overview');
  });
});

describe('readConcept: tags and aliases', () => {
  test('a single string is a one-element list; blank entries are dropped; entries are trimmed', () => {
    const c = conceptOf(readConcept(PATH, rawConcept('type: Person\ntags: finance\naliases: [" pmarca ", ""]')));
    expect(c.tags).toEqual(['finance']);
    expect(c.aliases).toEqual(['pmarca']);
  });

  test('`alias` (singular) is read as aliases too', () => {
    const c = conceptOf(readConcept(PATH, rawConcept('type: Person\naliases: [a]\nalias: b')));
    expect(c.aliases).toEqual(['a', 'b']);
    expect(c.extra).toEqual({});
  });

  test('each non-string tag is one warning naming the value, and is skipped', () => {
    const r = readConcept(PATH, rawConcept('type: Person\ntags: [finance, 2024, true]'));
    expect(conceptOf(r).tags).toEqual(['finance']);
    expect(diagnosticsOf(r)).toEqual([
      expect.objectContaining({ path: PATH, severity: 'warning', code: 'non-string-tag', value: '2024' }),
      expect.objectContaining({ path: PATH, severity: 'warning', code: 'non-string-tag', value: 'true' }),
    ]);
    expect(diagnosticsOf(r)[0].message).toMatch(/`tags` entry 2024 is not a string/);
  });

  test('YAML 1.1 `!!set` and `!!omap` values are read as the list and mapping they write, never `[object Set]`', () => {
    const r = readConcept(
      PATH,
      rawConcept('type: Person\ntags: !!set {finance, history}\nstatus: !!set {draft}\nkept: !!omap [{a: 1}, {b: 2}]'),
    );
    const c = conceptOf(r);
    expect(c.tags).toEqual(['finance', 'history']);
    expect(c.extra).toEqual({ kept: { a: 1, b: 2 } });
    expect(diagnosticsOf(r)).toEqual([expect.objectContaining({ code: 'not-a-string', value: '["draft"]' })]);
    expect(diagnosticsOf(r)[0].message).toContain('found a list');
    expect(JSON.stringify(diagnosticsOf(r))).not.toContain('[object');
  });

  test('a non-string alias is a warning', () => {
    expect(codes(readConcept(PATH, rawConcept('type: Person\naliases: [1]')))).toEqual(['non-string-alias']);
  });
});

describe('readConcept: sources', () => {
  test('a bare mapping is read as a one-element list, with a warning', () => {
    const r = readConcept(PATH, rawConcept('type: Person\nsources: { id: s1, resource: references/a.pdf }'));
    expect(conceptOf(r).sources).toEqual([{ id: 's1', resource: 'references/a.pdf' }]);
    expect(codes(r)).toEqual(['sources-not-list']);
  });

  test('a non-mapping entry is an error and is skipped; a numeric id is read as text', () => {
    const r = readConcept(
      PATH,
      rawConcept('type: Person\nsources:\n  - https://example.com\n  - { id: 7, title: Seven }'),
    );
    expect(conceptOf(r).sources).toEqual([{ id: '7', title: 'Seven' }]);
    expect(diagnosticsOf(r)).toEqual([expect.objectContaining({ code: 'invalid-source', severity: 'error' })]);
  });

  test('unknown source fields are not modelled (OKF allows them)', () => {
    const r = readConcept(
      PATH,
      rawConcept('type: Metric\nsources:\n  - id: a\n    author: human:x\n    last_modified: 2026-06-15T00:00:00Z'),
    );
    expect(conceptOf(r).sources).toEqual([{ id: 'a' }]);
    expect(diagnosticsOf(r)).toEqual([]);
  });
});

describe('readConcept: generated, verified and the trust tier (OKF §5.3)', () => {
  test.each([
    ['no verified', '', 'unverified', 0],
    ['an empty list', 'verified: []', 'unverified', 0],
    ['null', 'verified:', 'unverified', 0],
    ['a non-human actor', 'verified: { by: "agent/checker", at: "2026-01-01" }', 'machine-confirmed', 1],
    ['a bare human mapping', 'verified: { by: "human:kliu@acme", at: 2026-07-01T09:00:00Z }', 'human-reviewed', 1],
    ['machine then human', 'verified:\n  - { by: ci/bot }\n  - { by: "human:a" }', 'human-reviewed', 2],
    ['human then machine', 'verified:\n  - { by: "human:a" }\n  - { by: ci/bot }', 'human-reviewed', 2],
    ['an actor merely containing "human"', 'verified: { by: "agent/human:ish" }', 'machine-confirmed', 1],
    ['"humans" without the colon', 'verified: { by: "humans" }', 'machine-confirmed', 1],
  ])('%s → %s', (_case, yaml, tier, count) => {
    const r = readConcept(PATH, rawConcept(`type: Person\n${yaml}`));
    const c = conceptOf(r);
    expect(c.trust).toBe(tier);
    expect(c.verified).toHaveLength(count);
    expect(diagnosticsOf(r)).toEqual([]);
  });

  test('a bare verified mapping is a one-element list', () => {
    const c = conceptOf(
      readConcept(PATH, rawConcept('type: Person\nverified: { by: "human:x", at: "2026-08-09T11:00:00Z" }')),
    );
    expect(c.verified).toEqual([{ by: 'human:x', at: '2026-08-09T11:00:00Z' }]);
  });

  test('trustTierOf agrees with the rule', () => {
    expect(trustTierOf([])).toBe('unverified');
    expect(trustTierOf([{ by: 'x' }])).toBe('machine-confirmed');
    expect(trustTierOf([{ by: 'x' }, { by: 'human:y' }])).toBe('human-reviewed');
  });

  test('a verified entry without `by` is an error and does not count toward the tier', () => {
    const r = readConcept(PATH, rawConcept('type: Person\nverified:\n  - { at: "2026-01-01" }\n  - { by: ci/bot }'));
    const c = conceptOf(r);
    expect(c.verified).toEqual([{ by: 'ci/bot' }]);
    expect(c.trust).toBe('machine-confirmed');
    expect(diagnosticsOf(r)).toEqual([expect.objectContaining({ code: 'invalid-stamp', severity: 'error' })]);
    expect(diagnosticsOf(r)[0].message).toContain('verified[0]');
  });

  test('a string as verified is an error, and the concept stays unverified', () => {
    const r = readConcept(PATH, rawConcept('type: Person\nverified: human:reviewer'));
    expect(conceptOf(r).trust).toBe('unverified');
    expect(codes(r)).toEqual(['invalid-stamp']);
  });

  test('generated without `at` keeps `by` only; a bad `at` is reported and dropped', () => {
    expect(conceptOf(readConcept(PATH, rawConcept('type: Person\ngenerated: { by: agent/x }'))).generated).toEqual({
      by: 'agent/x',
    });
    const r = readConcept(PATH, rawConcept('type: Person\ngenerated: { by: agent/x, at: yesterday }'));
    expect(conceptOf(r).generated).toEqual({ by: 'agent/x' });
    expect(diagnosticsOf(r)).toEqual([expect.objectContaining({ code: 'invalid-date', value: '"yesterday"' })]);
    expect(diagnosticsOf(r)[0].message).toContain('`generated.at`');
  });
});

describe('readConcept: dates are kept as the strings written (YAML 1.2 core schema)', () => {
  test.each([
    ['unquoted date-time with Z', '2026-06-30T14:00:00Z'],
    ['unquoted date', '2026-12-31'],
    ['unquoted offset', '2026-07-10T23:16:06+00:00'],
    ['unquoted fractional seconds', '2026-07-10T23:16:06.123Z'],
    ['quoted date-time', '"2026-06-30T14:00:00Z"'],
    ['year-month', '2026-06'],
  ])('%s', (_case, written) => {
    const r = readConcept(
      PATH,
      rawConcept(
        `type: Metric\nstale_after: ${written}\nrelations:\n  - { predicate: p, object: o, date: ${written} }`,
      ),
    );
    const expected = written.replace(/"/g, '');
    const c = conceptOf(r);
    expect(c.staleAfter).toBe(expected);
    expect(c.relations[0].date).toBe(expected);
    expect(diagnosticsOf(r)).toEqual([]);
  });

  test('an unquoted year is a number: kept as its text, with a warning to quote it', () => {
    const r = readConcept(PATH, rawConcept('type: Metric\nstale_after: 2026'));
    expect(conceptOf(r).staleAfter).toBe('2026');
    expect(diagnosticsOf(r)).toEqual([
      expect.objectContaining({ code: 'unquoted-date', severity: 'warning', value: '2026' }),
    ]);
  });

  test.each([
    ['words', 'next tuesday'],
    ['US order', '06/30/2026'],
    ['month 13', '2026-13-01'],
    ['day 32', '2026-01-32'],
    ['minute 60', '2026-01-01T10:60:00Z'],
    ['empty', '""'],
  ])('a non-ISO date (%s) is an error naming the field and is dropped', (_case, written) => {
    const r = readConcept(PATH, rawConcept(`type: Metric\nstale_after: ${written}`));
    expect(conceptOf(r).staleAfter).toBeUndefined();
    expect(diagnosticsOf(r)).toEqual([
      expect.objectContaining({ path: PATH, code: 'invalid-date', severity: 'error' }),
    ]);
    expect(diagnosticsOf(r)[0].message).toMatch(/^`stale_after` is not an ISO 8601 date string/);
  });

  test('a non-ISO superseded_at and relation date are reported with where they are', () => {
    const r = readConcept(
      PATH,
      rawConcept('type: X\nsuperseded_at: soon\nrelations:\n  - { predicate: p, object: o, date: "March 2020" }'),
    );
    const c = conceptOf(r);
    expect(c.supersededAt).toBeUndefined();
    expect(c.relations).toEqual([{ predicate: 'p', object: 'o' }]);
    expect(diagnosticsOf(r).map((d) => d.message.split(' ')[0])).toEqual(['`superseded_at`', '`relations[0].date`']);
  });
});

describe('readConcept: supersession', () => {
  test('superseded_by with status superseded resolves to a bundle path', () => {
    const r = readConcept(
      PATH,
      conceptFile({ status: 'superseded', superseded_by: '/entities/new%20marc', superseded_at: '2026-01-01' }),
    );
    const c = conceptOf(r);
    expect(c.supersededBy).toBe('/entities/new marc.md');
    expect(c.supersededAt).toBe('2026-01-01');
    expect(diagnosticsOf(r)).toEqual([]);
  });

  test('superseded_by without status: superseded is one error naming the field', () => {
    const r = readConcept(PATH, conceptFile({ status: 'stable', superseded_by: '/entities/new.md' }));
    expect(conceptOf(r).supersededBy).toBe('/entities/new.md');
    expect(diagnosticsOf(r)).toEqual([
      expect.objectContaining({ path: PATH, code: 'superseded-by-without-status', severity: 'error' }),
    ]);
    expect(diagnosticsOf(r)[0].message).toContain('`superseded_by`');
  });

  test('supersedes accepts one string and escaping paths are refused', () => {
    expect(conceptOf(readConcept(PATH, rawConcept('type: X\nsupersedes: /a/old.md'))).supersedes).toEqual([
      '/a/old.md',
    ]);
    const r = readConcept(PATH, rawConcept('type: X\nsupersedes: [/a/old.md, /../../etc/passwd]'));
    expect(conceptOf(r).supersedes).toEqual(['/a/old.md']);
    expect(codes(r)).toEqual(['path-escapes-bundle']);
  });
});

describe('readConcept: relations', () => {
  const read = (relations: unknown) =>
    readConcept(PATH, conceptFile({ type: 'Person', relations: relations as Record<string, unknown>[] }));

  test('a numeric or boolean object is a literal, as text', () => {
    expect(
      conceptOf(
        read([
          { predicate: 'born_in', object: 1971 },
          { predicate: 'alive', object: true },
        ]),
      ).relations,
    ).toEqual([
      { predicate: 'born_in', object: '1971' },
      { predicate: 'alive', object: 'true' },
    ]);
  });

  test('object paths are normalized inside the bundle; whitespace is trimmed', () => {
    expect(conceptOf(read([rel(' knows ', ' /entities/./a/../b.md ')])).relations).toEqual([
      { predicate: 'knows', object: '/entities/./a/../b.md', objectPath: '/entities/b.md' },
    ]);
  });

  test('an object path escaping the bundle is one error and the relation is dropped', () => {
    const r = read([rel('p', '/../x.md'), rel('q', '/entities/ok.md')]);
    expect(conceptOf(r).relations.map((x) => x.predicate)).toEqual(['q']);
    expect(diagnosticsOf(r)).toEqual([
      expect.objectContaining({ code: 'path-escapes-bundle', severity: 'error', value: '"/../x.md"' }),
    ]);
    expect(diagnosticsOf(r)[0].message).toContain('relations[0].object');
  });

  test('a relation without a predicate or object is an error each, and the others are kept', () => {
    const r = read([
      { object: '/a.md' },
      { predicate: 'p' },
      { predicate: '  ', object: 'x' },
      { predicate: 'p', object: '' },
      rel('ok', 'v'),
    ]);
    expect(conceptOf(r).relations).toEqual([{ predicate: 'ok', object: 'v' }]);
    expect(codes(r)).toEqual([
      'relation-missing-predicate',
      'relation-missing-object',
      'relation-missing-predicate',
      'relation-missing-object',
    ]);
    expect(diagnosticsOf(r).map((d) => d.message.slice(0, 14))).toEqual([
      '`relations[0]`',
      '`relations[1]`',
      '`relations[2]`',
      '`relations[3]`',
    ]);
  });

  test('a path-like object without a leading slash is a literal, with a warning', () => {
    const r = read([rel('p', 'entities/a.md')]);
    expect(conceptOf(r).relations).toEqual([{ predicate: 'p', object: 'entities/a.md' }]);
    expect(codes(r)).toEqual(['object-path-without-slash']);
  });

  test('a source that matches no sources[].id is a warning; the relation keeps it', () => {
    const r = readConcept(
      PATH,
      conceptFile({
        sources: [{ id: 's1' }],
        relations: [rel('p', 'o', { source: 's1' }), rel('q', 'o', { source: 's2' })],
      }),
    );
    expect(conceptOf(r).relations.map((x) => x.source)).toEqual(['s1', 's2']);
    expect(diagnosticsOf(r)).toEqual([
      expect.objectContaining({ code: 'unknown-source', severity: 'warning', value: '"s2"' }),
    ]);
  });

  test('relations that are not a list, or entries that are not mappings, are errors', () => {
    expect(codes(read({ predicate: 'p', object: 'o' }))).toEqual(['relations-not-list']);
    const r = read(['knows /a.md', rel('p', 'o')]);
    expect(conceptOf(r).relations).toEqual([{ predicate: 'p', object: 'o' }]);
    expect(codes(r)).toEqual(['invalid-relation']);
  });
});

describe('readConcept: YAML 1.1 pitfalls (spec §10.1)', () => {
  test('a `true:` key is an error naming the key and its line; the value is kept in extra', () => {
    const r = readConcept(PATH, rawConcept('type: Event\ntrue: 2020-01-01'));
    expect(conceptOf(r).extra).toEqual({ true: '2020-01-01' });
    expect(diagnosticsOf(r)).toEqual([
      expect.objectContaining({ path: PATH, code: 'boolean-key', severity: 'error', line: 3, value: 'true' }),
    ]);
    expect(diagnosticsOf(r)[0].message).toMatch(/^Key `true` is a boolean/);
  });

  test('an `on:` key inside a relation is a warning naming `relations`; `on` stays a string key', () => {
    const r = readConcept(
      PATH,
      rawConcept('type: Person\nrelations:\n  - { predicate: founded, object: /a.md, on: 2020-01-01 }'),
    );
    expect(conceptOf(r).relations).toEqual([{ predicate: 'founded', object: '/a.md', objectPath: '/a.md' }]);
    expect(diagnosticsOf(r)).toEqual([
      expect.objectContaining({ code: 'yaml11-boolean-key', severity: 'warning', line: 4, value: 'on' }),
    ]);
    expect(diagnosticsOf(r)[0].message).toMatch(/^Key `on` in `relations` is read as a boolean by YAML 1\.1/);
  });

  test('values on/yes/no stay strings (core schema)', () => {
    const c = conceptOf(readConcept(PATH, rawConcept('type: X\nstatus: on\nswitch: yes\nnorway: NO')));
    expect(c.status).toBe('on');
    expect(c.extra).toEqual({ switch: 'yes', norway: 'NO' });
  });
});

describe('readConcept: key order and key sets', () => {
  const lines = [
    'type: Person',
    'title: Ada',
    'verified: { by: "human:reviewer", at: "2026-01-02" }',
    'x-first: 1',
    'supersedes: [/entities/old-ada.md]',
    'relations:\n  - { predicate: knows, object: /entities/charles.md }',
    'x-second: [a, b]',
    'status: active',
  ];

  test('the same keys in any order read the same concept; unknown keys keep their written order', () => {
    const reference = conceptOf(readConcept(PATH, rawConcept(lines.join('\n'))));
    expect(reference.supersedes).toEqual(['/entities/old-ada.md']);
    expect(reference.trust).toBe('human-reviewed');
    for (let shift = 1; shift < lines.length; shift++) {
      const turned = [...lines.slice(shift), ...lines.slice(0, shift)];
      const c = conceptOf(readConcept(PATH, rawConcept(turned.join('\n'))));
      const unknownOrder = turned.filter((l) => l.startsWith('x-')).map((l) => l.slice(0, l.indexOf(':')));
      expect(Object.keys(c.extra)).toEqual(unknownOrder);
      expect({ ...c, hash: '' }).toEqual({ ...reference, hash: '' });
    }
  });

  test('each optional key left out is simply absent, whichever others are present', () => {
    for (let mask = 0; mask < 1 << (lines.length - 1); mask++) {
      const kept = ['type: Person', ...lines.slice(1).filter((_, i) => (mask & (1 << i)) !== 0)];
      const c = conceptOf(readConcept(PATH, rawConcept(kept.join('\n'))));
      const has = (key: string) => kept.some((l) => l.startsWith(`${key}:`));
      expect(c.title).toBe(has('title') ? 'Ada' : 'marc-andreessen');
      expect(c.verified.length).toBe(has('verified') ? 1 : 0);
      expect(c.supersedes.length).toBe(has('supersedes') ? 1 : 0);
      expect(c.relations.length).toBe(has('relations') ? 1 : 0);
      expect(c.status).toBe(has('status') ? 'active' : undefined);
      expect(Object.keys(c.extra)).toEqual(['x-first', 'x-second'].filter(has));
    }
  });
});

describe('readConcept: file shapes', () => {
  const lf = rawConcept('type: Person\ntitle: Ada\ntags: [a]', '# Ada\n\nLine two.\n');

  test('a BOM and CRLF line endings read the same concept as LF', () => {
    const crlf = '\uFEFF' + lf.replace(/\n/g, '\r\n');
    const a = conceptOf(readConcept(PATH, lf));
    const b = conceptOf(readConcept(PATH, crlf));
    expect({ ...b, hash: '' }).toEqual({ ...a, hash: '' });
    expect(b.body).toBe('# Ada\n\nLine two.\n');
    expect(b.hash).not.toBe(a.hash);
  });

  test('old Mac CR line endings are read too', () => {
    expect(conceptOf(readConcept(PATH, lf.replace(/\n/g, '\r'))).title).toBe('Ada');
  });

  test('the closing fence may be `...` and fences may carry trailing spaces', () => {
    const c = conceptOf(readConcept(PATH, '---  \ntype: Person\ntitle: Ada\n... \nBody'));
    expect([c.title, c.body]).toEqual(['Ada', 'Body']);
  });

  test('a horizontal rule in the body does not end the body early', () => {
    expect(conceptOf(readConcept(PATH, rawConcept('type: X', 'a\n\n---\n\nb\n'))).body).toBe('a\n\n---\n\nb\n');
  });

  test('a file without frontmatter is skipped, not a concept', () => {
    expect(readConcept('/notes/x.md', '# Just notes\n')).toEqual({
      kind: 'skipped',
      path: '/notes/x.md',
      hash: expect.any(String),
      reason: 'no YAML frontmatter',
    });
    expect(readConcept('/references/a.md', '# Mirrored\n')).toMatchObject({
      kind: 'skipped',
      reason: 'mirrored reference material',
    });
    expect(readConcept('/a.md', '----\nnot: frontmatter\n----\n')).toMatchObject({ kind: 'skipped' });
  });

  test('an unclosed frontmatter is invalid with one error', () => {
    const r = readConcept(PATH, '---\ntype: Person\ntitle: Ada\n\nBody without a fence\n');
    expect(r.kind).toBe('invalid');
    expect(codes(r)).toEqual(['frontmatter-unclosed']);
  });

  test('empty frontmatter is invalid', () => {
    const r = readConcept(PATH, '---\n---\nBody\n');
    expect(r.kind).toBe('invalid');
    expect(codes(r)).toEqual(['frontmatter-empty']);
  });

  test('a file with NUL bytes is invalid (binary)', () => {
    const r = readConcept(PATH, rawConcept('type: X', 'a\0b'));
    expect(r.kind).toBe('invalid');
    expect(codes(r)).toEqual(['binary-file']);
  });

  /** A file's bytes as the CLI and the plugin hand them to the reader: decoded as UTF-8, bad bytes as U+FFFD. */
  const asUtf8 = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes);
  const utf16le = (text: string) => new Uint8Array(Buffer.from(text, 'utf16le'));
  const utf16be = (text: string) => utf16le(text).map((_b, i, all) => all[i % 2 === 0 ? i + 1 : i - 1]);

  test.each([
    [
      'UTF-16LE with a byte-order mark',
      asUtf8(utf16le('\uFEFF' + conceptFile({ type: 'X', title: 'Jos\u00e9' }))),
      'UTF-16LE',
    ],
    ['UTF-16LE without one', asUtf8(utf16le(conceptFile({ type: 'X' }))), 'UTF-16LE'],
    ['UTF-16BE with a byte-order mark', asUtf8(utf16be('\uFEFF' + conceptFile({ type: 'X' }))), 'UTF-16BE'],
  ])('a %s file is named as UTF-16 with how to convert it, not as binary', (_name, text, encoding) => {
    const r = readConcept(PATH, text);
    expect(r.kind).toBe('invalid');
    expect(codes(r)).toEqual(['utf16-file']);
    expect(diagnosticsOf(r)[0].message).toContain(`${encoding} text, not UTF-8`);
    expect(diagnosticsOf(r)[0].message).toContain(`iconv -f ${encoding} -t UTF-8`);
  });

  test('a binary file with some NUL bytes is still binary, not UTF-16', () => {
    const bytes = Uint8Array.from({ length: 600 }, (_v, i) => (i * 7919) % 256);
    expect(codes(readConcept(PATH, asUtf8(bytes)))).toEqual(['binary-file']);
  });

  test('undecodable bytes (U+FFFD) are a warning but the concept is read', () => {
    const r = readConcept(PATH, rawConcept('type: X', 'caf\uFFFD'));
    expect(r.kind).toBe('concept');
    expect(codes(r)).toEqual(['invalid-utf8']);
  });
});

describe('readConcept: invalid frontmatter', () => {
  test.each([
    ['a list', '- a\n- b', 'frontmatter-not-mapping'],
    ['a plain value', 'just some words', 'frontmatter-not-mapping'],
    ['an unclosed flow sequence', 'type: X\ntags: [a, b', 'yaml-syntax'],
    ['an unclosed quote', 'type: X\ntitle: "Ada', 'yaml-syntax'],
    ['tab indentation', 'type: X\nsources:\n\t- id: a', 'yaml-syntax'],
    ['a wrongly indented key', 'type: Person\n  title: x', 'yaml-syntax'],
  ])('%s is invalid with exactly one error', (_case, yaml, code) => {
    const r = readConcept(PATH, rawConcept(yaml));
    expect(r.kind).toBe('invalid');
    expect(diagnosticsOf(r)).toEqual([expect.objectContaining({ path: PATH, severity: 'error', code })]);
  });

  test('errors that follow the first one are counted in its message, not listed', () => {
    const [d, ...rest] = diagnosticsOf(readConcept(PATH, rawConcept('type: Person\n  title: x')));
    expect(rest).toEqual([]);
    expect(d.message).toMatch(/^YAML syntax error in frontmatter: .+ \(and 1 more after it\)$/);
  });

  test('a YAML syntax error names the problem and points into the file', () => {
    const r = readConcept(PATH, rawConcept('type: X\ntitle: "Ada'));
    const [d] = diagnosticsOf(r);
    expect(d.message).toMatch(/^YAML syntax error in frontmatter: .*quote/);
    expect(d.line).toBeGreaterThanOrEqual(3);
  });

  test.each([
    ['missing', 'title: Ada', /^Missing required `type`/],
    ['empty', 'type: ""\ntitle: Ada', /^Empty or non-text `type`/],
    ['blank', 'type: "  "', /^Empty or non-text `type`/],
    ['null', 'type:', /^Empty or non-text `type`/],
    ['a list', 'type: [Person]', /^Empty or non-text `type`/],
  ])('type %s is invalid with one missing-type error', (_case, yaml, message) => {
    const r = readConcept(PATH, rawConcept(yaml));
    expect(r.kind).toBe('invalid');
    expect(diagnosticsOf(r)).toEqual([
      expect.objectContaining({
        path: PATH,
        code: 'missing-type',
        severity: 'error',
        message: expect.stringMatching(message),
      }),
    ]);
  });

  test('a duplicate key is one error naming the key and both lines; the last value wins', () => {
    const r = readConcept(PATH, rawConcept('type: Person\ntitle: First\ntags: [a]\ntitle: Second'));
    expect(conceptOf(r).title).toBe('Second');
    expect(diagnosticsOf(r)).toEqual([
      {
        path: PATH,
        severity: 'error',
        code: 'duplicate-key',
        message: 'Key `title` appears more than once (first on line 3); the last one is used.',
        line: 5,
        value: 'title',
      },
    ]);
  });

  test('a duplicate key inside a relation is reported too', () => {
    const r = readConcept(
      PATH,
      rawConcept('type: Person\nrelations:\n  - predicate: a\n    predicate: b\n    object: o'),
    );
    expect(conceptOf(r).relations).toEqual([{ predicate: 'b', object: 'o' }]);
    expect(diagnosticsOf(r)).toEqual([expect.objectContaining({ code: 'duplicate-key', value: 'predicate', line: 5 })]);
    expect(diagnosticsOf(r)[0].message).toContain('in `relations`');
  });

  test('an alias bomb is refused, not expanded', () => {
    const lines = ['type: X', 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 10; i++)
      lines.push(
        `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    const r = readConcept(PATH, rawConcept(lines.join('\n')));
    expect(r.kind).toBe('invalid');
    expect(codes(r)).toEqual(['yaml-alias-bomb']);
  });

  test('absurdly deep nesting is refused', () => {
    const r = readConcept(PATH, rawConcept(`type: X\ndeep: ${'['.repeat(100)}${']'.repeat(100)}`));
    expect(r.kind).toBe('invalid');
    expect(codes(r)).toEqual(['yaml-too-deep']);
  });
});
