// "Run retrieval evaluation": one at a time (a second start while one runs is refused with a notice: it would only
// queue the same work again), with a notice that follows the questions answered, then the report
// (evaluation-modal.ts). A set of a few hundred questions takes seconds to minutes with vectors.
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
      const outcome = await service.evaluate((done, total) =>
        progress.setMessage(
          `OKF Graph Wiki: retrieval evaluation, ${formatCount(done)}/${formatCount(total)} questions answered…`,
        ),
      );
      progress.hide();
      showEvaluation(app, outcome);
    } catch (error) {
      progress.hide();
      new Notice(`OKF Graph Wiki: ${(error as Error).message}`);
    } finally {
      running = false;
    }
  };
}
