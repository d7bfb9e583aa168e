// The engine worker's script is turned into its Blob a part per task (issue 14: `new Blob([script])` of main.js's
// ~1.6 million characters was the one long task of a start with wiki.db, 57-72 ms of CPU in Chromium's profile).
// What is asserted is the slicing, not a time: no Blob is handed more than one part of the text, the main thread
// is given back between parts, and the joined Blob is the script, character for character.
import { scriptBlob } from '../../src/plugin/engine/engine-worker';

const NativeBlob = globalThis.Blob;
/** Characters of text each `new Blob(...)` was handed, in order. */
let handed: number[];

class RecordingBlob extends NativeBlob {
  constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
    super(parts, options);
    handed.push((parts ?? []).reduce((n, p) => n + (typeof p === 'string' ? p.length : 0), 0));
  }
}

beforeEach(() => {
  handed = [];
  globalThis.Blob = RecordingBlob as typeof Blob;
});

afterEach(() => {
  globalThis.Blob = NativeBlob;
});

test('a script of many parts is encoded a part per task and joins to the same text', async () => {
  const code = 'const x = "é ∑ 😀";\n'.repeat(10_000);
  let pauses = 0;
  const blob = await scriptBlob(code, 1000, async () => void pauses++);
  expect(await blob.text()).toBe(code);
  expect(blob.type).toBe('text/javascript');
  const parts = handed.filter((n) => n > 0);
  expect(parts.length).toBeGreaterThanOrEqual(Math.ceil(code.length / 1001));
  expect(Math.max(...parts)).toBeLessThanOrEqual(1001);
  // The main thread is given back between every two parts, and the joined Blob encodes no text again.
  expect(pauses).toBe(parts.length - 1);
  expect(handed[handed.length - 1]).toBe(0);
});

test('a cut never splits a surrogate pair (each part is encoded alone: half a pair would become U+FFFD)', async () => {
  // With parts of 3 characters, every cut after "ab" would fall inside the emoji's pair.
  const code = 'ab😀'.repeat(50);
  const blob = await scriptBlob(code, 3, async () => undefined);
  expect(await blob.text()).toBe(code);
  expect(Math.max(...handed)).toBe(4);
});
