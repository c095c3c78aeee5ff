import fc from 'fast-check';

/**
 * fast-check arbitraries built from a tool's published JSON Schema (GET /api/v1/tools), so a new
 * tool is fuzzed without new test code. `validInput` follows the schema; `hostileInput` breaks it
 * on purpose. Inputs are lists of [field, value] pairs rather than objects, so a field may be
 * named `__proto__` and still reach the wire as such. `validEntries` and `hostileInput` take
 * optional seeds: values per field that name things the upstream knows (a trader's handle, a
 * listed token), mixed into the generated ones so inputs reach an answer, not only a 404.
 */
export interface Schema {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  default?: unknown;
  examples?: unknown[];
}

export type Entries = Array<[string, unknown]>;

/** Known values per field name, mixed into a field's generated values (see `validEntries`). */
export type Seeds = Record<string, unknown[]>;

/** JSON text inserted as is: how a nested object with a prototype-named key is sent. */
export class RawJson {
  constructor(readonly text: string) {}
}

export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') return entriesText(Object.entries(value));
  return JSON.stringify(value) ?? 'null';
}

export const entriesText = (entries: Entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;

/** Words and shapes the tools' domains use, so valid-looking text reaches the handlers often. */
const DOMAIN_TEXT = [
  'ETH',
  'SOL',
  'USDC',
  'BTC',
  'aave',
  'uniswap',
  'jupiter',
  'raydium',
  'Aave V3',
  'coingecko:bitcoin',
  'solana:So11111111111111111111111111111111111111112',
  'base:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  'So11111111111111111111111111111111111111112',
  'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  '2026-11-20T00:00:00Z',
  '2026-11-21T00:00:00Z',
  '2024-03-01',
  '1700000000',
  'ZZZQQ',
];

const PROTOTYPE_KEYS = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

function validString(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 64, min + 64);
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  const domain = DOMAIN_TEXT.filter(fits);
  const text = fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' }).filter(fits);
  return domain.length > 0 ? fc.oneof(fc.constantFrom(...domain), text) : text;
}

export function validValue(schema: Schema): fc.Arbitrary<unknown> {
  // A schema's own examples are the likeliest inputs to get past cross-field rules to an answer.
  const generated = generatedValue(schema);
  return schema.examples?.length ? fc.oneof(fc.constantFrom(...schema.examples), generated) : generated;
}

function generatedValue(schema: Schema): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && !schema.type) return fc.oneof(...choices.map(validValue));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return validString(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const constraints = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 8, 8) };
      const item = validValue(schema.items ?? {});
      return schema.uniqueItems ? fc.uniqueArray(item, { ...constraints, selector: (v) => JSON.stringify(v) }) : fc.array(item, constraints);
    }
    case 'object':
      return validEntries(schema).map((entries) => Object.fromEntries(entries));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A field's value: one of its seeds two times in three when it has any, else generated. */
function seededValue(schema: Schema, seeds: unknown[] | undefined): fc.Arbitrary<unknown> {
  if (!seeds?.length) return validValue(schema);
  return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...seeds) }, { weight: 1, arbitrary: validValue(schema) });
}

/**
 * An object input as entries: required fields always, the others sometimes. An object-level
 * anyOf/oneOf picks a branch whose fields become required; with oneOf, the fields only the other
 * branches require are left out, since giving them too breaks "exactly one". A field with seeds
 * takes one of them more often than not.
 */
export function validEntries(schema: Schema, seeds: Seeds = {}): fc.Arbitrary<Entries> {
  const properties = schema.properties ?? {};
  const branches = (schema.anyOf ?? schema.oneOf ?? []).map((b) => b.required ?? []);
  const branch = branches.length > 0 ? fc.constantFrom(...branches) : fc.constant<string[]>([]);
  return branch.chain((extra) => {
    const required = new Set([...(schema.required ?? []), ...extra]);
    const excluded = new Set(schema.oneOf ? branches.flat().filter((name) => !required.has(name)) : []);
    const fields = Object.entries(properties)
      .filter(([name]) => !excluded.has(name))
      .map(([name, property]) =>
        required.has(name)
          ? seededValue(property, seeds[name]).map((v): Entries => [[name, v]])
          : fc.option(seededValue(property, seeds[name]), { nil: undefined }).map((v): Entries => (v === undefined ? [] : [[name, v]])),
      );
    return fields.length === 0 ? fc.constant<Entries>([]) : fc.tuple(...fields).map((parts) => parts.flat());
  });
}

function nested(levels: number): RawJson {
  return new RawJson(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);
}

/** Values no schema field accepts as they are, and values that sit just past a field's bounds. */
export function hostileValue(schema: Schema): fc.Arbitrary<unknown> {
  const bounds: unknown[] = [];
  if (schema.minimum !== undefined) bounds.push(schema.minimum - 1, schema.minimum - 0.5);
  if (schema.maximum !== undefined) bounds.push(schema.maximum + 1, schema.maximum + 1e-9);
  if (schema.maxLength !== undefined) bounds.push('x'.repeat(schema.maxLength + 1));
  if (schema.minLength) bounds.push('x'.repeat(schema.minLength - 1));
  if (schema.maxItems !== undefined) bounds.push(Array(schema.maxItems + 1).fill('ETH'));
  if (schema.items) bounds.push([], [[]], [null]);
  return fc.oneof(
    fc.constantFrom<unknown>(null, true, 0, -0, 1e308, -1e308, 2 ** 53 + 1, 1.5, '', ' ', 'x'.repeat(20_000), [], {}, [1, 'a'], { a: 1 }, ...bounds),
    fc.string({ unit: 'binary', maxLength: 24 }),
    fc.string({ unit: 'binary-ascii', maxLength: 24 }),
    fc.string({ unit: 'grapheme', maxLength: 24 }),
    fc.constantFrom('\u0000', 'a\u0000b', '\u0007', '\u001f', '\u007f', '\ud800', 'e\u0301', '𝔘𝔫𝔦', '\u202e', '%00', "'; DROP TABLE accounts;--"),
    fc.integer({ min: 40, max: 3000 }).map(nested),
    fc.constantFrom(...PROTOTYPE_KEYS).map((key) => new RawJson(`{${JSON.stringify(key)}:{"polluted":true}}`)),
    validValue(schema).map((v) => [v]),
    fc.jsonValue({ maxDepth: 3 }),
  );
}

/**
 * A schema-valid input (seeded as `validEntries`) broken in one way: a field's value, an unknown
 * or prototype-named field, a missing field.
 */
export function hostileInput(schema: Schema, seeds: Seeds = {}): fc.Arbitrary<Entries> {
  const names = Object.keys(schema.properties ?? {});
  const replaceField =
    names.length === 0
      ? null
      : fc
          .tuple(validEntries(schema, seeds), fc.constantFrom(...names))
          .chain(([entries, name]) => hostileValue(schema.properties![name]).map((value): Entries => [...entries.filter(([k]) => k !== name), [name, value]]));
  const extraField = fc
    .tuple(
      validEntries(schema, seeds),
      fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, 'access_token', '', 'a\u0000b'), fc.string({ maxLength: 12 })),
      fc.jsonValue({ maxDepth: 2 }),
    )
    .map(([entries, key, value]): Entries => [...entries, [key, value]]);
  const dropField = validEntries(schema, seeds).chain((entries) =>
    entries.length === 0 ? fc.constant(entries) : fc.nat(entries.length - 1).map((i) => entries.filter((_, j) => j !== i)),
  );
  const duplicateField = validEntries(schema, seeds).map((entries): Entries => (entries.length === 0 ? entries : [...entries, entries[0]]));
  return fc.oneof(...(replaceField ? [replaceField, replaceField] : []), extraField, dropField, duplicateField);
}
