// invalid-config: problems in the bundle's `okf-wiki.json` (declared inverses, multi-valued predicates, synonyms).
import type { LintCheck } from './check';
import { finding } from './check';

export const invalidConfig: LintCheck = {
  id: 'invalid-config',
  severity: 'error',
  title: 'Problems in okf-wiki.json',
  run: (context) =>
    context.configDiagnostics.map((d) =>
      finding(invalidConfig, d.path, d.message, {
        severity: d.severity,
        code: d.code,
        ...(d.value !== undefined ? { value: d.value } : {}),
      }),
    ),
};
