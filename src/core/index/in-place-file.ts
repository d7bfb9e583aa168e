// A wiki.db opened to be read at positions, with its trailer read (snapshot.ts), and the check of its checksum over
// every byte it covers, read a piece at a time: what a rebuild's carry (carry.ts) and a load in place (load.ts) share.
import { HEADER_BYTES } from './file-header';
import { Checksum, oversizedReason, readTrailer, TRAILER_ROOM, type FileReader, type Persisted } from './snapshot';

/** A previous wiki.db opened to be read in place: its database bytes (before the trailer) and their checksum. */
export interface InPlaceFile {
  readonly reader: FileReader;
  readonly databaseBytes: number;
  /** The bytes `recorded` covers: the database, then the catalog section after it (snapshot.ts). */
  readonly checkedBytes: number;
  readonly recorded: string;
}

/**
 * Bytes read at a time while checking the checksum (a multiple of 8, as Checksum wants). 512 KiB rather than 4 MiB: the
 * buffer's fresh pages are fewer to fault in and it stays in the cache between the read and the hash (127 MB checked:
 * ~86 → ~62 ms of CPU, medians of 8 interleaved runs at load ~17).
 */
const PIECE_BYTES = 512 * 1024;

/** Reads `persisted` as a Uint8Array's reader: the plugin hands over the bytes it holds. */
function bytesReader(bytes: Uint8Array): FileReader {
  return {
    readAt: (target, position) => {
      if (position + target.byteLength > bytes.byteLength) throw new Error('read past the end');
      target.set(bytes.subarray(position, position + target.byteLength));
    },
    close: () => undefined,
  };
}

/**
 * The previous wiki.db opened to be read in place; `whole` when it must be read whole instead (no checksum trailer,
 * or a shell that cannot read at positions); `unusable` when it cannot be read at all (nothing is carried, as a
 * load that fails carries nothing).
 */
export function openInPlace(persisted: Persisted): InPlaceFile | 'whole' | 'unusable' {
  if (oversizedReason('wiki.db', persisted.byteLength)) return 'unusable';
  if (persisted.byteLength < TRAILER_ROOM + HEADER_BYTES) return 'whole';
  let reader: FileReader;
  if (persisted instanceof Uint8Array) reader = bytesReader(persisted);
  else if (persisted.openReader) {
    try {
      reader = persisted.openReader();
    } catch {
      return 'unusable';
    }
  } else return 'whole';
  try {
    const last = new Uint8Array(TRAILER_ROOM);
    reader.readAt(last, persisted.byteLength - TRAILER_ROOM);
    const found = readTrailer(last, persisted.byteLength);
    if (found !== undefined) return { reader, ...found };
    reader.close();
    return 'whole';
  } catch {
    reader.close();
    return 'unusable';
  }
}

/** The recorded checksum against every byte it covers, read a piece at a time (never the whole file at once). */
export function checksumMatches(file: InPlaceFile): boolean {
  const sum = new Checksum(file.checkedBytes);
  const piece = new Uint8Array(Math.min(PIECE_BYTES, file.checkedBytes));
  for (let at = 0; at < file.checkedBytes; at += piece.byteLength) {
    const view = piece.subarray(0, Math.min(piece.byteLength, file.checkedBytes - at));
    file.reader.readAt(view, at);
    sum.update(view);
  }
  return sum.digest() === file.recorded;
}
