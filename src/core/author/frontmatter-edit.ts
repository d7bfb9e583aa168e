// Edits a concept file's frontmatter the way a careful person would by hand: the change is made on the parsed
// YAML Document (the `yaml` package), and only the bytes of what changed are written back — a new entry line,
// a replaced value, a new key — so comments, key order, quoting, flow or block style, unknown keys, every other
// line and the body stay exactly as they were. The result is re-parsed and must equal the edited Document.
import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  Pair,
  parseDocument,
  Scalar,
  type Document,
  type Node,
  type YAMLMap,
} from 'yaml';
import { isRegionProblem, locateFrontmatter } from './frontmatter-region';
import {
  detectFlowStyle,
  renderFlowItem,
  renderPair,
  renderScalar,
  renderSeqItem,
  sequenceOf,
  stringMap,
  stringScalar,
  type FlowStyle,
} from './yaml-render';

/** A list entry an edit appends: a string, or a mapping of string fields in order (a relation entry). */
export type ListEntry = string | readonly (readonly [string, string])[];

/** One change to a top-level frontmatter key. */
export type FrontmatterEdit =
  /** Sets `key` to a string (replacing a plain value, or adding the key). */
  | { readonly kind: 'set'; readonly key: string; readonly value: string }
  /** Appends an entry to the list at `key` (creating it when absent): a string, or a mapping of string fields. */
  | {
      readonly kind: 'append';
      readonly key: string;
      readonly item: ListEntry;
      /** Style of a list this edit creates: `[a]` (flow) or `- a` lines (block). */
      readonly newListStyle: 'flow' | 'block';
    }
  /** Removes `key` and its value, every line of it (nothing when the key is absent). */
  | { readonly kind: 'remove'; readonly key: string };

/** The edited file text, or why the edit was refused (the file is then left as it was). */
export type EditOutcome =
  { readonly kind: 'edited'; readonly text: string } | { readonly kind: 'refused'; readonly message: string };

/** Where a key this tool adds goes: after the nearest key that precedes it here, else at the end. */
const KEY_ORDER = [
  'type',
  'title',
  'description',
  'tags',
  'aliases',
  'resource',
  'relations',
  'status',
  'superseded_by',
  'superseded_at',
  'supersedes',
  'stale_after',
  'generated',
  'verified',
  'sources',
];

interface Patch {
  readonly at: number;
  readonly remove: number;
  readonly insert: string;
}

/** Applies edits to the frontmatter of `text` (a file at `path`, named in messages) and returns the new text. */
export function editFrontmatter(path: string, text: string, edits: readonly FrontmatterEdit[]): EditOutcome {
  const region = locateFrontmatter(text);
  if (isRegionProblem(region)) {
    return refuse(
      region.problem === 'unclosed'
        ? `${path}: frontmatter opens with \`---\` but never closes`
        : `${path}: has no YAML frontmatter`,
    );
  }
  const raw = text.slice(region.start, region.end);
  // An old-Mac file (lone CRs) is edited as LF text, one character for one so every offset holds, and turned back.
  const loneCr = region.newline === '\r';
  if (loneCr && raw.includes('\n'))
    return refuse(`${path}: frontmatter mixes CR and LF line endings; give it one kind of line ending first`);
  const yaml = loneCr ? raw.replace(/\r/g, '\n') : raw;
  const doc = parseDocument(yaml, { schema: 'core', uniqueKeys: false });
  if (doc.errors.length > 0)
    return refuse(`${path}: frontmatter is not valid YAML (${doc.errors[0].message.split('\n')[0]}); fix it first`);
  if (!isMap(doc.contents)) return refuse(`${path}: frontmatter is not a mapping of keys to values`);
  const map = doc.contents as YAMLMap<unknown, unknown>;
  const style = detectFlowStyle(doc, yaml);
  const patches: Patch[] = [];
  /** Where each key added by this edit was written, so a later added key can follow it. */
  const added = new Map<Pair, number>();

  const grouped = groupByKey(edits);
  if (typeof grouped === 'string') throw new Error(`editFrontmatter(${path}): ${grouped}`);
  for (const change of grouped) {
    const pairs = map.items.filter((p) => isScalar(p.key) && p.key.value === change.key);
    if (pairs.length > 1)
      return refuse(`${path}: \`${change.key}\` appears more than once in the frontmatter; merge the duplicates first`);
    const pair = pairs[0] as Pair<Scalar, unknown> | undefined;
    if (change.kind === 'remove') {
      if (pair === undefined) continue;
      map.items.splice(map.items.indexOf(pair), 1);
      const removed = replacePair(pair, []);
      if (typeof removed === 'string') return refuse(`${path}: ${removed}`);
      patches.push(...removed);
      continue;
    }
    const result =
      pair === undefined ? addKey(change) : change.kind === 'set' ? setKey(pair, change.value) : appendTo(pair, change);
    if (typeof result === 'string') return refuse(`${path}: ${result}`);
    patches.push(...result);
  }

  function addKey(change: Exclude<KeyChange, { kind: 'remove' }>): Patch[] | string {
    const node =
      change.kind === 'set'
        ? stringScalar(change.value)
        : sequenceOf(itemNodes(change, undefined), change.newListStyle === 'flow');
    const pair = new Pair(new Scalar(change.key), node);
    const rank = KEY_ORDER.indexOf(change.key);
    let index = map.items.length;
    if (rank >= 0) {
      const before = map.items
        .map((p, i) => [p, i] as const)
        .filter(
          ([p]) =>
            isScalar(p.key) &&
            KEY_ORDER.indexOf(String(p.key.value)) >= 0 &&
            KEY_ORDER.indexOf(String(p.key.value)) < rank,
        );
      if (before.length > 0) index = before[before.length - 1][1] + 1;
    }
    const at = index === 0 ? 0 : endOf(map.items[index - 1]);
    map.items.splice(index, 0, pair);
    added.set(pair, at);
    const lines = renderPair(change.key, node, style);
    const needsNewline = at > 0 && yaml[at - 1] !== '\n';
    return [{ at, remove: 0, insert: (needsNewline ? '\n' : '') + lines.join('\n') + '\n' }];
  }

  function setKey(pair: Pair<Scalar, unknown>, text: string): Patch[] | string {
    const value = pair.value as Node | null;
    if (isAlias(value))
      return `\`${String(pair.key.value)}\` is a YAML alias (*${value.source}), not a plain value; change it by hand`;
    if (value !== null && !isScalar(value))
      return `\`${String(pair.key.value)}\` holds a list or mapping, not a plain value; change it by hand`;
    const scalar = stringScalar(text, value ?? undefined);
    pair.value = scalar;
    return replaceValue(pair, value, renderScalar(scalar));
  }

  function appendTo(pair: Pair<Scalar, unknown>, change: KeyChange & { kind: 'append' }): Patch[] | string {
    const key = change.key;
    const value = pair.value as Node | null;
    if (value === null || (isScalar(value) && (value.value === null || value.value === ''))) {
      const seq = sequenceOf(itemNodes(change, undefined), change.newListStyle === 'flow');
      pair.value = seq;
      if (seq.flow) return replaceValue(pair, value, renderFlowItem(seq, style));
      const [first, ...rest] = renderPair(key, seq, style);
      const comment = keyLineComment(pair);
      return replacePair(pair, [comment === undefined ? first : `${first} ${comment}`, ...rest]);
    }
    if (isScalar(value)) {
      // A single value where a list belongs (`supersedes: /a.md`): becomes `[/a.md, /b.md]`.
      const seq = sequenceOf([value, ...itemNodes(change, undefined)], true);
      pair.value = seq;
      return replaceValue(pair, value, renderFlowItem(seq, style));
    }
    if (isAlias(value)) return aliasProblem(key, value.source);
    if (!isSeq(value)) return `\`${key}\` should be a list but holds a mapping; fix it first`;
    if (value.anchor)
      return (
        `\`${key}\` carries the YAML anchor &${value.anchor}; an entry added here would also change every ` +
        `*${value.anchor} that repeats it: write the list out where it is used, then run this again`
      );
    const last = (value.items[value.items.length - 1] ?? undefined) as Node | undefined;
    const items = itemNodes(change, last);
    value.items.push(...items);
    const cannot = `cannot place a new entry in \`${key}\` (unusual list layout); add it by hand`;
    if (value.flow) {
      if (last === undefined) {
        if (!value.range) return cannot;
        const open = yaml.indexOf('[', value.range[0]);
        return [{ at: open + 1, remove: 0, insert: items.map((item) => renderFlowItem(item, style)).join(', ') }];
      }
      if (!last.range) return cannot;
      const sibling = styleOf(last);
      return [
        { at: last.range[1], remove: 0, insert: items.map((item) => ', ' + renderFlowItem(item, sibling)).join('') },
      ];
    }
    if (!last?.range) return cannot;
    const lineStart = yaml.lastIndexOf('\n', last.range[0] - 1) + 1;
    const dash = /^([ \t]*)-[ \t]+$/.exec(yaml.slice(lineStart, last.range[0]));
    if (!dash) return cannot;
    const at = lineEnd(last.range[2]);
    const sibling = styleOf(last);
    const lines = items.flatMap((item) => renderSeqItem(item, sibling)).map((line) => dash[1] + line);
    return [{ at, remove: 0, insert: (at > 0 && yaml[at - 1] !== '\n' ? '\n' : '') + lines.join('\n') + '\n' }];
  }

  /** Nodes for appended entries: strings, or mappings styled like the entry before them (flow unless block). */
  function itemNodes(change: KeyChange & { kind: 'append' }, previous: Node | undefined): Node[] {
    return change.items.map((item) =>
      typeof item === 'string'
        ? stringScalar(item, isScalar(previous) ? previous : undefined)
        : stringMap(item, isMap(previous) ? previous.flow === true : true, isMap(previous) ? previous : undefined),
    );
  }

  /** The file's flow style, with the map spacing of `sibling` when it is a flow map (`{a: 1}` vs `{ a: 1 }`). */
  function styleOf(sibling: Node): FlowStyle {
    if (!isMap(sibling) || !sibling.flow || !sibling.range) return style;
    return { ...style, mapPadding: /^\{[ \t]/.test(yaml.slice(sibling.range[0])) };
  }

  function replaceValue(pair: Pair<Scalar, unknown>, old: Node | null, rendered: string): Patch[] | string {
    if (old?.range) {
      const [from, to] = old.range;
      // An empty value (`key:` or `key:   # later`) has no room of its own: keep the colon and the comment apart.
      const space = from === to && yaml[from - 1] === ':' ? ' ' : '';
      const gap = from === to && yaml[from] === '#' ? ' ' : '';
      return [{ at: from, remove: to - from, insert: space + rendered + gap }];
    }
    const keyEnd = pair.key.range?.[1];
    if (keyEnd === undefined) return `cannot locate \`${String(pair.key.value)}\``;
    const colon = yaml.indexOf(':', keyEnd);
    return [{ at: colon + 1, remove: 0, insert: ' ' + rendered }];
  }

  /** The comment ending the line of a key whose value is empty (`key: # later`, `key: ~ # none`), from its `#`. */
  function keyLineComment(pair: Pair<Scalar, unknown>): string | undefined {
    const keyEnd = pair.key.range?.[1];
    if (keyEnd === undefined) return undefined;
    const end = yaml.indexOf('\n', keyEnd);
    const line = yaml.slice(keyEnd, end < 0 ? yaml.length : end);
    return /^[ \t]*:[ \t]*(?:''|""|~|null|Null|NULL)?[ \t]*(#.*?)\r?$/.exec(line)?.[1];
  }

  function replacePair(pair: Pair<Scalar, unknown>, lines: string[]): Patch[] | string {
    const from = pair.key.range?.[0];
    if (from === undefined) return `cannot locate \`${String(pair.key.value)}\``;
    const to = lineEnd(endOf(pair));
    return [{ at: from, remove: to - from, insert: lines.length === 0 ? '' : lines.join('\n') + '\n' }];
  }

  function endOf(pair: Pair): number {
    const addedAt = added.get(pair);
    if (addedAt !== undefined) return addedAt;
    const value = pair.value as Node | null;
    const key = pair.key as Node | null;
    return lineEnd(value?.range?.[2] ?? key?.range?.[2] ?? yaml.length);
  }

  /** The start of the line after `offset` (or `offset` itself when it already starts a line). */
  function lineEnd(offset: number): number {
    if (offset === 0 || yaml[offset - 1] === '\n') return offset;
    const next = yaml.indexOf('\n', offset);
    return next < 0 ? yaml.length : next + 1;
  }

  const edited = applyPatches(yaml, patches, loneCr ? '\n' : region.newline);
  const check = verify(doc, edited);
  if (check !== undefined) return refuse(`${path}: ${check}; nothing was changed, edit the frontmatter by hand`);
  const written = loneCr ? edited.replace(/\n/g, '\r') : edited;
  return { kind: 'edited', text: text.slice(0, region.start) + written + text.slice(region.end) };
}

/** The edits of one key, merged: a set (the last wins), the entries appended, in order, or a removal. */
type KeyChange =
  | { readonly kind: 'set'; readonly key: string; readonly value: string }
  | { readonly kind: 'remove'; readonly key: string }
  | {
      readonly kind: 'append';
      readonly key: string;
      readonly items: readonly ListEntry[];
      readonly newListStyle: 'flow' | 'block';
    };

function groupByKey(edits: readonly FrontmatterEdit[]): KeyChange[] | string {
  const byKey = new Map<string, KeyChange>();
  for (const edit of edits) {
    const previous = byKey.get(edit.key);
    if (previous !== undefined && previous.kind !== edit.kind) return `\`${edit.key}\` is both set and appended to`;
    if (edit.kind === 'set') byKey.set(edit.key, { kind: 'set', key: edit.key, value: edit.value });
    else if (edit.kind === 'remove') byKey.set(edit.key, edit);
    else {
      const items = previous?.kind === 'append' ? previous.items : [];
      byKey.set(edit.key, {
        kind: 'append',
        key: edit.key,
        items: [...items, edit.item],
        newListStyle: edit.newListStyle,
      });
    }
  }
  return [...byKey.values()];
}

/** Applies patches from the end of the text backwards; inserts at one offset keep the order they were made in. */
function applyPatches(yaml: string, patches: readonly Patch[], newline: string): string {
  const ordered = patches.map((p, i) => ({ ...p, i })).sort((a, b) => b.at - a.at || b.i - a.i);
  let out = yaml;
  for (const p of ordered) out = out.slice(0, p.at) + p.insert.replace(/\n/g, newline) + out.slice(p.at + p.remove);
  return out;
}

/** Undefined when `edited` parses to exactly the edited Document's data; otherwise what went wrong. */
function verify(doc: Document, edited: string): string | undefined {
  const reparsed = parseDocument(edited, { schema: 'core', uniqueKeys: false });
  if (reparsed.errors.length > 0) return `the edit would break the YAML (${reparsed.errors[0].message.split('\n')[0]})`;
  if (JSON.stringify(reparsed.toJS()) !== JSON.stringify(doc.toJS()))
    return 'the edit could not be written without disturbing other frontmatter';
  return undefined;
}

function refuse(message: string): EditOutcome {
  return { kind: 'refused', message };
}

/** Why a key holding a YAML alias (`relations: *rels`) cannot be edited in place (QA3 Q18: said "a mapping"). */
function aliasProblem(key: string, anchor: string): string {
  return (
    `\`${key}\` is a YAML alias (*${anchor}) of a value written elsewhere in the frontmatter; editing it here would ` +
    `change that value too: write \`${key}\` out in place, then run this again`
  );
}
