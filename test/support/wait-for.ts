// Polling for something a background process will do (a file watcher's event, a debounced write), with a
// deadline that names what never happened.

/** Resolves once `predicate` holds; polls every 10 ms and throws after `timeoutMs` naming `what`. */
export async function eventually(
  predicate: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const start = Date.now();
  for (;;) {
    if (await predicate()) return;
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
