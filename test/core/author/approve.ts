// Approval testing for authoring diffs: the expected output is a committed `approved/<name>.approved.diff`,
// readable in review. A mismatch writes `<name>.received.diff` beside it; `APPROVE=1 npx jest` accepts all.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

const DIR = path.join(__dirname, 'approved');

/** Asserts that `actual` equals the approved text for `name`. */
export function expectApproved(name: string, actual: string): void {
  const approved = path.join(DIR, `${name}.approved.diff`);
  const received = path.join(DIR, `${name}.received.diff`);
  if (process.env.APPROVE === '1') {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(approved, actual);
    rmSync(received, { force: true });
    return;
  }
  const expected = existsSync(approved) ? readFileSync(approved, 'utf8') : undefined;
  if (expected === actual) {
    rmSync(received, { force: true });
    return;
  }
  writeFileSync(received, actual);
  expect({ name, diff: actual }).toEqual({
    name,
    diff: expected ?? '(no approved file yet: run with APPROVE=1 after reviewing the received diff)',
  });
}
