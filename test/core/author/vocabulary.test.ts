import { applyPlan } from '../../../src/core/author/apply-plan';
import { planDiff, type ChangePlan } from '../../../src/core/author/types';
import {
  collectVocabulary,
  planVocabulary,
  VOCABULARY_END,
  VOCABULARY_START,
  withVocabularyBlock,
} from '../../../src/core/author/vocabulary';
import { conceptRecordsFromIndex } from '../../../src/core/generate/concept-record';
import { buildIndex, listConceptFiles, readBundleFile } from '../../../src/core/index/build';
import { parseBundleConfig } from '../../../src/core/config/bundle-config';
import { expectApproved } from './approve';
import { MemoryBundle } from '../../support/memory-bundle';

const load = () => {
  const bundle = MemoryBundle.fromFixture('author-bundle');
  return { bundle, config: parseBundleConfig(bundle.files.get('/okf-wiki.json')!).config };
};

test(
  'vocabulary replaces only the block between the markers in AGENTS.md, ' + 'and a second run changes nothing',
  async () => {
    const { bundle, config } = load();
    const plan = await planVocabulary(bundle, config);
    if (plan.kind !== 'change') throw new Error(plan.kind);
    expectApproved('vocabulary-agents-md', planDiff(plan));
    await applyPlan(plan as ChangePlan, bundle, bundle);
    const text = bundle.files.get('/AGENTS.md')!;
    expect(
      text.startsWith(
        '# Andreessen test bundle\n\nHand-written conventions: keep this ' +
          'paragraph.\n\n## Predicate vocabulary\n\n<!-- okf-wiki',
      ),
    ).toBe(true);
    expect(text.endsWith('<!-- okf-wiki:vocabulary:end -->\n\nTrailing notes stay too.\n')).toBe(true);
    expect(await planVocabulary(bundle, config)).toEqual({
      kind: 'unchanged',
      operation: 'vocabulary',
      summary: '/AGENTS.md: vocabulary of 3 predicates is up to date.',
      notes: [],
    });
  },
);

test('without AGENTS.md the block goes into CLAUDE.md, else a new AGENTS.md', async () => {
  const { bundle, config } = load();
  bundle.files.delete('/AGENTS.md');
  bundle.files.set('/CLAUDE.md', '# Conventions\r\n\r\nCRLF file.\r\n');
  const plan = await planVocabulary(bundle, config);
  expect(plan.kind === 'change' && plan.changes[0].path).toBe('/CLAUDE.md');
  const after = plan.kind === 'change' ? plan.changes[0].after : '';
  expect(after.startsWith('# Conventions\r\n\r\nCRLF file.\r\n\r\n<!-- okf-wiki:vocabulary:start -->\r\n')).toBe(true);
  expect(after.replace(/\r\n/g, '')).not.toContain('\n');

  bundle.files.delete('/CLAUDE.md');
  const created = await planVocabulary(bundle, config);
  expect(created.kind === 'change' && [created.changes[0].path, created.changes[0].before]).toEqual([
    '/AGENTS.md',
    null,
  ]);
});

test('markers out of order or repeated are refused, not guessed at', () => {
  expect(withVocabularyBlock(`${VOCABULARY_END}\n${VOCABULARY_START}\n`, 'x')).toEqual({
    message:
      'the vocabulary markers (<!-- okf-wiki:vocabulary:start --> … <!-- ' +
      'okf-wiki:vocabulary:end -->) must appear once each, in order; fix ' +
      'them by hand',
  });
  expect('message' in withVocabularyBlock(`${VOCABULARY_START}\n${VOCABULARY_START}\n${VOCABULARY_END}\n`, 'x')).toBe(
    true,
  );
});

test('the vocabulary from the index records equals the one from the files (the plugin reads its index)', async () => {
  const { bundle, config } = load();
  const index = await buildIndex(bundle);
  try {
    const fromIndex = collectVocabulary(conceptRecordsFromIndex(index), config);
    const concepts = [];
    for (const path of await listConceptFiles(bundle)) {
      const read = await readBundleFile(bundle, path);
      if (read.kind === 'concept') concepts.push(read.concept);
    }
    expect(fromIndex).toEqual(collectVocabulary(concepts, config));
    expect(fromIndex.map((u) => [u.predicate, u.count, u.inverses, u.inverseKind])).toEqual([
      ['founded', 1, ['founded_by'], 'declared'],
      ['founded_by', 1, ['founded'], 'declared'],
      ['married_to', 2, ['married_to'], 'declared'],
    ]);
  } finally {
    index.close();
  }
});

test('an undeclared inverse is the one observed on the objects; literal-only predicates need none', () => {
  const usages = collectVocabulary(
    [
      {
        path: '/a.md',
        relations: [
          { predicate: 'likes', object: '/b.md', objectPath: '/b.md' },
          { predicate: 'born_on', object: '1900-01-01' },
        ],
      },
      { path: '/b.md', relations: [{ predicate: 'liked_by', object: '/a.md', objectPath: '/a.md' }] },
    ],
    { inverses: [], multiValued: ['likes'], synonyms: [], distinct: [] },
  );
  expect(usages.map((u) => [u.predicate, u.inverses, u.inverseKind, u.literalOnly, u.multiValued])).toEqual([
    ['born_on', [], 'none', true, false],
    ['liked_by', ['likes'], 'observed', false, false],
    ['likes', ['liked_by'], 'observed', false, true],
  ]);
});
