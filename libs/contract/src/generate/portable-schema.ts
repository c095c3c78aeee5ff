import type { JsonSchema } from '../answer-schema.types';

/*
 * From typescript-json-schema's output to the schemas Scout publishes: named definitions only
 * under their own names (anonymous object literals and utility types inlined), nullable values as
 * `anyOf` rather than type arrays (the portable form MCP clients and OpenAPI tools read), no
 * `default` (an answer has none; the generator takes them from object literal initializers).
 */

/** Names the generator gives what is not a declared type: object literals and utility types. */
const NOT_A_NAME = new Set([
  '__type',
  '__object',
  'Array',
  'ReadonlyArray',
  'Record',
  'Omit',
  'Pick',
  'Partial',
  'Required',
  'Readonly',
  'Exclude',
  'Extract',
  'NonNullable',
]);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A component named after a JavaScript global shadows it in generated clients (`Error`, `Record`...). */
const JS_GLOBALS = new Set(Object.getOwnPropertyNames(globalThis));

const REF = '#/definitions/';
const SCHEMA_KINDS = ['type', 'anyOf', 'oneOf', 'allOf', '$ref', 'enum', 'const', 'not'];
const KEYWORDS_BY_TYPE: Record<string, string[]> = {
  object: ['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties'],
  array: ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'additionalItems'],
  string: ['format', 'pattern', 'minLength', 'maxLength'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  boolean: [],
  null: [],
};

/**
 * Fails on two different types of one name, or a type named after a JavaScript global: every
 * published name must say one thing. Reads a run with unique names (`Name.<hash of its file>`).
 */
export function checkNames(uniquelyNamed: { definitions?: Record<string, JsonSchema> }): void {
  const source = uniquelyNamed.definitions ?? {};
  const byBase = new Map<string, string[]>();
  for (const name of Object.keys(source)) {
    const base = name.replace(/\.[0-9a-f]{6,}$/, '');
    if (IDENTIFIER.test(base) && !NOT_A_NAME.has(base)) byBase.set(base, [...(byBase.get(base) ?? []), name]);
  }
  const problems: string[] = [];
  for (const [base, names] of byBase) {
    if (JS_GLOBALS.has(base)) problems.push(`${base} is a JavaScript global: give the type another name`);
    const shapes = names.map((name) => JSON.stringify(source[name]).replace(/\.[0-9a-f]{6,}"/g, '"'));
    if (shapes.some((shape) => shape !== shapes[0])) problems.push(`${base} names ${names.length} different types: give each its own name`);
  }
  if (problems.length) throw new Error(`the answer types cannot be published as they are:\n${problems.join('\n')}`);
}

/** Shapes from a run without unique names: declared types under their names, the rest inlined. */
export function portableDefinitions(generated: JsonSchema & { definitions?: Record<string, JsonSchema> }): {
  root: JsonSchema;
  definitions: Record<string, JsonSchema>;
} {
  const source = { ...(generated.definitions ?? {}) };
  // A declared type met both bare and through a `Record<K, Type>` comes twice: `Type`, a reference
  // carrying its doc comment, and `Type_1`, the shape. One name is published: the declared one.
  const renamed = new Map<string, string>();
  for (const name of Object.keys(source)) {
    const base = /^(.+)_\d+$/.exec(name)?.[1];
    const alias = base === undefined ? undefined : source[base];
    if (!alias || alias.$ref !== `${REF}${name}` || Object.keys(withoutKeys(alias, ['$ref', 'description'])).length > 0) continue;
    source[base!] = { ...source[name], ...(alias.description ? { description: alias.description } : {}) };
    delete source[name];
    renamed.set(name, base!);
  }
  // Instances of generics and object literals come numbered (`Record_12`, `__type_3`): inlined.
  const isNamed = (name: string) => IDENTIFIER.test(name) && !NOT_A_NAME.has(name.replace(/_\d+$/, ''));
  const inlining: string[] = [];
  const convert = (schema: unknown): unknown => {
    if (Array.isArray(schema)) return schema.map(convert);
    if (typeof schema !== 'object' || schema === null) return schema;
    const s = schema as JsonSchema;
    if (typeof s.$ref === 'string' && s.$ref.startsWith(REF)) {
      const referenced = decodeURIComponent(s.$ref.slice(REF.length));
      const target = renamed.get(referenced) ?? referenced;
      // Keywords beside the reference (a description): kept, over what the reference names.
      const rest = Object.fromEntries(Object.entries(withoutKeys(s, ['$ref'])).map(([key, value]) => [key, convert(value)]));
      if (isNamed(target)) return { ...rest, $ref: `${REF}${target}` };
      if (!(target in source)) throw new Error(`a reference to ${target}, which the generator did not define`);
      if (inlining.includes(target)) throw new Error(`${target} refers to itself: give it a name`);
      inlining.push(target);
      const inlined = convert(source[target]) as JsonSchema;
      inlining.pop();
      return { ...inlined, ...rest };
    }
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(s)) {
      if (key === 'default' || key === 'definitions') continue;
      // Maps of names to schemas: their keys are names, not keywords.
      if (key === 'properties' || key === 'patternProperties')
        out[key] = Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, convert(v)]));
      else out[key] = convert(value);
    }
    // `{}` (any value) is what the generator makes of a type it cannot read, such as a zod `z.infer`.
    if (!SCHEMA_KINDS.some((key) => key in out))
      open.push(`in ${where}: a type the generator could not read (${JSON.stringify(out).slice(0, 80)}); declare it as an interface`);
    // An intersection (`Row & { rank }`) comes as allOf; with every part closed to other fields no
    // answer could pass, so the parts are merged into one object.
    if (Array.isArray(out.allOf)) {
      const parts = (out.allOf as JsonSchema[]).map(objectOf);
      if (parts.every((part): part is JsonSchema => part !== null)) {
        const merged: JsonSchema = {
          type: 'object',
          properties: Object.assign({}, ...parts.map((part) => part.properties)) as JsonSchema,
          required: [...new Set(parts.flatMap((part) => (part.required as string[] | undefined) ?? []))].sort(),
          additionalProperties: false,
        };
        return { ...withoutKeys(out, ['allOf']), ...merged };
      }
      open.push(`in ${where}: an intersection of more than plain object types`);
    }
    if (out.type === 'object' && !('additionalProperties' in out)) {
      // An answer carries the fields its type declares and no other.
      if ('properties' in out) out.additionalProperties = false;
      else open.push(`in ${where}: ${JSON.stringify(out).slice(0, 100)}`);
    }
    return Array.isArray(out.type) ? splitTypes(out) : out;
  };
  const open: string[] = [];
  let where = 'ContractAnswers';
  /** A converted part of an intersection as a plain object schema (a reference followed), or null. */
  const objectOf = (part: JsonSchema): JsonSchema | null => {
    const name = typeof part.$ref === 'string' ? part.$ref.slice(REF.length) : null;
    const target = name === null ? part : (convert(source[renamed.get(name) ?? name]) as JsonSchema);
    return target?.type === 'object' && typeof target.properties === 'object' ? target : null;
  };
  const definitions: Record<string, JsonSchema> = {};
  for (const name of Object.keys(source).filter(isNamed).sort()) {
    where = name;
    definitions[name] = convert(source[name]) as JsonSchema;
  }
  where = 'ContractAnswers';
  const root = convert(withoutKeys(generated, ['definitions', '$schema'])) as JsonSchema;
  if (open.length) {
    // typescript-json-schema reads `Record<string, X>` as any object; it reads an index signature.
    throw new Error(`answer types the schema cannot say (for \`Record<string, X>\` write \`{ [key: string]: X }\`):\n${open.join('\n')}`);
  }
  return { root, definitions };
}

/** `{type: ['number', 'null'], ...}` as `{anyOf: [{type: 'number', ...}, {type: 'null'}]}`, each branch with its own keywords and enum values. */
function splitTypes(schema: JsonSchema): JsonSchema {
  const types = schema.type as string[];
  const typed = new Set(types.flatMap((t) => KEYWORDS_BY_TYPE[t] ?? []));
  const shared = withoutKeys(schema, ['type', 'enum', ...typed]);
  const branches = types.map((type) => {
    const branch: JsonSchema = { type };
    for (const key of KEYWORDS_BY_TYPE[type] ?? []) if (key in schema) branch[key] = schema[key];
    if (Array.isArray(schema.enum) && type !== 'null') {
      const values = schema.enum.filter((v) => jsonType(v) === type || (type === 'number' && jsonType(v) === 'integer'));
      if (values.length) branch.enum = values;
    }
    return branch;
  });
  return { ...shared, anyOf: branches };
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

function withoutKeys(schema: JsonSchema, keys: string[]): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !keys.includes(key)));
}
