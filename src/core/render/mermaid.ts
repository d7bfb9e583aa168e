// `context --format mermaid` (issue 16): the answer graph as a Mermaid flowchart that pastes into a note as a
// picture. Seeds are emphasised, each fact is an edge labelled with its predicate (and date), trust tiers are
// edge styles, superseded facts are dashed with the successor linked. Node ids are generated (`n0`, `v0`,
// `m0`), never taken from a title, and every label is quoted and escaped, so no title can break the syntax.
import { noMatchText } from '../retrieval/assemble';
import type { ContextResult } from '../retrieval/types';
import { answerGraph, type AnswerGraphOptions, type GraphEdge, type GraphNode } from './answer-graph';

/** Characters of a title or value shown in a node; longer ones are cut with "…" (the full title is the tooltip). */
export const MAX_LABEL_CHARS = 48;
/** Characters of a predicate (with its date) on an edge. */
export const MAX_EDGE_LABEL_CHARS = 40;

/** Options of renderMermaid(). */
export interface MermaidOptions extends AnswerGraphOptions {
  /** Prepended to a concept's bundle path in its click link (the bundle's folder in an Obsidian vault). */
  readonly linkPrefix?: string;
}

/** Styles by class; Mermaid's theme supplies the colours, so the picture suits light and dark notes. */
const CLASS_DEFS = [
  'classDef seed stroke-width:3px,font-weight:bold',
  'classDef superseded stroke-dasharray:5 5,opacity:0.75',
  'classDef stale opacity:0.5',
  'classDef value font-size:12px',
  'classDef more font-style:italic,opacity:0.8',
];

/**
 * The Mermaid flowchart of an answer, or the "No confident match" sentence when there is none (an empty graph
 * would say nothing). Deterministic: the same result gives the same bytes.
 */
export function renderMermaid(result: ContextResult, options: MermaidOptions = {}): string {
  if (!result.confident) return noMatchText(result.question, result.didYouMean) + '\n';
  const graph = answerGraph(result, options);
  const lines = [
    `%% okf-wiki context graph for: ${commentText(result.question)} (intent ${result.intent})`,
    '%% Seeds are bold and rounded. ==> human-reviewed, --> machine-confirmed, faint --> unverified, -.-> superseded.',
    'flowchart LR',
  ];
  for (const node of graph.nodes) lines.push(`  ${nodeLine(node)}`);
  const unverified: number[] = [];
  graph.edges.forEach((edge, i) => {
    lines.push(`  ${edgeLine(edge)}`);
    if (edge.kind === 'fact' && edge.trust === 'unverified' && !edge.superseded) unverified.push(i);
  });
  if (graph.edges.length > 0 && unverified.length > 0)
    lines.push(`  linkStyle ${unverified.join(',')} stroke-opacity:0.45`);
  lines.push(...CLASS_DEFS.map((d) => `  ${d}`));
  const concepts = graph.nodes.filter((n) => n.kind === 'concept');
  const classed = (name: string, pick: (n: GraphNode) => boolean) => {
    const ids = graph.nodes.filter(pick).map((n) => n.id);
    if (ids.length > 0) lines.push(`  class ${ids.join(',')} ${name}`);
  };
  classed('seed', (n) => n.kind === 'concept' && n.seed);
  classed('superseded', (n) => n.kind === 'concept' && n.superseded);
  classed('stale', (n) => n.kind === 'concept' && n.staleSince !== undefined);
  classed('value', (n) => n.kind === 'value');
  classed('more', (n) => n.kind === 'more');
  // Obsidian opens a node classed `internal-link` at its click target; elsewhere the link and tooltip remain.
  classed('internal-link', (n) => n.kind === 'concept');
  for (const c of concepts) {
    if (c.kind !== 'concept') continue;
    const tooltip = `${c.title}${c.staleSince ? ` (stale since ${c.staleSince})` : ''}`;
    lines.push(`  click ${c.id} "${linkTarget((options.linkPrefix ?? '') + c.path)}" "${tooltipText(tooltip)}"`);
  }
  return lines.join('\n') + '\n';
}

/** The text wrapped in a ```mermaid fence, as a note needs it to draw the picture. */
export function mermaidFence(text: string): string {
  return text.startsWith('No confident match') ? text : '```mermaid\n' + text + '```\n';
}

function nodeLine(node: GraphNode): string {
  switch (node.kind) {
    case 'concept':
      // Seeds are stadiums, other concepts rectangles.
      return node.seed
        ? `${node.id}(["${label(node.title, MAX_LABEL_CHARS)}"])`
        : `${node.id}["${label(node.title, MAX_LABEL_CHARS)}"]`;
    case 'value':
      return `${node.id}("${label(node.text, MAX_LABEL_CHARS)}")`;
    case 'more':
      return `${node.id}["+${node.count} more fact${node.count === 1 ? '' : 's'}"]`;
  }
}

function edgeLine(edge: GraphEdge): string {
  switch (edge.kind) {
    case 'fact': {
      const arrow = edge.superseded ? '-.->' : edge.trust === 'human-reviewed' ? '==>' : '-->';
      const text = edge.date ? `${edge.predicate} · ${edge.date}` : edge.predicate;
      return `${edge.from} ${arrow}|"${label(text, MAX_EDGE_LABEL_CHARS)}"| ${edge.to}`;
    }
    case 'successor':
      return (
        `${edge.from} ` +
        `-.->|"${label(edge.at ? `superseded by · ${edge.at}` : 'superseded by', MAX_EDGE_LABEL_CHARS)}"| ${edge.to}`
      );
    case 'more':
      return `${edge.from} -.- ${edge.to}`;
  }
}

/** Characters Mermaid reads as syntax inside a quoted label, written as its `#code;` entities instead. */
const ENTITIES: Record<string, string> = {
  '#': '#35;',
  '"': '#quot;',
  '&': '#amp;',
  '<': '#lt;',
  '>': '#gt;',
  '|': '#124;',
  '`': '#96;',
  // `%%{` anywhere in the text, even inside quotes, is read as a directive: no `%` is left as written.
  '%': '#37;',
};

/** One line of text: control characters and line breaks become spaces, runs of spaces one. */
function oneLine(text: string): string {
  return Array.from(text, (ch) => (isControl(ch) ? ' ' : ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts text to `max` characters (code points, so an emoji is never split), ending with "…" when cut. */
export function shorten(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : chars
        .slice(0, max - 1)
        .join('')
        .trimEnd() + '…';
}

/** A label safe inside Mermaid's double quotes: one line, shortened, syntax characters as entities. */
export function label(text: string, max: number): string {
  const short = shorten(oneLine(text), max);
  return (short === '' ? '(untitled)' : short).replace(/[#"&<>|`%]/g, (c) => ENTITIES[c]);
}

/** Tooltip text: one line, no double quote (Mermaid's string token ends at one), bounded. */
function tooltipText(text: string): string {
  return noDirective(shorten(oneLine(text), 300).replace(/"/g, "'"));
}

/** Breaks every `%%` (Mermaid reads `%%{` as a directive wherever it stands, entities are not decoded here). */
function noDirective(text: string): string {
  return text.replace(/%(?=%)/g, '% ');
}

/** A link target inside double quotes: characters that would end or break the string percent-encoded. */
function linkTarget(path: string): string {
  return Array.from(path, (c) =>
    c === '"' || c === '%' || /\s/.test(c) || c.charCodeAt(0) < 0x20 ? encodeURIComponent(c) : c,
  ).join('');
}

/** The question in a `%%` comment: one line, and never `{` first (`%%{` opens a Mermaid directive). */
function commentText(question: string): string {
  return noDirective(JSON.stringify(shorten(oneLine(question), 200)));
}

/** C0 and C1 control characters and the Unicode line/paragraph separators, which would break a label's line. */
function isControl(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}
