/*
 * How a cached answer travels through Redis. Parsed provider answers are JSON-like, with two
 * exceptions that JSON would change silently: bigints (raw token amounts) and dates. Those two are
 * written as tagged objects and read back as what they were; anything else that JSON cannot carry
 * exactly (a Map, a class instance, NaN) makes the answer unshareable, so it stays in-process.
 */

const BIGINT_TAG = '__scout_bigint';
const DATE_TAG = '__scout_date';
const TAGS = new Set([BIGINT_TAG, DATE_TAG]);

/** Thrown inside `encode` for a value JSON cannot carry exactly. */
class Unshareable extends Error {}

function toWire(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Unshareable();
    return value;
  }
  if (typeof value === 'bigint') return { [BIGINT_TAG]: value.toString() };
  if (value instanceof Date) return { [DATE_TAG]: value.toISOString() };
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : toWire(item)));
  if (typeof value === 'object' && isPlain(value)) {
    const keys = Object.keys(value);
    // An upstream object that looks like a tag would come back as something else.
    if (keys.length === 1 && TAGS.has(keys[0])) throw new Unshareable();
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const item = (value as Record<string, unknown>)[key];
      if (item !== undefined) out[key] = toWire(item);
    }
    return out;
  }
  throw new Unshareable();
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function fromWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromWire);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 1 && keys[0] === BIGINT_TAG) return BigInt(record[BIGINT_TAG] as string);
  if (keys.length === 1 && keys[0] === DATE_TAG) return new Date(record[DATE_TAG] as string);
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = fromWire(record[key]);
  return out;
}

/** The text for `value`, or null when it cannot be carried exactly. */
export function encodeShared(value: unknown): string | null {
  try {
    return JSON.stringify(toWire(value));
  } catch (err) {
    if (err instanceof Unshareable) return null;
    throw err;
  }
}

/** The value `encodeShared` wrote. */
export function decodeShared(text: string): unknown {
  return fromWire(JSON.parse(text));
}
