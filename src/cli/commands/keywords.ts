// `okf-wiki keywords`: regenerate wiki-trigger-keywords.txt (spec §12), the input of hooks/wiki-trigger.sh.
import type { Flags } from '../args';
import type { CliIo } from '../io';
import { regenerateArtifact } from './timeline';

export const keywordsCommand = (flags: Flags, io: CliIo) => regenerateArtifact('keywords', flags, io);
