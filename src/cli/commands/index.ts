// Every CLI command, in the order the usage text lists them. Add a command here and nowhere else.
import type { CliCommand } from '../command';
import { demoCommand } from './demo';
import { reindexCommand } from './reindex';

export const COMMANDS: readonly CliCommand[] = [
  { name: 'reindex', args: '', summary: 'rebuild wiki.db (and the generated files) from every concept file', run: reindexCommand },
  { name: 'demo', args: '', summary: 'reindex a bundle, show what it holds and answer a sample question', run: demoCommand },
];
