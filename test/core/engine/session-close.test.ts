// Closing a session waits for the saves in flight (the Node shells export wiki.db from the open index as they write
// it), but only for a while: a save that hangs (a stalled network drive, a host that never answers) must not hang
// the CLI's exit, the MCP server's or Obsidian's unload. Past the wait, close says so, and the index stays open
// until that save settles, so a save that finishes late still writes the whole index.
import { CLOSE_WAIT_MS, SavesStillRunning, WikiSession, type IndexStore } from '../../../src/core/engine/session';
import { isLoadProblem, WikiIndex } from '../../../src/core/index/wiki-index';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';

/** wiki.db whose write waits for `release` (never, unless called) before it exports the index. */
class StalledStore implements IndexStore {
  written: Uint8Array | undefined;
  release: () => void = () => undefined;
  private readonly gate = new Promise<void>((resolve) => (this.release = resolve));
  async read(): Promise<undefined> {
    return undefined;
  }
  async write(bytes: () => Uint8Array): Promise<void> {
    await this.gate;
    this.written = bytes();
  }
}

async function openOver(store: IndexStore): Promise<WikiSession> {
  const files = new MemoryBundle({
    '/entities/ada-lovelace.md': conceptFile({ type: 'Person', title: 'Ada Lovelace' }, 'Wrote the first program.\n'),
  });
  return WikiSession.open({ bundle: files, store, clock: { now: () => '2026-12-01T12:00:00Z' }, origin: 'test' });
}

test('close stops waiting for a save that never settles, says so, and leaves the index to that save', async () => {
  const store = new StalledStore();
  const session = await openOver(store);
  const saving = session.save();
  const closing = session.close(50);
  await expect(closing).rejects.toBeInstanceOf(SavesStillRunning);
  await expect(closing).rejects.toThrow(
    'wiki.db was still being saved after 0.05 s; stopped waiting for it. Until a save finishes, wiki.db may ' +
      'lag the notes (the next open catches up by reading the files changed since).',
  );
  // Not closed under the save: it exports from this index if it ever goes on.
  expect(session.index.stats().concepts).toBe(1);
  void saving;
});

test('a save that settles after close gave up still writes the whole index, which is then closed', async () => {
  const store = new StalledStore();
  const session = await openOver(store);
  const saving = session.save();
  await expect(session.close(50)).rejects.toBeInstanceOf(SavesStillRunning);
  store.release();
  await saving;
  const loaded = await WikiIndex.load(store.written!);
  if (isLoadProblem(loaded)) throw new Error(loaded.reason);
  expect(loaded.conceptTitles().map((c) => c.title)).toEqual(['Ada Lovelace']);
  loaded.close();
  // Closed once its last save settled.
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(() => session.index.stats()).toThrow();
});

test('a save that settles within the wait is waited for, then the index is closed', async () => {
  const store = new StalledStore();
  const session = await openOver(store);
  const saving = session.save();
  const closing = session.close(10_000);
  store.release();
  await closing;
  await saving;
  expect(store.written).toBeDefined();
  expect(() => session.index.stats()).toThrow();
});

// A rebuild replaces the index only once the saves exporting it have settled, as close closes it: waited for as long
// as close waits, on jest's clock (no real time passes), then refused with the same error.
describe('rebuild during a save', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('a save that never settles: rebuild stops waiting after the bound, says so, and keeps the index', async () => {
    const store = new StalledStore();
    const session = await openOver(store);
    const before = session.index;
    void session.save();
    let outcome: unknown = 'still waiting';
    session.rebuild().then(
      () => (outcome = 'rebuilt'),
      (error: unknown) => (outcome = error),
    );
    await jest.advanceTimersByTimeAsync(CLOSE_WAIT_MS - 1);
    expect(outcome).toBe('still waiting');
    await jest.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(SavesStillRunning);
    expect((outcome as Error).message).toBe(
      'wiki.db was still being saved after 10 s; the rebuild was not applied, the index stays as it was ' +
        '(rebuild again once the save has finished).',
    );
    // The save goes on exporting this index, open and unchanged.
    expect(session.index).toBe(before);
    expect(session.index.stats().concepts).toBe(1);
    store.release();
    await jest.advanceTimersByTimeAsync(0);
    expect(store.written).toBeDefined();
  });

  test('a save that settles within the bound is waited for, then the rebuilt index replaces the old', async () => {
    const store = new StalledStore();
    const session = await openOver(store);
    const before = session.index;
    const saving = session.save();
    const rebuilding = session.rebuild();
    await jest.advanceTimersByTimeAsync(CLOSE_WAIT_MS / 2);
    store.release();
    const report = await rebuilding;
    await saving;
    expect(report.stats.concepts).toBe(1);
    expect(session.index).not.toBe(before);
    expect(() => before.stats()).toThrow();
  });
});
