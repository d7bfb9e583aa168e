// The bundle as the core sees it (BundleSource, BundleWriter), over the vault: the file list comes from the
// vault's in-memory tree (no disk walk), contents through the adapter. Generated files (timeline.md, log.md,
// index.md blocks, the keywords, evaluate.last.json) are written through the Vault API — `Vault.process` for a
// file that exists, `Vault.create` for a new one — so open editors, Sync and other plugins see one modify,
// never the delete and create of a temporary-file rename; a large text the worker encoded goes through
// `Vault.modifyBinary` (writeUtf8). (The CLI keeps its atomic temp-and-rename; wiki.db stays on the adapter,
// written by the IndexPersister.)
import { normalizePath, type Vault } from 'obsidian';
import { isConceptCandidate } from '../core/okf/paths';
import type { BundleSource, BundleWriter, FileStat } from '../core/types';
import { ownBuffer, writeAtomically } from './atomic-write';
import { Slicer } from './next-task';
import { inConceptFolders, toBundlePath, toVaultPath, type BundleScope } from './bundle-scope';

/** Paths the vault's tree never holds (`.obsidian/`, dot folders): only the adapter reaches them. */
const isHiddenPath = (vaultPath: string) => vaultPath.split('/').some((s) => s.startsWith('.'));

export class VaultBundle implements BundleSource, BundleWriter {
  /**
   * Files this bundle wrote through the adapter (hidden paths) that the vault's tree may not show yet. Listing
   * them meanwhile keeps a second generator run from reading "no file" and replacing what the first one wrote.
   */
  private readonly written = new Set<string>();
  /**
   * The text last read of each file that is not a concept (the generated files a generator reads, merges and
   * writes back): a write compares it with the file's content inside `Vault.process`, so an edit that lands
   * between the read and the write is never overwritten. Concept files are written by the plan writer instead.
   */
  private readonly readTexts = new Map<string, string>();

  constructor(
    private readonly vault: Vault,
    readonly scope: BundleScope,
  ) {}

  /**
   * Every file of the bundle, except notes outside the concept folders that would otherwise be read as concepts.
   * Reserved files (index.md, log.md, timeline.md) are always listed, so generators merge into them.
   */
  async list(): Promise<string[]> {
    const out = new Set<string>();
    // Sliced: at 10,000 files the loop alone is tens of milliseconds on the main thread.
    const slicer = new Slicer();
    for (const file of this.vault.getFiles()) {
      if (slicer.due()) await slicer.yield();
      const path = toBundlePath(this.scope, file.path);
      if (path === null) continue;
      if (isConceptCandidate(path) && !inConceptFolders(this.scope, path)) continue;
      out.add(path);
    }
    for (const path of [...this.written]) {
      if (out.has(path)) this.written.delete(path);
      else if (await this.vault.adapter.exists(this.vaultPath(path))) out.add(path);
      else this.written.delete(path);
    }
    return [...out].sort();
  }

  /**
   * Through the adapter, not `Vault.read`/`cachedRead` (Obsidian's guidelines prefer those), on purpose: (1) a
   * path the engine asks for need not be a TFile — hidden paths (`.okf/`, dot folders) never are, and a file
   * another program (the CLI, the MCP server, git) just wrote is on disk before it is in the vault's tree; (2) the
   * adapter's text is the file decoded as Node decodes it (a BOM kept), as the CLI reads it: wiki.db's content
   * hashes are shared by both shells, so another decoding would read every such file as changed. The guideline's
   * race (reading a file while it is written) is covered otherwise: a write of a concept is followed by its change
   * event and a read again, and generated files are written through `Vault.process` after comparing the text read.
   */
  async read(path: string): Promise<string> {
    try {
      return this.remember(path, await this.vault.adapter.read(this.vaultPath(path)));
    } catch (error) {
      throw new Error(`${path}: ${(error as Error).message}`);
    }
  }

  /** From the vault's in-memory tree (no disk access): lets a catch-up skip files unchanged since wiki.db. */
  async stat(path: string): Promise<FileStat | undefined> {
    const file = this.vault.getFileByPath(this.vaultPath(path));
    // Whole milliseconds, as the CLI records them (a desktop stat's mtime can carry a fraction of a millisecond).
    return file ? { mtime: Math.floor(file.stat.mtime), size: file.stat.size } : undefined;
  }

  /** A file's text, or undefined when it does not exist (through the adapter, for the reasons given at `read`). */
  async readIfExists(path: string): Promise<string | undefined> {
    const vaultPath = this.vaultPath(path);
    return (await this.vault.adapter.exists(vaultPath))
      ? this.remember(path, await this.vault.adapter.read(vaultPath))
      : undefined;
  }

  /**
   * Writes a generated file through the vault: modified in place when it exists (refused, with the file named,
   * when it changed since this bundle read it), created otherwise.
   */
  async write(path: string, data: string | Uint8Array): Promise<void> {
    const vaultPath = this.vaultPath(path);
    const expected = this.readTexts.get(path);
    this.readTexts.delete(path);
    if (isHiddenPath(vaultPath)) {
      await writeAtomically(this.vault.adapter, vaultPath, data);
      this.written.add(path);
      return;
    }
    const file = this.vault.getFileByPath(vaultPath);
    if (file && typeof data === 'string') {
      await this.vault.process(file, (current) => {
        // Inside the callback: the content Obsidian is about to replace, not a read made a moment earlier.
        if (expected !== undefined && current !== expected)
          throw new Error(
            `${path} changed while it was being regenerated, so it was not overwritten; run the command again.`,
          );
        return data;
      });
    } else if (file) await this.vault.modifyBinary(file, ownBuffer(data as Uint8Array));
    else await this.create(path, vaultPath, data);
  }

  /**
   * Writes a text the engine encoded (a large generated file): as `write` of that text — refused, with the file
   * named, when it changed since this bundle read it — but the bytes go to the vault as they are, so the main thread
   * does not encode megabytes in one task. The check reads the current text (a decode, cheaper than an encode).
   */
  async writeUtf8(path: string, bytes: Uint8Array): Promise<void> {
    const vaultPath = this.vaultPath(path);
    const file = this.vault.getFileByPath(vaultPath);
    if (!file || isHiddenPath(vaultPath)) return this.write(path, bytes);
    const expected = this.readTexts.get(path);
    this.readTexts.delete(path);
    if (expected !== undefined && (await this.vault.read(file)) !== expected)
      throw new Error(
        `${path} changed while it was being regenerated, so it was not overwritten; run the command again.`,
      );
    await this.vault.modifyBinary(file, ownBuffer(bytes));
  }

  /** The vault path of a bundle path. */
  vaultPath(path: string): string {
    return normalizePath(toVaultPath(this.scope, path));
  }

  /**
   * Creates a new file (and its folder: `Vault.create` does not); one the tree does not show yet is replaced on disk.
   */
  private async create(path: string, vaultPath: string, data: string | Uint8Array): Promise<void> {
    const slash = vaultPath.lastIndexOf('/');
    const parent = slash > 0 ? vaultPath.slice(0, slash) : '';
    if (parent !== '' && this.vault.getFolderByPath(parent) === null && !(await this.vault.adapter.exists(parent)))
      await this.vault.createFolder(parent);
    try {
      if (typeof data === 'string') await this.vault.create(vaultPath, data);
      else await this.vault.createBinary(vaultPath, ownBuffer(data));
    } catch (error) {
      // Written by someone else a moment ago, not yet in the vault's tree: a generated file, replaced as before.
      if (!(await this.vault.adapter.exists(vaultPath))) throw error;
      await writeAtomically(this.vault.adapter, vaultPath, data);
      this.written.add(path);
    }
  }

  private remember(path: string, text: string): string {
    if (!isConceptCandidate(path)) this.readTexts.set(path, text);
    return text;
  }
}
