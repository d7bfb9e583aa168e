// The plugin's settings: one typed, documented field each, defaults in one constant, and a normalizer that
// turns whatever data.json holds (older versions, hand edits) into valid settings instead of throwing.
import { normalizePath } from 'obsidian';
import { DEFAULT_EMBED_MODEL, DEFAULT_EMBED_TIMEOUT_MS, DEFAULT_OLLAMA_HOST } from '../core/embed/ollama';
import type { ContextOptions } from '../core/retrieval/types';

export interface OkfSettings {
  /** Vault folder holding the OKF bundle; `` is the vault root. */
  readonly bundleFolder: string;
  /**
   * Whether the bundle folder was chosen (first-run dialog or the settings). Until it is, nothing is indexed and
   * nothing written: a vault of ordinary notes is not read as a bundle, and no wiki.db lands at its root.
   */
  readonly bundleChosen: boolean;
  /** Whether the first-run dialog was shown once (it opens by itself only then). */
  readonly setupOffered: boolean;
  /** Bundle folders whose markdown files are concepts (`entities`, `concepts`); empty means the whole bundle. */
  readonly conceptFolders: readonly string[];
  /** Vault path of the persisted index; `` means `wiki.db` at the bundle root. */
  readonly wikiDbPath: string;
  /** Compute embeddings with Ollama (the vector signal); off leaves titles and full text. */
  readonly embeddingsEnabled: boolean;
  readonly ollamaHost: string;
  readonly embeddingModel: string;
  /** Per request to Ollama, in milliseconds. */
  readonly ollamaTimeoutMs: number;
  /** Retrieval tunables; null means the core's default (`defaultContextOptions`). */
  readonly tokenBudget: number | null;
  readonly hopLimit: number | null;
  readonly hopDecay: number | null;
  readonly coverageThreshold: number | null;
  readonly vectorThreshold: number | null;
}

export const DEFAULT_SETTINGS: OkfSettings = {
  bundleFolder: '',
  bundleChosen: false,
  setupOffered: false,
  conceptFolders: [],
  wikiDbPath: '',
  embeddingsEnabled: true,
  ollamaHost: DEFAULT_OLLAMA_HOST,
  embeddingModel: DEFAULT_EMBED_MODEL,
  ollamaTimeoutMs: DEFAULT_EMBED_TIMEOUT_MS,
  tokenBudget: null,
  hopLimit: null,
  hopDecay: null,
  coverageThreshold: null,
  vectorThreshold: null,
};

/**
 * Trims slashes, backslashes and spaces at both ends and collapses repeated separators: ` /a//b/` → `a/b`; then
 * Obsidian's normalizePath, as for every path a person types (a no-break space becomes a space, the name NFC, as
 * the vault's own paths are). The vault root stays `` (normalizePath would make it `/`).
 */
export function cleanFolder(folder: string): string {
  const cleaned = folder
    .replace(/\\/g, '/')
    .split('/')
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== '.')
    .join('/');
  return cleaned === '' ? '' : normalizePath(cleaned);
}

/** Why `host` cannot be an Ollama address (null when it can): an http(s) URL with a host name and no spaces. */
export function ollamaHostProblem(host: string): string | null {
  const example = `Enter an http:// or https:// address, e.g. ${DEFAULT_OLLAMA_HOST}.`;
  if (/\s/.test(host)) return `“${host}” contains spaces. ${example}`;
  let url: URL;
  try {
    url = new URL(host);
  } catch {
    return `“${host}” is not a web address. ${example}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `“${host}” is not an http or https address. ${example}`;
  if (url.hostname === '') return `“${host}” names no host. ${example}`;
  return null;
}

/** The extension the index file must have, so that it can never be mistaken for (or replace) a note. */
export const INDEX_FILE_EXTENSION = '.db';

/** Why `path` (already cleaned) cannot be the index file, judging by its name alone (null when it can). */
export function indexFileNameProblem(path: string): string | null {
  if (path === '') return null;
  if (
    !path.toLowerCase().endsWith(INDEX_FILE_EXTENSION) ||
    path.slice(path.lastIndexOf('/') + 1).length <= INDEX_FILE_EXTENSION.length
  ) {
    return (
      `The index file must be named like wiki.db (ending ` +
      `in ${INDEX_FILE_EXTENSION}), so that it can never replace a note.`
    );
  }
  if (path.split('/').some((part) => part === '..')) return 'The index file must be inside the vault.';
  return null;
}

/** Parses a comma- or newline-separated folder list; blanks and duplicates dropped. */
export function parseFolderList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,\n]/)
        .map(cleanFolder)
        .filter((f) => f !== ''),
    ),
  ];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function str(raw: Record<string, unknown>, key: keyof OkfSettings, fallback: string): string {
  const v = raw[key];
  return typeof v === 'string' ? v.trim() : fallback;
}

function num(raw: Record<string, unknown>, key: keyof OkfSettings, min: number, max: number): number | null {
  const v = raw[key];
  return typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max ? v : null;
}

/** True for an Ollama address on this device itself (on a phone, that is the phone, where Ollama does not run). */
export function isLoopbackHost(host: string): boolean {
  try {
    const name = new URL(host).hostname.replace(/^\[|\]$/g, '');
    return name === 'localhost' || name === '::1' || /^127\./.test(name) || name === '0.0.0.0';
  } catch {
    return false;
  }
}

/**
 * Valid settings from data.json content: unknown keys dropped, bad values replaced by defaults. On mobile,
 * embeddings default to off unless a host off the device is set (the default 127.0.0.1 is the phone itself).
 * A data.json written before the first-run dialog existed names its bundle folder: that counts as chosen.
 */
export function normalizeSettings(
  data: unknown,
  platform: { readonly isMobile: boolean } = { isMobile: false },
): OkfSettings {
  const raw = isRecord(data) ? data : {};
  const folders = raw.conceptFolders;
  const ollamaHost = str(raw, 'ollamaHost', DEFAULT_SETTINGS.ollamaHost) || DEFAULT_SETTINGS.ollamaHost;
  const embeddingsDefault = !(platform.isMobile && isLoopbackHost(ollamaHost));
  return {
    bundleFolder: cleanFolder(str(raw, 'bundleFolder', DEFAULT_SETTINGS.bundleFolder)),
    bundleChosen: typeof raw.bundleChosen === 'boolean' ? raw.bundleChosen : typeof raw.bundleFolder === 'string',
    setupOffered: raw.setupOffered === true,
    conceptFolders: Array.isArray(folders)
      ? parseFolderList(folders.filter((f): f is string => typeof f === 'string').join('\n'))
      : [],
    wikiDbPath: safeIndexPath(cleanFolder(str(raw, 'wikiDbPath', DEFAULT_SETTINGS.wikiDbPath))),
    embeddingsEnabled: typeof raw.embeddingsEnabled === 'boolean' ? raw.embeddingsEnabled : embeddingsDefault,
    ollamaHost,
    embeddingModel: str(raw, 'embeddingModel', DEFAULT_SETTINGS.embeddingModel) || DEFAULT_SETTINGS.embeddingModel,
    ollamaTimeoutMs: num(raw, 'ollamaTimeoutMs', 100, 600_000) ?? DEFAULT_SETTINGS.ollamaTimeoutMs,
    tokenBudget: num(raw, 'tokenBudget', 50, 1_000_000),
    hopLimit: num(raw, 'hopLimit', 0, 5),
    hopDecay: num(raw, 'hopDecay', 0, 1),
    coverageThreshold: num(raw, 'coverageThreshold', 0, 1),
    vectorThreshold: num(raw, 'vectorThreshold', -1, 1),
  };
}

/** A hand-edited data.json naming a non-.db index file falls back to the default, never overwriting a note. */
function safeIndexPath(path: string): string {
  return indexFileNameProblem(path) === null ? path : DEFAULT_SETTINGS.wikiDbPath;
}

/** The vault path of wiki.db for these settings. */
export function wikiDbVaultPath(settings: OkfSettings): string {
  if (settings.wikiDbPath !== '') return settings.wikiDbPath;
  return settings.bundleFolder === '' ? 'wiki.db' : `${settings.bundleFolder}/wiki.db`;
}

/** The retrieval options the settings ask for (unset ones fall back to the core's defaults). */
export function contextOptionsFrom(settings: OkfSettings): ContextOptions {
  return {
    ...(settings.tokenBudget !== null ? { budget: settings.tokenBudget } : {}),
    ...(settings.hopLimit !== null ? { hops: settings.hopLimit } : {}),
    ...(settings.hopDecay !== null ? { hopDecay: settings.hopDecay } : {}),
    ...(settings.coverageThreshold !== null ? { coverageThreshold: settings.coverageThreshold } : {}),
    ...(settings.vectorThreshold !== null ? { vectorThreshold: settings.vectorThreshold } : {}),
  };
}

/** What a settings change requires of the index. */
export interface SettingsImpact {
  /** The set of concept files changed: rebuild from them. */
  readonly rebuild: boolean;
  /** wiki.db moved: write it at the new place. */
  readonly relocate: boolean;
  /** The embedding backend changed or was turned on: embed what lacks a vector for the model. */
  readonly reembed: boolean;
}

export function settingsImpact(before: OkfSettings, after: OkfSettings): SettingsImpact {
  return {
    rebuild:
      before.bundleFolder !== after.bundleFolder ||
      before.conceptFolders.join('\n') !== after.conceptFolders.join('\n'),
    relocate: wikiDbVaultPath(before) !== wikiDbVaultPath(after),
    reembed:
      after.embeddingsEnabled &&
      (!before.embeddingsEnabled ||
        before.embeddingModel !== after.embeddingModel ||
        before.ollamaHost !== after.ollamaHost ||
        before.ollamaTimeoutMs !== after.ollamaTimeoutMs),
  };
}
