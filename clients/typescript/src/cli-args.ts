import { parseArgs } from 'node:util';

/** The part of a JSON Schema the CLI reads to turn a flag's text into the value a tool takes. */
export interface PropertySchema {
  type?: string | string[];
  items?: PropertySchema;
  anyOf?: PropertySchema[];
  oneOf?: PropertySchema[];
  enum?: unknown[];
  description?: string;
  default?: unknown;
}

/** A tool as GET /api/v1/tools lists it (the fields the CLI uses). */
export interface CliTool {
  name: string;
  cost: number;
  summary: string;
  requiresKey: boolean;
  inputSchema: { properties: Record<string, PropertySchema>; required: string[] };
}

/** A mistake on the command line: nothing is sent, the CLI exits with the usage code. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The tools of a GET /api/v1/tools answer, checked rather than trusted: each input schema is
 * free-form JSON in the OpenAPI document, and the CLI may talk to another version of Scout.
 */
export function readCatalog(body: unknown): CliTool[] {
  if (!isRecord(body) || !Array.isArray(body.tools)) throw new Error('GET /api/v1/tools did not answer a tool list');
  return body.tools.map((entry: unknown, index): CliTool => {
    if (!isRecord(entry) || typeof entry.name !== 'string' || typeof entry.cost !== 'number') {
      throw new Error(`GET /api/v1/tools: entry ${index} is not a tool`);
    }
    const schema = isRecord(entry.inputSchema) ? entry.inputSchema : {};
    const properties = isRecord(schema.properties) ? (schema.properties as Record<string, PropertySchema>) : {};
    const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
    return {
      name: entry.name,
      cost: entry.cost,
      summary: typeof entry.summary === 'string' ? entry.summary : '',
      requiresKey: entry.requiresKey !== false,
      inputSchema: { properties, required },
    };
  });
}

function typesOf(schema: PropertySchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type === undefined ? [] : [schema.type];
}

/** A short type label for help texts: `integer`, `string[]`, `integer|string`, `JSON`. */
export function typeLabel(schema: PropertySchema): string {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return [...new Set(alternatives.map(typeLabel))].join('|');
  const types = typesOf(schema).filter((type) => type !== 'null');
  if (types.length === 0) return 'JSON';
  const itemLabel = schema.items ? typeLabel(schema.items) : 'JSON';
  const list = itemLabel.includes('|') ? `(${itemLabel})[]` : `${itemLabel}[]`;
  return types.map((type) => (type === 'array' ? list : type === 'object' ? 'JSON' : type)).join('|');
}

const INTEGER = /^[+-]?\d+$/;

function parseJson(flag: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UsageError(`--${flag} takes JSON text here; ${JSON.stringify(text)} is not JSON`);
  }
}

/**
 * One flag's text as the value its schema takes: integers and numbers as numbers, booleans from
 * true/false, objects as JSON text, a list as JSON text (`["a","b"]`) or, for a list of plain
 * values, one item per use of the flag (see collectInputs). A value of the wrong type is a
 * UsageError; ranges, enums and formats are left to Scout (an invalid_request answer).
 */
export function convertValue(flag: string, text: string, schema: PropertySchema): unknown {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    // The first alternative that takes the text; JSON-looking text tries the object and list ones first.
    const structured = (alternative: PropertySchema) => typesOf(alternative).some((type) => type === 'object' || type === 'array');
    const ordered = /^\s*[[{]/.test(text) ? [...alternatives.filter(structured), ...alternatives.filter((a) => !structured(a))] : alternatives;
    for (const alternative of ordered) {
      try {
        return convertValue(flag, text, alternative);
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
      }
    }
    throw new UsageError(`--${flag} takes ${typeLabel(schema)}; ${JSON.stringify(text)} is none of them`);
  }
  const types = typesOf(schema);
  if (types.includes('null') && text === 'null') return null;
  // A string may hold anything: it is taken before any narrower reading when the schema allows it.
  if (types.includes('string')) return text;
  if (types.includes('integer')) {
    if (INTEGER.test(text.trim())) return Number(text);
    if (!types.includes('number')) throw new UsageError(`--${flag} takes an integer, not ${JSON.stringify(text)}`);
  }
  if (types.includes('number')) {
    const value = text.trim() === '' ? Number.NaN : Number(text);
    if (!Number.isFinite(value)) throw new UsageError(`--${flag} takes a number, not ${JSON.stringify(text)}`);
    return value;
  }
  if (types.includes('boolean')) {
    if (text === 'true') return true;
    if (text === 'false') return false;
    throw new UsageError(`--${flag} takes true or false, not ${JSON.stringify(text)}`);
  }
  if (types.includes('array')) {
    const value = parseJson(flag, text);
    if (!Array.isArray(value)) throw new UsageError(`--${flag} takes a JSON list`);
    return value;
  }
  if (types.includes('object')) {
    const value = parseJson(flag, text);
    if (!isRecord(value)) throw new UsageError(`--${flag} takes a JSON object`);
    return value;
  }
  // No type said: JSON when it reads as JSON, the text otherwise.
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const isList = (schema: PropertySchema) => typesOf(schema).includes('array');
const isBoolean = (schema: PropertySchema) => typesOf(schema).includes('boolean') && !schema.anyOf && !schema.oneOf;
const looksLikeJsonList = (text: string) => text.trimStart().startsWith('[');

/** What `scout call <tool> ...` asked for: the JSON body to send, or help. */
export type CallRequest = { kind: 'help' } | { kind: 'call'; body: Record<string, unknown> };

/** The singular of a list input's name (`chains` -> `chain`, `categories` -> `category`), or null. */
export function singularOf(name: string): string | null {
  if (/[^aeiou]ies$/.test(name)) return `${name.slice(0, -3)}y`;
  if (/[^s]s$/.test(name)) return name.slice(0, -1);
  return null;
}

/**
 * The list inputs a singular flag adds one item to (`--chain solana` for `chains`), for every list
 * input named in the plural whose singular is not an input of its own.
 */
export function itemFlags(tool: CliTool): Map<string, string> {
  const properties = tool.inputSchema.properties;
  const flags = new Map<string, string>();
  for (const [name, schema] of Object.entries(properties)) {
    const singular = isList(schema) ? singularOf(name) : null;
    if (singular !== null && !Object.hasOwn(properties, singular)) flags.set(singular, name);
  }
  return flags;
}

/**
 * The body of `scout call <tool>` from its arguments (those after the tool name): either
 * `--json '{...}'` alone, or one `--<input> <value>` per input, each converted by the tool's
 * inputSchema. Booleans are `--flag` (true), `--flag true|false` or `--no-flag`; a list takes
 * `--<input> '[...]'` or, for a list of plain values, one item per flag: `--<input> a --<input> b`,
 * or its singular (`--chain solana --chain base` for `chains`). An unknown flag, a missing or
 * mistyped value or a stray word is a UsageError.
 */
export function collectInputs(tool: CliTool, args: string[]): CallRequest {
  const properties = tool.inputSchema.properties;
  const items = itemFlags(tool);
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  for (const [name, schema] of Object.entries(properties)) options[name] = { type: isBoolean(schema) ? 'boolean' : 'string' };
  for (const singular of items.keys()) options[singular] = { type: 'string' };
  options.json = { type: 'string' };
  options.help = { type: 'boolean', short: 'h' };

  // Not strict: the checks below give messages in the tool's own terms (and take negative numbers).
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  /** Per input given as text: each use, with the flag that gave it (the input's name, or its singular). */
  const texts = new Map<string, Array<{ flag: string; text: string }>>();
  const values: Record<string, unknown> = {};
  let json: string | undefined;
  const consumed = new Set<number>();

  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (token === undefined || consumed.has(token.index)) continue;
    if (token.kind === 'option-terminator') throw new UsageError('`--` is not used by scout call');
    if (token.kind === 'positional') throw new UsageError(`unexpected argument ${JSON.stringify(token.value)}: inputs are given as --<input> <value>`);
    const flag = token.name;
    if (flag === 'help' || flag === 'h') return { kind: 'help' };
    if (flag === 'json') {
      if (token.value === undefined) throw new UsageError('--json needs a JSON object');
      if (json !== undefined) throw new UsageError('--json is given twice');
      json = token.value;
      continue;
    }
    const negated = flag.startsWith('no-') && Object.hasOwn(properties, flag.slice(3)) ? properties[flag.slice(3)] : undefined;
    if (!Object.hasOwn(properties, flag) && negated && isBoolean(negated)) {
      if (token.value !== undefined) throw new UsageError(`--${flag} takes no value`);
      setOnce(values, flag.slice(3), false);
      continue;
    }
    const name = Object.hasOwn(properties, flag) ? flag : items.get(flag);
    const schema = name === undefined ? undefined : properties[name];
    if (name === undefined || schema === undefined) throw new UsageError(unknownInput(tool, flag));
    if (isBoolean(schema)) {
      let text = token.value;
      const next = tokens[i + 1];
      if (text === undefined && next?.kind === 'positional' && (next.value === 'true' || next.value === 'false')) {
        text = next.value;
        consumed.add(next.index);
      }
      setOnce(values, name, text === undefined ? true : convertValue(name, text, schema));
      continue;
    }
    // parseArgs takes the next word as the value even when it is another flag: refuse that unless given as --x=--y.
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) {
      throw new UsageError(`--${flag} needs a value (${typeLabel(flag === name ? schema : (schema.items ?? {}))})`);
    }
    const seen = texts.get(name) ?? [];
    seen.push({ flag, text: token.value });
    texts.set(name, seen);
  }

  for (const [name, seen] of texts) {
    const schema = properties[name];
    if (schema === undefined) continue;
    const first = seen[0];
    if (first === undefined) continue;
    if (!isList(schema)) {
      if (seen.length > 1) throw new UsageError(`--${name} is given ${seen.length} times`);
      setOnce(values, name, convertValue(name, first.text, schema));
      continue;
    }
    // A list: once as JSON text under its own name, or one item per flag.
    const asJson = seen.filter((use) => use.flag === name && looksLikeJsonList(use.text));
    if (asJson.length === 1 && seen.length === 1) {
      setOnce(values, name, convertValue(name, first.text, schema));
      continue;
    }
    if (asJson.length > 0) {
      throw new UsageError(`--${name}: give the list once as JSON ('[...]') or one item per --${name}, not both`);
    }
    const itemSchema = schema.items ?? {};
    setOnce(
      values,
      name,
      seen.map((use) => convertValue(use.flag, use.text, itemSchema)),
    );
  }

  if (json !== undefined) {
    if (Object.keys(values).length > 0) throw new UsageError('give the inputs either as --json or as flags, not both');
    let body: unknown;
    try {
      body = JSON.parse(json);
    } catch {
      throw new UsageError('--json is not valid JSON');
    }
    if (!isRecord(body)) throw new UsageError('--json takes a JSON object, e.g. --json \'{"chains":["solana"]}\'');
    return { kind: 'call', body };
  }
  return { kind: 'call', body: values };
}

function setOnce(values: Record<string, unknown>, name: string, value: unknown): void {
  if (Object.hasOwn(values, name)) throw new UsageError(`--${name} is given twice`);
  values[name] = value;
}

/** Edits (insert, delete, replace) between two names, case aside. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= y.length; j += 1) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[y.length] ?? 0;
}

/** "unknown input --chian for service_chain_health (did you mean --chain?); its inputs: --chains". */
export function unknownInput(tool: CliTool, flag: string): string {
  const names = Object.keys(tool.inputSchema.properties);
  const candidates = [...names, ...itemFlags(tool).keys()];
  const near = candidates
    .map((name) => ({ name, edits: distance(name, flag) }))
    .filter(({ name, edits }) => edits <= Math.max(1, Math.floor(name.length / 4)))
    .sort((a, b) => a.edits - b.edits)[0]?.name;
  const inputs = names.length ? `its inputs: ${names.map((name) => `--${name}`).join(', ')}` : 'it takes no inputs';
  return `unknown input --${flag} for ${tool.name}${near ? ` (did you mean --${near}?)` : ''}; ${inputs}`;
}
