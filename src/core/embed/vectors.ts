// Vector storage and similarity: little-endian float32 blobs in SQLite, cosine similarity in memory.

/** Encodes a vector as little-endian float32 bytes (the `embeddings.vector` blob). */
export function encodeVector(vector: Float32Array): Uint8Array {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  vector.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return bytes;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Decodes an `embeddings.vector` blob. */
export function decodeVector(bytes: Uint8Array): Float32Array {
  // On little-endian hosts (all current ones) the bytes are the floats: one copy, no per-element decoding.
  if (LITTLE_ENDIAN) return new Float32Array(bytes.slice().buffer, 0, Math.floor(bytes.byteLength / 4));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/**
 * `normalize(decodeVector(bytes))`, its first `count` floats written into `target` at `at`, without the two arrays
 * between (10,000 vectors are decoded per index generation): the same floats, the sum of squares taken in the same
 * order over every float of the blob. Returns how many floats the blob holds (fewer than `count` leaves the rest).
 */
export function normalizedInto(bytes: Uint8Array, target: Float32Array, at: number, count: number): number {
  const vector =
    LITTLE_ENDIAN && bytes.byteOffset % 4 === 0
      ? new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / 4))
      : decodeVector(bytes);
  const n = vector.length;
  let sum = 0;
  for (let k = 0; k < n; k++) sum += vector[k] * vector[k];
  const norm = Math.sqrt(sum);
  const end = Math.min(n, count);
  if (norm === 0) target.set(vector.subarray(0, end), at);
  else for (let k = 0; k < end; k++) target[at + k] = vector[k] / norm;
  return n;
}

/** Scales a vector to unit length (a zero vector stays zero), so cosine becomes a dot product. */
export function normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const v of vector) sum += v * v;
  const norm = Math.sqrt(sum);
  return norm === 0 ? vector : vector.map((v) => v / norm);
}

/** Dot product of two equal-length vectors (cosine similarity when both are unit length). */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}
