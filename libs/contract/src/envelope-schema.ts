import type { JsonSchema } from './answer-schema.types';
import { answerDataSchema, inlined } from './answer-schemas';

/** What every answer reports of its credits (the envelope's `credits`). */
export const CREDITS_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['creditsSpent', 'calls', 'cachedCalls', 'endpoints', 'remaining'],
  additionalProperties: false,
  properties: {
    creditsSpent: { type: 'integer', minimum: 0, description: 'Credits charged for this call.' },
    calls: { type: 'integer', minimum: 0, description: 'Upstream calls made.' },
    cachedCalls: { type: 'integer', minimum: 0, description: 'Upstream calls served from cache.' },
    endpoints: { type: 'array', items: { type: 'string' }, description: 'Upstream endpoints used.' },
    remaining: { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }], description: 'Credits left; null without a key.' },
  },
};

/** Which tool answered, when and how fast (the envelope's `meta`). */
export const META_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['tool', 'generatedAt', 'durationMs', 'requestId'],
  additionalProperties: false,
  properties: {
    tool: { type: 'string' },
    generatedAt: { type: 'string', format: 'date-time' },
    durationMs: { type: 'integer', minimum: 0 },
    requestId: { type: 'string' },
  },
};

/** The envelope around a `data` schema, with `credits` and `meta` as given (inline or by reference). */
export function envelopeSchema(
  data: JsonSchema,
  parts: { credits: JsonSchema; meta: JsonSchema } = { credits: CREDITS_SCHEMA, meta: META_SCHEMA },
): JsonSchema {
  return {
    type: 'object',
    required: ['data', 'credits', 'meta'],
    additionalProperties: false,
    properties: {
      data,
      notes: { type: 'array', items: { type: 'string' }, description: 'Caveats, such as a part that failed upstream.' },
      credits: parts.credits,
      meta: parts.meta,
    },
  };
}

/**
 * A tool's whole answer (MCP's `outputSchema`, which `structuredContent` follows): the envelope with
 * the tool's `data`, every reference inlined so clients that do not follow `$ref` read it.
 */
export function toolOutputSchema(tool: string): JsonSchema | null {
  // The document is fixed for the process: each tool's schema is inlined once, not per tools/list.
  if (!outputSchemas.has(tool)) {
    const data = answerDataSchema(tool);
    outputSchemas.set(tool, data ? inlined(envelopeSchema(data)) : null);
  }
  return outputSchemas.get(tool) ?? null;
}

const outputSchemas = new Map<string, JsonSchema | null>();
