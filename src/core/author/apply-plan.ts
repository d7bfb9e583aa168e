// Applying a previewed plan: every file is checked to still hold the text the preview was computed from (a
// page created by the plan must still be absent) before the first write, so an edit made in the meantime is
// never overwritten; a write that fails puts back the files already written.
import type { BundleSource, BundleWriter } from '../types';
import type { ChangePlan } from './types';

/** What applying a plan did. */
export type ApplyOutcome =
  | { readonly kind: 'applied'; readonly written: readonly string[] }
  /** A file changed since the preview: nothing was written. */
  | { readonly kind: 'conflict'; readonly message: string }
  /** A write failed; `message` says which and whether the earlier writes were put back. */
  | { readonly kind: 'failed'; readonly message: string };

/** Writes a plan's files after checking none changed since it was planned. */
export async function applyPlan(plan: ChangePlan, source: BundleSource, writer: BundleWriter): Promise<ApplyOutcome> {
  const present = plan.changes.some((c) => c.before === null) ? new Set(await source.list()) : new Set<string>();
  for (const change of plan.changes) {
    if (change.before === null) {
      if (present.has(change.path)) return { kind: 'conflict', message: `${change.path} was created since the preview; nothing was written. Preview again.` };
      continue;
    }
    let current: string | undefined;
    try {
      current = await source.read(change.path);
    } catch {
      current = undefined;
    }
    if (current !== change.before) {
      return { kind: 'conflict', message: `${change.path} ${current === undefined ? 'can no longer be read' : 'changed'} since the preview; nothing was written. Preview again.` };
    }
  }
  const written: string[] = [];
  for (const change of plan.changes) {
    try {
      await writer.write(change.path, change.after);
      written.push(change.path);
    } catch (error) {
      const restored = await restore(plan, written, writer);
      return { kind: 'failed', message: `could not write ${change.path}: ${(error as Error).message}${written.length > 0 ? `; ${restored}` : '; nothing was written'}` };
    }
  }
  return { kind: 'applied', written };
}

async function restore(plan: ChangePlan, written: readonly string[], writer: BundleWriter): Promise<string> {
  const failed: string[] = [];
  for (const path of written) {
    const before = plan.changes.find((c) => c.path === path)?.before;
    if (before === null || before === undefined) {
      failed.push(`${path} (created; delete it by hand)`);
      continue;
    }
    try {
      await writer.write(path, before);
    } catch {
      failed.push(path);
    }
  }
  return failed.length === 0 ? `${written.join(', ')} put back as before` : `could not put back ${failed.join(', ')}`;
}
