// A unified diff of two texts, for "preview the change" (CLI --dry-run, MCP, the plugin's confirm dialog).
// Authoring edits touch a few lines of frontmatter, so the common head and tail are trimmed before an LCS.

/** Lines of context around each change, as `diff -u` prints. */
const CONTEXT = 3;
/** Above this many differing lines on each side the LCS table would be large: show them as one replaced block. */
const MAX_LCS_LINES = 2000;

type Op = { readonly kind: ' ' | '-' | '+'; readonly line: string };

/**
 * `diff -u` style text from `before` to `after` for the file at `path` (a bundle path such as `/entities/x.md`).
 * `before` null means a new file. Empty string when nothing changed. Lines keep a `\r` if the file has one.
 */
export function unifiedDiff(path: string, before: string | null, after: string): string {
  if (before === after) return '';
  const a = before === null ? [] : splitLines(before);
  const b = splitLines(after);
  const ops = diffLines(a, b);
  const header = `--- ${before === null ? '/dev/null' : 'a' + path}\n+++ b${path}\n`;
  return header + hunks(ops, before !== null && !before.endsWith('\n'), !after.endsWith('\n'));
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const ops: Op[] = a.slice(0, head).map((line) => ({ kind: ' ', line }));
  ops.push(...lcsOps(midA, midB));
  ops.push(...a.slice(a.length - tail).map((line): Op => ({ kind: ' ', line })));
  return ops;
}

function lcsOps(a: readonly string[], b: readonly string[]): Op[] {
  if (a.length > MAX_LCS_LINES || b.length > MAX_LCS_LINES || a.length === 0 || b.length === 0) {
    return [...a.map((line): Op => ({ kind: '-', line })), ...b.map((line): Op => ({ kind: '+', line }))];
  }
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] =
        a[i] === b[j]
          ? table[(i + 1) * width + j + 1] + 1
          : Math.max(table[(i + 1) * width + j], table[i * width + j + 1]);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      ops.push({ kind: ' ', line: a[i++] });
      j++;
    } else if (table[(i + 1) * width + j] >= table[i * width + j + 1]) ops.push({ kind: '-', line: a[i++] });
    else ops.push({ kind: '+', line: b[j++] });
  }
  while (i < a.length) ops.push({ kind: '-', line: a[i++] });
  while (j < b.length) ops.push({ kind: '+', line: b[j++] });
  return ops;
}

function hunks(ops: readonly Op[], beforeNoEol: boolean, afterNoEol: boolean): string {
  const changed = ops.map((op, i) => (op.kind === ' ' ? -1 : i)).filter((i) => i >= 0);
  if (changed.length === 0) return '';
  const out: string[] = [];
  const lastA = ops.filter((op) => op.kind !== '+').length;
  const lastB = ops.filter((op) => op.kind !== '-').length;
  let k = 0;
  while (k < changed.length) {
    const from = Math.max(0, changed[k] - CONTEXT);
    let to = changed[k];
    while (k < changed.length && changed[k] <= to + 2 * CONTEXT) to = changed[k++];
    const end = Math.min(ops.length, to + CONTEXT + 1);
    let lineA = 0;
    let lineB = 0;
    for (const op of ops.slice(0, from)) {
      if (op.kind !== '+') lineA++;
      if (op.kind !== '-') lineB++;
    }
    const slice = ops.slice(from, end);
    const countA = slice.filter((op) => op.kind !== '+').length;
    const countB = slice.filter((op) => op.kind !== '-').length;
    out.push(`@@ -${range(lineA, countA)} +${range(lineB, countB)} @@`);
    let seenA = lineA;
    let seenB = lineB;
    for (const op of slice) {
      out.push(op.kind + op.line);
      if (op.kind !== '+') seenA++;
      if (op.kind !== '-') seenB++;
      const noEol =
        (op.kind === '-' && beforeNoEol && seenA === lastA) ||
        (op.kind === '+' && afterNoEol && seenB === lastB) ||
        (op.kind === ' ' && beforeNoEol && afterNoEol && seenA === lastA);
      if (noEol) out.push('\\ No newline at end of file');
    }
  }
  return out.join('\n') + '\n';
}

function range(start: number, count: number): string {
  return count === 0 ? `${start},0` : count === 1 ? `${start + 1}` : `${start + 1},${count}`;
}
