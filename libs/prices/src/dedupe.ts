/** The distinct values in first-seen order, and the values that repeated (each once). */
export function dedupe<T>(values: readonly T[], keyOf: (value: T) => string = String): { unique: T[]; repeated: T[] } {
  const seen = new Set<string>();
  const repeatedKeys = new Set<string>();
  const unique: T[] = [];
  const repeated: T[] = [];
  for (const value of values) {
    const key = keyOf(value);
    if (!seen.has(key)) {
      seen.add(key);
      unique.push(value);
    } else if (!repeatedKeys.has(key)) {
      repeatedKeys.add(key);
      repeated.push(value);
    }
  }
  return { unique, repeated };
}
