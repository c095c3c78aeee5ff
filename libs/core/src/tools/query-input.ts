import type { ValidationIssue } from '../errors/scout-error';
import type { JsonSchema } from './tool.types';

/** The parts of a property schema that decide how its query text is read. */
export interface PropertySchema {
  type?: string | string[];
  items?: PropertySchema;
  anyOf?: PropertySchema[];
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function hasType(property: PropertySchema | undefined, type: string): boolean {
  return property?.type === type || (Array.isArray(property?.type) && property.type.includes(type));
}

/**
 * An input that query parameters cannot spell (an object, or a list of objects) is sent in a query
 * as JSON text: `?before={"capturedAt":"..."}`. Clients that only send GET (the peer's REST adapter
 * among them) call every tool this way. The OpenAPI document marks such parameters as JSON content.
 */
export function takesJsonText(property: PropertySchema | undefined): boolean {
  if (hasType(property, 'object')) return true;
  return hasType(property, 'array') && hasType(property?.items, 'object');
}

/** A list whose items may be objects or text (`tokens`: `{chain, address}` or `"chain:address"`). */
function mixesObjectsAndText(property: PropertySchema): boolean {
  return hasType(property, 'array') && (property.items?.anyOf ?? []).some((option) => hasType(option, 'object'));
}

const LOOKS_LIKE_JSON = /^\s*[[{]/;

function parseJson(field: string, text: unknown, issues: ValidationIssue[]): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    issues.push({ path: field, message: `must be JSON text in a query (for example ${field}={"...":...}); it is not valid JSON` });
    return undefined;
  }
}

/**
 * Parses the JSON text of object-typed query inputs (takesJsonText). An object field is given once;
 * a list of objects is one JSON array or one JSON object per repeated key; in a list of objects or
 * text, the values that start with `{` or `[` are JSON. Text that is not JSON is
 * an issue naming the field (the caller's 400); what parses is then screened and validated exactly
 * like a JSON body.
 */
export function parseJsonQueryFields(query: Record<string, unknown>, schema: JsonSchema): { query: Record<string, unknown>; issues: ValidationIssue[] } {
  const properties = (schema.properties ?? {}) as Record<string, PropertySchema>;
  const issues: ValidationIssue[] = [];
  const out: Record<string, unknown> = { ...query };
  for (const [field, raw] of Object.entries(query)) {
    const property = properties[field];
    if (!Object.hasOwn(properties, field)) continue;
    const values = Array.isArray(raw) ? (raw as unknown[]) : [raw];
    if (mixesObjectsAndText(property)) {
      // Only values that look like JSON are parsed; the text form stays for the comma split.
      out[field] = values.flatMap((value) => {
        const parsed = typeof value === 'string' && LOOKS_LIKE_JSON.test(value) ? parseJson(field, value, issues) : value;
        return Array.isArray(parsed) ? (parsed as unknown[]) : [parsed];
      });
      continue;
    }
    if (!takesJsonText(property)) continue;
    if (!hasType(property, 'array')) {
      if (values.length > 1) issues.push({ path: field, message: 'give it once, as one JSON object' });
      else out[field] = parseJson(field, values[0], issues);
      continue;
    }
    const parsed = values.map((value) => parseJson(field, value, issues));
    out[field] = parsed.length === 1 && Array.isArray(parsed[0]) ? parsed[0] : parsed;
  }
  return { query: out, issues };
}

function coerceScalar(value: unknown, type: PropertySchema['type']): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if ((type === 'integer' || type === 'number') && NUMERIC.test(text)) return Number(text);
  if (type === 'boolean') {
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
  }
  return value;
}

/**
 * Query strings carry only text. Turn it into the types the schema asks for: numbers, booleans
 * (`true/1`, `false/0`), and arrays from repeated keys or comma lists. Text that does not parse
 * is left alone so validation reports it. JSON-typed fields are parsed before (parseJsonQueryFields).
 */
export function coerceQuery(query: Record<string, unknown>, schema: JsonSchema): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, PropertySchema>;
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query)) {
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (!property || (takesJsonText(property) && !hasType(property, 'array'))) {
      out[key] = raw;
      continue;
    }
    if (property.type === 'array') {
      const parts = (Array.isArray(raw) ? (raw as unknown[]) : [raw]).flatMap((item) =>
        typeof item === 'string'
          ? item
              .split(',')
              .map((p) => p.trim())
              .filter((p) => p !== '')
          : [item],
      );
      out[key] = parts.map((item) => coerceScalar(item, property.items?.type));
    } else {
      out[key] = coerceScalar(raw, property.type);
    }
  }
  return out;
}
