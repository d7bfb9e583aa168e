// MCP's stdio framing (one JSON-RPC message per line) that survives bad input. The SDK's own transport closes
// on a line over 10 MiB, so the server exited 0 with nothing said, and it answers malformed JSON with nothing
// at all. Here an oversized line is discarded as it streams in (never buffered), malformed JSON gets -32700,
// a non-message -32600, each logged on stderr, and the server keeps serving.
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The largest message read: the SDK's limit, far above any real tool call. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/**
 * Bytes kept of each end of a line being discarded, to answer with its id (else the client waits forever for it): a
 * client writes the id before its long params (`{"jsonrpc","id","method","params"}`) or after them (the SDK's own
 * `{...request, jsonrpc, id}`).
 */
const ID_SEARCH_BYTES = 4096;

/** JSON-RPC 2.0 error codes for input that is not a request. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

/** A newline-delimited JSON-RPC transport over two streams; `log` receives one line per rejected message. */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Bytes of the current line when it is over the limit (then it is being discarded), else 0. */
  private discarding = 0;
  /** The first and the last ID_SEARCH_BYTES of the line being discarded. */
  private head = Buffer.alloc(0);
  private tail = Buffer.alloc(0);
  private closed = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly log: (line: string) => void,
    private readonly maxBytes: number = MAX_MESSAGE_BYTES,
  ) {}

  private readonly onData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = 0;
    for (;;) {
      const newline = bytes.indexOf(0x0a, start);
      const piece = bytes.subarray(start, newline === -1 ? bytes.length : newline);
      this.take(piece);
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  };

  private readonly onInputError = (error: Error): void => this.onerror?.(error);

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(JSON.stringify(message) + '\n')) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    this.pending = [];
    this.onclose?.();
  }

  /** Adds part of the current line, or counts it when the line is over the limit. */
  private take(piece: Buffer): void {
    if (this.discarding > 0) {
      this.discarding += piece.length;
      this.keepTail(piece);
    } else if (this.pendingBytes + piece.length > this.maxBytes) {
      this.discarding = this.pendingBytes + piece.length;
      // Only the ends are copied: never the ~10 MiB read so far.
      const parts = [...this.pending, piece];
      this.head = Buffer.concat(parts, Math.min(ID_SEARCH_BYTES, this.discarding));
      this.tail = Buffer.alloc(0);
      for (const part of parts) this.keepTail(part);
      this.pending = [];
      this.pendingBytes = 0;
    } else if (piece.length > 0) {
      this.pending.push(piece);
      this.pendingBytes += piece.length;
    }
  }

  private endLine(): void {
    if (this.discarding > 0) {
      const size = this.discarding;
      this.discarding = 0;
      const id = idOfCutLine(this.head.toString('utf8'), this.tail.toString('utf8'));
      this.head = this.tail = Buffer.alloc(0);
      this.reject(id, INVALID_REQUEST, `message of ${size} bytes is over the ${this.maxBytes}-byte limit; discarded`);
      return;
    }
    const line = Buffer.concat(this.pending, this.pendingBytes).toString('utf8').replace(/\r$/, '');
    this.pending = [];
    this.pendingBytes = 0;
    if (line.trim() === '') return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (error) {
      this.reject(null, PARSE_ERROR, `not valid JSON (${(error as Error).message})`);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const id = (raw as { id?: unknown } | null)?.id;
      this.reject(
        typeof id === 'string' || typeof id === 'number' ? id : null,
        INVALID_REQUEST,
        'not a JSON-RPC 2.0 message',
      );
      return;
    }
    this.onmessage?.(parsed.data);
  }

  /** Keeps the last ID_SEARCH_BYTES of the line being discarded, `piece` being its latest part. */
  private keepTail(piece: Buffer): void {
    const end = piece.subarray(Math.max(0, piece.length - ID_SEARCH_BYTES));
    const kept = this.tail.subarray(Math.max(0, this.tail.length - (ID_SEARCH_BYTES - end.length)));
    this.tail = Buffer.concat([kept, end]);
  }

  /** Answers input that is not a message with a JSON-RPC error and says why on stderr. */
  private reject(id: string | number | null, code: number, reason: string): void {
    this.log(`okf-wiki mcp: ${reason}; answered with JSON-RPC error ${code}\n`);
    void this.send({ jsonrpc: '2.0', id, error: { code, message: reason } } as unknown as JSONRPCMessage);
  }
}

/** A JSON string, a number, or one of JSON's punctuation marks; anything else (a cut string) ends the scan. */
const TOKEN = /\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|[{}[\]:,])/y;
/** The id as the last member of the top-level object: what ends the line (a value of params would be nested). */
const ID_AT_END = /[{,]\s*"id"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"(?:[^"\\]|\\.)*")\s*\}\s*$/;

/**
 * The JSON-RPC id of a line too long to read, from its first and last bytes: a top-level `"id"` member among the
 * first members (read token by token until the bytes run out), else the object's last member. null when neither
 * holds it (the id sits between long members): a client then gets the error without its id, as before.
 */
export function idOfCutLine(head: string, tail: string): string | number | null {
  TOKEN.lastIndex = 0;
  const tokens: string[] = [];
  let depth = 0;
  for (let match = TOKEN.exec(head); match; match = TOKEN.exec(head)) {
    const token = match[1];
    if (token === '{' || token === '[') depth++;
    else if (token === '}' || token === ']') depth--;
    tokens.push(token);
    const n = tokens.length;
    // `{` or `,` at the top level, then `"id"`, `:` and its value.
    if (depth === 1 && n >= 4 && tokens[n - 3] === '"id"' && tokens[n - 2] === ':' && /^[{,]$/.test(tokens[n - 4])) {
      const id = usableId(token);
      if (id !== undefined) return id;
    }
    if (depth <= 0 && n > 1) break;
  }
  const last = ID_AT_END.exec(tail);
  return (last && usableId(last[1])) ?? null;
}

/** A JSON-RPC id (a string or a number) from its JSON text, else undefined. */
function usableId(text: string): string | number | undefined {
  if (!/^["\d-]/.test(text)) return undefined;
  const value: unknown = JSON.parse(text);
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}
