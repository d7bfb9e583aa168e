// The checks of a SQLite file's header that SQLite itself leaves to the caller: the magic string, a valid page
// size, and a length that is a whole number of pages holding every page the header counts.
const SQLITE_MAGIC = 'SQLite format 3\0';

/** The bytes of the header checkHeader reads. */
export const HEADER_BYTES = 100;

/**
 * Refuses a file whose size disagrees with its header. SQLite reads a short final page as zeros and
 * quick_check does not look inside records, so a wiki.db missing its last few bytes would otherwise load
 * with silently damaged rows.
 */
export function checkFileSize(bytes: Uint8Array): void {
  checkHeader(bytes, bytes.byteLength);
}

/** As checkFileSize, for a file of `byteLength` bytes of which `header` holds the first (at least 100). */
export function checkHeader(header: Uint8Array, byteLength: number): void {
  if (header.byteLength < HEADER_BYTES || new TextDecoder().decode(header.subarray(0, 16)) !== SQLITE_MAGIC)
    throw new Error('no SQLite header');
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const written = view.getUint16(16);
  const pageSize = written === 1 ? 65536 : written;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0)
    throw new Error(`invalid page size ${written} in the header`);
  if (byteLength % pageSize !== 0)
    throw new Error(`truncated: ${byteLength} bytes is not a whole number of ${pageSize}-byte pages`);
  // The header's page count is authoritative when its version-valid-for number matches the change counter.
  const pages = view.getUint32(28);
  if (pages !== 0 && view.getUint32(24) === view.getUint32(92) && pages * pageSize > byteLength) {
    throw new Error(
      `truncated: the header says ${pages} pages of ${pageSize} bytes, the file holds ${byteLength / pageSize}`,
    );
  }
}
