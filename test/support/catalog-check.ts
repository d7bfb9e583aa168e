// Shared by the persisted-catalog tests: run the CLI in-process, ask it questions, and check that the catalog
// section a wiki.db carries equals what its own concepts table says.
import { readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { run } from '../../src/cli/main';
import { readSnapshot } from '../../src/core/index/snapshot';
import { rawDatabase, WikiIndex } from '../../src/core/index/wiki-index';
import { bufferIo } from './cli-io';

const COLUMNS = 'path, title, type, aliases, trust, status, stale_after, superseded_by, superseded_at, generated_at';

/** `okf-wiki ARGS` in-process: its standard output, or an error naming the command and its stderr. */
export async function cliOut(args: string[]): Promise<string> {
  const io = bufferIo();
  const code = await run(args, io);
  if (code !== 0) throw new Error(`okf-wiki ${args.join(' ')} exited ${code}: ${io.stderr()}`);
  return io.stdout();
}

/** `context --json --no-embed` for each question, in order, on the bundle at `dir`. */
export async function contextAnswers(dir: string, questions: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const q of questions) out.push(await cliOut(['context', q, '--json', '--no-embed', '--bundle', dir]));
  return out;
}

/** The catalog section `dir`'s wiki.db carries is present and equals what its own concepts table says. */
export async function sectionAgrees(dir: string): Promise<void> {
  const bytes = new Uint8Array(readFileSync(nodePath.join(dir, 'wiki.db')));
  const snap = readSnapshot(bytes);
  const loaded = await WikiIndex.load(bytes);
  if (!(loaded instanceof WikiIndex)) throw new Error(`wiki.db did not load: ${loaded.reason}`);
  try {
    const sql = rawDatabase(loaded).get<{ j: string }>(
      `select json_group_array(json_array(${COLUMNS})) as j from (select ${COLUMNS} from concepts order by path)`,
    )?.j;
    expect(snap.section?.byteLength).toBeGreaterThan(0);
    const section = JSON.parse(new TextDecoder().decode(snap.section)) as { rows: unknown };
    expect(section.rows).toEqual(JSON.parse(sql ?? '[]'));
  } finally {
    loaded.close();
  }
}
