// The Vault: a tree of TFile/TFolder over a FileStore, firing `create`, `modify`, `delete` and `rename` in the
// order Obsidian does (the tree is updated first, then the event; a folder's rename or delete is reported for
// the folder and for each file in it). Changes made through the adapter are reconciled a tick later, as the
// file watcher does; hidden paths (`.obsidian/`, `.trash/`) are never part of the tree.
import type * as O from 'obsidian';
import { copyInSteps, DataAdapterDouble } from './data-adapter';
import { Events } from './events';
import { parentOf, toBytes, type FileStore } from './file-store';
import { setFilePath, TAbstractFile, TFile, TFolder } from './files';
import { normalizePath } from './functions';

type VaultApi = Pick<
  O.Vault,
  | 'adapter'
  | 'configDir'
  | 'getName'
  | 'getFileByPath'
  | 'getFolderByPath'
  | 'getAbstractFileByPath'
  | 'getRoot'
  | 'create'
  | 'createBinary'
  | 'createFolder'
  | 'read'
  | 'cachedRead'
  | 'readBinary'
  | 'delete'
  | 'trash'
  | 'rename'
  | 'modify'
  | 'modifyBinary'
  | 'append'
  | 'process'
  | 'getAllLoadedFiles'
  | 'getAllFolders'
  | 'getMarkdownFiles'
  | 'getFiles'
  | 'getResourcePath'
  | 'appendBinary'
  | 'copy'
  | 'on'
>;

// Node's readFile(path, 'utf8'), which Obsidian's desktop adapter calls, keeps a BOM as U+FEFF.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const isHiddenPath = (path: string) => path.split('/').some((s) => s.startsWith('.'));

export class Vault extends Events implements VaultApi {
  configDir = '.obsidian';
  readonly adapter: DataAdapterDouble;
  private readonly byPath = new Map<string, TAbstractFile>();
  private readonly root: TFolder;
  private readonly reconcileQueue = new Set<string>();
  private reconciling: Promise<void> | null = null;

  private constructor(readonly store: FileStore) {
    super();
    this.adapter = new DataAdapterDouble(store);
    this.adapter.watch((paths) => this.queueReconcile(paths));
    this.root = this.makeNode(new TFolder(), '/');
    this.root.name = '';
  }

  /** Opens a vault: reads the whole tree, as Obsidian does before plugins load. */
  static async load(store: FileStore): Promise<Vault> {
    const vault = new Vault(store);
    await vault.scan('', vault.root, false);
    return vault;
  }

  /* eslint-disable @typescript-eslint/no-explicit-any -- the overloads as obsidian.d.ts declares them */
  override on(name: 'create' | 'modify' | 'delete', callback: (file: O.TAbstractFile) => any, ctx?: any): O.EventRef;
  override on(name: 'rename', callback: (file: O.TAbstractFile, oldPath: string) => any, ctx?: any): O.EventRef;
  override on(name: string, callback: (...data: any[]) => any, ctx?: any): O.EventRef;
  override on(name: string, callback: (...data: any[]) => any, ctx?: any): O.EventRef {
    return super.on(name, callback, ctx);
  }
  /* eslint-enable @typescript-eslint/no-explicit-any */

  getName(): string {
    return this.adapter.getName();
  }

  getFileByPath(path: string): O.TFile | null {
    const f = this.byPath.get(normalizePath(path));
    return f instanceof TFile ? f : null;
  }

  getFolderByPath(path: string): O.TFolder | null {
    const f = this.byPath.get(normalizePath(path));
    return f instanceof TFolder ? (f as O.TFolder) : null;
  }

  getAbstractFileByPath(path: string): O.TAbstractFile | null {
    return this.byPath.get(normalizePath(path)) ?? null;
  }

  getRoot(): O.TFolder {
    return this.root;
  }

  async create(path: string, data: string): Promise<O.TFile> {
    return this.createFile(path, toBytes(data), true);
  }

  /** Binary writes cost what the adapter's writeBinary does (Obsidian's goes through it): see data-adapter.ts. */
  async createBinary(path: string, data: ArrayBuffer): Promise<O.TFile> {
    return this.createFile(path, await copyInSteps(data), true);
  }

  async createFolder(path: string): Promise<O.TFolder> {
    const p = normalizePath(path);
    if (this.byPath.has(p)) throw new Error('Folder already exists.');
    await this.ensureFolder(p);
    return this.byPath.get(p) as TFolder;
  }

  async read(file: O.TFile): Promise<string> {
    return decoder.decode(await this.store.readView(file.path));
  }

  async cachedRead(file: O.TFile): Promise<string> {
    return this.read(file);
  }

  async readBinary(file: O.TFile): Promise<ArrayBuffer> {
    return this.adapter.readBinary(file.path);
  }

  async modify(file: O.TFile, data: string): Promise<void> {
    await this.writeExisting(file, toBytes(data), true);
  }

  async modifyBinary(file: O.TFile, data: ArrayBuffer): Promise<void> {
    await this.writeExisting(file, await copyInSteps(data), true);
  }

  async append(file: O.TFile, data: string): Promise<void> {
    await this.modify(file, (await this.read(file)) + data);
  }

  async appendBinary(file: O.TFile, data: ArrayBuffer): Promise<void> {
    const before = await this.store.readBytes(file.path);
    const added = new Uint8Array(data);
    const all = new Uint8Array(before.byteLength + added.byteLength);
    all.set(before);
    all.set(added, before.byteLength);
    await this.writeExisting(file, all);
  }

  getResourcePath(file: O.TFile): string {
    return this.adapter.getResourcePath(file.path);
  }

  /** Copies a file (not a folder); the destination must not exist. */
  async copy<T extends O.TAbstractFile>(file: T, newPath: string): Promise<T> {
    if (!(file instanceof TFile)) throw new Error('Vault double: copying folders is not implemented');
    const created = await this.createFile(newPath, await this.store.readBytes(file.path));
    return created as unknown as T;
  }

  /** Reads, calls `fn` with the current content and writes what it returns; when `fn` throws, nothing is written. */
  async process(file: O.TFile, fn: (data: string) => string): Promise<string> {
    const node = this.byPath.get(file.path);
    if (!(node instanceof TFile)) throw new Error(`File does not exist: ${file.path}`);
    const next = fn(await this.read(node));
    await this.modify(file, next);
    return next;
  }

  /** `force` deletes a folder that is not empty (the double always does). */
  async delete(file: O.TAbstractFile, force?: boolean): Promise<void> {
    void force;
    const node = this.byPath.get(file.path);
    if (!node) throw new Error(`File does not exist: ${file.path}`);
    if (node instanceof TFolder) await this.store.rmdir(node.path);
    else await this.store.remove(node.path);
    this.detachNode(node, true);
  }

  async trash(file: O.TAbstractFile, system: boolean): Promise<void> {
    void system;
    await this.delete(file);
  }

  async rename(file: O.TAbstractFile, newPath: string): Promise<void> {
    const node = this.byPath.get(file.path);
    const target = normalizePath(newPath);
    if (!node) throw new Error(`File does not exist: ${file.path}`);
    if (this.byPath.has(target) && target.toLowerCase() !== node.path.toLowerCase())
      throw new Error('Destination file already exists!');
    await this.ensureFolder(parentOf(target));
    await this.store.rename(node.path, target);
    const moved = this.collect(node);
    const oldPaths = new Map(moved.map((n) => [n, n.path]));
    const oldRoot = node.path; // read before the loop renames `node` itself
    this.detachNode(node, false);
    for (const n of moved) {
      const rel = oldPaths.get(n)!.slice(oldRoot.length);
      setFilePath(n, target + rel);
      this.byPath.set(n.path, n);
    }
    this.attach(node);
    for (const n of moved) this.trigger('rename', n, oldPaths.get(n));
  }

  getAllLoadedFiles(): O.TAbstractFile[] {
    return [...this.byPath.values()];
  }

  getAllFolders(includeRoot?: boolean): O.TFolder[] {
    return [...this.byPath.values()].filter(
      (f): f is TFolder => f instanceof TFolder && (includeRoot || f !== this.root),
    );
  }

  getMarkdownFiles(): O.TFile[] {
    return this.getFiles().filter((f) => f.extension === 'md');
  }

  getFiles(): O.TFile[] {
    return [...this.byPath.values()].filter((f): f is TFile => f instanceof TFile);
  }

  /** Test helper (not Obsidian API): resolves when changes made through the adapter have been reconciled. */
  async settle(): Promise<void> {
    while (this.reconciling) await this.reconciling;
  }

  /**
   * As Obsidian's `create`: refuses an existing file ("File already exists.") and a missing folder (the desktop
   * adapter's ENOENT; plugins call `createFolder` first), so code that works here works on either platform.
   */
  /**
   * `owned`: the bytes are the double's own (text just encoded, as Node encodes a string written: one pass on the
   * main thread), kept without another copy; else they are the caller's and copied.
   */
  private async createFile(path: string, bytes: Uint8Array, owned = false): Promise<TFile> {
    const p = normalizePath(path);
    if (this.byPath.has(p)) throw new Error('File already exists.');
    const parent = parentOf(p);
    if (parent !== '' && !(this.byPath.get(parent) instanceof TFolder))
      throw new Error(`ENOENT: no such file or directory, open '${p}'`);
    await (owned ? this.store.writeOwned(p, bytes) : this.store.writeBytes(p, bytes));
    const file = this.makeNode(new TFile(), p);
    await this.refreshStat(file);
    this.attach(file);
    this.trigger('create', file);
    return file;
  }

  private async writeExisting(file: O.TFile, bytes: Uint8Array, owned = false): Promise<void> {
    const node = this.byPath.get(file.path);
    if (!(node instanceof TFile)) throw new Error(`File does not exist: ${file.path}`);
    await (owned ? this.store.writeOwned(node.path, bytes) : this.store.writeBytes(node.path, bytes));
    await this.refreshStat(node);
    this.trigger('modify', node);
  }

  private async ensureFolder(path: string): Promise<void> {
    if (path === '' || path === '/' || this.byPath.has(path)) return;
    await this.ensureFolder(parentOf(path));
    await this.store.mkdir(path);
    const folder = this.makeNode(new TFolder(), path);
    this.attach(folder);
    this.trigger('create', folder);
  }

  private makeNode<T extends TAbstractFile>(node: T, path: string): T {
    node.vault = this as unknown as O.Vault;
    setFilePath(node, path);
    return node;
  }

  private attach(node: TAbstractFile): void {
    const parentPath = parentOf(node.path);
    const parent = (parentPath === '' ? this.root : this.byPath.get(parentPath)) as TFolder;
    node.parent = parent;
    parent.children.push(node);
    this.byPath.set(node.path, node);
  }

  /**
   * Removes a node and its descendants from the tree; with `announce`, fires `delete` for files first, then folders.
   */
  private detachNode(node: TAbstractFile, announce: boolean): void {
    const all = this.collect(node);
    if (node.parent) (node.parent as TFolder).children = (node.parent as TFolder).children.filter((c) => c !== node);
    for (const n of all) this.byPath.delete(n.path);
    if (!announce) return;
    for (const n of [...all].reverse()) this.trigger('delete', n);
  }

  /** The node and every descendant, parents before children. */
  private collect(node: TAbstractFile): TAbstractFile[] {
    const out: TAbstractFile[] = [node];
    if (node instanceof TFolder) for (const child of node.children) out.push(...this.collect(child as TAbstractFile));
    return out;
  }

  private async refreshStat(file: TFile): Promise<void> {
    const s = await this.store.stat(file.path);
    if (s) file.stat = { ctime: s.ctime, mtime: s.mtime, size: s.size };
  }

  private async scan(dir: string, folder: TFolder, announce: boolean): Promise<void> {
    const { files, folders } = await this.store.list(dir);
    for (const name of folders) {
      if (name.startsWith('.')) continue;
      const path = dir === '' ? name : `${dir}/${name}`;
      const child = this.makeNode(new TFolder(), path);
      this.attach(child);
      if (announce) this.trigger('create', child);
      await this.scan(path, child, announce);
    }
    for (const name of files) {
      if (name.startsWith('.')) continue;
      const path = dir === '' ? name : `${dir}/${name}`;
      const file = this.makeNode(new TFile(), path);
      await this.refreshStat(file);
      this.attach(file);
      if (announce) this.trigger('create', file);
    }
    void folder;
  }

  private queueReconcile(paths: string[]): void {
    for (const p of paths) if (p !== '' && !isHiddenPath(p)) this.reconcileQueue.add(p);
    if (this.reconcileQueue.size === 0 || this.reconciling) return;
    this.reconciling = new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(() => this.reconcile())
      .finally(() => {
        this.reconciling = null;
        if (this.reconcileQueue.size > 0) this.queueReconcile([]);
      });
  }

  private async reconcile(): Promise<void> {
    const paths = [...this.reconcileQueue];
    this.reconcileQueue.clear();
    for (const path of paths) {
      const stat = await this.store.stat(path);
      const node = this.byPath.get(path);
      if (stat === null) {
        if (node) this.detachNode(node, true);
      } else if (stat.type === 'file') {
        if (node instanceof TFile) {
          await this.refreshStat(node);
          this.trigger('modify', node);
        } else if (!node) {
          await this.ensureFolderInTree(parentOf(path));
          const file = this.makeNode(new TFile(), path);
          await this.refreshStat(file);
          this.attach(file);
          this.trigger('create', file);
        }
      } else if (!node) {
        await this.ensureFolderInTree(path);
        await this.scan(path, this.byPath.get(path) as TFolder, true);
      }
    }
  }

  /** Adds folders that exist on disk but not yet in the tree (the watcher saw a file in a new folder). */
  private async ensureFolderInTree(path: string): Promise<void> {
    if (path === '' || this.byPath.has(path)) return;
    await this.ensureFolderInTree(parentOf(path));
    const folder = this.makeNode(new TFolder(), path);
    this.attach(folder);
    this.trigger('create', folder);
  }
}
