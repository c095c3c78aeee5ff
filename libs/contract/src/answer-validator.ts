import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { ANSWER_SCHEMAS, withRefsAt } from './answer-schemas';

/** Where an answer left its schema: the JSON path in the answer (`data.rows[3].priceUsd`) and what was wrong. */
export interface AnswerDrift {
  path: string;
  message: string;
}

const DOCUMENT_ID = 'scout:tool-answers';

/**
 * Checks a tool's `data`, or the body of an account or admin route (named `METHOD /path`, as in
 * the document's `routes`), against its generated schema (ajv, strict: an unknown keyword in the
 * schema is an error, an unknown field in the answer is drift). Each tool's validator is compiled
 * on its first answer, unless `compile` (the API's background warm-up, answer-warm-up.ts) got there first.
 */
export class AnswerValidator {
  private readonly ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: false });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    this.ajv.addSchema({ $id: DOCUMENT_ID, definitions: ANSWER_SCHEMAS.definitions });
  }

  /** Whether the document has a schema for the tool (or route). */
  knows(tool: string): boolean {
    return tool in ANSWER_SCHEMAS.tools || tool in ANSWER_SCHEMAS.routes;
  }

  /**
   * Compiles the tool's validator now unless it already is; false for a tool without a schema.
   * Throws what ajv throws for a schema it refuses (nothing is kept then: the next answer tries again).
   */
  compile(tool: string): boolean {
    return this.validatorOf(tool) !== null;
  }

  /** Whether the tool's validator is compiled (by `compile` or by an answer). */
  isCompiled(tool: string): boolean {
    return this.compiled.has(tool);
  }

  /** How many tools' validators are compiled. */
  get compiledCount(): number {
    return this.compiled.size;
  }

  /** What is off in `data`; empty when it conforms. A tool without a schema is drift in itself. */
  check(tool: string, data: unknown): AnswerDrift[] {
    const validate = this.validatorOf(tool);
    // A tool's answer is the envelope's `data`; a route's is the whole body.
    const root = tool in ANSWER_SCHEMAS.routes ? 'body' : 'data';
    if (!validate) return [{ path: root, message: `${tool} has no answer schema (run npm run schemas)` }];
    if (validate(data)) return [];
    return (validate.errors ?? []).map((error) => driftOf(error, root));
  }

  private validatorOf(tool: string): ValidateFunction | null {
    const entry = ANSWER_SCHEMAS.tools[tool] ?? ANSWER_SCHEMAS.routes[tool];
    if (!entry) return null;
    let validate = this.compiled.get(tool);
    if (!validate) {
      validate = this.ajv.compile(withRefsAt(entry.schema, `${DOCUMENT_ID}#/definitions/`));
      this.compiled.set(tool, validate);
    }
    return validate;
  }
}

function driftOf(error: ErrorObject, root: string): AnswerDrift {
  const path = `${root}${error.instancePath
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part.replaceAll('~1', '/').replaceAll('~0', '~')}`))
    .join('')}`;
  if (error.keyword === 'additionalProperties') return { path: `${path}.${String(error.params.additionalProperty)}`, message: 'is not in the schema' };
  if (error.keyword === 'required') return { path: `${path}.${String(error.params.missingProperty)}`, message: 'is required by the schema but missing' };
  return { path, message: error.message ?? error.keyword };
}
