// A fixed layout for the answer graph in a narrow sidebar (issue 16): one column per distance from the seeds
// (seeds on the left), nodes ordered within a column by where their neighbours sit (one barycentre pass, ties
// by first appearance), edges as curves. No physics and no randomness: the same graph and width always give
// the same picture.
import type { AnswerGraph, GraphEdge, GraphNode } from './answer-graph';

/** Sizes of the drawing, in CSS pixels at the sidebar's font size. */
export const LAYOUT = {
  padding: 8,
  columnGap: 30,
  nodeHeight: 20,
  rowPitch: 26,
  /** Average width of a character at 11px, to cut labels to their box. */
  charWidth: 5.9,
  labelPadding: 6,
  minWidth: 240,
} as const;

export interface PlacedNode {
  readonly node: GraphNode;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** The label as drawn: cut with "…" to fit the box. */
  readonly label: string;
  /** The whole text, for the tooltip. */
  readonly fullLabel: string;
}

export interface PlacedEdge {
  readonly edge: GraphEdge;
  /** SVG path data of the curve. */
  readonly d: string;
  /** Where the edge's label goes (its middle). */
  readonly labelX: number;
  readonly labelY: number;
  readonly text: string;
}

export interface GraphLayout {
  readonly width: number;
  readonly height: number;
  readonly nodes: readonly PlacedNode[];
  readonly edges: readonly PlacedEdge[];
}

/** The full text a node stands for. */
export function nodeText(node: GraphNode): string {
  if (node.kind === 'concept') return node.title;
  if (node.kind === 'value') return node.text;
  return `+${node.count} more fact${node.count === 1 ? '' : 's'}`;
}

/** The text an edge stands for (its predicate and date, or the supersession). */
export function edgeText(edge: GraphEdge): string {
  if (edge.kind === 'fact') return edge.date ? `${edge.predicate} · ${edge.date}` : edge.predicate;
  if (edge.kind === 'successor') return edge.at ? `superseded by · ${edge.at}` : 'superseded by';
  return '';
}

/** Places every node and edge of `graph` in a drawing `width` pixels wide. */
export function layoutGraph(graph: AnswerGraph, width: number): GraphLayout {
  const W = Math.max(LAYOUT.minWidth, Math.round(width));
  const columns = Math.max(1, ...graph.nodes.map((n) => n.depth + 1));
  const order = orderColumns(graph, columns);
  // Arcs between two seeds bulge to the left of the first column, so leave them room there.
  const placedColumn = new Map(graph.nodes.map((n) => [n.id, n.depth]));
  const leftArcs = graph.edges.some((e) => placedColumn.get(e.from) === 0 && placedColumn.get(e.to) === 0);
  const left = LAYOUT.padding + (leftArcs ? LAYOUT.columnGap - 6 : 0);
  const widths = columnWidths(order, W - left - LAYOUT.padding - (columns - 1) * LAYOUT.columnGap);

  const tallest = Math.max(...order.map((c) => c.length));
  const height = 2 * LAYOUT.padding + (tallest - 1) * LAYOUT.rowPitch + LAYOUT.nodeHeight;
  const placed = new Map<string, PlacedNode>();
  let x = left;
  order.forEach((column, c) => {
    const colWidth = widths[c]!;
    const maxChars = Math.max(3, Math.floor((colWidth - 2 * LAYOUT.labelPadding) / LAYOUT.charWidth));
    // Shorter columns are centred against the tallest one.
    const top = LAYOUT.padding + ((tallest - column.length) * LAYOUT.rowPitch) / 2;
    column.forEach((node, i) => {
      const full = nodeText(node);
      placed.set(node.id, { node, x, y: top + i * LAYOUT.rowPitch, width: colWidth, height: LAYOUT.nodeHeight, label: cut(full, maxChars), fullLabel: full });
    });
    x += colWidth + LAYOUT.columnGap;
  });

  const seenPairs = new Map<string, number>();
  const edges = graph.edges.map((edge): PlacedEdge => {
    const a = placed.get(edge.from)!;
    const b = placed.get(edge.to)!;
    // Parallel edges between the same two nodes fan out a little instead of drawing over each other.
    const pair = `${edge.from}>${edge.to}`;
    const nth = seenPairs.get(pair) ?? 0;
    seenPairs.set(pair, nth + 1);
    return { edge, ...curve(a, b, nth, a.x === left), text: edgeText(edge) };
  });
  return { width: W, height, nodes: [...placed.values()], edges };
}

/** Longest label a column asks room for, in characters: concept titles matter more than literal values. */
const WANTED_CHARS = { concept: 30, value: 16, more: 16 } as const;
/** Narrowest column, in pixels. */
const MIN_COLUMN = 56;

/**
 * Column widths that share `available` by what each column's longest label needs: a column of short values
 * gives room to a column of long titles. Every column gets at least MIN_COLUMN.
 */
function columnWidths(order: readonly GraphNode[][], available: number): number[] {
  const need = order.map((column) => {
    const chars = Math.max(4, ...column.map((n) => Math.min(WANTED_CHARS[n.kind], Array.from(nodeText(n)).length)));
    return chars * LAYOUT.charWidth + 2 * LAYOUT.labelPadding;
  });
  const total = need.reduce((a, b) => a + b, 0);
  if (total <= available) {
    // Room to spare: share it evenly, so the picture fills the panel.
    const extra = (available - total) / need.length;
    return need.map((n) => n + extra);
  }
  const floor = Math.min(MIN_COLUMN, available / need.length);
  const flexible = need.map((n) => Math.max(0, n - floor));
  const spare = available - floor * need.length;
  const flexTotal = flexible.reduce((a, b) => a + b, 0);
  return flexible.map((f) => floor + (flexTotal === 0 ? 0 : (spare * f) / flexTotal));
}

/** Nodes per column: column 0 in graph order, each later column by the mean row of its earlier neighbours. */
function orderColumns(graph: AnswerGraph, columns: number): GraphNode[][] {
  const byColumn: GraphNode[][] = Array.from({ length: columns }, () => []);
  for (const node of graph.nodes) byColumn[node.depth]!.push(node);
  const row = new Map<string, number>();
  const neighbours = new Map<string, string[]>();
  for (const e of graph.edges) {
    neighbours.set(e.from, [...(neighbours.get(e.from) ?? []), e.to]);
    neighbours.set(e.to, [...(neighbours.get(e.to) ?? []), e.from]);
  }
  const position = new Map(graph.nodes.map((n, i) => [n.id, i]));
  byColumn.forEach((column, c) => {
    if (c > 0) {
      const key = (n: GraphNode) => {
        const rows = (neighbours.get(n.id) ?? []).map((id) => row.get(id)).filter((r): r is number => r !== undefined);
        return rows.length === 0 ? Number.POSITIVE_INFINITY : rows.reduce((s, r) => s + r, 0) / rows.length;
      };
      const keys = new Map(column.map((n) => [n.id, key(n)]));
      column.sort((a, b) => keys.get(a.id)! - keys.get(b.id)! || position.get(a.id)! - position.get(b.id)!);
    }
    // Rows are compared across columns of different heights by their share of the column.
    column.forEach((n, i) => row.set(n.id, column.length === 1 ? 0.5 : i / (column.length - 1)));
  });
  return byColumn;
}

/** How far an edge's end moves from the middle of a box's side toward the other end, as a share of its height. */
const PORT_SPREAD = 0.35;

/**
 * A cubic curve between two boxes: side to side across columns, an arc within one column (to the left in the
 * first column, where nothing else is drawn, to the right elsewhere). Ends are spread along the box sides by the
 * direction of the other end, so edges leaving one node fan out instead of starting at one point.
 */
function curve(a: PlacedNode, b: PlacedNode, nth: number, firstColumn: boolean): { d: string; labelX: number; labelY: number } {
  const r = (n: number) => Math.round(n * 10) / 10;
  const port = (from: PlacedNode, to: PlacedNode) => {
    const shift = Math.max(-1, Math.min(1, (to.y - from.y) / (LAYOUT.rowPitch * 4)));
    return from.y + from.height / 2 + shift * from.height * PORT_SPREAD + nth * 2;
  };
  const ay = port(a, b);
  const by = port(b, a);
  if (a === b) {
    const x = a.x + a.width;
    return { d: `M ${r(x)} ${r(ay - 4)} C ${r(x + 22)} ${r(ay - 14)}, ${r(x + 22)} ${r(ay + 14)}, ${r(x)} ${r(ay + 4)}`, labelX: r(x + 18), labelY: r(ay) };
  }
  if (Math.abs(a.x - b.x) < 1) {
    const side = firstColumn ? -1 : 1;
    const x = firstColumn ? a.x : a.x + a.width;
    const bulge = side * (Math.min(LAYOUT.columnGap - 8, 10 + Math.abs(by - ay) / 5) + nth * 3);
    return { d: `M ${r(x)} ${r(ay)} C ${r(x + bulge)} ${r(ay)}, ${r(x + bulge)} ${r(by)}, ${r(x)} ${r(by)}`, labelX: r(x + bulge * 0.75), labelY: r((ay + by) / 2) };
  }
  const forward = b.x > a.x;
  const x1 = forward ? a.x + a.width : a.x;
  const x2 = forward ? b.x : b.x + b.width;
  const dx = (x2 - x1) / 2;
  return { d: `M ${r(x1)} ${r(ay)} C ${r(x1 + dx)} ${r(ay)}, ${r(x2 - dx)} ${r(by)}, ${r(x2)} ${r(by)}`, labelX: r((x1 + x2) / 2), labelY: r((ay + by) / 2) };
}

/** Cuts text to `max` characters (code points), ending with "…" when cut. */
function cut(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : chars.slice(0, max - 1).join('').trimEnd() + '…';
}
