// A first, approximate pass over the vector matrix in WebAssembly SIMD, and the rigorous bound that lets the exact
// scan skip every row that cannot reach the best k. In JavaScript a scan of 10,000 × 768 floats cost 25–30 ms of
// CPU on the bench machine whatever the loop's shape (several accumulators, a float32 query, int8 rows: all within
// 10%), compute-bound, not memory-bound; four float32 lanes do it in ~4 ms. The similarities handed out are still
// the exact scan's own (vector.ts re-scores the rows kept here), so rankings stay identical to the last bit.

/**
 * The kernel, assembled from this WAT (wabt 1.0.39 `wat2wasm --enable-simd`; 231 bytes):
 *
 *   (module (import "e" "m" (memory 1))
 *     (func (export "scan") (param $q i32) (param $m i32) (param $rows i32) (param $stride i32) (param $out i32)
 *       (local $end i32) (local $rowEnd i32) (local $qk i32) (local $a v128) (local $b v128)
 *       (local.set $end (i32.add (local.get $out) (i32.shl (local.get $rows) (i32.const 2))))
 *       (block $done (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
 *         (loop $row
 *           (local.set $a (v128.const i32x4 0 0 0 0)) (local.set $b (local.get $a)) (local.set $qk (local.get $q))
 *           (local.set $rowEnd (i32.add (local.get $m) (i32.shl (local.get $stride) (i32.const 2))))
 *           (loop $col
 *             (local.set $a (f32x4.add (local.get $a)
 *               (f32x4.mul (v128.load (local.get $qk)) (v128.load (local.get $m)))))
 *             (local.set $b (f32x4.add (local.get $b)
 *               (f32x4.mul (v128.load offset=16 (local.get $qk)) (v128.load offset=16 (local.get $m)))))
 *             (local.set $qk (i32.add (local.get $qk) (i32.const 32)))
 *             (br_if $col (i32.lt_u (local.tee $m (i32.add (local.get $m) (i32.const 32))) (local.get $rowEnd))))
 *           (local.set $a (f32x4.add (local.get $a) (local.get $b)))
 *           (f32.store (local.get $out) (f32.add
 *             (f32.add (f32x4.extract_lane 0 (local.get $a)) (f32x4.extract_lane 1 (local.get $a)))
 *             (f32.add (f32x4.extract_lane 2 (local.get $a)) (f32x4.extract_lane 3 (local.get $a)))))
 *           (br_if $row (i32.lt_u (local.tee $out (i32.add (local.get $out) (i32.const 4))) (local.get $end)))))))
 *
 * `scan(q, m, rows, stride, out)`: out[i] = the float32 dot product of the query at byte `q` with row i of the
 * matrix at byte `m` (rows of `stride` floats, a multiple of 8), for `rows` rows.
 */
const KERNEL_HEX =
  '0061736d0100000001090160057f7f7f7f7f000208010165016d02000103020100070801047363616e00000ab90101b60102' +
  '037f027b200420024102746a21050240200420054f0d000340fd0c0000000000000000000000000000000021082008210920' +
  '002107200120034102746a2106034020082007fd0004002001fd000400fde601fde401210820092007fd0004102001fd0004' +
  '10fde601fde4012109200741206a2107200141206a22012006490d000b20082009fde401210820042008fd1f002008fd1f01' +
  '922008fd1f022008fd1f039292380200200441046a22042005490d000b0b0b';

/** Floats per row in the kernel's matrix: the dimension rounded up to the kernel's step (the rest are zeros). */
export function kernelStride(dim: number): number {
  return Math.ceil(dim / 8) * 8;
}

let compiled: WebAssembly.Module | null | undefined;

/** The compiled kernel, or null where WebAssembly or its SIMD is unavailable (the exact JavaScript scan then runs). */
function kernelModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  compiled = null;
  try {
    if (typeof WebAssembly === 'undefined') return compiled;
    const bytes = new Uint8Array(KERNEL_HEX.length / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(KERNEL_HEX.slice(2 * i, 2 * i + 2), 16);
    // 231 bytes: under the 4 KB a browser's main thread allows a synchronous compile.
    if (WebAssembly.validate(bytes)) compiled = new WebAssembly.Module(bytes);
  } catch {
    compiled = null;
  }
  return compiled;
}

/** The matrix in the kernel's memory, and the approximate scan over it. */
export interface ScanKernel {
  /** `rows` × `stride` floats, row after row; padding floats stay 0. */
  readonly matrix: Float32Array;
  readonly stride: number;
  /** float32 dot products of `query` (at most `stride` values) with every row: a view reused by the next call. */
  approximate(query: Float64Array): Float32Array;
}

/** A kernel holding a zeroed matrix of `rows` rows of `kernelStride(dim)` floats, or null when none can run here. */
export function createScanKernel(rows: number, dim: number): ScanKernel | null {
  const module = kernelModule();
  if (module === null || rows === 0 || dim === 0) return null;
  const stride = kernelStride(dim);
  const queryAt = rows * stride * 4;
  const outAt = queryAt + stride * 4;
  const bytes = outAt + rows * 4;
  if (bytes > 2 ** 31) return null;
  try {
    const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / 65536) });
    const instance = new WebAssembly.Instance(module, { e: { m: memory } });
    const scan = instance.exports.scan as (q: number, m: number, rows: number, stride: number, out: number) => void;
    // Memory never grows after this, so these views stay attached.
    const matrix = new Float32Array(memory.buffer, 0, rows * stride);
    const query = new Float32Array(memory.buffer, queryAt, stride);
    const out = new Float32Array(memory.buffer, outAt, rows);
    return {
      matrix,
      stride,
      approximate(q) {
        query.fill(0);
        query.set(q);
        scan(queryAt, 0, rows, stride, outAt);
        return out;
      },
    };
  } catch {
    return null;
  }
}

/**
 * A bound on |approximate − exact| for every row: the kernel's float32 products and sums (any order, `stride`
 * terms) are within γ(stride + 4, 2⁻²⁴)·Σ|qₖmₖ| of the true dot product, the exact scan's double sum within
 * γ(stride + 4, 2⁻⁵³)·Σ|qₖmₖ|, and Σ|qₖmₖ| ≤ ‖q‖·‖m‖ (Cauchy–Schwarz). `queryNorm` and `rowNorm` are computed
 * norms (the largest row's for `rowNorm`), inflated here against their own rounding; the constant term covers
 * subnormal results, should a platform flush them to zero.
 */
export function approximationBound(stride: number, queryNorm: number, rowNorm: number): number {
  const gamma = (u: number) => ((stride + 4) * u) / (1 - (stride + 4) * u);
  return (gamma(2 ** -24) + gamma(2 ** -53)) * queryNorm * rowNorm * (1 + 1e-6) + 1e-30;
}

/**
 * Rows whose exact similarity may be among the best `limit`, in row order: with every approximation within `bound`
 * of the exact value, the `limit` rows of largest approximation all reach (kth largest approximation − bound), so a
 * row whose approximation is below that minus `bound` again is strictly below `limit` other rows and cannot be kept
 * by the exact scan, whatever its tie rule.
 */
export function candidateRows(approx: Float32Array, limit: number, bound: number): number[] {
  // The `limit` largest approximations seen so far, descending; the cut only rises as more are seen.
  const top: number[] = [];
  for (let i = 0; i < approx.length; i++) {
    const a = approx[i];
    if (top.length === limit && a <= top[limit - 1]) continue;
    let at = top.length;
    while (at > 0 && a > top[at - 1]) at--;
    top.splice(at, 0, a);
    if (top.length > limit) top.pop();
  }
  const cut = top[top.length - 1] - 2 * bound;
  const rows: number[] = [];
  for (let i = 0; i < approx.length; i++) if (approx[i] >= cut) rows.push(i);
  return rows;
}
