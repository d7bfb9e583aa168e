// formatCount groups digits itself (toLocaleString's first call loads ICU, a long task at start: issue 14). It must
// write every count exactly as toLocaleString('en-US') of the rounded number did.
import { formatCount } from '../../src/plugin/format';

test('counts read as toLocaleString en-US wrote them, rounding and signs included', () => {
  const samples = [0, 1, 12, 999, 1000, 1234, 99_999, 100_000, 1_234_567, 10_000, -1, -999, -1000, -1_234_567];
  const odd = [0.4, 0.5, 1234.5, -1234.5, -0.2, -0, 2 ** 53, 2 ** 53 + 2, 1e21, Number.MAX_SAFE_INTEGER, NaN];
  for (const n of [...samples, ...odd, Infinity, -Infinity])
    expect([n, formatCount(n)]).toEqual([n, Math.round(n).toLocaleString('en-US')]);
  for (let n = 1; n < 1e15; n = n * 7 + 3) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
});
