// The command palette entries (no default hotkeys: people choose their own). Commands whose core is not in
// this version yet say so in a notice instead of failing silently.
import { Notice, type Plugin } from 'obsidian';
import type { Artifact, GeneratedFile } from '../core/generate/regenerate';
import type { QueryAnswer } from './answer';
import { addRelationCommand, fileBackCommand, supersedeCommand } from './authoring/commands';
import { RenameFollower } from './authoring/rename-follower';
import { AuthoringSession } from './authoring/session';
import { copyAnswerMermaid } from './copy-mermaid';
import { evaluationCommand } from './evaluation-command';
import { formatCount } from './format';
import { QuestionModal } from './question-modal';
import { copyText } from './workspace-actions';
import type { WikiService } from './wiki-service';

export interface CommandHost {
  readonly service: WikiService;
  openQueryView(): Promise<void>;
  openLintView(): Promise<void>;
  /** The first-run dialog: choose the folder holding the OKF concepts (or create the example wiki). */
  chooseWikiFolder(): void;
  /** False until a bundle folder is chosen (first run): nothing may be indexed or written before. */
  readonly folderChosen: () => boolean;
}

/** Copies an answer's context block and says what was copied. */
export async function copyAnswer(answer: QueryAnswer): Promise<void> {
  const { result } = answer;
  if (!(await copyText(result.text))) return;
  new Notice(
    result.confident
      ? `Copied context: ${formatCount(result.facts.length)} ` +
          `fact${result.facts.length === 1 ? '' : 's'}, ${formatCount(result.tokens)} tokens.`
      : `No confident match in this wiki; copied a note saying so (${formatCount(result.tokens)} tokens).`,
  );
}

/** Answers a question and copies its context, reporting failures as notices. */
async function copyContextFor(service: WikiService, question: string): Promise<void> {
  try {
    await copyAnswer(await service.query(question));
  } catch (error) {
    new Notice(`OKF Graph Wiki: ${(error as Error).message}`);
  }
}

/** Regenerates one artifact and says what happened to its file. */
async function regenerate(service: WikiService, artifact: Artifact): Promise<void> {
  try {
    const files = (await service.regenerate(artifact)).filter((f) => f.outcome !== 'appended');
    const said = (f: GeneratedFile) => `${f.path.slice(1)} ${f.reason ? `left as it is: ${f.reason}` : f.outcome}`;
    new Notice(`OKF Graph Wiki: ${files.map(said).join(', ')}.`);
  } catch (error) {
    new Notice(`OKF Graph Wiki: ${(error as Error).message}`);
  }
}

export function registerCommands(plugin: Plugin, host: CommandHost): void {
  const { service } = host;
  plugin.addCommand({
    id: 'copy-context-for-question',
    name: 'Copy context for question…',
    callback: () => new QuestionModal(plugin.app, (q) => void copyContextFor(service, q)).open(),
  });
  plugin.addCommand({
    id: 'copy-context-for-selection',
    name: 'Copy context for selection',
    editorCallback: (editor) => {
      const question = editor.getSelection().trim();
      if (question === '') new Notice('OKF Graph Wiki: select the question in the note first.');
      else void copyContextFor(service, question);
    },
  });
  plugin.addCommand({
    id: 'copy-context-as-mermaid',
    name: 'Copy context as Mermaid…',
    callback: () =>
      new QuestionModal(
        plugin.app,
        (q) =>
          void service.query(q).then(
            (a) => copyAnswerMermaid(a, service.scope),
            (e: Error) => new Notice(`OKF Graph Wiki: ${e.message}`),
          ),
      ).open(),
  });
  plugin.addCommand({
    id: 'open-query-sidebar',
    name: 'Open query sidebar',
    callback: () => void host.openQueryView(),
  });
  plugin.addCommand({ id: 'open-lint-report', name: 'Open lint report', callback: () => void host.openLintView() });
  plugin.addCommand({
    id: 'choose-wiki-folder',
    name: 'Choose the wiki folder…',
    callback: () => host.chooseWikiFolder(),
  });
  plugin.addCommand({
    id: 'regenerate-timeline',
    name: 'Regenerate timeline',
    callback: () => void regenerate(service, 'timeline'),
  });
  plugin.addCommand({
    id: 'rebuild-index',
    name: 'Rebuild index',
    callback: async () => {
      if (!host.folderChosen()) return host.chooseWikiFolder();
      await service.rebuild();
      const state = service.state;
      if (state.kind === 'ready')
        new Notice(`OKF Graph Wiki: rebuilt the index (${formatCount(state.concepts)} concepts).`);
    },
  });
  plugin.addCommand({
    id: 'regenerate-trigger-keywords',
    name: 'Regenerate trigger keywords',
    callback: () => void regenerate(service, 'keywords'),
  });
  plugin.addCommand({
    id: 'run-retrieval-evaluation',
    name: 'Run retrieval evaluation',
    callback: evaluationCommand(plugin.app, service),
  });
  const authoring = new AuthoringSession(plugin.app, service);
  plugin.addCommand(addRelationCommand(authoring));
  plugin.addCommand(supersedeCommand(authoring));
  plugin.addCommand(fileBackCommand(authoring));
  const follower = new RenameFollower(authoring);
  plugin.addCommand(follower.command());
  plugin.registerEvent(plugin.app.vault.on('rename', (file, oldPath) => follower.renamed(file, oldPath)));
  plugin.register(() => follower.stop());
}
