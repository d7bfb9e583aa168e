// Types of bench/generate.mjs for the TypeScript parts of the benchmark.

export const BENCH_TODAY: string;

export interface PlannedConcept {
  readonly i: number;
  readonly type: string;
  readonly path: string;
  readonly slug: string;
  readonly title: string;
  readonly description: string;
}

export function rng(seed: number): () => number;
export function planBundle(n: number, seed?: number): PlannedConcept[];
export function writeBundle(dir: string, n: number, seed?: number): PlannedConcept[];
export function bundleFiles(n: number, seed?: number): Generator<[string, string]>;
export function benchQuestions(concepts: readonly PlannedConcept[], count?: number, seed?: number): string[];
