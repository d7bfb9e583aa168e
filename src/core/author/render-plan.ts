// A plan as text for a person (CLI output, MCP tool result, the plugin's confirm dialog): what changes, the
// notes, and the diff. The same words everywhere, so an agent and a reviewer see the same preview.
import type { AuthorPlan } from './types';

/** The plan as text; `applied` says whether the files were written (false: a preview). */
export function renderPlan(plan: AuthorPlan, applied: boolean): string {
  if (plan.kind === 'refused') return `Refused (${plan.operation}): ${plan.message}\n`;
  const lines = [
    plan.kind === 'unchanged'
      ? plan.summary
      : applied
        ? plan.summary
        : `Would do (dry run, nothing written): ${plan.summary}`,
  ];
  for (const note of plan.notes) lines.push(`note: ${note}`);
  let text = lines.join('\n') + '\n';
  if (plan.kind === 'change') text += '\n' + plan.changes.map((c) => c.diff).join('');
  return text;
}

/** The plan as structured data for `--json` and MCP: no texts, only paths, diffs and messages. */
export function planJson(plan: AuthorPlan, applied: boolean): Record<string, unknown> {
  if (plan.kind === 'refused') return { operation: plan.operation, status: 'refused', message: plan.message };
  if (plan.kind === 'unchanged')
    return { operation: plan.operation, status: 'unchanged', summary: plan.summary, notes: plan.notes };
  return {
    operation: plan.operation,
    status: applied ? 'applied' : 'preview',
    summary: plan.summary,
    notes: plan.notes,
    changes: plan.changes.map((c) => ({ path: c.path, created: c.before === null, diff: c.diff })),
  };
}
