// Shapes of a lint report (spec §7.3, §7.6, §7.7): findings from integrity checks over the index.
import type { Severity } from '../types';

/** One problem a check found. */
export interface Finding {
  /** Check id, e.g. `orphan`, `broken-target`, `asymmetric-relation`. */
  readonly check: string;
  readonly severity: Severity;
  /** The file the finding is about (bundle path). */
  readonly path: string;
  /** The offending value (a predicate, a target path, a date), when there is one. */
  readonly value?: string;
  /** One line explaining the problem. */
  readonly message: string;
  /** The fix, where it is obvious. */
  readonly fix?: string;
  /** For findings that relay a reader diagnostic: its code (`yaml-syntax`, `invalid-date`, …). */
  readonly code?: string;
  /** 1-based line in the file, when known. */
  readonly line?: number;
}

/** All findings, ordered by check (the order of LINT_CHECKS), then path, then line, then value. */
export interface LintReport {
  readonly findings: readonly Finding[];
  readonly counts: { readonly error: number; readonly warning: number; readonly info: number };
}
