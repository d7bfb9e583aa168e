// Obsidian's Events: named callbacks with an EventRef handle that `offref` (and Component.registerEvent) releases.
import type * as O from 'obsidian';

/** The double's EventRef carries what `offref` needs; Obsidian's is opaque. */
export interface DoubleEventRef extends O.EventRef {
  readonly e: Events;
  readonly name: string;
  readonly fn: (...data: unknown[]) => unknown;
  readonly ctx: unknown;
}

export class Events implements O.Events {
  private readonly handlers = new Map<string, DoubleEventRef[]>();

  on(name: string, callback: (...data: unknown[]) => unknown, ctx?: unknown): O.EventRef {
    const ref: DoubleEventRef = { e: this, name, fn: callback, ctx };
    const list = this.handlers.get(name) ?? [];
    list.push(ref);
    this.handlers.set(name, list);
    return ref;
  }

  off(name: string, callback: (...data: unknown[]) => unknown): void {
    const list = this.handlers.get(name);
    if (list)
      this.handlers.set(
        name,
        list.filter((r) => r.fn !== callback),
      );
  }

  offref(ref: O.EventRef): void {
    const r = ref as DoubleEventRef;
    const list = this.handlers.get(r.name);
    if (list)
      this.handlers.set(
        r.name,
        list.filter((x) => x !== r),
      );
  }

  trigger(name: string, ...data: unknown[]): void {
    for (const ref of [...(this.handlers.get(name) ?? [])]) this.tryTrigger(ref, data);
  }

  /** Like Obsidian: a throwing handler is logged and does not stop the others. */
  tryTrigger(evt: O.EventRef, args: unknown[]): void {
    const r = evt as DoubleEventRef;
    try {
      r.fn.apply(r.ctx, args);
    } catch (error) {
      console.error(error);
    }
  }

  /** Test helper (not Obsidian API): how many handlers listen to `name`. */
  listenerCount(name: string): number {
    return this.handlers.get(name)?.length ?? 0;
  }
}
