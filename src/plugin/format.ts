// Numbers as people read them in the status bar and views: `1,000`, whatever the locale of the machine.

/** `1234` → `1,234`. */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}
