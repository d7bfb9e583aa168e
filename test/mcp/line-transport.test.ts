// A message over the size limit is discarded as it streams in, and answered with its own id when the first or the
// last bytes of the line hold it (review rv-qa 14a: answered with `"id": null`, the client waited on its request
// until its own timeout). Over streams in memory, with a small limit.
import { PassThrough } from 'node:stream';
import { idOfCutLine, LineTransport } from '../../src/mcp/line-transport';

const LIMIT = 1000;
const long = 'x'.repeat(3 * LIMIT);

/** Sends `lines` through a transport with a 1000-byte limit, each in 100-byte writes; returns what it answered. */
async function answers(...lines: string[]): Promise<Record<string, unknown>[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  const written: string[] = [];
  output.on('data', (d: Buffer) => written.push(d.toString()));
  const transport = new LineTransport(input, output, () => undefined, LIMIT);
  await transport.start();
  for (const line of lines) for (let i = 0; i <= line.length; i += 100) input.write(line.slice(i, i + 100));
  input.write('\n');
  await new Promise((resolve) => setImmediate(resolve));
  await transport.close();
  return written
    .join('')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const call = (question: string) => ({ name: 'context_for', arguments: { question, id: 99 } });

test('an over-long message is answered with its id, whether the client wrote the id first or last', async () => {
  const first = JSON.stringify({ jsonrpc: '2.0', id: 101, method: 'tools/call', params: call(long) });
  const last = JSON.stringify({ method: 'tools/call', params: call(long), jsonrpc: '2.0', id: 'req-7' });
  const [a, b] = await answers(first + '\n', last);
  expect(a).toMatchObject({ jsonrpc: '2.0', id: 101, error: { code: -32600 } });
  expect((a!.error as { message: string }).message).toMatch(/^message of \d+ bytes is over the 1000-byte limit/);
  expect(b).toMatchObject({ jsonrpc: '2.0', id: 'req-7', error: { code: -32600 } });
});

test('an id found only inside params, or nowhere in the bytes kept, is not taken: the answer says null', () => {
  // Each long member is longer than the 4096 bytes kept of each end.
  const longer = 'x'.repeat(5000);
  const nested = JSON.stringify({ jsonrpc: '2.0', method: 'tools/call', params: call(longer), extra: longer });
  expect(idOfCutLine(nested.slice(0, 4096), nested.slice(-4096))).toBeNull();
  const between = JSON.stringify({ jsonrpc: '2.0', params: call(longer), id: 5, extra: longer });
  expect(idOfCutLine(between.slice(0, 4096), between.slice(-4096))).toBeNull();
  // A string that only looks like an id member, and a cut string, are read as strings.
  const quoted = '{"method":"x","params":{"q":"a \\",\\"id\\":3 b", "id": 4}, "id": -2}';
  expect(idOfCutLine(quoted, quoted)).toBe(-2);
  expect(idOfCutLine('{"jsonrpc":"2.0","params":{"q":"abc', '')).toBeNull();
});
