// Renders the few YAML nodes an authoring edit adds (a scalar, a relation entry, a new key) with the `yaml`
// package's own stringifier, in the style the file already uses, so quoting and escaping are never hand-made.
import { Document, isCollection, isMap, isScalar, isSeq, Pair, Scalar, visit, YAMLMap, YAMLSeq, type Node } from 'yaml';

/** Spacing inside flow collections, as the file writes it: `{ a: 1 }` vs `{a: 1}`, `[a]` vs `[ a ]`. */
export interface FlowStyle {
  readonly mapPadding: boolean;
  readonly seqPadding: boolean;
}

/** Spec style when the file has no flow collection to copy: `{ predicate: x }` and `[/a.md]` (spec §4.3, §7.7). */
const DEFAULT_FLOW_STYLE: FlowStyle = { mapPadding: true, seqPadding: false };

/** Words YAML 1.1 readers (and so some tools) take for booleans or null: always quoted when written. */
const YAML11_SPECIAL = /^(?:y|n|yes|no|on|off|true|false|null|~)$/i;

/** Copies the flow-collection spacing of the first flow map and flow sequence in the source. */
export function detectFlowStyle(doc: Document, source: string): FlowStyle {
  let mapPadding: boolean | undefined;
  let seqPadding: boolean | undefined;
  visit(doc, {
    Map(_, node) {
      if (mapPadding === undefined && node.flow && node.items.length > 0 && node.range)
        mapPadding = /^\{[ \t]/.test(source.slice(node.range[0]));
    },
    Seq(_, node) {
      if (seqPadding === undefined && node.flow && node.items.length > 0 && node.range)
        seqPadding = /^\[[ \t]/.test(source.slice(node.range[0]));
    },
  });
  return {
    mapPadding: mapPadding ?? DEFAULT_FLOW_STYLE.mapPadding,
    seqPadding: seqPadding ?? DEFAULT_FLOW_STYLE.seqPadding,
  };
}

/**
 * A string scalar for a value an edit writes. Dates, numbers and YAML 1.1 booleans are quoted so every YAML
 * reader keeps them as strings (spec §10.1, §10.2), with the quote character of `like` (a value replaced, or the
 * same field of the entry before); a value replaced keeps its quotes (`keepQuotes`); otherwise plain style is
 * used where YAML allows it (the stringifier quotes what plain style cannot hold).
 */
export function stringScalar(value: string, like?: Scalar, keepQuotes = true): Scalar {
  const scalar = new Scalar(value);
  const quoted = like?.type === 'QUOTE_SINGLE' || like?.type === 'QUOTE_DOUBLE';
  if (value === '' || YAML11_SPECIAL.test(value) || /^[-+.]?\d/.test(value))
    scalar.type = like?.type === 'QUOTE_SINGLE' ? 'QUOTE_SINGLE' : 'QUOTE_DOUBLE';
  else if (quoted && keepQuotes) scalar.type = like.type;
  else scalar.type = 'PLAIN';
  return scalar;
}

/** A mapping of string fields, in the given order (a relation entry, a `generated` stamp), quoted like `like`. */
export function stringMap(fields: readonly (readonly [string, string])[], flow: boolean, like?: YAMLMap): YAMLMap {
  const map = new YAMLMap();
  map.flow = flow;
  for (const [key, value] of fields) {
    const sibling = like?.get(key, true);
    map.items.push(new Pair(new Scalar(key), stringScalar(value, isScalar(sibling) ? sibling : undefined, false)));
  }
  return map;
}

/** A sequence of nodes, flow (`[a, b]`) or block. */
export function sequenceOf(items: readonly Node[], flow: boolean): YAMLSeq {
  const seq = new YAMLSeq();
  seq.flow = flow;
  seq.items.push(...items);
  return seq;
}

function stringify(node: Node, padding: boolean): string {
  const doc = new Document();
  doc.contents = node;
  return doc.toString({ lineWidth: 0, minContentWidth: 0, flowCollectionPadding: padding, indentSeq: true });
}

function paddingFor(node: Node, style: FlowStyle): boolean {
  return isSeq(node) ? style.seqPadding : style.mapPadding;
}

/** One node written inside a flow collection (after `[` or `, `), on one line. */
export function renderFlowItem(node: Node, style: FlowStyle): string {
  if (isCollection(node)) {
    const flowNode = node.clone() as YAMLMap | YAMLSeq;
    flowNode.flow = true;
    return stringify(flowNode, paddingFor(flowNode, style)).trimEnd();
  }
  // Wrapped in a flow sequence so the scalar gets flow-context quoting (`a, b` needs quotes there).
  const wrapped = stringify(sequenceOf([node], true), false).trimEnd();
  return wrapped.slice(1, -1);
}

/** A block-sequence entry (`- …`, continuation lines indented under it), without the final newline. */
export function renderSeqItem(node: Node, style: FlowStyle): string[] {
  const seq = sequenceOf([node], false);
  const padding = isCollection(node) && node.flow ? paddingFor(node, style) : style.mapPadding;
  return stringify(seq, padding).replace(/\n$/, '').split('\n');
}

/** A top-level `key: value` pair (block collections continue on indented lines), without the final newline. */
export function renderPair(key: string, value: Node, style: FlowStyle): string[] {
  const map = new YAMLMap();
  map.items.push(new Pair(new Scalar(key), value));
  const inner = isSeq(value)
    ? value.flow
      ? style.seqPadding
      : style.mapPadding
    : isMap(value)
      ? style.mapPadding
      : false;
  return stringify(map, inner).replace(/\n$/, '').split('\n');
}

/** A scalar written in place of another value, on one line. */
export function renderScalar(node: Scalar): string {
  if (!isScalar(node)) throw new Error('renderScalar: not a scalar');
  return stringify(node, false).trimEnd();
}
