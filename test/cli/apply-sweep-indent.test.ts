// QA2 F22: `evaluate --sweep --apply` re-indented a user's okf-wiki.json to 2 spaces, a whole-file diff for one
// added key. Now only the thresholds change, in the file's own indentation (and BOM, CRLF).
import { withThresholds } from '../../src/cli/commands/apply-sweep';
import type { SweepReport } from '../../src/core/evaluate/types';

const sweep = { best: { coverageThreshold: 0.6, vectorThreshold: null } } as unknown as SweepReport;
const config = (i: string) =>
  `{\n${i}"inverses": [\n${i}${i}["founded", "founded_by"]\n${i}],\n${i}"multiValued": []\n}\n`;

test('only the thresholds lines are new, in the indentation of the file: 4 spaces, a tab, 2 spaces', () => {
  for (const i of ['    ', '\t', '  ']) {
    expect(withThresholds(config(i), sweep)).toBe(
      config(i).replace('[]\n}', `[],\n${i}"thresholds": {\n${i}${i}"coverage": 0.6\n${i}}\n}`),
    );
  }
});

test('thresholds already there: only their value changes; other keys in them stay', () => {
  const before = '{\n    "thresholds": { "coverage": 0.5, "vector": 0.7 },\n    "multiValued": ["has_part"]\n}\n';
  expect(withThresholds(before, sweep)).toBe(
    '{\n    "thresholds": {\n        "coverage": 0.6,\n        "vector": 0.7\n    },\n' +
      '    "multiValued": ["has_part"]\n}\n',
  );
});

test('a byte order mark and CRLF line ends stay; a new file is 2-space JSON', () => {
  const after = withThresholds('\uFEFF{\r\n    "multiValued": []\r\n}\r\n', sweep);
  expect(after).toBe(
    '\uFEFF{\r\n    "multiValued": [],\r\n    "thresholds": {\r\n        "coverage": 0.6\r\n    }\r\n}\r\n',
  );
  expect(withThresholds(null, sweep)).toBe('{\n  "thresholds": {\n    "coverage": 0.6\n  }\n}\n');
});
