// The answer graph in the query sidebar (issue 16), above the fact list: the same graph as the Mermaid text,
// drawn as SVG with Obsidian's createSvg (text through textContent, never HTML) in the fixed layout of
// graph-layout.ts. Clicking a concept opens its note; hovering a node or edge highlights its facts in the list,
// and hovering a fact highlights it in the graph. A toggle hides the graph and is remembered by the view.
import { answerGraph, type ConceptNotes } from '../../core/render/answer-graph';
import { layoutGraph, type GraphLayout, type PlacedEdge, type PlacedNode } from '../../core/render/graph-layout';
import { resolveConceptRef } from '../../core/okf/paths';
import type { QueryAnswer } from '../answer';

/** What the graph panel needs from its view. */
export interface AnswerGraphHandlers {
  openConcept(bundlePath: string, evt: MouseEvent): void;
  /** Copies the answer as Mermaid; the button is absent without it. */
  copyMermaid?(): void;
}

/** Whether the graph is shown; kept by the view so the choice outlives one answer. */
export interface AnswerGraphState {
  hidden: boolean;
}

/** Name of the performance measure of each drawing. */
export const GRAPH_MEASURE = 'okf-graph-wiki: answer graph';

/** Width the layout uses when the panel has none yet (a sidebar not laid out). */
const DEFAULT_WIDTH = 320;

/** ConceptNotes from a sidebar answer: its markers, and the titles of the successors they name. */
export function notesOfAnswer(answer: QueryAnswer): ConceptNotes {
  const titles = new Map<string, string>();
  for (const [written, title] of answer.successorTitles) {
    const path = resolveConceptRef(written);
    if (path !== null) titles.set(path, title);
  }
  return (path) => {
    const m = answer.markers.get(path);
    const title = titles.get(path);
    if (!m && title === undefined) return undefined;
    return { ...(title !== undefined ? { title } : {}), ...m };
  };
}

/**
 * Runs `draw` once the answer just rendered has been laid out and painted: reading the panel's width then costs
 * nothing, and the drawing is a task of its own instead of lengthening the one that built the fact list.
 */
function afterPaint(el: HTMLElement, draw: () => void): Promise<void> {
  return new Promise((resolve) => {
    const run = () => {
      draw();
      resolve();
    };
    // The frame of the window the panel is in (a popout's own: the main window's frames stop while it is hidden);
    // timers on the main window, as Obsidian's review rules ask (obsidianmd/prefer-window-timers).
    const paintWindow = el.win;
    if (typeof paintWindow.requestAnimationFrame === 'function')
      paintWindow.requestAnimationFrame(() => window.setTimeout(run, 0));
    else window.setTimeout(run, 0);
  });
}

/**
 * Draws the graph of a confident answer into a panel inserted in `answerEl` before its first section (the
 * seeds), and links it with the answer's fact list. Does nothing for "No confident match". Resolves when the
 * graph is drawn (after the next paint), or at once when it is hidden.
 */
export function drawAnswerGraph(
  answerEl: HTMLElement,
  answer: QueryAnswer,
  handlers: AnswerGraphHandlers,
  state: AnswerGraphState,
): Promise<void> {
  if (!answer.result.confident) return Promise.resolve();
  const panel = createDiv({ cls: 'okf-graph' });
  answerEl.insertBefore(panel, answerEl.querySelector('.okf-section-title'));

  const graph = answerGraph(answer.result, { notes: notesOfAnswer(answer) });
  const head = panel.createDiv({ cls: 'okf-graph-head' });
  const toggle = head.createEl('button', {
    cls: 'okf-graph-toggle clickable-icon',
    attr: { 'aria-expanded': String(!state.hidden) },
  });
  const concepts = graph.nodes.filter((n) => n.kind === 'concept').length;
  head.createSpan({
    cls: 'okf-graph-summary',
    text:
      `${concepts} concept${concepts === 1 ? '' : 's'} ` +
      `· ${answer.result.facts.length} ` +
      `fact${answer.result.facts.length === 1 ? '' : 's'}` +
      (graph.collapsedFacts > 0 ? ` (${graph.collapsedFacts} collapsed)` : ''),
  });
  if (handlers.copyMermaid) {
    const copy = head.createEl('button', { cls: 'okf-graph-copy', text: 'Copy Mermaid' });
    copy.addEventListener('click', () => handlers.copyMermaid?.());
  }
  const body = panel.createDiv({ cls: 'okf-graph-body' });
  const show = (hidden: boolean) => {
    state.hidden = hidden;
    toggle.setText(hidden ? '▸ Graph' : '▾ Graph');
    toggle.setAttr('aria-expanded', String(!hidden));
    panel.toggleClass('is-collapsed', hidden);
  };
  const drawOnce = () => {
    // A newer answer may have replaced this one meanwhile; a hidden graph is not drawn until shown.
    if (!panel.isConnected || state.hidden || body.childElementCount > 0) return;
    const start = performance.now();
    drawInto(body, layoutGraph(graph, body.clientWidth || DEFAULT_WIDTH), graph.collapsedInto, answerEl, handlers);
    // Visible in the developer tools' performance panel (and read by the Chromium test).
    if (typeof performance.measure === 'function')
      performance.measure(GRAPH_MEASURE, { start, end: performance.now() });
  };
  toggle.addEventListener('click', () => {
    show(!state.hidden);
    drawOnce();
  });
  show(state.hidden);
  return state.hidden ? Promise.resolve() : afterPaint(panel, drawOnce);
}

const SVG_NS_ATTRS = { xmlns: 'http://www.w3.org/2000/svg' };

function drawInto(
  body: HTMLElement,
  layout: GraphLayout,
  collapsedInto: ReadonlyMap<number, string>,
  answerEl: HTMLElement,
  handlers: AnswerGraphHandlers,
): void {
  const svg = body.createSvg('svg', {
    cls: 'okf-graph-svg',
    attr: {
      ...SVG_NS_ATTRS,
      viewBox: `0 0 ${layout.width} ${layout.height}`,
      width: layout.width,
      height: layout.height,
      role: 'img',
      'aria-label': 'Answer graph',
    },
  });
  const defs = svg.createSvg('defs');
  for (const kind of ['normal', 'hot'] as const) {
    const marker = defs.createSvg('marker', {
      attr: {
        id: `okf-graph-arrow-${kind}`,
        viewBox: '0 0 8 8',
        refX: 7,
        refY: 4,
        markerWidth: 6,
        markerHeight: 6,
        orient: 'auto-start-reverse',
      },
    });
    marker.createSvg('path', { cls: `okf-graph-arrowhead is-${kind}`, attr: { d: 'M 0 0 L 8 4 L 0 8 z' } });
  }

  const edgeLayer = svg.createSvg('g', { cls: 'okf-graph-edges' });
  const nodeLayer = svg.createSvg('g', { cls: 'okf-graph-nodes' });
  const labelLayer = svg.createSvg('g', { cls: 'okf-graph-edge-labels' });
  const factItems = Array.from(answerEl.querySelectorAll<HTMLElement>('.okf-fact'));

  const nodeEls = new Map<string, SVGGElement>();
  for (const placed of layout.nodes) nodeEls.set(placed.node.id, drawNode(nodeLayer, placed, handlers));
  const edgeEls: { placed: PlacedEdge; path: SVGPathElement; label: SVGTextElement }[] = [];
  for (const placed of layout.edges) edgeEls.push({ placed, ...drawEdge(edgeLayer, labelLayer, placed) });

  /** Lights up the given edges, their end nodes and their facts in the list; an empty call clears. */
  const highlight = (edges: readonly PlacedEdge[], nodeIds: readonly string[] = []) => {
    const hotNodes = new Set(nodeIds);
    const hotFacts = new Set<number>();
    for (const e of edges) {
      hotNodes.add(e.edge.from);
      hotNodes.add(e.edge.to);
      if (e.edge.kind === 'fact') hotFacts.add(e.edge.fact);
    }
    const on = hotNodes.size > 0;
    svg.toggleClass('has-highlight', on);
    for (const { placed, path, label } of edgeEls) {
      const hot = edges.includes(placed);
      path.toggleClass('is-highlighted', hot);
      path.setAttr('marker-end', `url(#okf-graph-arrow-${hot ? 'hot' : 'normal'})`);
      label.toggleClass('is-highlighted', hot);
    }
    for (const [id, el] of nodeEls) el.toggleClass('is-highlighted', hotNodes.has(id));
    factItems.forEach((li, i) => li.toggleClass('is-graph-highlighted', hotFacts.has(i)));
  };

  for (const [id, el] of nodeEls) {
    const touching = layout.edges.filter((e) => e.edge.from === id || e.edge.to === id);
    el.addEventListener('mouseenter', () => highlight(touching, [id]));
    el.addEventListener('mouseleave', () => highlight([]));
  }
  for (const { placed, path } of edgeEls) {
    path.addEventListener('mouseenter', () => highlight([placed]));
    path.addEventListener('mouseleave', () => highlight([]));
  }
  // The reverse: a fact in the list lights its edge (or, when collapsed, its subject's node).
  factItems.forEach((li, i) => {
    const edge = layout.edges.find((e) => e.edge.kind === 'fact' && e.edge.fact === i);
    const more = collapsedInto.get(i);
    li.addEventListener('mouseenter', () =>
      edge ? highlight([edge]) : highlight([], more !== undefined ? [more] : []),
    );
    li.addEventListener('mouseleave', () => highlight([]));
  });
}

function drawNode(layer: SVGGElement, placed: PlacedNode, handlers: AnswerGraphHandlers): SVGGElement {
  const { node } = placed;
  const classes = ['okf-graph-node', `is-${node.kind}`];
  if (node.kind === 'concept') {
    if (node.seed) classes.push('is-seed');
    if (node.superseded) classes.push('is-superseded');
    if (node.staleSince !== undefined) classes.push('is-stale');
  }
  const g = layer.createSvg('g', {
    cls: classes,
    attr: { 'data-node': node.id, ...(node.kind === 'concept' ? { 'data-path': node.path } : {}) },
  });
  const radius = node.kind === 'concept' && !node.seed ? 4 : placed.height / 2;
  g.createSvg('rect', {
    attr: { x: placed.x, y: placed.y, width: placed.width, height: placed.height, rx: radius, ry: radius },
  });
  const text = g.createSvg('text', {
    attr: {
      x: placed.x + placed.width / 2,
      y: placed.y + placed.height / 2,
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
    },
  });
  text.textContent = placed.label;
  const title = g.createSvg('title');
  const notes: string[] = [placed.fullLabel];
  if (node.kind === 'concept') {
    notes.push(node.path);
    if (node.superseded) notes.push('superseded');
    if (node.staleSince !== undefined) notes.push(`stale since ${node.staleSince}`);
  }
  title.textContent = notes.join('\n');
  if (node.kind === 'concept') {
    g.setAttr('role', 'link');
    g.setAttr('tabindex', '0');
    g.addEventListener('click', (evt) => handlers.openConcept(node.path, evt));
    g.addEventListener('keydown', (evt) => {
      if (evt.key === 'Enter') handlers.openConcept(node.path, new MouseEvent('click'));
    });
  }
  return g;
}

function drawEdge(
  layer: SVGGElement,
  labels: SVGGElement,
  placed: PlacedEdge,
): { path: SVGPathElement; label: SVGTextElement } {
  const { edge } = placed;
  const classes = ['okf-graph-edge', `is-${edge.kind}`];
  if (edge.kind === 'fact') {
    classes.push(`is-${edge.trust}`);
    if (edge.superseded) classes.push('is-superseded');
  }
  const path = layer.createSvg('path', {
    cls: classes,
    attr: {
      d: placed.d,
      'data-from': edge.from,
      'data-to': edge.to,
      ...(edge.kind === 'fact' ? { 'data-fact': edge.fact } : {}),
      'marker-end': edge.kind === 'more' ? null : 'url(#okf-graph-arrow-normal)',
    },
  });
  const title = path.createSvg('title');
  title.textContent = placed.text;
  const label = labels.createSvg('text', {
    cls: 'okf-graph-edge-label',
    attr: { x: placed.labelX, y: placed.labelY - 3, 'text-anchor': 'middle' },
  });
  label.textContent = placed.text;
  return { path, label };
}
