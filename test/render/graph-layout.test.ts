// The sidebar layout of the answer graph (issue 16): same graph and width → the same picture; seeds in the
// first column, one column per hop, no two boxes overlapping, everything inside the drawing, labels cut to fit.
import { answerGraph, type AnswerGraph } from '../../src/core/render/answer-graph';
import { layoutGraph, type GraphLayout } from '../../src/core/render/graph-layout';
import { contextFor } from '../../src/core/retrieval/context-for';
import { fixedClock, indexOfSpecs } from '../support/retrieval-bundle';
import { HOSTILE_QUESTION, HOSTILE_SPECS, hubSpecs } from './graph-bundles';

const clock = fixedClock('2026-11-30');

async function graphOf(specs: Parameters<typeof indexOfSpecs>[0], question: string): Promise<AnswerGraph> {
  const index = await indexOfSpecs(specs);
  try {
    return answerGraph(await contextFor(index, question, { clock, budget: 8000 }));
  } finally {
    index.close();
  }
}

function expectSound(layout: GraphLayout, graph: AnswerGraph): void {
  expect(layout.nodes).toHaveLength(graph.nodes.length);
  expect(layout.edges).toHaveLength(graph.edges.length);
  for (const n of layout.nodes) {
    expect(n.x).toBeGreaterThanOrEqual(0);
    expect(n.y).toBeGreaterThanOrEqual(0);
    expect(n.x + n.width).toBeLessThanOrEqual(layout.width + 0.01);
    expect(n.y + n.height).toBeLessThanOrEqual(layout.height + 0.01);
    expect(Array.from(n.label).length).toBeLessThanOrEqual(Math.max(3, Math.floor((n.width - 12) / 5.9)));
  }
  for (const a of layout.nodes) {
    for (const b of layout.nodes) {
      if (a === b) continue;
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap).toBe(false);
    }
  }
  // Columns run left to right by depth; seeds are in the first.
  const xOf = (depth: number) => [...new Set(layout.nodes.filter((n) => n.node.depth === depth).map((n) => n.x))];
  const depths = [...new Set(graph.nodes.map((n) => n.depth))].sort();
  depths.forEach((d) => expect(xOf(d)).toHaveLength(1));
  for (let i = 1; i < depths.length; i++) expect(xOf(depths[i]!)[0]!).toBeGreaterThan(xOf(depths[i - 1]!)[0]!);
  for (const n of layout.nodes) if (n.node.kind === 'concept' && n.node.seed) expect(n.node.depth).toBe(0);
}

test.each([320, 460, 900])('hostile titles at width %i: sound, and the same picture twice', async (width) => {
  const graph = await graphOf(HOSTILE_SPECS, HOSTILE_QUESTION);
  const layout = layoutGraph(graph, width);
  expectSound(layout, graph);
  expect(layoutGraph(graph, width)).toEqual(layout);
  const long = layout.nodes.find((n) => n.node.kind === 'concept' && n.node.path === '/entities/long.md')!;
  expect(long.label).toMatch(/…$/);
  expect(long.fullLabel).toBe(HOSTILE_SPECS['/entities/long.md']!.title);
});

test('a 60-fact answer: sound, the more node beside its concept, columns sized by their labels', async () => {
  const graph = await graphOf(hubSpecs(20), 'Tell me about Central Hub');
  const layout = layoutGraph(graph, 420);
  expectSound(layout, graph);
  expect(layout.nodes.some((n) => n.node.kind === 'more')).toBe(true);
  // The column of short place names is narrower than the column holding "Central Hub"'s neighbours and values.
  const widthAt = (depth: number) => layout.nodes.find((n) => n.node.depth === depth)!.width;
  expect(widthAt(2)).toBeLessThanOrEqual(widthAt(1));
});

test(
  'a node is placed near its neighbours: a hop-2 node sits in the rows ' + 'of the hop-1 node it comes from',
  async () => {
    const specs = {
      '/entities/root.md': {
        title: 'Root',
        relations: [
          { predicate: 'has', object: '/entities/a.md' },
          { predicate: 'has', object: '/entities/b.md' },
          { predicate: 'has', object: '/entities/c.md' },
        ],
      },
      '/entities/a.md': { title: 'A', relations: [] },
      '/entities/b.md': { title: 'B', relations: [] },
      '/entities/c.md': { title: 'C', relations: [{ predicate: 'leads_to', object: '/entities/z.md' }] },
      '/entities/z.md': { title: 'Z', relations: [] },
    };
    const graph = await graphOf(specs, 'Tell me about Root');
    const layout = layoutGraph(graph, 400);
    const y = (title: string) => layout.nodes.find((n) => n.node.kind === 'concept' && n.node.title === title)!.y;
    expect(y('A')).toBeLessThan(y('B'));
    expect(y('B')).toBeLessThan(y('C'));
    expect(Math.abs(y('Z') - y('C'))).toBeLessThan(Math.abs(y('Z') - y('A')));
  },
);
