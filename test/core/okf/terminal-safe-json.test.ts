// terminalSafeJson: JSON for a terminal, DEL and the C1 controls escaped as JSON.stringify escapes C0. Whatever the
// value, the text holds no raw control and parses back to the same value.
import fc from 'fast-check';
import { terminalSafeJson } from '../../../src/core/okf/controls';

const edges = fc.constantFrom(
  '\u007f',
  '\u0080',
  '\u009b',
  '\u009d',
  '\u009f',
  '\u00a0',
  '"',
  '\\',
  '\u001b',
  '\u{1F600}',
);
const text = fc.string({ unit: fc.oneof(edges, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })) });
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.constant(null),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(text, tie('node'), { maxKeys: 4 }),
  ),
})).node;

test('no raw DEL or C1 control, and JSON.parse gives the same value', () => {
  fc.assert(
    fc.property(value, (v) => {
      const json = terminalSafeJson(JSON.stringify(v, null, 2));
      // eslint-disable-next-line no-control-regex -- control characters are what it looks for
      expect(/[\u0000-\u001f\u007f-\u009f]/.test(json.replace(/\n/g, ''))).toBe(false);
      expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(v)));
    }),
  );
});

test('the escapes are JSON escapes, and text without them is the same string', () => {
  expect(terminalSafeJson(JSON.stringify({ p: 'likes\u009b\u007f' }))).toBe('{"p":"likes\\u009b\\u007f"}');
  const plain = JSON.stringify({ a: 'plain é 😀' }, null, 2);
  expect(terminalSafeJson(plain)).toBe(plain);
});
