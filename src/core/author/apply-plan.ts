// Applying a previewed plan: every file is checked to still hold the text the preview was computed from (a
// page created by the plan must still be absent) before the first write, so an edit made in the meantime is
// never overwritten; a write that fails puts back the files already written. A shell that can do better passes
// each write the text it expects to replace (re-checked at the last moment, under its lock) and a journal that
// records the plan before the first write, so a crash between two writes can be completed on the next run.
import type { BundleSource } from '../types';
import type { ChangePlan } from './types';

/** What applying a plan did. */
export type ApplyOutcome =
  | { readonly kind: 'applied'; readonly written: readonly string[] }
  /** A file changed since the preview: nothing was written. */
  | { readonly kind: 'conflict'; readonly message: string }
  /** A write failed; `message` says which and whether the earlier writes were put back. */
  | { readonly kind: 'failed'; readonly message: string };

/**
 * Writes one file of a plan. `expected` is the text the plan was computed from (null: the file must not exist);
 * a writer that can check it right before replacing the file throws `ChangedSincePlan` when it no longer holds.
 */
export interface PlanWriter {
  write(path: string, data: string, expected?: string | null): Promise<void>;
  /** Optional: why the file cannot be written at all (read-only), checked for every file before the first write. */
  refusal?(path: string): Promise<string | undefined>;
}

/** Records a plan durably before its first write; `done` forgets it once every write has landed or been undone. */
export interface PlanJournal {
  begin(plan: ChangePlan): Promise<{ done(): Promise<void> }>;
}

/** Thrown by a `PlanWriter` when the file no longer holds what the plan expected (or a new page's name is taken). */
export class ChangedSincePlan extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'ChangedSincePlan';
  }
}

/** Writes a plan's files after checking none changed since it was planned. */
export async function applyPlan(
  plan: ChangePlan,
  source: BundleSource,
  writer: PlanWriter,
  journal?: PlanJournal,
): Promise<ApplyOutcome> {
  const present = plan.changes.some((c) => c.before === null) ? new Set(await source.list()) : new Set<string>();
  for (const change of plan.changes) {
    if (change.before === null) {
      if (present.has(change.path)) return { kind: 'conflict', message: createdMessage(change.path) };
      continue;
    }
    let current: string | undefined;
    try {
      current = await source.read(change.path);
    } catch {
      current = undefined;
    }
    if (current !== change.before) {
      return {
        kind: 'conflict',
        message:
          `${change.path} ${current === undefined ? 'can no longer be read' : 'changed'} ` +
          `since the preview; nothing was written. Preview again.`,
      };
    }
  }
  for (const change of plan.changes) {
    const refusal = await writer.refusal?.(change.path);
    if (refusal !== undefined) return { kind: 'failed', message: `${refusal}; nothing was written` };
  }
  const record = journal ? await journal.begin(plan) : undefined;
  const written: string[] = [];
  try {
    for (const change of plan.changes) {
      try {
        await writer.write(change.path, change.after, change.before);
        written.push(change.path);
      } catch (error) {
        const restored = written.length > 0 ? `; ${await restore(plan, written, writer)}` : '; nothing was written';
        if (error instanceof ChangedSincePlan)
          return { kind: 'conflict', message: `${error.message}${restored}. Preview again.` };
        // A Node writer's failure already names the file (write-failure.ts): not said twice.
        const said = (error as Error).message;
        const message = said.startsWith('could not write ') ? said : `could not write ${change.path}: ${said}`;
        return { kind: 'failed', message: `${message}${restored}` };
      }
    }
  } finally {
    await record?.done();
  }
  return { kind: 'applied', written };
}

function createdMessage(path: string): string {
  return `${path} was created since the preview; nothing was written. Preview again.`;
}

async function restore(plan: ChangePlan, written: readonly string[], writer: PlanWriter): Promise<string> {
  const failed: string[] = [];
  for (const path of written) {
    const change = plan.changes.find((c) => c.path === path);
    if (change === undefined || change.before === null) {
      failed.push(`${path} (created; delete it by hand)`);
      continue;
    }
    try {
      await writer.write(path, change.before, change.after);
    } catch {
      failed.push(path);
    }
  }
  return failed.length === 0 ? `${written.join(', ')} put back as before` : `could not put back ${failed.join(', ')}`;
}
