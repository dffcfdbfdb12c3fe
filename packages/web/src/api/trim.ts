/**
 * "Text in JSON posts is trimmed" (spec 1 §5, §7): strings anywhere in a plain JSON body lose
 * their leading and trailing white space. Other values are left as they are; keys listed in
 * `keep` (password fields) are never touched, at any depth.
 */
export function deepTrim<T>(value: T, keep: ReadonlySet<string> = new Set()): T {
  if (typeof value === 'string') return value.trim() as T;
  if (Array.isArray(value)) return value.map((item) => deepTrim(item, keep)) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = keep.has(key) ? item : deepTrim(item, keep);
    return out as T;
  }
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
