// Sets a key of a plain object as an own property, whatever its name. `out[key] = value` with key `__proto__` sets
// the object's prototype instead: a frontmatter key `__proto__` vanished, and its mapping's fields were inherited.

/** `out[key] = value`, but `__proto__` becomes an ordinary own key (enumerable, writable) like any other. */
export function setOwnKey(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
  else out[key] = value;
}
