// The engine session every shell uses: open from wiki.db or build, answer with the session's clock, rebuild
// (vectors of unchanged concepts kept, every generated file rewritten, one log entry), and the refresh after an edit.
import { WikiSession, type IndexStore, type SessionEnv } from '../../../src/core/engine/session';
import type { AuthorLogEntry } from '../../../src/core/author/commit';
import { FakeEmbedder } from '../../support/fake-ollama';
import { MemoryBundle } from '../../support/memory-bundle';
import { conceptFile, rel } from '../../support/builders';

/** wiki.db kept in memory; counts writes. */
class MemoryStore implements IndexStore {
  bytes: Uint8Array | undefined;
  writes = 0;
  async read(): Promise<Uint8Array | undefined> {
    return this.bytes;
  }
  async write(bytes: () => Uint8Array): Promise<void> {
    this.bytes = bytes();
    this.writes++;
  }
}

const ADA = '/entities/ada-lovelace.md';
const BABBAGE = '/entities/charles-babbage.md';

function bundle(): MemoryBundle {
  return new MemoryBundle({
    [ADA]: conceptFile(
      { type: 'Person', title: 'Ada Lovelace', relations: [rel('collaborated_with', BABBAGE, { date: '1843' })] },
      'Wrote the first program.\n',
    ),
    [BABBAGE]: conceptFile(
      { type: 'Person', title: 'Charles Babbage', relations: [rel('collaborated_with', ADA, { date: '1843' })] },
      'Designed engines.\n',
    ),
  });
}

function env(files: MemoryBundle, store: MemoryStore): SessionEnv {
  return { bundle: files, store, clock: { now: () => '2026-11-30T12:00:00Z' }, origin: 'test shell' };
}

test(
  'rebuild: unchanged concepts keep their vectors, every generated file ' + 'is written, one Reindex log entry',
  async () => {
    const files = bundle();
    const store = new MemoryStore();
    const embedder = new FakeEmbedder();
    const first = await WikiSession.rebuilt(env(files, store), { embedding: { embedder } });
    expect(first.report.vectors).toEqual({ model: embedder.model, embedded: 2, current: 0 });
    expect(store.writes).toBe(1);
    first.session.close();
    expect(files.text('/timeline.md')).toContain('1843');
    expect(files.text('/entities/index.md')).toContain('Ada Lovelace');
    expect(files.text('/wiki-trigger-keywords.txt')).toContain('Ada Lovelace');
    expect(files.text('/log.md')).toMatch(
      /\*\*Reindex\*\*: rebuilt .* from 2 concepts and 2 relations \(test shell\)\./,
    );

    // An edit, then a rebuild of the open session: only the edited concept goes to the embedder.
    const session = await WikiSession.open(env(files, store));
    expect(session.opened.kind).toBe('loaded');
    files.set(BABBAGE, conceptFile({ type: 'Person', title: 'Charles Babbage' }, 'Designed difference engines.\n'));
    embedder.calls.length = 0;
    const report = await session.rebuild({ embedding: { embedder } });
    expect(report.carried).toBe(1);
    expect(report.vectors).toEqual({ model: embedder.model, embedded: 1, current: 1 });
    expect(embedder.texts.filter((t) => !t.includes('embedding probe'))).toEqual([
      expect.stringContaining('Charles Babbage'),
    ]);
    expect(files.text('/log.md')!.match(/\*\*Reindex\*\*/g)).toHaveLength(2);
    session.close();
  },
);

test('a rebuild without an embedding step leaves vectors to the shell and still regenerates', async () => {
  const files = bundle();
  const { session, report } = await WikiSession.rebuilt(env(files, new MemoryStore()));
  expect(report.vectors).toBeUndefined();
  expect(report.generated.map((f) => f.path)).toEqual(
    expect.arrayContaining(['/timeline.md', '/wiki-trigger-keywords.txt', '/entities/index.md', '/log.md']),
  );
  session.close();
});

test('answers use the session clock; an edit refreshes the index and logs exactly one entry', async () => {
  const files = bundle();
  const store = new MemoryStore();
  const session = await WikiSession.open(env(files, store));
  expect(session.opened.kind).toBe('built');
  expect((await session.answer('Who was Ada Lovelace?')).seeds[0].path).toBe(ADA);

  files.set(ADA, conceptFile({ type: 'Person', title: 'Countess of Lovelace' }, 'Wrote the first program.\n'));
  const entry: AuthorLogEntry = {
    at: '2026-11-30T12:00:00Z',
    actor: 'human:test',
    operation: 'relate',
    summary: 'Related a to b.',
    paths: [ADA],
  };
  await session.afterEdit(entry);
  expect((await session.answer('Who was the Countess of Lovelace?')).seeds[0].path).toBe(ADA);
  expect(store.writes).toBe(1);
  expect(files.text('/log.md')!.match(/^\* /gm)).toHaveLength(1);
  expect(files.text('/log.md')).toContain('(by `human:test`, okf-wiki relate)');
  session.close();
});
