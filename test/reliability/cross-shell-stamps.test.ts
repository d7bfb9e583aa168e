/** @jest-environment jsdom */
// The CLI (FsBundle: mtime, size and ctime) and the plugin (VaultBundle: Obsidian's mtime and size, no ctime)
// record file times by different rules. Alternating on one bundle must settle: once each has seen the other's
// wiki.db, neither re-reads an unchanged file nor rewrites wiki.db (at 10,000 concepts each would be seconds and
// ~100 MB).
import '../obsidian-double/node-globals';
import { utimesSync } from 'node:fs';
import * as nodePath from 'node:path';
import type * as O from 'obsidian';
import { WikiSession } from '../../src/core/engine/session';
import { systemClock, type BundleSource, type BundleWriter } from '../../src/core/types';
import { FsBundle } from '../../src/node/fs-bundle';
import { fsIndexStore } from '../../src/node/index-store';
import { VaultBundle } from '../../src/plugin/vault-bundle';
import { createTestApp } from '../obsidian-double/harness';
import { NodeFsStore } from '../obsidian-double/node-fs-store';
import { tempBundle } from '../support/temp-dir';

/** Opens a session over `source` as a shell does (wiki.db through the CLI's store), saving when opening changed it. */
async function openAs(source: BundleSource, store: FsBundle): Promise<{ reads: number; wrote: boolean }> {
  let reads = 0;
  const counted: BundleSource & BundleWriter = {
    list: () => source.list(),
    read: (p) => (reads++, source.read(p)),
    stat: (p) => source.stat!(p),
    write: (p, data) => store.write(p, data),
  };
  const session = await WikiSession.open({
    bundle: counted,
    store: fsIndexStore(store),
    clock: systemClock,
    origin: 'test',
  });
  const wrote = session.openChangedIndex;
  if (wrote) await session.save();
  await session.close();
  return { reads, wrote };
}

test('the CLI and the plugin alternating on one bundle settle: no re-reads, no wiki.db rewrites', async () => {
  const { dir, cleanup } = tempBundle('examples/computing-history');
  try {
    // A file whose mtime was set back (cp -p, rsync -t): its ctime is later, so the two rules give two times.
    const old = new Date('2026-01-01T00:00:00Z');
    utimesSync(nodePath.join(dir, 'entities', 'unix.md'), old, old);
    const cli = new FsBundle(dir);
    const app = await createTestApp(new NodeFsStore(dir));
    const plugin = new VaultBundle(app.vault as unknown as O.Vault, { bundleFolder: '', conceptFolders: [] });
    await openAs(cli, cli); // wiki.db built by the CLI
    const rounds = [];
    for (let i = 0; i < 3; i++) rounds.push([await openAs(plugin, cli), await openAs(cli, cli)]);
    // The plugin re-records the CLI's later times once (it cannot see ctime); after that nothing moves.
    expect(rounds.slice(1)).toEqual([
      [
        { reads: 0, wrote: false },
        { reads: 0, wrote: false },
      ],
      [
        { reads: 0, wrote: false },
        { reads: 0, wrote: false },
      ],
    ]);
    expect(rounds[0][1]).toEqual({ reads: 0, wrote: false });
  } finally {
    cleanup();
  }
}, 120_000);
