// Shapes of the authoring operations (spec §7.1, §7.2, §7.7, §8): each one is planned first, as file texts before
// and after plus a unified diff (the preview), and only then applied. A plan never writes anything.

/** The authoring operations. */
export type AuthorOperation = 'relate' | 'supersede' | 'file-back' | 'vocabulary';

/** One file a plan writes. */
export interface FileChange {
  /** Bundle path (`/entities/x.md`). */
  readonly path: string;
  /** The text the plan was computed from; null for a file the plan creates. Applying checks it is unchanged. */
  readonly before: string | null;
  readonly after: string;
  /** Unified diff from `before` to `after`. */
  readonly diff: string;
}

/** What an operation would do. `change` is the preview; `unchanged` and `refused` write nothing. */
export type AuthorPlan =
  | {
      readonly kind: 'change';
      readonly operation: AuthorOperation;
      /** One line saying what changes, for the CLI, the confirm dialog and the `log.md` entry. */
      readonly summary: string;
      readonly changes: readonly FileChange[];
      /** Things worth knowing that do not stop the operation (an undeclared source id, a replaced status). */
      readonly notes: readonly string[];
    }
  | {
      readonly kind: 'unchanged';
      readonly operation: AuthorOperation;
      readonly summary: string;
      readonly notes: readonly string[];
    }
  | { readonly kind: 'refused'; readonly operation: AuthorOperation; readonly message: string };

/** A plan that changes files. */
export type ChangePlan = Extract<AuthorPlan, { kind: 'change' }>;

/** The whole preview of a plan: every file's diff, in order. */
export function planDiff(plan: AuthorPlan): string {
  return plan.kind === 'change' ? plan.changes.map((c) => c.diff).join('') : '';
}

/** A refused plan for `operation`. */
export function refused(operation: AuthorOperation, message: string): AuthorPlan {
  return { kind: 'refused', operation, message };
}
