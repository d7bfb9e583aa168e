// Whether an existing SQLite file is an OKF Graph Wiki index, read without the SQLite engine: a shell asks before
// it lets a setting point the index at that file (the index is written over it, and moved away later). The test is
// the one verify-schema.ts makes of `meta` (a table `meta` holding `format` = INDEX_FORMAT); the rest of the schema is
// checked when the index is loaded (an index of another version is still ours: it is rebuilt in place). Only the
// pages of `sqlite_schema` and of `meta` are read, through `read`: a few pages of a file of any size.
import { INDEX_FORMAT } from './schema';

/** `length` bytes of the file from `offset` (fewer at its end). */
export type ReadAt = (offset: number, length: number) => Uint8Array;

/** How notAnIndex's reason starts for a readable SQLite database without okf-wiki's `meta` (never ours). */
export const ANOTHER_APPLICATION = 'a SQLite database of another application';

/** Pages visited at most: `sqlite_schema` and `meta` of an index are a handful; a loop in a damaged file ends here. */
const MAX_PAGES = 4096;

/** Why the file is not an OKF Graph Wiki index, or undefined when it is one. Never throws. */
export function notAnIndex(read: ReadAt): string | undefined {
  try {
    const file = new PagedFile(read);
    const schema = file.records(1);
    const meta = schema.find((r) => r[0] === 'table' && r[1] === 'meta');
    if (!meta || typeof meta[3] !== 'number') return `${ANOTHER_APPLICATION} (no okf-wiki \`meta\`)`;
    const format = file.records(meta[3]).find((r) => r[0] === 'format')?.[1];
    return format === INDEX_FORMAT ? undefined : `${ANOTHER_APPLICATION} (not okf-wiki \`meta\`)`;
  } catch (error) {
    return (error as Error).message;
  }
}

type Value = string | number | null | Uint8Array;

class PagedFile {
  readonly pageSize: number;
  private readonly usable: number;
  private visited = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: false });

  constructor(private readonly read: ReadAt) {
    const header = read(0, 100);
    if (header.byteLength < 100 || new TextDecoder().decode(header.subarray(0, 16)) !== 'SQLite format 3\0')
      throw new Error('not a SQLite database');
    const view = new DataView(header.buffer, header.byteOffset, 100);
    const written = view.getUint16(16);
    this.pageSize = written === 1 ? 65536 : written;
    if (this.pageSize < 512 || (this.pageSize & (this.pageSize - 1)) !== 0) throw new Error('a damaged SQLite header');
    this.usable = this.pageSize - header[20];
    // okf-wiki writes UTF-8; a database in UTF-16 is another application's.
    if (view.getUint32(56) > 1) throw new Error(`${ANOTHER_APPLICATION} (UTF-16 text)`);
  }

  private page(n: number): Uint8Array {
    if (++this.visited > MAX_PAGES || n < 1) throw new Error('a damaged SQLite database');
    const bytes = this.read((n - 1) * this.pageSize, this.pageSize);
    if (bytes.byteLength !== this.pageSize) throw new Error('a truncated SQLite database');
    return bytes;
  }

  /** Every record of the b-tree rooted at page `root` (table or index b-tree), in order. */
  records(root: number): Value[][] {
    const out: Value[][] = [];
    const walk = (n: number): void => {
      const page = this.page(n);
      const at = n === 1 ? 100 : 0;
      const kind = page[at];
      if (![2, 5, 10, 13].includes(kind)) throw new Error('a damaged SQLite database');
      const leaf = kind === 10 || kind === 13;
      const cells = (page[at + 3] << 8) | page[at + 4];
      const pointers = at + (leaf ? 8 : 12);
      for (let i = 0; i < cells; i++) {
        let p = (page[pointers + 2 * i] << 8) | page[pointers + 2 * i + 1];
        if (!leaf) {
          walk(u32(page, p));
          p += 4;
          if (kind === 5) continue; // an interior table cell holds only a rowid
        }
        const [size, afterSize] = varint(page, p);
        p = afterSize;
        if (kind === 13) p = varint(page, p)[1]; // the rowid
        out.push(this.record(this.payload(page, p, size, kind === 13)));
      }
      if (!leaf) walk(u32(page, at + 8));
    };
    walk(root);
    return out;
  }

  /** A cell's payload of `size` bytes from `p`, with its overflow pages. */
  private payload(page: Uint8Array, p: number, size: number, table: boolean): Uint8Array {
    const u = this.usable;
    const max = table ? u - 35 : Math.floor(((u - 12) * 64) / 255) - 23;
    if (size <= max) return page.subarray(p, p + size);
    const min = Math.floor(((u - 12) * 32) / 255) - 23;
    const k = min + ((size - min) % (u - 4));
    const local = k <= max ? k : min;
    const out = new Uint8Array(size);
    out.set(page.subarray(p, p + local));
    let filled = local;
    let next = u32(page, p + local);
    while (filled < size) {
      const overflow = this.page(next);
      const part = overflow.subarray(4, 4 + Math.min(u - 4, size - filled));
      out.set(part, filled);
      filled += part.byteLength;
      next = u32(overflow, 0);
    }
    return out;
  }

  private record(bytes: Uint8Array): Value[] {
    const [headerSize, first] = varint(bytes, 0);
    const types: number[] = [];
    for (let p = first; p < headerSize;) {
      const [type, next] = varint(bytes, p);
      types.push(type);
      p = next;
    }
    let at = headerSize;
    return types.map((type) => {
      const length = serialLength(type);
      const value = bytes.subarray(at, at + length);
      at += length;
      if (type >= 13) return this.decoder.decode(value);
      if (type >= 12) return value;
      if (type === 8 || type === 9) return type - 8;
      if (type >= 1 && type <= 6) return value.reduce((n, b) => n * 256 + b, 0);
      return null; // NULL, or a float (no column read here holds one)
    });
  }
}

function serialLength(type: number): number {
  if (type >= 12) return Math.floor((type - 12) / 2);
  return [0, 1, 2, 3, 4, 6, 8, 8, 0, 0, 0, 0][type];
}

function u32(bytes: Uint8Array, p: number): number {
  return ((bytes[p] << 24) >>> 0) + (bytes[p + 1] << 16) + (bytes[p + 2] << 8) + bytes[p + 3];
}

/** SQLite's varint at `p`: its value and the position after it. */
function varint(bytes: Uint8Array, p: number): [number, number] {
  let value = 0;
  for (let i = 0; i < 8; i++) {
    const b = bytes[p + i];
    value = value * 128 + (b & 0x7f);
    if (b < 0x80) return [value, p + i + 1];
  }
  return [value * 256 + bytes[p + 8], p + 9];
}
