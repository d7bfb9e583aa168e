// Lists the vault's notes with their frontmatter for first-run detection: from Obsidian's metadata cache
// (no file read), reading only the notes the cache has not parsed yet.
import type { App, TFile } from 'obsidian';
import { parseFrontmatterYaml, splitFrontmatter } from '../../core/okf/frontmatter';
import type { ScannedNote } from './detect';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every file path of the vault and every markdown note with its frontmatter. */
export async function scanVault(app: App): Promise<{ files: string[]; notes: ScannedNote[] }> {
  const files = app.vault.getFiles().map((f) => f.path);
  const notes: ScannedNote[] = [];
  for (const file of app.vault.getMarkdownFiles()) {
    const cached = app.metadataCache.getFileCache(file);
    const frontmatter = cached ? (cached.frontmatter ?? null) : await readFrontmatter(app, file);
    notes.push({ path: file.path, frontmatter: isRecord(frontmatter) ? frontmatter : null });
  }
  return { files, notes };
}

async function readFrontmatter(app: App, file: TFile): Promise<unknown> {
  try {
    const split = splitFrontmatter(await app.vault.cachedRead(file));
    return split.yaml === null || split.unclosed
      ? null
      : parseFrontmatterYaml(file.path, split.yaml, split.yamlStartLine).data;
  } catch {
    return null;
  }
}
