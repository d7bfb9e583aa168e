// Timing helpers: every figure is the median of several runs with min and max (issue 6), in milliseconds.

/** A repeated measurement: wall-clock milliseconds, and the process's CPU milliseconds for the same runs. */
export interface Figure {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly runs: number;
  /** CPU time (user + system) of the same runs: steadier than wall time on a busy machine. */
  readonly cpu?: { readonly median: number; readonly min: number; readonly max: number };
}

/** Milliseconds since an arbitrary origin, with sub-millisecond resolution. */
export function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** CPU milliseconds used by this process so far. */
export function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Median, min and max of samples (and of the matching CPU samples, when given). */
export function figure(samples: readonly number[], cpuSamples?: readonly number[]): Figure {
  const sorted = [...samples].sort((a, b) => a - b);
  const base = {
    median: round(median(sorted)),
    min: round(sorted[0]),
    max: round(sorted[sorted.length - 1]),
    runs: sorted.length,
  };
  if (!cpuSamples) return base;
  const cpu = [...cpuSamples].sort((a, b) => a - b);
  return { ...base, cpu: { median: round(median(cpu)), min: round(cpu[0]), max: round(cpu[cpu.length - 1]) } };
}

/** The median of sorted samples (the mean of the middle two for an even count). */
function median(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The p-th percentile (nearest rank) of sorted samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** Runs `fn` `runs` times, timing each; returns the figure and the last result. */
export async function timed<T>(
  runs: number,
  fn: (run: number) => Promise<T> | T,
  after?: (value: T) => void,
): Promise<{ figure: Figure; last: T }> {
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  let last!: T;
  for (let i = 0; i < runs; i++) {
    const cpuStart = cpuNow();
    const start = now();
    const value = await fn(i);
    samples.push(now() - start);
    cpuSamples.push(cpuNow() - cpuStart);
    if (i < runs - 1 && after) after(value);
    last = value;
  }
  return { figure: figure(samples, cpuSamples), last };
}

/** Per-query latencies over several passes: the median (and range) of each pass's p50 and p95. */
export function latencyFigures(
  passes: readonly (readonly number[])[],
  cpuPasses?: readonly (readonly number[])[],
): { p50: Figure; p95: Figure } {
  const at = (list: readonly (readonly number[])[], p: number) =>
    list.map((pass) =>
      percentile(
        [...pass].sort((a, b) => a - b),
        p,
      ),
    );
  return {
    p50: figure(at(passes, 50), cpuPasses ? at(cpuPasses, 50) : undefined),
    p95: figure(at(passes, 95), cpuPasses ? at(cpuPasses, 95) : undefined),
  };
}

/** Times `fn` once per item, `passes` times over the list: wall and CPU latencies per pass. */
export async function latencyPasses<T, R>(
  items: readonly T[],
  passes: number,
  fn: (item: T) => R | Promise<R>,
  onFirstPass?: (result: R) => void,
): Promise<{ wall: number[][]; cpu: number[][] }> {
  const wall: number[][] = [];
  const cpu: number[][] = [];
  for (let p = 0; p < passes; p++) {
    const w: number[] = [];
    const c: number[] = [];
    for (const item of items) {
      const cpuStart = cpuNow();
      const start = now();
      const result = await fn(item);
      w.push(now() - start);
      c.push(cpuNow() - cpuStart);
      if (p === 0) onFirstPass?.(result);
    }
    wall.push(w);
    cpu.push(c);
  }
  return { wall, cpu };
}

export function round(n: number): number {
  return n >= 100 ? Math.round(n) : n >= 1 ? Math.round(n * 100) / 100 : Math.round(n * 1000) / 1000;
}
