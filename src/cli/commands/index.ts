// Every CLI command, in the order the usage text lists them. Add a command here and nowhere else.
import type { CliCommand } from '../command';
import { contextCommand } from './context';
import { demoCommand } from './demo';
import { evaluateCommand } from './evaluate';
import { lintCommand } from './lint';
import { reindexCommand } from './reindex';

export const COMMANDS: readonly CliCommand[] = [
  { name: 'reindex', args: '', summary: 'rebuild wiki.db (and the generated files) from every concept file', run: reindexCommand },
  { name: 'context', args: '"QUESTION" [--budget N] [--today DATE]', summary: 'print the context block for a question (--json: structured)', run: contextCommand },
  { name: 'lint', args: '[--today DATE]', summary: 'run every integrity check; exit 1 when an error-severity finding exists', run: lintCommand },
  { name: 'evaluate', args: '[--set FILE] [--sweep] [--disable-signal S] [--update-baseline]', summary: 'run the labeled question set; exit 1 when it falls below the baseline', run: evaluateCommand },
  { name: 'demo', args: '', summary: 'reindex a bundle, show what it holds and answer a sample question', run: demoCommand },
];
