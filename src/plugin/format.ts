// Numbers as people read them in the status bar and views: `1,000`, whatever the locale of the machine.

/**
 * `1234` → `1,234`, as `toLocaleString('en-US')` writes it. Grouped here rather than by toLocaleString: its first
 * call loads ICU's number formatting, 40 ms of the main thread's CPU in the task that first drew the status bar's
 * count during a start (Chromium's profile of the plugin, issue 14), and each call builds a formatter again. What
 * rounds to -0 or lies beyond 2^53 still goes to toLocaleString, which writes it as before.
 */
export function formatCount(n: number): string {
  const whole = Math.round(n);
  if (!Number.isSafeInteger(whole) || Object.is(whole, -0)) return whole.toLocaleString('en-US');
  const digits = String(Math.abs(whole));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += ',' + digits.slice(i, i + 3);
  return whole < 0 ? '-' + out : out;
}
