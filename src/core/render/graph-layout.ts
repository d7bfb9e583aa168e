// A fixed layout for the answer graph in a narrow sidebar (issue 16): one column per distance from the seeds
// (seeds on the left), each later node at the mean row of its neighbours in earlier columns (ties by first
// appearance, one row apart), edges as curves. No physics and no randomness: the same graph and width always give
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
  const neighbours = neighbourIds(graph);
  const placed = new Map<string, PlacedNode>();
  let x = left;
  order.forEach((column, c) => {
    const colWidth = widths[c];
    const maxChars = Math.max(3, Math.floor((colWidth - 2 * LAYOUT.labelPadding) / LAYOUT.charWidth));
    for (const [node, y] of rowsOf(
      column,
      c === 0 ? undefined : (id) => neighbourRows(id, neighbours, placed),
      height,
    )) {
      const full = nodeText(node);
      placed.set(node.id, {
        node,
        x,
        y,
        width: colWidth,
        height: LAYOUT.nodeHeight,
        label: cut(full, maxChars),
        fullLabel: full,
      });
    }
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

/** Ids of each node's neighbours, either direction. */
function neighbourIds(graph: AnswerGraph): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of graph.edges) {
    out.set(e.from, [...(out.get(e.from) ?? []), e.to]);
    out.set(e.to, [...(out.get(e.to) ?? []), e.from]);
  }
  return out;
}

/** Rows (top y) of a node's neighbours already placed in earlier columns. */
function neighbourRows(
  id: string,
  neighbours: ReadonlyMap<string, string[]>,
  placed: ReadonlyMap<string, PlacedNode>,
): number[] {
  return (neighbours.get(id) ?? []).map((n) => placed.get(n)?.y).filter((y): y is number => y !== undefined);
}

/**
 * Each node of a column with its top y. The first column is centred in graph order; a later one is ordered by
 * the mean row of each node's placed neighbours (ties by graph order; none: the middle) and each node put at
 * that row, pushed down (then back up from the bottom) to keep one row apart.
 */
function rowsOf(
  column: readonly GraphNode[],
  rows: ((id: string) => number[]) | undefined,
  height: number,
): [GraphNode, number][] {
  const pitch = LAYOUT.rowPitch;
  const topLimit = LAYOUT.padding;
  const bottomLimit = height - LAYOUT.padding - LAYOUT.nodeHeight;
  const centredTop = topLimit + (bottomLimit - topLimit - (column.length - 1) * pitch) / 2;
  if (!rows) return column.map((n, i) => [n, centredTop + i * pitch]);
  const wanted = column
    .map((node, i) => {
      const r = rows(node.id);
      return { node, i, y: r.length === 0 ? (topLimit + bottomLimit) / 2 : r.reduce((a, b) => a + b, 0) / r.length };
    })
    .sort((a, b) => a.y - b.y || a.i - b.i);
  const ys: number[] = [];
  wanted.forEach((w, i) => ys.push(Math.max(w.y, topLimit, i === 0 ? topLimit : ys[i - 1] + pitch)));
  for (let i = ys.length - 1; i >= 0; i--)
    ys[i] = Math.min(ys[i], i === ys.length - 1 ? bottomLimit : ys[i + 1] - pitch);
  return wanted.map((w, i) => [w.node, Math.round(ys[i] * 10) / 10]);
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

/** Nodes per column, in graph order (first appearance); rowsOf() orders the later columns. */
function orderColumns(graph: AnswerGraph, columns: number): GraphNode[][] {
  const byColumn: GraphNode[][] = Array.from({ length: columns }, () => []);
  for (const node of graph.nodes) byColumn[node.depth].push(node);
  return byColumn;
}

/** How far an edge's end moves from the middle of a box's side toward the other end, as a share of its height. */
const PORT_SPREAD = 0.35;

/**
 * A cubic curve between two boxes: side to side across columns, an arc within one column (to the left in the
 * first column, where nothing else is drawn, to the right elsewhere). Ends are spread along the box sides by the
 * direction of the other end, so edges leaving one node fan out instead of starting at one point.
 */
function curve(
  a: PlacedNode,
  b: PlacedNode,
  nth: number,
  firstColumn: boolean,
): { d: string; labelX: number; labelY: number } {
  const r = (n: number) => Math.round(n * 10) / 10;
  const port = (from: PlacedNode, to: PlacedNode) => {
    const shift = Math.max(-1, Math.min(1, (to.y - from.y) / (LAYOUT.rowPitch * 4)));
    return from.y + from.height / 2 + shift * from.height * PORT_SPREAD + nth * 2;
  };
  const ay = port(a, b);
  const by = port(b, a);
  if (a === b) {
    const x = a.x + a.width;
    return {
      d: `M ${r(x)} ${r(ay - 4)} C ${r(x + 22)} ${r(ay - 14)}, ${r(x + 22)} ${r(ay + 14)}, ${r(x)} ${r(ay + 4)}`,
      labelX: r(x + 18),
      labelY: r(ay),
    };
  }
  if (Math.abs(a.x - b.x) < 1) {
    const side = firstColumn ? -1 : 1;
    const x = firstColumn ? a.x : a.x + a.width;
    const bulge = side * (Math.min(LAYOUT.columnGap - 8, 10 + Math.abs(by - ay) / 5) + nth * 3);
    return {
      d: `M ${r(x)} ${r(ay)} C ${r(x + bulge)} ${r(ay)}, ${r(x + bulge)} ${r(by)}, ${r(x)} ${r(by)}`,
      labelX: r(x + bulge * 0.75),
      labelY: r((ay + by) / 2),
    };
  }
  const forward = b.x > a.x;
  const x1 = forward ? a.x + a.width : a.x;
  const x2 = forward ? b.x : b.x + b.width;
  const dx = (x2 - x1) / 2;
  return {
    d: `M ${r(x1)} ${r(ay)} C ${r(x1 + dx)} ${r(ay)}, ${r(x2 - dx)} ${r(by)}, ${r(x2)} ${r(by)}`,
    labelX: r((x1 + x2) / 2),
    labelY: r((ay + by) / 2),
  };
}

/** Cuts text to `max` characters (code points), ending with "…" when cut. */
function cut(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max
    ? chars.join('')
    : chars
        .slice(0, max - 1)
        .join('')
        .trimEnd() + '…';
}
