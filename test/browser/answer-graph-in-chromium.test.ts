// The answer graph of the query sidebar (issue 16) in headless Chromium: the release main.js (built to
// test-artifacts/, so the tests never race on one file) loaded as Obsidian loads it, over the demo bundle plus a hub
// concept with 60 facts. For three demo questions it checks the graph's node and edge counts against the
// answer, that clicking a node opens the note and hovering lights the fact list; it measures main-thread long
// tasks (PerformanceObserver 'longtask') for the 60-fact answer with the graph hidden and shown and prints them
// (no timing assertion: speed is measured, not asserted); screenshots go to test-artifacts/.
import * as nodePath from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { answerGraph } from '../../src/core/render/answer-graph';
import type { ContextResult } from '../../src/core/retrieval/types';
import { specFile } from '../support/retrieval-bundle';
import { hubSpecs } from '../render/graph-bundles';
import {
  ARTIFACTS,
  buildMainJs,
  chromiumRuns,
  DATA_JSON,
  folderFiles,
  installPlugin,
  launchChromium,
  openObsidianPage,
  ROOT,
} from './chromium-page.mjs';

const DEMO = nodePath.join(ROOT, 'examples', 'computing-history');

/** The demo bundle's concept files and the hub's, vault-relative. */
function vaultFiles(): Record<string, string> {
  const out = folderFiles(DEMO);
  for (const [path, spec] of Object.entries(hubSpecs(20))) out[path.slice(1)] = specFile(spec);
  return out;
}

jest.setTimeout(90_000);

(chromiumRuns('the answer-graph Chromium test') ? describe : describe.skip)(
  'the answer graph in headless Chromium',
  () => {
    let browser: Browser;
    let page: Page;
    const consoleProblems: string[] = [];

    beforeAll(async () => {
      const mainJs = buildMainJs('test-artifacts/answer-graph-main.js');
      browser = await launchChromium();
      page = await openObsidianPage(browser, { viewport: { width: 1280, height: 1000 }, problems: consoleProblems });
      await installPlugin(page, {
        files: { ...vaultFiles(), [DATA_JSON]: JSON.stringify({ bundleFolder: '', embeddingsEnabled: false }) },
        mainJs,
      });
      await page.evaluate(() => (window as any).okfEnable());
      await page.waitForFunction(() => (window as any).okf.plugin.service.state.kind === 'ready', undefined, {
        timeout: 90_000,
      });
      await page.evaluate(async () => {
        const { app } = (window as any).okf;
        await app.workspace.getLeaf(false).openFile(app.vault.getFileByPath('entities/unix.md'));
        app.commands.executeCommandById('okf-graph-wiki:open-query-sidebar');
      });
      await page.waitForSelector('.mod-right-split .okf-query-view input.okf-question');
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
    });

    /** Asks in the sidebar and waits until the answer (and its graph, when confident) is drawn. */
    async function ask(question: string): Promise<ContextResult> {
      // The answer shown before, so asking the same question twice still waits for the new one.
      await page.evaluate(
        () =>
          ((window as any).__previous = (window as any).okf.app.workspace.getLeavesOfType(
            'okf-graph-wiki-query',
          )[0].view.currentAnswer),
      );
      await page.fill('.okf-query-view input.okf-question', question);
      await page.press('.okf-query-view input.okf-question', 'Enter');
      await page.waitForFunction((q) => {
        const answer = (window as any).okf.app.workspace.getLeavesOfType('okf-graph-wiki-query')[0].view.currentAnswer;
        return answer !== (window as any).__previous && answer?.result.question === q;
      }, question);
      // The graph is drawn after the answer is painted, in a task of its own.
      if (await page.$('.okf-graph:not(.is-collapsed)')) await page.waitForSelector('.okf-graph svg.okf-graph-svg');
      return page.evaluate(
        () =>
          (window as any).okf.app.workspace.getLeavesOfType('okf-graph-wiki-query')[0].view.currentAnswer
            .result as ContextResult,
      );
    }

    const count = (selector: string) => page.$$eval(selector, (els) => els.length);

    test.each([
      ['analytical-engine', 'Who designed the Analytical Engine?'],
      ['bell-labs-superseded', 'Who ran Bell Labs before Nokia?'],
      ['frontier-stale', 'What is the fastest supercomputer?'],
    ])(
      '%s: one node per concept and value, one edge per fact and successor link; screenshot',
      async (name, question) => {
        const result = await ask(question);
        // Markers are not needed for counts: successors the answer names are drawn from the facts alone.
        const graph = answerGraph(result);
        expect(result.facts.length).toBeGreaterThan(0);
        expect(await count('.okf-graph svg .okf-graph-node')).toBe(graph.nodes.length);
        expect(await count('.okf-graph svg .okf-graph-node.is-seed')).toBe(result.seeds.length);
        expect(await count('.okf-graph svg path.okf-graph-edge.is-fact')).toBe(result.facts.length);
        expect(await count('.okf-graph svg path.okf-graph-edge')).toBe(graph.edges.length);
        if (name === 'bell-labs-superseded')
          expect(await count('.okf-graph svg path.okf-graph-edge.is-successor')).toBe(2);
        if (name === 'frontier-stale')
          expect(
            await count('.okf-graph svg .okf-graph-node.is-stale[data-path="/entities/frontier-supercomputer.md"]'),
          ).toBe(1);
        // Every node sits inside the drawing.
        const outside = await page.$$eval('.okf-graph svg .okf-graph-node rect', (rects) => {
          const svg = (rects[0] as SVGRectElement).ownerSVGElement!.getBoundingClientRect();
          return rects.filter((r) => {
            const b = r.getBoundingClientRect();
            return (
              b.left < svg.left - 0.5 ||
              b.right > svg.right + 0.5 ||
              b.top < svg.top - 0.5 ||
              b.bottom > svg.bottom + 0.5
            );
          }).length;
        });
        expect(outside).toBe(0);
        await page
          .locator('.mod-right-split')
          .screenshot({ path: nodePath.join(ARTIFACTS, `answer-graph-${name}.png`) });
      },
    );

    test('hovering a node lights its facts in the list; clicking it opens the note', async () => {
      await ask('Who ran Bell Labs before Nokia?');
      const node = page.locator('.okf-graph svg .okf-graph-node[data-path="/entities/dennis-ritchie.md"]');
      await node.hover();
      const lit = await page.$$eval('.okf-fact.is-graph-highlighted .okf-fact-line', (els) =>
        els.map((e) => e.textContent ?? ''),
      );
      expect(lit.length).toBeGreaterThan(0);
      expect(lit.every((l) => l.includes('Dennis Ritchie'))).toBe(true);
      await page.locator('.mod-right-split').screenshot({ path: nodePath.join(ARTIFACTS, 'answer-graph-hover.png') });
      await node.click();
      await page.waitForFunction(
        () => (window as any).okf.app.workspace.getActiveFile()?.path === 'entities/dennis-ritchie.md',
      );
    });

    test(
      'a 60-fact answer: collapsed per concept; long tasks measured with the ' + 'graph hidden and shown (printed)',
      async () => {
        await page.evaluate(() => (window as any).okf.plugin.config.update({ tokenBudget: 8000 }));
        const measure = async (label: string) => {
          await page.evaluate(() => {
            const w = window as any;
            w.__longTasks = [];
            w.__observer?.disconnect();
            w.__observer = new PerformanceObserver((list) =>
              w.__longTasks.push(...list.getEntries().map((e) => Math.round(e.duration))),
            );
            w.__observer.observe({ type: 'longtask' });
          });
          const started = Date.now();
          const result = await ask(label === 'warm-up' ? 'Who is Central Hub?' : 'Tell me about Central Hub');
          // Two frames, so the drawing has been laid out and painted.
          await page.evaluate(
            () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
          );
          const tasks = await page.evaluate(() => (window as any).__longTasks as number[]);
          // The plugin measures each drawing of the graph (performance.measure); the last one is this answer's.
          const drawn = await page.evaluate(() => {
            const all = performance.getEntriesByName('okf-graph-wiki: answer graph');
            performance.clearMeasures('okf-graph-wiki: answer graph');
            return all.map((e) => e.duration.toFixed(1));
          });
          // eslint-disable-next-line no-console
          console.log(
            `answer graph, ${result.facts.length} facts, ${label}: main-thread ` +
              `long tasks ${tasks.length === 0 ? 'none' : tasks.map((t) => `${t} ms`).join(', ')}; ` +
              (`graph drawing ${drawn.length === 0 ? 'none' : drawn.map((d) => `${d} ms`).join(', ')} ` +
                `(question to painted answer ${Date.now() - started} ms)`),
          );
          return result;
        };
        await measure('warm-up');
        await page.click('.okf-graph-toggle');
        await measure('graph hidden');
        await page.click('.okf-graph-toggle');
        const result = await measure('graph shown');
        expect(result.facts).toHaveLength(60);
        const edges = await count('.okf-graph svg path.okf-graph-edge.is-fact');
        const more = await page.$$eval('.okf-graph svg .okf-graph-node.is-more text', (els) =>
          els.map((e) => Number(/^\+(\d+)/.exec(e.textContent ?? '')?.[1])),
        );
        expect(edges).toBeLessThanOrEqual(40);
        expect(edges + more.reduce((a, b) => a + b, 0)).toBe(60);
        await page
          .locator('.mod-right-split')
          .screenshot({ path: nodePath.join(ARTIFACTS, 'answer-graph-60-facts.png') });
      },
    );

    test('the console stayed clean', () => {
      expect(consoleProblems).toEqual([]);
    });
  },
);
