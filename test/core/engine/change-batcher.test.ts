/** @jest-environment jsdom */
// A burst of file events becomes one batch once the vault is quiet; later events for a path win.
import { ChangeBatcher, type ChangeBatch } from '../../../src/core/engine/change-batcher';

/** Global timers, faked by jest per test. */
const TIMERS = {
  set: (callback: () => void, ms: number) => setTimeout(callback, ms),
  clear: (handle: unknown) => clearTimeout(handle as NodeJS.Timeout),
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('events are coalesced into one batch after the quiet time', () => {
  const batches: ChangeBatch[] = [];
  const b = new ChangeBatcher((x) => batches.push(x), TIMERS, { quietMs: 100, maxWaitMs: 1000 });
  b.changed('a.md');
  jest.advanceTimersByTime(60);
  b.changed('b.md');
  b.changed('a.md');
  jest.advanceTimersByTime(60);
  expect(batches).toEqual([]);
  jest.advanceTimersByTime(50);
  expect(batches).toEqual([{ changed: ['a.md', 'b.md'], removed: [] }]);
});

test('a rename is the old path removed and the new one read; changed-then-deleted is only removed', () => {
  const batches: ChangeBatch[] = [];
  const b = new ChangeBatcher((x) => batches.push(x), TIMERS, { quietMs: 10, maxWaitMs: 100 });
  b.renamed('old.md', 'new.md');
  b.changed('gone.md');
  b.removed('gone.md');
  b.flush();
  expect(batches).toEqual([{ changed: ['new.md'], removed: ['gone.md', 'old.md'] }]);
});

test('a steady stream of events is still applied after the longest wait', () => {
  const batches: ChangeBatch[] = [];
  const b = new ChangeBatcher((x) => batches.push(x), TIMERS, { quietMs: 100, maxWaitMs: 300 });
  for (let t = 0; t < 400; t += 50) {
    b.changed(`f${t}.md`);
    jest.advanceTimersByTime(50);
  }
  expect(batches.length).toBeGreaterThanOrEqual(1);
  expect(batches[0].changed).toHaveLength(6);
});

test('dispose drops pending events', () => {
  const batches: ChangeBatch[] = [];
  const b = new ChangeBatcher((x) => batches.push(x), TIMERS, { quietMs: 10, maxWaitMs: 100 });
  b.changed('a.md');
  b.dispose();
  jest.advanceTimersByTime(1000);
  expect(batches).toEqual([]);
});
