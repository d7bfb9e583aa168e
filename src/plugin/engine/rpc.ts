// A small request/response channel over a MessagePort-like transport (a Worker, `self` inside one, either end of a
// MessageChannel): each side calls the other's named methods and gets a promise; notes expect no answer. Values
// cross by structured clone (byte buffers may be transferred); an error crosses as its name, message and `kind`,
// so an EmbedError thrown on one side can be rebuilt on the other.

/** The part of a MessagePort (or Worker, or a worker's `self`) the channel uses. */
export interface PortLike {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/** An error as it crosses the channel. */
export interface WireError {
  readonly name: string;
  readonly message: string;
  readonly kind?: string;
}

type Message =
  | { readonly t: 'call'; readonly id: number; readonly m: string; readonly a: unknown[] }
  | { readonly t: 'note'; readonly m: string; readonly a: unknown[] }
  | { readonly t: 'ok'; readonly id: number; readonly v: unknown }
  | { readonly t: 'err'; readonly id: number; readonly e: WireError };

/** Methods one side offers the other: each takes cloneable arguments and returns a cloneable value. */
export type Handlers = Record<string, (...args: never[]) => unknown>;

/** A value with the buffers to transfer rather than copy (wiki.db's bytes). */
export class Transfer<T> {
  constructor(
    readonly value: T,
    readonly buffers: Transferable[],
  ) {}
}

/** Wraps bytes to be moved, not copied, when they own their whole buffer. */
export function transferBytes(bytes: Uint8Array): Transfer<Uint8Array> | Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && bytes.buffer instanceof ArrayBuffer ? new Transfer(bytes, [bytes.buffer]) : bytes;
}

export class Rpc {
  private next = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  constructor(
    private readonly port: PortLike,
    private readonly handlers: Handlers,
    /** Rebuilds an error from its wire form (an EmbedError from its kind). */
    private readonly revive: (e: WireError) => Error = reviveError,
  ) {
    port.onmessage = (event) => void this.receive(event.data as Message);
  }

  /** Calls the other side's method `m`; resolves with its result or rejects with its error. */
  call<T>(m: string, ...args: unknown[]): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.send({ t: 'call', id, m, a: args });
    });
  }

  /** Tells the other side something; no answer. */
  note(m: string, ...args: unknown[]): void {
    this.send({ t: 'note', m, a: args });
  }

  /** Rejects every call still waiting (the other side is gone). */
  fail(reason: string): void {
    for (const { reject } of this.pending.values()) reject(new Error(reason));
    this.pending.clear();
  }

  private send(message: Message): void {
    const buffers: Transferable[] = [];
    const unwrap = (v: unknown): unknown => {
      if (!(v instanceof Transfer)) return v;
      buffers.push(...v.buffers);
      return v.value;
    };
    if (message.t === 'ok') this.port.postMessage({ ...message, v: unwrap(message.v) }, buffers);
    else if (message.t === 'call' || message.t === 'note')
      this.port.postMessage({ ...message, a: message.a.map(unwrap) }, buffers);
    else this.port.postMessage(message);
  }

  private async receive(message: Message): Promise<void> {
    if (message.t === 'ok' || message.t === 'err') {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.t === 'ok') waiting?.resolve(message.v);
      else waiting?.reject(this.revive(message.e));
      return;
    }
    const handler = this.handlers[message.m] as ((...args: unknown[]) => unknown) | undefined;
    try {
      if (!handler) throw new Error(`no method "${message.m}" on the other side of the engine channel`);
      const value = await handler(...message.a);
      if (message.t === 'call') this.send({ t: 'ok', id: message.id, v: value });
    } catch (error) {
      if (message.t === 'call') this.send({ t: 'err', id: message.id, e: wireError(error) });
    }
  }
}

/** An error's wire form. */
export function wireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const kind = (error as { kind?: unknown }).kind;
  return { name: error.name, message: error.message, ...(typeof kind === 'string' ? { kind } : {}) };
}

function reviveError(e: WireError): Error {
  const error = new Error(e.message);
  error.name = e.name;
  if (e.kind !== undefined) Object.assign(error, { kind: e.kind });
  return error;
}
