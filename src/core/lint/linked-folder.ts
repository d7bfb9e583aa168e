// linked-folder: a link to a folder in the bundle, which is never walked (node/folder-links.ts). Leading out of the
// bundle it is an error, as a linked file leading out is; leading inside it is an alias, a warning. Not a frontmatter
// problem, so not filed under invalid-frontmatter.
import { LINKED_FILE, LINKED_FOLDER } from '../types';
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

/** linked-file: a link to a concept file inside the bundle: the file is indexed once, under its own path (QA3 Q5). */
export const linkedFile: LintCheck = {
  id: LINKED_FILE,
  severity: 'warning',
  title: 'Links to concept files, indexed under the file they lead to',
  run: (context) =>
    context.diagnostics
      .filter((d) => d.code === LINKED_FILE)
      .map((d) => finding(linkedFile, d.path, d.message, { severity: d.severity, code: d.code })),
};
