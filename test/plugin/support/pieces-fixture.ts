// Shared by the tests of wiki.db's pieces: an IndexPersister over the Obsidian double's adapter on a memory store,
// sample bytes that differ from piece to piece, and what is on disk (wiki.db, the manifest, the pieces).
import type { DataAdapter } from 'obsidian';
import { IndexPersister } from '../../../src/plugin/index-persister';
import {
  exported,
  isPieces,
  piecesFile,
  type ExportedIndex,
  type WikiDbRead,
} from '../../../src/plugin/engine/wiki-db-pieces';
import { DataAdapterDouble } from '../../obsidian-double/data-adapter';
import { MemoryStore } from '../../obsidian-double/file-store';

export const DB = 'wiki/wiki.db';
export const FOLDER = 'wiki/.wiki.db.pieces';
export const MANIFEST = `${FOLDER}/manifest.json`;

/** `pieces` full pieces of `pieceBytes` and a short last one of 1000 bytes, differing with `seed`. */
export function sample(seed: number, pieceBytes: number, pieces = 2): Uint8Array {
  const bytes = new Uint8Array(pieces * pieceBytes + 1000);
  const words = new Uint32Array(bytes.buffer, 0, bytes.length >> 2);
  for (let i = 0; i < words.length; i++) words[i] = Math.imul(i + seed, 2654435761);
  return bytes;
}

/** `bytes` with one byte changed in piece `piece` (of `pieceBytes`), as a save changes a page. */
export function edited(bytes: Uint8Array, piece: number, pieceBytes: number): Uint8Array {
  const copy = bytes.slice();
  copy[piece * pieceBytes + 5] ^= 0xff;
  return copy;
}

export const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.from(a).equals(Buffer.from(b));

/** The bytes a read hands the engine: the pieces joined as the engine joins them, or the whole file. */
export function joined(read: WikiDbRead): Uint8Array {
  if (read instanceof Uint8Array) return read;
  if (!isPieces(read)) throw new Error(`not bytes: ${JSON.stringify(read)}`);
  const file = piecesFile(read);
  if (!file) throw new Error('a piece does not match its name');
  const target = new Uint8Array(file.byteLength);
  file.readInto(target);
  return target;
}

/** A vault with one note, its adapter (which records every call) and a persister of wiki/wiki.db over it. */
export class PiecesVault {
  readonly store = MemoryStore.from({ 'wiki/x.md': '' });
  readonly adapter = new DataAdapterDouble(this.store);
  readonly notes: string[] = [];
  private readonly made: IndexPersister[] = [];
  readonly persister = this.newPersister();

  /** A persister of wiki/wiki.db (a new one is a new session: nothing kept in memory). */
  newPersister(): IndexPersister {
    const persister = new IndexPersister(this.adapter as unknown as DataAdapter, DB, {
      delayMs: 60_000,
      notify: (m) => this.notes.push(m),
      due: () => undefined,
    });
    this.made.push(persister);
    return persister;
  }

  /** Stops every persister's timers. */
  dispose(): void {
    for (const p of this.made) p.stop();
  }

  /** A change to the index, then its deferred write (60 s after the last save): `bytes` is the export. */
  async deferred(bytes: Uint8Array): Promise<void> {
    this.persister.markDirty();
    await this.persister.writeSnapshot((have) => this.export(bytes, have));
  }

  /** What the engine hands over: `bytes` whole, or the pieces not in `have`; each export recorded in `exports`. */
  export(bytes: Uint8Array, have?: readonly string[]): ExportedIndex {
    const index = exported(bytes.slice(), have);
    this.exports.push(index);
    return index;
  }

  readonly exports: ExportedIndex[] = [];

  /** A change, then a write of wiki.db whole (unload, Rebuild). */
  async whole(bytes: Uint8Array): Promise<void> {
    this.persister.markDirty();
    await this.persister.writeSnapshot((have) => this.export(bytes, have), true);
  }

  /** wiki.db's bytes on disk. */
  async wikiDb(): Promise<Uint8Array> {
    return new Uint8Array(await this.adapter.readBinary(DB));
  }

  async manifest(): Promise<Record<string, unknown> & { pieces: string[]; generation: number }> {
    return JSON.parse(await this.adapter.read(MANIFEST)) as Record<string, unknown> & {
      pieces: string[];
      generation: number;
    };
  }

  /** The file names in the pieces' folder, sorted. */
  async folder(): Promise<string[]> {
    return (await this.adapter.list(FOLDER)).files.map((f) => f.slice(FOLDER.length + 1)).sort();
  }

  /** Writes of pieces (not the manifest) the adapter saw since `calls` was last cleared. */
  pieceWrites(): string[] {
    return this.adapter.calls.filter((c) => c.startsWith(`writeBinary ${FOLDER}/`));
  }

  /** Whether wiki.db itself was written since `calls` was last cleared. */
  wikiDbWritten(): boolean {
    return this.adapter.calls.some((c) => c.startsWith(`writeBinary ${DB}`));
  }

  /** A fresh start's read, as the next session would make it (a new persister: nothing kept in memory). */
  async restart(): Promise<{ read: WikiDbRead; persister: IndexPersister }> {
    const persister = this.newPersister();
    return { read: await persister.read(), persister };
  }
}
