// "Copy context as Mermaid" (issue 16): an answer as a ```mermaid block that pastes into a note as a picture,
// each concept linked to its note in the vault (the bundle's folder prefixed to its bundle path).
import { Notice } from 'obsidian';
import { mermaidFence, renderMermaid } from '../core/render/mermaid';
import type { QueryAnswer } from './answer';
import type { BundleScope } from './bundle-scope';
import { notesOfAnswer } from './views/answer-graph';
import { copyText } from './workspace-actions';

/** The answer as a fenced Mermaid block, or the "No confident match" sentence. */
export function answerMermaid(answer: QueryAnswer, scope: BundleScope): string {
  const linkPrefix = scope.bundleFolder === '' ? '' : `/${scope.bundleFolder}`;
  return mermaidFence(renderMermaid(answer.result, { notes: notesOfAnswer(answer), linkPrefix }));
}

/** Copies the answer as Mermaid and says what was copied. */
export async function copyAnswerMermaid(answer: QueryAnswer, scope: BundleScope): Promise<void> {
  if (!(await copyText(answerMermaid(answer, scope)))) return;
  const { result } = answer;
  new Notice(
    result.confident
      ? `Copied the answer graph as Mermaid: ${result.facts.length} fact${result.facts.length === 1 ? '' : 's'}.`
      : 'No confident match in this wiki; copied a note saying so.',
  );
}
