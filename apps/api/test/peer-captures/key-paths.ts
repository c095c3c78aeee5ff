/**
 * The shape of a JSON answer as key paths: `a.b` for an object's key, `a[]` for an array and
 * `a[].c` for a key of its elements (the union over every element, so an array is compared by
 * what its elements carry, not by its length). Each path maps to the JSON types seen there; a null
 * is recorded as 'null' and says nothing about the type a known value would have.
 */

export type JsonType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

/** Path → the JSON types seen at it, sorted. */
export type Shape = Record<string, JsonType[]>;

/** Keys that name one of the peer's chains where Scout spells the chain its own way (the spec's `brokerage`). */
const CHAIN_KEYS: Readonly<Record<string, string>> = { robinhood: 'brokerage' };

export interface ShapeOptions {
  /** Rename keys that are chain names in the peer's vocabulary to Scout's (peer captures only). */
  scoutChainKeys?: boolean;
}

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  if (t === 'object' || t === 'string' || t === 'number' || t === 'boolean') return t;
  throw new TypeError(`not a JSON value: ${t}`);
}

/** The key paths of `value` and the types at each (the root itself is not a path). */
export function shapeOf(value: unknown, options: ShapeOptions = {}): Shape {
  const seen = new Map<string, Set<JsonType>>();
  const add = (path: string, type: JsonType) => {
    let types = seen.get(path);
    if (!types) seen.set(path, (types = new Set()));
    types.add(type);
  };
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      for (const item of node) {
        const at = `${path}[]`;
        add(at, typeOf(item));
        walk(item, at);
      }
    } else if (node !== null && typeof node === 'object') {
      for (const [rawKey, child] of Object.entries(node)) {
        const key = options.scoutChainKeys ? (CHAIN_KEYS[rawKey] ?? rawKey) : rawKey;
        const at = path === '' ? key : `${path}.${key}`;
        add(at, typeOf(child));
        walk(child, at);
      }
    }
  };
  walk(value, '');
  return Object.fromEntries([...seen].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([path, types]) => [path, [...types].sort()]));
}

export interface ShapeGap {
  path: string;
  /** 'missing': Scout has no such path; 'type': Scout sends another JSON type where both are known. */
  problem: 'missing' | 'type';
  expected: JsonType[];
  actual: JsonType[] | null;
}

/**
 * What `actual` lacks of `expected`: every path of `expected` must be in `actual`, and where both
 * hold a known (non-null) value there, a type of `expected`. A null on either side is no type.
 */
export function shapeGaps(expected: Shape, actual: Shape): ShapeGap[] {
  const gaps: ShapeGap[] = [];
  for (const [path, types] of Object.entries(expected)) {
    const got = actual[path];
    if (!got) {
      gaps.push({ path, problem: 'missing', expected: types, actual: null });
      continue;
    }
    const known = types.filter((t) => t !== 'null');
    const other = got.filter((t) => t !== 'null' && !known.includes(t));
    if (known.length > 0 && other.length > 0) gaps.push({ path, problem: 'type', expected: types, actual: got });
  }
  return gaps;
}

/** One entry of peer-shapes.json: a capture of the peer, the Scout tool and inputs it maps to, its shape. */
export interface PeerShape {
  /** The capture's file name. */
  capture: string;
  peerTool: string;
  tool: string;
  /** The inputs Scout is called with; null when no rule reads them (then `reason` says why). */
  input: Record<string, unknown> | null;
  reason?: string;
  /** Key paths of the capture's `data`, peer chain names as Scout spells them. */
  paths: Shape;
}

/** The traders and coins a capture names: what the sandbox must know for the peer's examples to answer. */
export interface PeerNames {
  traders: { handle: string; userId: string | null }[];
  coins: { address: string; chain: string | null }[];
}
