// QA2 F22: `context --format mermaid --json` printed Mermaid and `--format text --json` text, the --json ignored
// without a word. Two outputs asked for is a mistake: refused (exit 2) before the bundle is read.
import { run } from '../../src/cli/main';
import { bufferIo } from '../support/cli-io';

test.each(['mermaid', 'text'])('context --format %s --json: exit 2, one line naming both flags', async (format) => {
  const io = bufferIo();
  expect(await run(['context', 'Unix', '--format', format, '--json', '--bundle', 'examples/nowhere'], io)).toBe(2);
  expect(io.stdout()).toBe('');
  expect(io.stderr()).toMatch(new RegExp(`--json and --format "${format}" ask for different outputs`));
});
