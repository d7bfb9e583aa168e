// A first, approximate pass over the vector matrix in WebAssembly SIMD on int8 rows, and the rigorous bound that lets
// the exact scan skip every row that cannot reach the best k. In JavaScript a scan of 10,000 × 768 floats cost 25–30
// ms of CPU on the bench machine whatever the loop's shape; four float32 lanes over the float32 rows took ~5 ms, bound
// by reading 30 MB per question (0.28 ns a float when the rows fit in L2, 0.65 when they do not). Rows quantized to
// int8 (one scale per row) and the query to int16 make it 7.7 MB of exact integer dot products, ~1.1 ms. The
// similarities handed out are still the exact scan's own (vector.ts re-scores the rows kept here), so rankings stay
// identical to the last bit; only which rows are re-scored depends on this pass.

/**
 * The kernel, assembled from this WAT (wabt 1.0.39 `wat2wasm --enable-simd`; 234 bytes):
 *
 *   (module (import "e" "m" (memory 1))
 *     (func (export "scan") (param $q i32) (param $m i32) (param $rows i32) (param $stride i32) (param $out i32)
 *       (local $end i32) (local $rowEnd i32) (local $qk i32) (local $a v128) (local $b v128) (local $v v128)
 *       (local.set $end (i32.add (local.get $out) (i32.shl (local.get $rows) (i32.const 2))))
 *       (block $done (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
 *         (loop $row
 *           (local.set $a (v128.const i32x4 0 0 0 0)) (local.set $b (local.get $a)) (local.set $qk (local.get $q))
 *           (local.set $rowEnd (i32.add (local.get $m) (local.get $stride)))
 *           (loop $col
 *             (local.set $v (v128.load (local.get $m)))
 *             (local.set $a (i32x4.add (local.get $a)
 *               (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (v128.load (local.get $qk)))))
 *             (local.set $b (i32x4.add (local.get $b)
 *               (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (v128.load offset=16 (local.get $qk)))))
 *             (local.set $qk (i32.add (local.get $qk) (i32.const 32)))
 *             (br_if $col (i32.lt_u (local.tee $m (i32.add (local.get $m) (i32.const 16))) (local.get $rowEnd))))
 *           (local.set $a (i32x4.add (local.get $a) (local.get $b)))
 *           (i32.store (local.get $out) (i32.add
 *             (i32.add (i32x4.extract_lane 0 (local.get $a)) (i32x4.extract_lane 1 (local.get $a)))
 *             (i32.add (i32x4.extract_lane 2 (local.get $a)) (i32x4.extract_lane 3 (local.get $a)))))
 *           (br_if $row (i32.lt_u (local.tee $out (i32.add (local.get $out) (i32.const 4))) (local.get $end)))))))
 *
 * `scan(q, m, rows, stride, out)`: out[i] = Σₖ q[k]·m[i·stride + k], the int16 query at byte `q` against row i of
 * the int8 matrix at byte `m` (rows of `stride` bytes, a multiple of 16), for `rows` rows; exact while no partial
 * sum leaves the int32 range (the query's scale sees to it).
 */
const KERNEL_HEX =
  '0061736d0100000001090160057f7f7f7f7f000208010165016d02000103020100070801047363616e00000abc0101b90102' +
  '037f037b200420024102746a21050240200420054f0d000340fd0c0000000000000000000000000000000021082008210920' +
  '002107200120036a210603402001fd000400210a2008200afd87012007fd000400fdba01fdae0121082009200afd88012007' +
  'fd000410fdba01fdae012109200741206a2107200141106a22012006490d000b20082009fdae01210820042008fd1b002008' +
  'fd1b016a2008fd1b022008fd1b036a6a360200200441046a22042005490d000b0b0b';

/** Bytes per row of the kernel's matrix: the dimension rounded up to the kernel's step (the rest are zeros). */
export function kernelStride(dim: number): number {
  return Math.ceil(dim / 16) * 16;
}

/** Largest magnitude of a row's codes. */
const ROW_CODE = 127;
/** Largest magnitude of the query's codes (int16), lowered where `dim` × 127 × it would leave int32. */
const QUERY_CODE = 32767;
/** Math.floor, read once (a global lookup per call is slow where globals are intercepted, as in jest's sandbox). */
const floor = Math.floor;
/** Whether this host stores numbers little-endian, as WebAssembly's memory always does. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
/** Unit roundoff of a double. */
const U = 2 ** -53;

let compiled: WebAssembly.Module | null | undefined;

/** The compiled kernel, or null where WebAssembly or its SIMD is unavailable (the exact JavaScript scan then runs). */
function kernelModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  compiled = null;
  try {
    if (typeof WebAssembly === 'undefined') return compiled;
    const bytes = new Uint8Array(KERNEL_HEX.length / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(KERNEL_HEX.slice(2 * i, 2 * i + 2), 16);
    // 234 bytes: under the 4 KB a browser's main thread allows a synchronous compile.
    if (WebAssembly.validate(bytes)) compiled = new WebAssembly.Module(bytes);
  } catch {
    compiled = null;
  }
  return compiled;
}

/** Each row's approximate similarity to a query, and a bound on its distance from the exact scan's similarity. */
export interface Approximation {
  readonly approx: Float64Array;
  readonly bound: Float64Array;
}

/** The rows quantized in the kernel's memory, and the approximate scan over them. */
export interface ScanKernel {
  /**
   * Quantizes row `row` from its floats, exactly those the exact scan reads (`dim` of them). False when one is not
   * finite: the bound then holds nothing, and the kernel must not be used.
   */
  setRow(row: number, values: Float32Array): boolean;
  /**
   * Every row's approximation and bound for `q` (the exact scan's query, `dim` doubles), or null when the query gives
   * the pass nothing to work with (all zeros, or not finite). Both arrays are reused by the next call.
   */
  approximate(q: Float64Array): Approximation | null;
  /**
   * Copies `count` rows of `from` (a kernel of the same dimension), from its row `fromRow` to this one's `toRow`:
   * the same codes and bounds setRow gave them (it reads only the row's own floats), without quantizing again.
   */
  copyRows(from: ScanKernel, fromRow: number, toRow: number, count: number): void;
}

/** A kernel for `rows` rows of `dim` floats (each set with setRow), or null when none can run here. */
export function createScanKernel(rows: number, dim: number): ScanKernel | null {
  const module = kernelModule();
  const queryCode = Math.min(QUERY_CODE, Math.floor((2 ** 31 - 1) / (ROW_CODE * dim)));
  // The typed views below read WebAssembly's little-endian memory in the host's byte order: on a big-endian host the
  // codes would be byte-swapped and the bound would not hold, so the exact scan runs alone there.
  if (module === null || !LITTLE_ENDIAN || rows === 0 || dim === 0 || queryCode < 255) return null;
  const stride = kernelStride(dim);
  const queryAt = rows * stride;
  const outAt = queryAt + stride * 2;
  const bytes = outAt + rows * 4;
  if (bytes > 2 ** 31) return null;
  try {
    const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / 65536) });
    const instance = new WebAssembly.Instance(module, { e: { m: memory } });
    const scan = instance.exports.scan as (q: number, m: number, rows: number, stride: number, out: number) => void;
    // Memory never grows after this, so these views stay attached.
    return new Int8Kernel(
      scan,
      new Int8Array(memory.buffer, 0, rows * stride),
      new Int16Array(memory.buffer, queryAt, stride),
      new Int32Array(memory.buffer, outAt, rows),
      { rows, dim, stride, queryAt, outAt, queryCode },
    );
  } catch {
    return null;
  }
}

interface Layout {
  readonly rows: number;
  readonly dim: number;
  readonly stride: number;
  readonly queryAt: number;
  readonly outAt: number;
  readonly queryCode: number;
}

/** Slack for the rounding of a sum or product of up to `dim` + 8 doubles, as a factor. */
const inflation = (dim: number) => 1 + (dim + 8) * 2 ** -50;

/**
 * The error analysis, in real numbers. A row's floats are m = s·c + e (s its scale, c its int8 codes, e what they
 * miss), the query's doubles q = t·d + f (t its scale, d its int16 codes). The kernel's integer I = Σ dₖcₖ is exact
 * (|I| ≤ dim·127·queryCode < 2³¹), so A = t·s·I differs from the real Σ qₖmₖ by
 *   Σ qₖeₖ + Σ fₖ·s·cₖ,   at most  min(max|e|·‖q‖₁, ‖e‖₂·‖q‖₂) + max|f|·s·‖c‖₁
 * (Hölder, Cauchy–Schwarz). The exact scan's double sum (its products are exact: float32 × float32) is within
 * γ(dim + 4)·‖q‖₂·‖m‖₂ of that real sum, and A as computed within 3u·|A| of t·s·I. Every quantity the bound reads
 * (max|e|, ‖e‖₂, ‖q‖₁, …) is computed in doubles with rounding of its own: each is inflated beyond it.
 */
class Int8Kernel implements ScanKernel {
  private readonly scale: Float64Array;
  /** Per row: max|e|, ‖e‖₂, ‖c‖₁ times the scale, ‖m‖₂ (each an upper bound of the real value). */
  private readonly residualMax: Float64Array;
  private readonly residualNorm: Float64Array;
  private readonly scaledCodes: Float64Array;
  private readonly norm: Float64Array;
  private readonly approx: Float64Array;
  private readonly bound: Float64Array;

  constructor(
    private readonly scan: (q: number, m: number, rows: number, stride: number, out: number) => void,
    private readonly codes: Int8Array,
    private readonly query: Int16Array,
    private readonly out: Int32Array,
    private readonly layout: Layout,
  ) {
    const { rows } = layout;
    this.scale = new Float64Array(rows);
    this.residualMax = new Float64Array(rows);
    this.residualNorm = new Float64Array(rows);
    this.scaledCodes = new Float64Array(rows);
    this.norm = new Float64Array(rows);
    this.approx = new Float64Array(rows);
    this.bound = new Float64Array(rows);
  }

  setRow(row: number, values: Float32Array): boolean {
    const { dim, stride } = this.layout;
    const codes = this.codes;
    let largest = 0;
    let squares = 0;
    for (let k = 0; k < dim; k++) {
      const x = values[k];
      if (x > largest) largest = x;
      else if (-x > largest) largest = -x;
      squares += x * x;
    }
    const s = largest / ROW_CODE;
    // Any codes would do (the bound reads what they miss): these are the nearest ones, give or take a rounding edge.
    // Math.floor, not Math.round: three times faster in V8, and this runs for every float of every vector; no other
    // Math call in the loop (a global lookup each, slow where globals are intercepted, as in jest's sandbox).
    const toCode = s === 0 ? 0 : ROW_CODE / largest;
    let diffMax = 0;
    let diffSquares = 0;
    let codeSum = 0;
    for (let k = 0, at = row * stride; k < dim; k++, at++) {
      const x = values[k];
      let code = floor(x * toCode + 0.5);
      if (code > ROW_CODE) code = ROW_CODE;
      else if (code < -ROW_CODE) code = -ROW_CODE;
      codes[at] = code;
      const product = s * code;
      const diff = x > product ? x - product : product - x;
      if (diff > diffMax) diffMax = diff;
      diffSquares += diff * diff;
      codeSum += code < 0 ? -code : code;
    }
    // What a code misses, |x − s·code| in real numbers, is at most the computed difference (two roundings) plus
    // 2⁻⁵⁰ of it and of |s·code| ≤ |x| + the difference: so below these, with the sums' own rounding (`grow`).
    const grow = inflation(dim);
    const norm = Math.sqrt(squares) * grow;
    this.scale[row] = s;
    this.residualMax[row] = (diffMax * (1 + SLACK) + SLACK * largest) * grow + TINY;
    this.residualNorm[row] = (Math.sqrt(diffSquares) * (1 + SLACK) * grow + SLACK * norm) * grow + TINY;
    this.scaledCodes[row] = s * codeSum * grow;
    this.norm[row] = norm;
    return Number.isFinite(squares);
  }

  copyRows(from: ScanKernel, fromRow: number, toRow: number, count: number): void {
    if (!(from instanceof Int8Kernel) || from.layout.dim !== this.layout.dim) throw new Error('kernels differ');
    const { stride } = this.layout;
    this.codes.set(from.codes.subarray(fromRow * stride, (fromRow + count) * stride), toRow * stride);
    for (const key of ['scale', 'residualMax', 'residualNorm', 'scaledCodes', 'norm'] as const)
      this[key].set(from[key].subarray(fromRow, fromRow + count), toRow);
  }

  approximate(q: Float64Array): Approximation | null {
    const { rows, dim, stride, queryAt, outAt, queryCode } = this.layout;
    const grow = inflation(dim);
    let largest = 0;
    let abs = 0;
    let squares = 0;
    for (let k = 0; k < dim; k++) {
      largest = Math.max(largest, Math.abs(q[k]));
      abs += Math.abs(q[k]);
      squares += q[k] * q[k];
    }
    if (!(largest > 0) || !Number.isFinite(squares) || !Number.isFinite(abs)) return null;
    const t = largest / queryCode;
    const toCode = queryCode / largest;
    let diffMax = 0;
    for (let k = 0; k < dim; k++) {
      const code = Math.max(-queryCode, Math.min(queryCode, Math.floor(q[k] * toCode + 0.5)));
      this.query[k] = code;
      diffMax = Math.max(diffMax, Math.abs(q[k] - t * code));
    }
    // As for a row's codes (setRow).
    const queryResidual = (diffMax * (1 + SLACK) + SLACK * largest) * grow + TINY;
    this.query.fill(0, dim, stride);
    this.scan(queryAt, 0, rows, stride, outAt);
    const q1 = abs * grow;
    const q2 = Math.sqrt(squares) * grow;
    const gamma = ((dim + 4) * U) / (1 - (dim + 4) * U);
    const { scale, residualMax, residualNorm, scaledCodes, norm, out, approx, bound } = this;
    for (let r = 0; r < rows; r++) {
      const a = t * scale[r] * out[r];
      const magnitude = a < 0 ? -a : a;
      const byMax = residualMax[r] * q1;
      const byNorm = residualNorm[r] * q2;
      const raw =
        (byMax < byNorm ? byMax : byNorm) + queryResidual * scaledCodes[r] + gamma * q2 * norm[r] + 3 * U * magnitude;
      // Room for this very sum's rounding and for that of a ± bound in candidateRows.
      approx[r] = a;
      bound[r] = (raw + 4 * U * magnitude) * (1 + 2 ** -30) + TINY;
    }
    return { approx: this.approx, bound: this.bound };
  }
}

/** Relative slack for a handful of roundings (each at most 2⁻⁵³). */
const SLACK = 2 ** -50;
/** Absolute slack for results in the subnormal range, where rounding is absolute, not relative. */
const TINY = 1e-300;

/**
 * Rows whose exact similarity may be among the best `limit`, in row order: every exact value lies within `bound` of
 * its approximation, so the `limit` rows of largest (approximation − bound) all reach the cut T, the `limit`-th
 * largest of those lower ends; a row whose upper end (approximation + bound) is below T is strictly below `limit`
 * other rows and cannot be kept by the exact scan, whatever its tie rule.
 */
export function candidateRows({ approx, bound }: Approximation, limit: number): number[] {
  const n = approx.length;
  let cut: number;
  if (limit > 64) {
    const lows = Float64Array.from(approx, (a, i) => a - bound[i]).sort();
    cut = lows[Math.max(0, n - limit)];
  } else {
    // The `limit` largest lower ends seen so far, descending; the cut only rises as more are seen.
    const top: number[] = [];
    for (let i = 0; i < n; i++) {
      const low = approx[i] - bound[i];
      if (top.length === limit && low <= top[limit - 1]) continue;
      let at = top.length;
      while (at > 0 && low > top[at - 1]) at--;
      top.splice(at, 0, low);
      if (top.length > limit) top.pop();
    }
    cut = top[top.length - 1];
  }
  const rows: number[] = [];
  for (let i = 0; i < n; i++) if (approx[i] + bound[i] >= cut) rows.push(i);
  return rows;
}
