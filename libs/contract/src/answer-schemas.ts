import type { AnswerSchemaDocument, JsonSchema } from './answer-schema.types';
import document from './tool-answers.schema.json';

/** The generated answer schema document (`npm run schemas`): every tool's `data` over shared definitions. */
export const ANSWER_SCHEMAS = document as AnswerSchemaDocument;

const DEFINITION = '#/definitions/';

/**
 * How the document names a route: `GET /api/v1/me/keys/{keyId}` for Express's
 * `/api/v1/me/keys/:keyId` (path parameters as OpenAPI writes them).
 */
export function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
}

/** The tools the document describes. */
export function describedTools(): string[] {
  return Object.keys(ANSWER_SCHEMAS.tools);
}

/** The schema of one tool's `data`, its references pointing at `#/definitions/<Name>` (use with `ANSWER_SCHEMAS.definitions`). */
export function answerDataSchema(tool: string): JsonSchema | null {
  return ANSWER_SCHEMAS.tools[tool]?.schema ?? null;
}

/** The definitions a schema reaches, directly or through other definitions, sorted by name. */
export function reachableDefinitions(schema: JsonSchema, definitions: Record<string, JsonSchema> = ANSWER_SCHEMAS.definitions): string[] {
  const seen = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(DEFINITION)) {
        const name = value.slice(DEFINITION.length);
        if (!seen.has(name)) {
          seen.add(name);
          visit(definitions[name]);
        }
      } else visit(value);
    }
  };
  visit(schema);
  return [...seen].sort();
}

/** A schema with its references pointed elsewhere, e.g. at `#/components/schemas/`. */
export function withRefsAt(schema: JsonSchema, prefix: string): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replaceAll(`"$ref":"${DEFINITION}`, `"$ref":"${prefix}`)) as JsonSchema;
}

/**
 * A schema with every reference replaced by what it names: self-contained, for clients that do not
 * follow `$ref` (several MCP clients). The answer types are not recursive; a cycle throws.
 */
export function inlined(schema: JsonSchema): JsonSchema {
  const expand = (node: unknown, path: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => expand(item, path));
    if (typeof node !== 'object' || node === null) return node;
    const { $ref, ...rest } = node as JsonSchema;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(rest)) out[key] = expand(value, path);
    if (typeof $ref !== 'string' || !$ref.startsWith(DEFINITION)) return $ref === undefined ? out : { ...out, $ref };
    const name = $ref.slice(DEFINITION.length);
    if (path.includes(name)) throw new Error(`answer schema ${name} refers to itself`);
    return { ...(expand(ANSWER_SCHEMAS.definitions[name], [...path, name]) as JsonSchema), ...out };
  };
  return expand(schema, []) as JsonSchema;
}
