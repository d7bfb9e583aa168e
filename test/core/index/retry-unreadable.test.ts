// A file whose read failed (a transient EIO, a permission since fixed) is indexed as invalid with an `unreadable`
// diagnostic. Fixing the cause changes nothing a stat sees where the shell has no ctime (Obsidian's vault; a
// transient error anywhere), so a catch-up that skipped files by their times kept it invalid until it was edited or
// a full reindex ran. Now every catch-up and every refresh (a batch of saves) reads again the files whose last read
// failed, and only those.
import { WikiSession, type IndexStore } from '../../../src/core/engine/session';
import type { FileStat } from '../../../src/core/types';
import { conceptFile } from '../../support/builders';
import { MemoryBundle } from '../../support/memory-bundle';

const ADA = '/entities/ada-lovelace.md';
const BABBAGE = '/entities/charles-babbage.md';
const HOPPER = '/entities/grace-hopper.md';

/** Files whose reads fail while listed in `failing`; every read is counted; stat as Obsidian's (no ctime). */
class FlakyBundle extends MemoryBundle {
  readonly failing = new Set<string>();
  reads: string[] = [];
  override async read(path: string): Promise<string> {
    this.reads.push(path);
    if (this.failing.has(path)) throw new Error(`EACCES: permission denied, open '${path}'`);
    return super.read(path);
  }
  async stat(path: string): Promise<FileStat | undefined> {
    const text = this.files.get(path);
    return text === undefined ? undefined : { mtime: 1_700_000_000_000, size: text.length };
  }
}

const noStore: IndexStore = { read: async () => undefined, write: async () => undefined };

async function openWithAdaFailing(): Promise<{ bundle: FlakyBundle; session: WikiSession }> {
  const bundle = new FlakyBundle({
    [ADA]: conceptFile({ type: 'Person', title: 'Ada Lovelace' }, 'Wrote the first program.\n'),
    [BABBAGE]: conceptFile({ type: 'Person', title: 'Charles Babbage' }, 'Designed the Analytical Engine.\n'),
    [HOPPER]: conceptFile({ type: 'Person', title: 'Grace Hopper' }, 'Wrote the first compiler.\n'),
  });
  bundle.failing.add(ADA);
  const session = await WikiSession.open({
    bundle,
    store: noStore,
    clock: { now: () => '2026-12-01T12:00:00Z' },
    origin: 'test',
  });
  return { bundle, session };
}

const titles = (session: WikiSession) => session.index.conceptTitles().map((c) => c.title);
const codes = (session: WikiSession) => session.index.diagnostics().map((d) => `${d.path} ${d.code}`);

test('a file whose read failed is read again by the next catch-up, and only it', async () => {
  const { bundle, session } = await openWithAdaFailing();
  expect(titles(session)).toEqual(['Charles Babbage', 'Grace Hopper']);
  expect(codes(session)).toEqual([`${ADA} unreadable`]);
  // Still failing: tried again, still invalid, nothing else read.
  bundle.reads = [];
  expect(await session.sync()).toEqual({ updated: [], removed: [] });
  expect(bundle.reads).toEqual([ADA]);
  expect(codes(session)).toEqual([`${ADA} unreadable`]);
  // Its permission fixed (its times unchanged): the next catch-up indexes it.
  bundle.failing.clear();
  bundle.reads = [];
  expect(await session.sync()).toEqual({ updated: [ADA], removed: [] });
  expect(bundle.reads).toEqual([ADA]);
  expect(titles(session)).toEqual(['Ada Lovelace', 'Charles Babbage', 'Grace Hopper']);
  expect(codes(session)).toEqual([]);
  // Read once it could be: the catch-up after reads nothing.
  bundle.reads = [];
  expect(await session.sync()).toEqual({ updated: [], removed: [] });
  expect(bundle.reads).toEqual([]);
});

test('the next batch of saves (a refresh of other files) reads again a file whose read failed', async () => {
  const { bundle, session } = await openWithAdaFailing();
  bundle.failing.clear();
  bundle.set(HOPPER, conceptFile({ type: 'Person', title: 'Grace Hopper' }, 'Wrote the first compiler, A-0.\n'));
  bundle.reads = [];
  expect((await session.refresh([HOPPER])).sort()).toEqual([ADA, HOPPER]);
  expect(bundle.reads.sort()).toEqual([ADA, HOPPER]);
  expect(titles(session)).toEqual(['Ada Lovelace', 'Charles Babbage', 'Grace Hopper']);
  expect(codes(session)).toEqual([]);
});
