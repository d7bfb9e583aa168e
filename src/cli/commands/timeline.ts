// `okf-wiki timeline` and `okf-wiki keywords`: regenerate one artifact (spec §3, §12) from the current index
// (wiki.db caught up with the concept files). A log.md entry is added only when the file actually changed.
import { conceptRecordsFromIndex } from '../../core/generate/concept-record';
import { formatLogEntry } from '../../core/generate/log-entry';
import { regenerateBundleFiles, type Artifact } from '../../core/generate/regenerate';
import { openIndex } from '../../core/index/open';
import type { Flags } from '../args';
import { openBundle } from '../bundle-context';
import { clockFromFlags } from '../clock';
import type { Clock } from '../../core/types';
import type { FsBundle } from '../fs-bundle';
import type { CliIo } from '../io';
import { underWriteLock } from '../write-session';
import { readWikiDb } from '../load-index';

/** Regenerates one artifact and reports what happened to its file (holding the bundle's write lock). */
export async function regenerateArtifact(artifact: Artifact, flags: Flags, io: CliIo): Promise<number> {
  const clock = clockFromFlags(flags);
  const bundle = openBundle(flags, io);
  return underWriteLock(bundle, io, `okf-wiki ${artifact}`, clock, () => regenerate(bundle, artifact, flags, io, clock));
}

async function regenerate(bundle: FsBundle, artifact: Artifact, flags: Flags, io: CliIo, clock: Clock): Promise<number> {
  const { index } = await openIndex(bundle, await readWikiDb(bundle));
  try {
    const files = await regenerateBundleFiles({
      concepts: conceptRecordsFromIndex(index),
      source: bundle,
      writer: bundle,
      clock,
      artifacts: [artifact],
      logEntry: (written) => {
        const changed = written.filter((f) => f.outcome === 'created' || f.outcome === 'updated');
        return changed.length === 0 ? undefined : formatLogEntry('Regenerate', `rewrote ${changed.map((f) => `\`${f.path.slice(1)}\``).join(', ')} (okf-wiki ${artifact}).`);
      },
    });
    if (flags.json) io.out(JSON.stringify({ bundle: bundle.root, files }, null, 2) + '\n');
    else for (const f of files) io.out(`${f.path.slice(1)}: ${f.outcome === 'appended' ? 'entry added' : f.outcome}\n`);
    return 0;
  } finally {
    index.close();
  }
}

export const timelineCommand = (flags: Flags, io: CliIo) => regenerateArtifact('timeline', flags, io);
