// A hostile bundle in a temporary folder: the committed corpus (test/fixtures/hostile/) plus the files too big
// or too odd to commit (a 5 MB body, 10,000 relations, symlinks out of the bundle, odd file names), with a
// sentinel file beside the bundle that no input may read or write.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';
import { createHash } from 'node:crypto';
import { copyTree } from '../../support/temp-dir';
import { fixtureDir } from '../../support/fixtures';

export const HOSTILE_CORPUS = fixtureDir('hostile');

/** Files generated at test time (bundle paths), so the checkout stays small. */
export const GENERATED = {
  hugeBody: '/entities/huge-body-5mb.md',
  manyRelations: '/entities/ten-thousand-relations.md',
  bracketRun: '/entities/bracket-run-100kb.md',
  symlinkOutside: '/entities/symlink-to-sentinel.md',
  symlinkEtc: '/entities/symlink-to-etc-passwd.md',
  symlinkDirOutside: '/linked-outside',
  oddNames: {
    encodedDots: '/entities/%2e%2e%2fescape.md',
    spacesAndUnicode: '/entities/name with spaces & ünïcödé ✓.md',
    newline: '/entities/line\nbreak.md',
    backslash: '/entities/back\\..\\..\\slash.md',
  },
} as const;

/** The text the sentinel outside the bundle holds; finding it anywhere in output means it was read. */
export const SENTINEL_TEXT = 'SENTINEL-OUTSIDE-THE-BUNDLE-7f3a';

export interface HostileBundle {
  /** The temporary folder holding the bundle and the sentinel. */
  readonly parent: string;
  /** The bundle folder. */
  readonly dir: string;
  /** A file outside the bundle that must never be read or written. */
  readonly sentinel: string;
  cleanup(): void;
}

/** Text of a concept with a body of about `bytes` bytes. */
export function hugeBodyConcept(bytes: number): string {
  const paragraph =
    'The analytical engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves. ';
  return `---\ntype: Note\ntitle: Huge Body\n---\n${paragraph.repeat(Math.ceil(bytes / paragraph.length))}\n`;
}

/** Text of a concept with `n` relations, half of them to paths, half literals. */
export function manyRelationsConcept(n: number): string {
  const lines = ['---', 'type: Note', 'title: Ten Thousand Relations', 'relations:'];
  for (let i = 0; i < n; i++) {
    lines.push(
      i % 2 === 0
        ? `  - { predicate: mentions, object: /entities/target-${i}.md }`
        : `  - { predicate: counts, object: "item ${i}" }`,
    );
  }
  return lines.join('\n') + '\n---\nA concept with very many relations.\n';
}

/** Text of a concept whose body is 100 KB of `[` (its link scan was quadratic: minutes for this one file). */
export function bracketRunConcept(): string {
  return `---\ntype: Note\ntitle: Bracket Run\n---\n${'['.repeat(100 * 1024)}\n`;
}

/** Copies the hostile corpus into a temporary folder and adds the generated files (`brackets`: the bracket run). */
export function makeHostileBundle(options: { huge?: boolean; brackets?: boolean } = {}): HostileBundle {
  const parent = mkdtempSync(nodePath.join(tmpdir(), 'okf-hostile-'));
  const dir = nodePath.join(parent, 'bundle');
  const sentinel = nodePath.join(parent, 'outside-sentinel.md');
  writeFileSync(sentinel, `---\ntype: Secret\ntitle: ${SENTINEL_TEXT}\n---\n${SENTINEL_TEXT}\n`);
  mkdirSync(dir);
  copyTree(HOSTILE_CORPUS, dir);
  const at = (bundlePath: string) => nodePath.join(dir, ...bundlePath.split('/').filter(Boolean));
  if (options.huge !== false) {
    writeFileSync(at(GENERATED.hugeBody), hugeBodyConcept(5 * 1024 * 1024));
    writeFileSync(at(GENERATED.manyRelations), manyRelationsConcept(10_000));
  }
  if (options.brackets === true) writeFileSync(at(GENERATED.bracketRun), bracketRunConcept());
  symlinkSync(sentinel, at(GENERATED.symlinkOutside));
  symlinkSync('/etc/passwd', at(GENERATED.symlinkEtc));
  symlinkSync(parent, at(GENERATED.symlinkDirOutside));
  for (const name of Object.values(GENERATED.oddNames))
    writeFileSync(at(name), `---\ntype: Note\ntitle: Odd Name\n---\nA file with an odd name.\n`);
  return { parent, dir, sentinel, cleanup: () => rmSync(parent, { recursive: true, force: true }) };
}

/** Content hash, size and mtime of every file under `dir` (symlinks not followed). */
export function snapshotFiles(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = nodePath.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const st = statSync(full);
        out.set(full, `${createHash('sha256').update(readFileSync(full)).digest('hex')} ${st.size} ${st.mtimeMs}`);
      } else out.set(full, 'link');
    }
  };
  walk(dir);
  return out;
}

/** Content hash, size and mtime of one file. */
export function fileFingerprint(path: string): string {
  const st = statSync(path);
  return `${createHash('sha256').update(readFileSync(path)).digest('hex')} ${st.size} ${st.mtimeMs}`;
}
