/** @jest-environment jsdom */
// The query sidebar marks a deprecated concept (OKF §5.4) on its seed and background heading, as it marks its facts
// (4f3486f): the badge came from the concept's markers, which knew stale and superseded only.
import '../obsidian-double/obsidian';
import { markersFor, successorTitlesFor } from '../../src/plugin/answer';
import { renderAnswer } from '../../src/plugin/views/render-answer';
import { contextFor } from '../../src/core/retrieval/context-for';
import { fixedClock, indexOfSpecs } from '../support/retrieval-bundle';

test('a deprecated seed and its background heading carry a "deprecated" badge; the current page none', async () => {
  const clock = fixedClock('2026-12-02');
  const index = await indexOfSpecs({
    '/metrics/churn-old.md': {
      title: 'Churn Rate (legacy)',
      status: 'deprecated',
      relations: [{ predicate: 'formula', object: 'cancellations / starting customers' }],
      body: 'The churn rate formula used until 2025.',
    },
    '/metrics/churn.md': {
      title: 'Churn Rate',
      relations: [{ predicate: 'formula', object: 'cancellations / average customers' }],
      body: 'The churn rate formula: cancellations over the average number of customers.',
    },
  });
  try {
    const result = await contextFor(index, 'What is the churn rate formula?', { clock });
    const markers = markersFor(index, result, clock.now());
    expect(markers.get('/metrics/churn-old.md')).toEqual({ deprecated: true });
    expect(markers.has('/metrics/churn.md')).toBe(false);
    const el = document.body.createDiv();
    renderAnswer(
      el,
      { result, markers, successorTitles: successorTitlesFor(index, result, markers) },
      { openConcept: () => undefined, copyContext: () => undefined },
    );
    const badges = (selector: string) =>
      [...el.querySelectorAll(selector)].map((head) => [
        head.querySelector('.okf-concept-link')?.textContent,
        [...head.querySelectorAll('.okf-marker')].map((m) => m.textContent),
      ]);
    for (const selector of ['.okf-seed-head', '.okf-background-head']) {
      expect(badges(selector)).toEqual(
        expect.arrayContaining([
          ['Churn Rate (legacy)', ['deprecated']],
          ['Churn Rate', []],
        ]),
      );
    }
  } finally {
    index.close();
  }
});
