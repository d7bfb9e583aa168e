// Resolving what concept files point at against the files that exist: markdown link targets (both the
// relative and the bundle-root reading), Obsidian wikilinks by name, and `sources[].resource` paths.
import { baseName, dirOf, normalizeBundlePath, percentDecode, resolveLinkTarget } from '../okf/paths';

const URL_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** Looks paths up in one bundle's file list. */
export class PathResolver {
  private readonly fileSet: Set<string>;
  private readonly dirSet = new Set<string>();
  /** Lower-cased file name (and, for markdown, the name without `.md`) → paths, shortest first. */
  private readonly byName = new Map<string, string[]>();

  constructor(files: readonly string[]) {
    this.fileSet = new Set(files);
    for (const file of files) {
      for (let dir = dirOf(file); dir !== ''; dir = dirOf(dir)) {
        if (this.dirSet.has(dir)) break;
        this.dirSet.add(dir);
      }
      const name = baseName(file).toLowerCase();
      this.addName(name, file);
      if (name.endsWith('.md')) this.addName(name.slice(0, -3), file);
    }
    for (const list of this.byName.values()) list.sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  }

  /** True when the path names a file of the bundle. */
  isFile(path: string): boolean {
    return this.fileSet.has(path);
  }

  /** True when the path names a folder holding at least one file. */
  isDir(path: string): boolean {
    return this.dirSet.has(path.replace(/\/+$/, ''));
  }

  /** The existing file or folder a normalized path names: as written, or with `.md` added when it has no extension. */
  existing(path: string): string | null {
    if (this.fileSet.has(path)) return path;
    if (!/\.[A-Za-z0-9]+$/.test(baseName(path)) && this.fileSet.has(path + '.md')) return path + '.md';
    if (this.isDir(path)) return path.replace(/\/+$/, '');
    return null;
  }

  /** Resolves a markdown link (already normalized by the reader): the relative reading first, then the root one. */
  resolveMarkdown(link: { readonly targetPath?: string; readonly rootPath?: string }): string | null {
    return (
      (link.targetPath !== undefined ? this.existing(link.targetPath) : null) ??
      (link.rootPath !== undefined ? this.existing(link.rootPath) : null)
    );
  }

  /** Resolves an Obsidian wikilink name (`[[note]]`, `[[folder/note]]`, `[[/folder/note]]`, `[[image.png]]`). */
  resolveWikilink(raw: string): string | null {
    const name = percentDecode(raw.trim()).replace(/\\/g, '/');
    if (name.startsWith('/')) {
      const normalized = normalizeBundlePath(name);
      return normalized === null ? null : this.existing(normalized);
    }
    const lower = name.toLowerCase();
    const candidates = this.byName.get(baseName(lower));
    if (!candidates) return null;
    if (!lower.includes('/')) return candidates[0];
    const suffix = '/' + lower.replace(/^\.\//, '');
    return (
      candidates.find((p) => {
        const l = p.toLowerCase();
        return l.endsWith(suffix) || l.endsWith(suffix + '.md');
      }) ?? null
    );
  }

  /**
   * The bundle paths a path-valued frontmatter field may name (OKF §6.2): `/x` from the root; anything else
   * relative to the concept's folder, or read from the bundle root (real bundles write `references/x.md` both
   * ways). Empty for URLs; for a scope descriptor the paths simply do not exist.
   */
  resourceCandidates(fromPath: string, resource: string): string[] {
    const text = resource.trim();
    if (text === '' || URL_SCHEME.test(text) || text.startsWith('//')) return [];
    const { path, rootPath } = resolveLinkTarget(fromPath, text);
    return [path, rootPath].filter((p): p is string => p !== null);
  }

  /** Other files with the same name as `path` (for "did you mean" hints), shortest path first. */
  sameName(path: string): string[] {
    return (this.byName.get(baseName(path).toLowerCase()) ?? []).filter((p) => p !== path);
  }

  private addName(name: string, file: string): void {
    const list = this.byName.get(name);
    if (list) list.push(file);
    else this.byName.set(name, [file]);
  }
}
