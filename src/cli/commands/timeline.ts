// `okf-wiki timeline` and `okf-wiki keywords`: regenerate one artifact (spec §3, §12) from the current index
// (wiki.db caught up with the concept files). A log.md entry is added only when the file actually changed.
import { WikiSession } from '../../core/engine/session';
import type { Artifact } from '../../core/generate/regenerate';
import type { Flags } from '../args';
import { openBundle } from '../bundle-context';
import { clockFromFlags } from '../clock';
import type { Clock } from '../../core/types';
import type { FsBundle } from '../../node/fs-bundle';
import { fsSessionEnv } from '../../node/index-store';
import { jsonText, type CliIo } from '../io';
import { underWriteLock } from '../../node/write-session';
import { refuseUnlessWiki } from '../wiki-folder';

/** Regenerates one artifact and reports what happened to its file (holding the bundle's write lock). */
export async function regenerateArtifact(artifact: Artifact, flags: Flags, io: CliIo): Promise<number> {
  const clock = clockFromFlags(flags);
  const bundle = openBundle(flags, io);
  await refuseUnlessWiki(bundle, artifact);
  return underWriteLock(bundle, io, `okf-wiki ${artifact}`, clock, () =>
    regenerate(bundle, artifact, flags, io, clock),
  );
}

async function regenerate(
  bundle: FsBundle,
  artifact: Artifact,
  flags: Flags,
  io: CliIo,
  clock: Clock,
): Promise<number> {
  const session = await WikiSession.open(fsSessionEnv(bundle, clock, `okf-wiki ${artifact}`));
  try {
    const files = await session.regenerate([artifact]);
    if (flags.json) io.out(jsonText({ bundle: bundle.root, files }));
    else
      for (const f of files)
        if (f.outcome === 'not-logged') io.err(`okf-wiki: not logged: ${f.reason}\n`);
        else if (f.reason !== undefined) io.err(`okf-wiki: left ${f.path.slice(1)} as it is: ${f.reason}.\n`);
        else io.out(`${f.path.slice(1)}: ${f.outcome === 'appended' ? 'entry added' : f.outcome}\n`);
    // A file someone else wrote under the artifact's name: the command did not do what was asked (refused).
    return files.some((f) => f.outcome === 'hand-written') ? 2 : 0;
  } finally {
    await session.close();
  }
}

export const timelineCommand = (flags: Flags, io: CliIo) => regenerateArtifact('timeline', flags, io);
