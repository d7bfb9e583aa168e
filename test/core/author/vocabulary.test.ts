import { applyPlan } from '../../../src/core/author/apply-plan';
import { planDiff, type ChangePlan } from '../../../src/core/author/types';
import { planVocabulary, VOCABULARY_END, VOCABULARY_START, withVocabularyBlock } from '../../../src/core/author/vocabulary';
import { parseBundleConfig } from '../../../src/core/config/bundle-config';
import { expectApproved } from './approve';
import { MemoryBundle } from './memory-bundle';

const load = () => {
  const bundle = MemoryBundle.fromFixture('author-bundle');
  return { bundle, config: parseBundleConfig(bundle.files.get('/okf-wiki.json')!).config };
};

test('vocabulary replaces only the block between the markers in AGENTS.md, and a second run changes nothing', async () => {
  const { bundle, config } = load();
  const plan = await planVocabulary(bundle, config);
  if (plan.kind !== 'change') throw new Error(plan.kind);
  expectApproved('vocabulary-agents-md', planDiff(plan));
  await applyPlan(plan as ChangePlan, bundle, bundle);
  const text = bundle.files.get('/AGENTS.md')!;
  expect(text.startsWith('# Andreessen test bundle\n\nHand-written conventions: keep this paragraph.\n\n## Predicate vocabulary\n\n<!-- okf-wiki')).toBe(true);
  expect(text.endsWith('<!-- okf-wiki:vocabulary:end -->\n\nTrailing notes stay too.\n')).toBe(true);
  expect(await planVocabulary(bundle, config)).toEqual({
    kind: 'unchanged',
    operation: 'vocabulary',
    summary: '/AGENTS.md: vocabulary of 3 predicates is up to date.',
    notes: [],
  });
});

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
  expect(created.kind === 'change' && [created.changes[0].path, created.changes[0].before]).toEqual(['/AGENTS.md', null]);
});

test('markers out of order or repeated are refused, not guessed at', () => {
  expect(withVocabularyBlock(`${VOCABULARY_END}\n${VOCABULARY_START}\n`, 'x')).toEqual({
    message: 'the vocabulary markers (<!-- okf-wiki:vocabulary:start --> … <!-- okf-wiki:vocabulary:end -->) must appear once each, in order; fix them by hand',
  });
  expect('message' in withVocabularyBlock(`${VOCABULARY_START}\n${VOCABULARY_START}\n${VOCABULARY_END}\n`, 'x')).toBe(true);
});
