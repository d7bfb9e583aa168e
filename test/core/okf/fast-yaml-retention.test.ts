// A key name the fast reader keeps between files must not keep the file it was cut from alive.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fastFrontmatter } from '../../../src/core/okf/fast-yaml';

test('key names met on a give-up path do not retain their files (100 files of 1 MB)', () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  const before = process.memoryUsage().heapUsed;
  const filler = 'x'.repeat(1 << 20);
  for (let i = 0; i < 100; i++) {
    // A fresh 1 MB text per file (flattened as a file read gives it), its frontmatter cut from it as the reader does.
    const text = `type: note\nreview_interval_${i}: 30\n` + filler + String(i);
    const yaml = text.slice(0, text.indexOf('\nxxx'));
    expect(fastFrontmatter(yaml)).toBeUndefined(); // a number: the full parser's
  }
  gc();
  expect((process.memoryUsage().heapUsed - before) / 1e6).toBeLessThan(20);
});
