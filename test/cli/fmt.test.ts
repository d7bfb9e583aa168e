// The CLI's count formatting: grouped by hand for integers, the same text as toLocaleString('en-US') gives.
import { fmt } from '../../src/cli/io';

test('formats every integer as toLocaleString("en-US") does, and anything else through it', () => {
  const values = [0, -0, 1, -1, 7, 12, 123, 999, 1000, -1000, 1234, 99999, 100000, 1234567, -7654321];
  values.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53, 1e21, 1.5, -2.25, 1234.5678, NaN, Infinity);
  let seed = 3;
  const random = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
  for (let i = 0; i < 5000; i++) values.push((random(2) ? 1 : -1) * Math.floor(random(2 ** 30) / 10 ** random(10)));
  for (const n of values) expect([n, fmt(n)]).toEqual([n, n.toLocaleString('en-US')]);
});
