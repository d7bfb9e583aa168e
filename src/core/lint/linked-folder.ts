// linked-folder: a link to a folder in the bundle, which is never walked (node/folder-links.ts). Leading out of the
// bundle it is an error, as a linked file leading out is; leading inside it is an alias, a warning. Not a frontmatter
// problem, so not filed under invalid-frontmatter.
import { LINKED_FOLDER } from '../types';
import type { LintCheck } from './check';
import { finding } from './check';

export const linkedFolder: LintCheck = {
  id: LINKED_FOLDER,
  severity: 'warning',
  title: 'Linked folders, not followed',
  run: (context) =>
    context.diagnostics
      .filter((d) => d.code === LINKED_FOLDER)
      .map((d) => finding(linkedFolder, d.path, d.message, { severity: d.severity, code: d.code })),
};
