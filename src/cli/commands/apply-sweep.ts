// `okf-wiki evaluate --sweep --apply`: writes the sweep's best point into the bundle's okf-wiki.json
// (`thresholds.coverage`, and `thresholds.vector` when the vector axis ran), after showing the diff. Every other
// key of the file is kept as it was; a file that is not a JSON object is refused, never overwritten.
import { isMap, isScalar, parseDocument, type Node } from 'yaml';
import { unifiedDiff } from '../../core/author/unified-diff';
import { BUNDLE_CONFIG_PATH } from '../../core/config/bundle-config';
import type { SweepReport } from '../../core/evaluate/types';
import { InputError } from '../input-error';

/** What an okf-wiki.json that --apply cannot update needs. */
const FIX_FIRST = 'fix okf-wiki.json first (okf-wiki lint names its problems), then run --apply again';
import type { FsBundle } from '../../node/fs-bundle';
import type { CliIo } from '../io';

/** The okf-wiki.json text with the best point's thresholds set (keys in their order, the file's indentation). */
export function withThresholds(before: string | null, sweep: SweepReport): string {
  let data: Record<string, unknown> = {};
  if (before !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(before.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new InputError(`okf-wiki.json is not valid JSON (${(error as Error).message})`, FIX_FIRST);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new InputError('okf-wiki.json should hold a JSON object', FIX_FIRST);
    data = parsed as Record<string, unknown>;
  }
  const old =
    typeof data.thresholds === 'object' && data.thresholds !== null && !Array.isArray(data.thresholds)
      ? (data.thresholds as Record<string, unknown>)
      : {};
  const thresholds: Record<string, unknown> = { ...old, coverage: sweep.best.coverageThreshold };
  if (sweep.best.vectorThreshold !== null) thresholds.vector = sweep.best.vectorThreshold;
  const indent = indentOf(before);
  const whole = { ...data, thresholds };
  const edited = before === null ? undefined : editedInPlace(before, thresholds, whole, indent);
  return edited ?? layoutLike(before, JSON.stringify(whole, null, indent) + '\n');
}

/**
 * `before` with only the `thresholds` value replaced, or the key added after the last one, every other byte as it
 * was (inline arrays, spacing, key order): undefined when the file's layout does not allow it, and the whole file
 * is then written anew in its indentation. The result must parse to exactly `whole`.
 */
function editedInPlace(
  before: string,
  thresholds: Record<string, unknown>,
  whole: Record<string, unknown>,
  indent: string,
): string | undefined {
  const doc = parseDocument(before, { uniqueKeys: false });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return undefined;
  const eol = before.includes('\r\n') ? '\r\n' : '\n';
  const value = JSON.stringify(thresholds, null, indent).replace(/\n/g, eol + indent);
  const items = doc.contents.items;
  const pair = items.find((p) => isScalar(p.key) && p.key.value === 'thresholds');
  const last = items[items.length - 1];
  const range = (pair?.value as Node | null | undefined)?.range;
  const end = (last?.value as Node | null | undefined)?.range?.[1];
  let text: string;
  if (pair !== undefined) {
    if (range === undefined || range === null) return undefined;
    text = before.slice(0, range[0]) + value + before.slice(range[1]);
  } else {
    if (end === undefined) return undefined;
    text = before.slice(0, end) + `,${eol}${indent}"thresholds": ${value}` + before.slice(end);
  }
  try {
    return JSON.stringify(JSON.parse(text.replace(/^\uFEFF/, ''))) === JSON.stringify(whole) ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The indentation of `before`'s first indented line (spaces or a tab), else two spaces: a 4-space or tab file
 * re-indented to 2 was a diff of every line for one added key (QA2 F22).
 */
function indentOf(before: string | null): string {
  const indent = before === null ? undefined : /^([ \t]+)["}\]\w-]/m.exec(before)?.[1];
  return indent === undefined || indent.length > 10 ? '  ' : indent.startsWith('\t') ? '\t' : indent;
}

/** `text` with `before`'s byte order mark and CRLF line ends, when it had them. */
function layoutLike(before: string | null, text: string): string {
  if (before === null) return text;
  const crlf = before.includes('\r\n') ? text.replace(/\n/g, '\r\n') : text;
  return before.startsWith('\uFEFF') ? '\uFEFF' + crlf : crlf;
}

/** Shows the diff and writes okf-wiki.json (nothing when the best point is already what the file says). */
export async function applySweep(bundle: FsBundle, sweep: SweepReport, io: CliIo): Promise<void> {
  const before = (await bundle.exists(BUNDLE_CONFIG_PATH)) ? await bundle.read(BUNDLE_CONFIG_PATH) : null;
  const after = withThresholds(before, sweep);
  if (before === after) {
    io.out(`\nokf-wiki.json already holds the best point; nothing written.\n`);
    return;
  }
  io.out(`\n${unifiedDiff(BUNDLE_CONFIG_PATH, before, after)}`);
  await bundle.write(BUNDLE_CONFIG_PATH, after);
  io.out(
    `Wrote ${bundle.resolve(BUNDLE_CONFIG_PATH)}: the CLI, the MCP server ` +
      `and the plugin now answer with these thresholds (an explicit setting ` +
      `still wins).\n`,
  );
}
