// QA2 F26: an unquoted relation object the YAML core schema reads as a number keeps the text written. `1.10` was
// served as "1.1" (another version), ZIP `02134` as "2134", a 20-digit id rounded: a different fact, silently.
import { readConcept } from '../../../src/core/okf/read-concept';

/** The relation objects of a concept whose relations are `objects` written unquoted, in block and flow style. */
function objectsOf(objects: readonly string[], flow: boolean): string[] {
  const lines = objects.map((o, i) =>
    flow ? `  - { predicate: p${i}, object: ${o} }` : `  - predicate: p${i}\n    object: ${o}`,
  );
  const result = readConcept(
    '/e/widget.md',
    `---\ntype: Library\ntitle: Widget Lib\nrelations:\n${lines.join('\n')}\n---\n`,
  );
  if (result.kind !== 'concept') throw new Error(JSON.stringify(result));
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return result.concept.relations.map((r) => r.object);
}

const WRITTEN = ['1.10', '02134', '00012345678901234567', '12345678901234567890', '0x1F', '0o17', '1.50', '7', '-3.0'];

test.each([false, true])('number-like objects keep the text written (flow style: %s)', (flow) => {
  expect(objectsOf(WRITTEN, flow)).toEqual(WRITTEN);
});

test('quoted objects and paths are read as before', () => {
  expect(objectsOf(['"1.10"', "'02134'", '/e/other.md', 'plain text'], false)).toEqual([
    '1.10',
    '02134',
    '/e/other.md',
    'plain text',
  ]);
});
