// Approval files for the answer-graph tests (STYLE.md 9): output compared with `approved/<name>.approved.mmd`.
// A difference writes `<name>.received.mmd` beside it and fails; review it, then rerun with APPROVE=1.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';

const APPROVED = nodePath.join(__dirname, 'approved');

/** Compares `received` with the approved file of `name` (or writes it when APPROVE=1). */
export function expectApprovedMermaid(name: string, received: string): void {
  const approvedPath = nodePath.join(APPROVED, `${name}.approved.mmd`);
  const receivedPath = nodePath.join(APPROVED, `${name}.received.mmd`);
  mkdirSync(APPROVED, { recursive: true });
  if (process.env.APPROVE === '1') writeFileSync(approvedPath, received);
  const approved = existsSync(approvedPath) ? readFileSync(approvedPath, 'utf8') : undefined;
  if (approved === received) {
    rmSync(receivedPath, { force: true });
    return;
  }
  writeFileSync(receivedPath, received);
  expect(received).toBe(approved ?? `(no approved file yet: review ${receivedPath}, then rerun with APPROVE=1)`);
}
