// TAbstractFile, TFile, TFolder: the vault tree's nodes, with the fields obsidian.d.ts declares.
import type * as O from 'obsidian';

export abstract class TAbstractFile implements O.TAbstractFile {
  vault!: O.Vault;
  path = '';
  name = '';
  parent: O.TFolder | null = null;
}

export class TFile extends TAbstractFile implements O.TFile {
  stat: O.FileStats = { ctime: 0, mtime: 0, size: 0 };
  basename = '';
  extension = '';
}

export class TFolder extends TAbstractFile implements O.TFolder {
  children: O.TAbstractFile[] = [];

  isRoot(): boolean {
    return this.path === '/';
  }
}

/** Sets path, name, basename and extension from a vault path (as Obsidian does on create and rename). */
export function setFilePath(file: TAbstractFile, path: string): void {
  file.path = path;
  file.name = path.slice(path.lastIndexOf('/') + 1);
  if (file instanceof TFile) {
    const dot = file.name.lastIndexOf('.');
    file.basename = dot > 0 ? file.name.slice(0, dot) : file.name;
    file.extension = dot > 0 ? file.name.slice(dot + 1) : '';
  }
}
