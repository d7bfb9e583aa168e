// invalid-frontmatter: every problem the OKF reader found in a file (broken YAML, missing `type`, `on:` keys,
// non-ISO dates, non-string tags, duplicate keys, …), relayed with the reader's own severity.
import { LINKED_FILE, LINKED_FOLDER } from '../types';
import type { LintCheck } from './check';
import { finding } from './check';

/** Reader codes another check reports on its own, so they are not counted twice. */
const REPORTED_ELSEWHERE = new Set(['superseded-by-without-status', LINKED_FOLDER, LINKED_FILE]);

export const invalidFrontmatter: LintCheck = {
  id: 'invalid-frontmatter',
  severity: 'error',
  title: 'Frontmatter the OKF reader could not read cleanly',
  run: (context) =>
    context.diagnostics
      .filter((d) => !REPORTED_ELSEWHERE.has(d.code))
      .map((d) =>
        finding(invalidFrontmatter, d.path, d.message, {
          severity: d.severity,
          code: d.code,
          ...(d.value !== undefined ? { value: d.value } : {}),
          ...(d.line !== undefined ? { line: d.line } : {}),
        }),
      ),
};
