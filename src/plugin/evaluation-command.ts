// "Run retrieval evaluation": one at a time (a second start while one runs is refused with a notice: it would only
// queue the same work again), with a notice that follows the questions answered, then the report
// (evaluation-modal.ts). A set of a few hundred questions takes seconds to minutes with vectors. With vectors on,
// the set is run a second time without them (the report's lexical comparison): the notice follows that pass too,
// said as such (it used to stay at the last question of the first pass while the second ran).
import { Notice, type App } from 'obsidian';
import { showEvaluation } from './evaluation-modal';
import { formatCount } from './format';
import type { WikiService } from './wiki-service';

/** The command's callback over `service`. */
export function evaluationCommand(app: App, service: WikiService): () => Promise<void> {
  let running = false;
  return async () => {
    if (running) {
      new Notice('OKF Graph Wiki: the retrieval evaluation is already running; its report opens when it is done.');
      return;
    }
    running = true;
    // Kept until the report is up (0: no timeout), its text updated as the questions are answered.
    const progress = new Notice('OKF Graph Wiki: running the retrieval evaluation…', 0);
    try {
      const outcome = await service.evaluate((done, total, pass) => {
        const count = `${formatCount(done)}/${formatCount(total)} questions answered`;
        const which = pass === 'lexical' ? ', lexical comparison (vectors off)' : '';
        progress.setMessage(`OKF Graph Wiki: retrieval evaluation${which}, ${count}…`);
      });
      progress.hide();
      showEvaluation(app, outcome);
      // A read-only vault folder loses the stored result, never the report (the modal shows it).
      if (outcome.kind === 'evaluated')
        for (const u of outcome.unwritten ?? [])
          new Notice(
            `OKF Graph Wiki: ${u.reason.includes(u.path) ? u.reason : `could not write ${u.path} (${u.reason})`}.`,
          );
    } catch (error) {
      progress.hide();
      new Notice(`OKF Graph Wiki: ${(error as Error).message}`);
    } finally {
      running = false;
    }
  };
}
