// A write the file system refused (a full disk, a quota, a read-only mount, a permission): Node's bare message
// (`ENOSPC: no space left on device, write`) named neither the file nor what state it was left in (QA review,
// finding 12). Writes go through a temporary file and a rename, so the file itself is always as it was.

/** A refused write, naming the file and the reason; `code` is the system's (ENOSPC, EDQUOT, EROFS, EACCES, ...). */
export class WriteFailure extends Error {
  constructor(
    readonly file: string,
    readonly code: string,
    reason: string,
    existed: boolean,
  ) {
    super(`could not write ${file} (${reason}); ${existed ? 'the file is as it was' : 'it was not created'}`);
  }
}

/** `ENOSPC: no space left on device, write` → `no space left on device`. */
const SYSTEM_MESSAGE = /^[A-Z0-9]+: (.+?)(?:, [a-z]+(?: '.*')?)?$/s;

/** A system error from writing `file` as a WriteFailure; any other error (a refusal of ours) as it is. */
export function asWriteFailure(file: string, error: unknown, existed: boolean): unknown {
  const e = error as { code?: unknown; syscall?: unknown; message?: unknown } | undefined;
  if (typeof e?.code !== 'string' || typeof e.syscall !== 'string' || typeof e.message !== 'string') return error;
  return new WriteFailure(file, e.code, SYSTEM_MESSAGE.exec(e.message)?.[1] ?? e.message, existed);
}
