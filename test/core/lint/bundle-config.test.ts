import { DEFAULT_BUNDLE_CONFIG, inverseMap, parseBundleConfig } from '../../../src/core/config/bundle-config';

test('a valid okf-wiki.json: inverses, multi-valued predicates added to the defaults, synonyms, distinct', () => {
  const { config, diagnostics } = parseBundleConfig(
    JSON.stringify({
      inverses: [
        ['founded', 'founded_by'],
        ['married_to', 'married_to'],
      ],
      multiValued: ['worked_at'],
      synonyms: [['backs', 'invested_in']],
      distinct: [['invented', 'invested']],
    }),
  );
  expect(diagnostics).toEqual([]);
  expect(config.inverses).toEqual([
    ['founded', 'founded_by'],
    ['married_to', 'married_to'],
  ]);
  expect(config.multiValued).toEqual(expect.arrayContaining(['has_part', 'worked_at']));
  expect(config.synonyms).toEqual([['backs', 'invested_in']]);
  expect(config.distinct).toEqual([['invented', 'invested']]);
  expect(inverseMap(config.inverses)).toEqual(
    new Map([
      ['founded', new Set(['founded_by'])],
      ['founded_by', new Set(['founded'])],
      ['married_to', new Set(['married_to'])],
    ]),
  );
});

test('broken JSON gives the defaults and one error naming the file', () => {
  const { config, diagnostics } = parseBundleConfig('{ "inverses": [');
  expect(config).toBe(DEFAULT_BUNDLE_CONFIG);
  expect(diagnostics).toHaveLength(1);
  expect(diagnostics[0]).toMatchObject({ path: '/okf-wiki.json', severity: 'error', code: 'config-syntax' });
  expect(diagnostics[0].message).toMatch(/^okf-wiki.json is not valid JSON \(.+\); using the defaults\.$/);
});

test('a non-object and bad entries become diagnostics, never exceptions', () => {
  expect(parseBundleConfig('[]').diagnostics.map((d) => d.code)).toEqual(['config-not-object']);
  const { config, diagnostics } = parseBundleConfig(
    '{"inverses": "founded", "multiValued": [""], "synonyms": [["only-one"]], "extra": true}',
  );
  expect(diagnostics.map((d) => [d.severity, d.code])).toEqual([
    ['warning', 'config-unknown-key'],
    ['warning', 'config-not-list'],
    ['warning', 'config-bad-predicate'],
    ['warning', 'config-bad-synonyms'],
  ]);
  expect(diagnostics[0].message).toBe(
    'okf-wiki.json: unknown key "extra" ignored (known: inverses, multiValued, synonyms, distinct, thresholds).',
  );
  expect(config.inverses).toEqual([]);
});
