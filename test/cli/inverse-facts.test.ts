// A relation back from B to A is left out of an answer only when it is the declared inverse of a kept A→B (or the
// same fact): the key of the dedupe left out the predicate, so "Bob Jones sued Alice Smith" vanished beside "Alice
// Smith mentored Bob Jones", and "Who sued Alice Smith?" got only the mentoring (QA review 2, F1).
import * as nodePath from 'node:path';
import { runCli } from '../support/run-cli';
import { SUED_BUNDLE } from '../support/sued-bundle';
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-dir';

let dir: string;
beforeEach(() => {
  dir = makeTempDir('okf-inverse-facts-');
  writeTree(dir, SUED_BUNDLE);
});
afterEach(() => removeTempDir(dir));

test('a different relation back is kept; the declared inverse is not repeated', async () => {
  expect((await runCli(['reindex', '--no-embed'], dir)).code).toBe(0);
  const { code, stdout } = await runCli(['context', 'Who sued Alice Smith?', '--no-embed', '--json'], dir);
  expect(code).toBe(0);
  const lines = (JSON.parse(stdout) as { facts: { subject: string; predicate: string }[] }).facts.map(
    (f) => `${nodePath.basename(f.subject)} ${f.predicate}`,
  );
  expect(lines).toContain('bob.md sued');
  expect(lines.filter((l) => l.includes('mentored'))).toHaveLength(1);
});
