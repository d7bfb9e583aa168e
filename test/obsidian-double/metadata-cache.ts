// The MetadataCache: after a markdown file is created or modified it parses the file off the event's call stack
// (Obsidian does it in a worker) and fires `changed(file, data, cache)`, then `resolve(file)`, then `resolved`
// once nothing is pending; after a delete it fires `deleted(file, prevCache)`. A rename fires no `changed`
// (obsidian.d.ts: "not called when a file is renamed"); the cache entry moves with the file.
import type * as O from 'obsidian';
import { parse } from 'yaml';
import { Events } from './events';
import { TFile } from './files';
import type { Vault } from './vault';

type CacheApi = Pick<
  O.MetadataCache,
  'getFileCache' | 'getCache' | 'getFirstLinkpathDest' | 'resolvedLinks' | 'unresolvedLinks' | 'fileToLinktext' | 'on'
>;

/** Frontmatter as Obsidian's cache shows it (the plugin never parses with it: it is only a trigger). */
function parseFrontmatter(text: string): O.CachedMetadata {
  const m = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  if (!m) return {};
  try {
    const fm = parse(m[1]) as unknown;
    const end = m[0].split('\n').length - 1;
    return fm && typeof fm === 'object'
      ? {
          frontmatter: fm as O.FrontMatterCache,
          frontmatterPosition: {
            start: { line: 0, col: 0, offset: 0 },
            end: { line: end, col: 3, offset: m[0].length },
          },
        }
      : {};
  } catch {
    return {};
  }
}

export class MetadataCache extends Events implements CacheApi {
  resolvedLinks: Record<string, Record<string, number>> = {};
  unresolvedLinks: Record<string, Record<string, number>> = {};
  private readonly caches = new Map<string, O.CachedMetadata>();
  private readonly queue = new Set<TFile>();
  private working: Promise<void> | null = null;

  constructor(private readonly vault: Vault) {
    super();
    vault.on('create', (f) => this.enqueue(f as O.TAbstractFile));
    vault.on('modify', (f) => this.enqueue(f as O.TAbstractFile));
    vault.on('delete', (f) => {
      const file = f as O.TAbstractFile;
      if (!(file instanceof TFile) || file.extension !== 'md') return;
      const prev = this.caches.get(file.path) ?? null;
      this.caches.delete(file.path);
      this.queue.delete(file);
      this.trigger('deleted', file, prev);
    });
    vault.on('rename', (f, oldPath) => {
      const cache = this.caches.get(oldPath as string);
      if (cache === undefined) return;
      this.caches.delete(oldPath as string);
      this.caches.set((f as O.TAbstractFile).path, cache);
    });
  }

  /* eslint-disable @typescript-eslint/no-explicit-any -- the overloads as obsidian.d.ts declares them */
  override on(
    name: 'changed',
    callback: (file: O.TFile, data: string, cache: O.CachedMetadata) => any,
    ctx?: any,
  ): O.EventRef;
  override on(
    name: 'deleted',
    callback: (file: O.TFile, prevCache: O.CachedMetadata | null) => any,
    ctx?: any,
  ): O.EventRef;
  override on(name: 'resolve', callback: (file: O.TFile) => any, ctx?: any): O.EventRef;
  override on(name: 'resolved', callback: () => any, ctx?: any): O.EventRef;
  override on(name: string, callback: (...data: any[]) => any, ctx?: any): O.EventRef;
  override on(name: string, callback: (...data: any[]) => any, ctx?: any): O.EventRef {
    return super.on(name, callback, ctx);
  }
  /* eslint-enable @typescript-eslint/no-explicit-any */

  /** Reads every markdown file once, as Obsidian fills its cache before layout-ready (no events). */
  async primeFromDisk(): Promise<void> {
    for (const file of this.vault.getMarkdownFiles())
      this.caches.set(file.path, parseFrontmatter(await this.vault.cachedRead(file)));
  }

  getFileCache(file: O.TFile): O.CachedMetadata | null {
    return this.caches.get(file.path) ?? null;
  }

  getCache(path: string): O.CachedMetadata | null {
    return this.caches.get(path) ?? null;
  }

  getFirstLinkpathDest(linkpath: string, sourcePath: string): O.TFile | null {
    void sourcePath;
    const target = linkpath.endsWith('.md') ? linkpath : `${linkpath}.md`;
    return (
      this.vault.getFileByPath(target) ??
      this.vault.getMarkdownFiles().find((f) => f.path.endsWith('/' + target)) ??
      null
    );
  }

  fileToLinktext(file: O.TFile, sourcePath: string, omitMdExtension = true): string {
    void sourcePath;
    return omitMdExtension && file.extension === 'md' ? file.path.slice(0, -3) : file.path;
  }

  /** Test helper (not Obsidian API): resolves when every queued file has been parsed and announced. */
  async settle(): Promise<void> {
    while (this.working) await this.working;
  }

  private enqueue(file: O.TAbstractFile): void {
    if (!(file instanceof TFile) || file.extension !== 'md') return;
    this.queue.add(file);
    if (this.working) return;
    this.working = new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(() => this.drain())
      .finally(() => {
        this.working = null;
        if (this.queue.size > 0) this.enqueue([...this.queue][0]);
        else this.trigger('resolved');
      });
  }

  private async drain(): Promise<void> {
    while (this.queue.size > 0) {
      const file = [...this.queue][0];
      this.queue.delete(file);
      if (this.vault.getFileByPath(file.path) !== file) continue;
      let data: string;
      try {
        data = await this.vault.cachedRead(file);
      } catch {
        continue;
      }
      const cache = parseFrontmatter(data);
      this.caches.set(file.path, cache);
      this.trigger('changed', file, data, cache);
      this.trigger('resolve', file);
    }
  }
}
