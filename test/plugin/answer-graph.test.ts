/** @jest-environment jsdom */
// The answer graph panel of the query sidebar (issue 16), drawn with the double's createSvg into jsdom from real
// context_for() answers: one node per concept and value, one edge per fact plus successor links, text never
// parsed as HTML, clicks open notes, hovering links graph and fact list both ways, the toggle hides it.
import '../obsidian-double/obsidian';
import { installDomHelpers } from '../obsidian-double/dom';
import { markersFor, successorTitlesFor, type QueryAnswer } from '../../src/plugin/answer';
import { drawAnswerGraph, type AnswerGraphState } from '../../src/plugin/views/answer-graph';
import { renderAnswer } from '../../src/plugin/views/render-answer';
import { answerGraph } from '../../src/core/render/answer-graph';
import { contextFor } from '../../src/core/retrieval/context-for';
import type { WikiIndex } from '../../src/core/index/wiki-index';
import { fixedClock, indexOfSpecs } from '../support/retrieval-bundle';
import { HOSTILE_QUESTION, HOSTILE_SPECS, hubSpecs } from '../render/graph-bundles';

const clock = fixedClock('2026-11-30');

async function answerOf(index: WikiIndex, question: string, budget = 1500): Promise<QueryAnswer> {
  const result = await contextFor(index, question, { clock, budget });
  const markers = markersFor(index, result, clock.now());
  return { result, markers, successorTitles: successorTitlesFor(index, result, markers) };
}

async function draw(answer: QueryAnswer, state: AnswerGraphState = { hidden: false }) {
  const el = document.body.createDiv();
  const opened: string[] = [];
  const handlers = { openConcept: (path: string) => void opened.push(path), copyContext: () => undefined };
  renderAnswer(el, answer, handlers);
  await drawAnswerGraph(el, answer, handlers, state);
  return { el, opened };
}

const CHAIN = {
  '/entities/old.md': {
    title: 'Old Office',
    verified: 'human' as const,
    status: 'superseded',
    supersededBy: '/entities/mid.md',
    supersededAt: '1993-01-20',
    relations: [{ predicate: 'preceded', object: '/entities/mid.md', date: '1993-01-20' }],
  },
  '/entities/mid.md': {
    title: 'Mid Office',
    status: 'superseded',
    supersededBy: '/entities/new.md',
    supersededAt: '2001-01-20',
    supersedes: ['/entities/old.md'],
    relations: [{ predicate: 'located_in', object: 'Washington' }],
  },
  '/entities/new.md': {
    title: 'New Office',
    verified: 'machine' as const,
    supersedes: ['/entities/mid.md'],
    relations: [{ predicate: 'holder', object: '/entities/person.md' }],
  },
  '/entities/person.md': {
    title: 'A Person',
    staleAfter: '2020-01-01',
    relations: [{ predicate: 'holds', object: '/entities/new.md' }],
  },
};

afterEach(() => document.body.empty());

test('a historical question: nodes, edges, classes and the successor chain drawn from the answer', async () => {
  const index = await indexOfSpecs(CHAIN);
  try {
    const answer = await answerOf(index, 'What was Old Office before?');
    const { el } = await draw(answer);
    const graph = answerGraph(answer.result);
    const svg = el.querySelector('.okf-graph svg.okf-graph-svg')!;
    expect(svg.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(svg.querySelectorAll('.okf-graph-node')).toHaveLength(graph.nodes.length);
    expect(svg.querySelectorAll('path.okf-graph-edge.is-fact')).toHaveLength(answer.result.facts.length);
    const titles = Array.from(svg.querySelectorAll('.okf-graph-node.is-concept text')).map((t) => t.textContent);
    expect(titles).toEqual(expect.arrayContaining(['Old Office', 'Mid Office', 'New Office']));
    const successor = Array.from(svg.querySelectorAll('path.okf-graph-edge.is-successor')).map(
      (p) => p.querySelector('title')!.textContent,
    );
    expect(successor.sort()).toEqual(['superseded by · 1993-01-20', 'superseded by · 2001-01-20']);
    expect(svg.querySelector('.okf-graph-node.is-superseded[data-path="/entities/old.md"]')).not.toBeNull();
    // The panel sits above the fact list (before the seeds section).
    expect(el.querySelector('.okf-graph')!.nextElementSibling!.classList.contains('okf-section-title')).toBe(true);
  } finally {
    index.close();
  }
});

test('hostile titles are drawn as text, cut to the box with the whole title in the tooltip', async () => {
  const index = await indexOfSpecs(HOSTILE_SPECS);
  try {
    const { el } = await draw(await answerOf(index, HOSTILE_QUESTION));
    const svg = el.querySelector('svg.okf-graph-svg')!;
    expect(svg.querySelector('img, script, b')).toBeNull();
    const labels = Array.from(svg.querySelectorAll('.okf-graph-node text')).map((t) => t.textContent ?? '');
    expect(labels).toContain('end');
    expect(labels.some((l) => l.startsWith('<img'))).toBe(true);
    const long = svg.querySelector('.okf-graph-node[data-path="/entities/long.md"]')!;
    expect(long.querySelector('text')!.textContent).toMatch(/…$/);
    expect(long.querySelector('title')!.textContent).toContain(
      'A title so long that no node could ever hold it whole, going on and on about the history of computing machines',
    );
  } finally {
    index.close();
  }
});

test(
  'clicking a concept opens its note; hovering a node lights its facts ' + 'in the list, and a fact lights its edge',
  async () => {
    const index = await indexOfSpecs(CHAIN);
    try {
      const answer = await answerOf(index, 'What was Old Office before?');
      const { el, opened } = await draw(answer);
      const node = el.querySelector<SVGGElement>('.okf-graph-node[data-path="/entities/mid.md"]')!;
      node.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      expect(opened).toEqual(['/entities/mid.md']);

      node.dispatchEvent(new MouseEvent('mouseenter'));
      const items = Array.from(el.querySelectorAll('.okf-fact'));
      const lit = items.map((li, i) => (li.classList.contains('is-graph-highlighted') ? i : -1)).filter((i) => i >= 0);
      const expected = answer.result.facts
        .map((f, i) => (f.subject === '/entities/mid.md' || f.objectPath === '/entities/mid.md' ? i : -1))
        .filter((i) => i >= 0);
      expect(lit).toEqual(expected);
      expect(lit.length).toBeGreaterThan(0);
      node.dispatchEvent(new MouseEvent('mouseleave'));
      expect(el.querySelectorAll('.okf-fact.is-graph-highlighted')).toHaveLength(0);

      items[0]!.dispatchEvent(new MouseEvent('mouseenter'));
      const hot = el.querySelectorAll('path.okf-graph-edge.is-highlighted');
      expect(hot).toHaveLength(1);
      expect(hot[0]!.getAttribute('data-fact')).toBe('0');
      expect(el.querySelector('svg.okf-graph-svg')!.classList.contains('has-highlight')).toBe(true);
    } finally {
      index.close();
    }
  },
);

test('the toggle hides the graph and the choice carries to the next answer; no match draws no graph', async () => {
  const index = await indexOfSpecs(CHAIN);
  try {
    const state: AnswerGraphState = { hidden: false };
    const first = await draw(await answerOf(index, 'Tell me about New Office'), state);
    first.el.querySelector<HTMLButtonElement>('.okf-graph-toggle')!.click();
    expect(first.el.querySelector('.okf-graph')!.classList.contains('is-collapsed')).toBe(true);
    expect(state.hidden).toBe(true);
    const second = await draw(await answerOf(index, 'Tell me about Old Office'), state);
    expect(second.el.querySelector('.okf-graph.is-collapsed')).not.toBeNull();
    expect(second.el.querySelector('svg')).toBeNull();
    second.el.querySelector<HTMLButtonElement>('.okf-graph-toggle')!.click();
    expect(second.el.querySelector('svg.okf-graph-svg')).not.toBeNull();

    expect(
      (await draw(await answerOf(index, 'How do I bake sourdough bread?'))).el.querySelector('.okf-graph'),
    ).toBeNull();
  } finally {
    index.close();
  }
});

test('a 60-fact answer collapses per concept: at most 40 fact edges, and the counts add up', async () => {
  const index = await indexOfSpecs(hubSpecs(20));
  try {
    const answer = await answerOf(index, 'Tell me about Central Hub', 8000);
    expect(answer.result.facts).toHaveLength(60);
    const { el } = await draw(answer);
    const edges = el.querySelectorAll('path.okf-graph-edge.is-fact').length;
    const counts = Array.from(el.querySelectorAll('.okf-graph-node.is-more text')).map((t) =>
      Number(/^\+(\d+) more/.exec(t.textContent ?? '')?.[1]),
    );
    expect(edges).toBeLessThanOrEqual(40);
    expect(edges + counts.reduce((a, b) => a + b, 0)).toBe(60);
    expect(el.querySelector('.okf-graph-summary')!.textContent).toBe(
      `${answerGraph(answer.result).nodes.filter((n) => n.kind === 'concept').length} ` +
        `concepts · 60 facts (${60 - edges} collapsed)`,
    );
  } finally {
    index.close();
  }
});

test('in a popout the graph is drawn after that window’s frame, not the main one’s (hidden, it has none)', async () => {
  const index = await indexOfSpecs(CHAIN);
  const frames: string[] = [];
  const mainFrame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.push('main');
    callback(0);
    return 0;
  });
  try {
    const popout = document.body.createEl('iframe').contentWindow as Window & typeof globalThis;
    installDomHelpers(popout);
    popout.requestAnimationFrame = (callback) => {
      frames.push('popout');
      callback(0);
      return 1;
    };
    const answer = await answerOf(index, 'What was Old Office before?');
    const el = popout.document.body.createDiv();
    const handlers = { openConcept: () => undefined, copyContext: () => undefined };
    renderAnswer(el, answer, handlers);
    await drawAnswerGraph(el, answer, handlers, { hidden: false });
    expect(frames).toEqual(['popout']);
    expect(el.querySelectorAll('.okf-graph-node')).toHaveLength(answerGraph(answer.result).nodes.length);
  } finally {
    mainFrame.mockRestore();
    index.close();
  }
});
