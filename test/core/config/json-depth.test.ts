// Settings files nested thousands of levels deep (issue 12 point 12): a finding naming the file, never a stack
// overflow. The depth guard runs before anything walks the parsed value.
import { DEFAULT_BUNDLE_CONFIG, parseBundleConfig } from '../../../src/core/config/bundle-config';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../../../src/core/config/json-depth';
import { parseEvaluationSet } from '../../../src/core/evaluate/parse-set';

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

test('jsonTooDeep counts brackets outside strings only, escaped quotes included', () => {
  expect(jsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
  expect(jsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
  expect(jsonTooDeep(JSON.stringify({ a: '['.repeat(1000), b: '\\"[[[' }))).toBe(false);
  expect(jsonTooDeep(`{"a": "\\"", "b": ${nested(MAX_JSON_DEPTH + 1)}}`)).toBe(true);
});

test.each([
  ['the whole file', nested(5000)],
  ['an inverses entry', `{"inverses": [${nested(5000)}]}`],
  ['an object chain', '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)],
])('okf-wiki.json nested 5,000 levels in %s: the defaults and one error naming the file', (_where, text) => {
  const { config, diagnostics } = parseBundleConfig(text);
  expect(config).toBe(DEFAULT_BUNDLE_CONFIG);
  expect(diagnostics).toEqual([
    expect.objectContaining({ path: '/okf-wiki.json', severity: 'error', code: 'config-too-deep' }),
  ]);
  expect(diagnostics[0].message).toContain(`more than ${MAX_JSON_DEPTH} levels deep`);
});

test('evaluate.json nested 5,000 levels is one problem of the file, not a stack overflow', () => {
  const parsed = parseEvaluationSet(`{"questions": ${nested(5000)}}`);
  expect(parsed).toEqual({
    kind: 'problems',
    problems: [{ where: '(file)', message: `nests lists or objects more than ${MAX_JSON_DEPTH} levels deep; refused` }],
  });
});
