// Approval tests (STYLE.md: `*.approved.txt` for large outputs): the output is compared with a committed file.
// On a difference the new output is written to a temporary `.received.txt` and the test fails with a diff;
// after reviewing it, re-approve with `APPROVE=1 npx jest <test file>`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';

export const APPROVED_DIR = nodePath.join(__dirname, 'approved');

/** Compares `actual` with `approved/<name>.approved.txt` (or writes it when APPROVE=1). */
export function expectApproved(name: string, actual: string): void {
  const approvedPath = nodePath.join(APPROVED_DIR, `${name}.approved.txt`);
  if (process.env.APPROVE === '1') {
    mkdirSync(APPROVED_DIR, { recursive: true });
    writeFileSync(approvedPath, actual);
    return;
  }
  const receivedPath = nodePath.join(tmpdir(), `${name}.received.txt`);
  if (!existsSync(approvedPath)) {
    writeFileSync(receivedPath, actual);
    throw new Error(`No approved output for "${name}": review ${receivedPath}, then run with APPROVE=1 to approve it.`);
  }
  const approved = readFileSync(approvedPath, 'utf8');
  if (approved !== actual) {
    writeFileSync(receivedPath, actual);
    // The demo bundle is edited on purpose from time to time: the message says how to re-approve.
    console.warn(
      `okf-wiki approval "${name}" differs: new output in ${receivedPath}; ` +
        `if intended, re-approve with APPROVE=1 npx ` +
        `jest ${expect.getState().testPath ?? ''}`,
    );
  }
  expect(actual).toBe(approved);
}
