import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { JSONSchema, targetConstructorToSchema } from 'class-validator-jsonschema';
import type { Type } from '@nestjs/common';
import { InvalidRequestError, type ValidationIssue } from '../errors/scout-error';
import { lineBreakFieldsOf, nullsWithinFieldsOf, screenInput } from '../http/input-screen';
import { coerceQuery, parseJsonQueryFields } from './query-input';
import type { JsonSchema } from './tool.types';
import { cacheValidationRules } from './validation-rules';

// Every tool input is validated here: class-validator's rule lookup is kept per class (validation-rules.ts).
cacheValidationRules();

/**
 * class-validator-jsonschema describes a custom rule (registerDecorator, ValidateBy) by a `$ref` to
 * the property's design type (`#/definitions/Array`), a section no input schema carries. Where the
 * schema already states its type, that reference says nothing, so it is dropped.
 */
function withoutTypeRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutTypeRefs);
  if (schema === null || typeof schema !== 'object') return schema;
  const { $ref, ...rest } = schema as Record<string, unknown>;
  const out = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, withoutTypeRefs(v)]));
  return $ref !== undefined && !(typeof $ref === 'string' && $ref.startsWith('#/definitions/') && 'type' in rest) ? { $ref, ...out } : out;
}

/** The schema class-validator-jsonschema generated for a property, as a function-form @JSONSchema receives it. */
type GeneratedSchema = Parameters<Extract<Parameters<typeof JSONSchema>[0], (...args: never[]) => unknown>>[0];

/**
 * A property schema stated in full (`extra`), without the `$ref` class-validator-jsonschema emits
 * for a property typed as an object or a union: input schemas are inline. For @JSONSchema.
 */
export function inlineSchema(extra: JsonSchema): (generated: GeneratedSchema) => GeneratedSchema {
  return (generated) => {
    const { $ref: _ref, ...rest } = generated as JsonSchema;
    return { ...rest, ...extra };
  };
}

/** JSON Schema of a tool's input DTO, generated from its class-validator rules. */
export function inputSchemaOf(dto: Type<object>): JsonSchema {
  const schema = withoutTypeRefs(targetConstructorToSchema(dto)) as JsonSchema;
  return { type: 'object', properties: {}, ...schema, additionalProperties: false };
}

/**
 * One issue per failed class-validator rule, with dotted paths into nested input. Two rules that
 * say the same thing about the same field (a nested rule and a type rule) give one issue.
 */
export function flattenIssues(errors: ValidationError[], parent = ''): ValidationIssue[] {
  const issues = errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([rule, message]) => ({
      path,
      message: rule === 'whitelistValidation' ? `unknown field "${error.property}"` : message,
    }));
    return [...own, ...flattenIssues(error.children ?? [], path)];
  });
  return issues.filter((issue, i) => issues.findIndex((o) => o.path === issue.path && o.message === issue.message) === i);
}

/** The 400 for a list of issues, its message naming each. */
export function invalidInput(issues: ValidationIssue[]): InvalidRequestError {
  return new InvalidRequestError(`Invalid input: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues);
}

/**
 * Validates raw input against a DTO: the screen every input gets (screenInput), then the DTO's
 * rules; unknown fields are rejected, defaults from the DTO apply. Throws InvalidRequestError with
 * one issue per failed rule.
 */
export async function parseToolInput<T extends object>(dto: Type<T>, raw: unknown, source: 'query' | 'body', schema: JsonSchema): Promise<T> {
  if (raw === undefined || raw === null || raw === '') raw = {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new InvalidRequestError('The input must be a JSON object.', [{ path: '', message: 'expected a JSON object of named inputs' }]);
  }
  // Object-typed query inputs arrive as JSON text: parsed first, so the screen sees them as a body's.
  if (source === 'query') {
    const parsed = parseJsonQueryFields(raw as Record<string, unknown>, schema);
    if (parsed.issues.length > 0) throw invalidInput(parsed.issues);
    raw = parsed.query;
  }
  const screened = screenInput(raw, '', lineBreakFieldsOf(dto), nullsWithinFieldsOf(dto));
  if (screened.length > 0) throw invalidInput(screened);
  const plain = source === 'query' ? coerceQuery(raw as Record<string, unknown>, schema) : raw;
  const instance = plainToInstance(dto, plain);
  // An empty input is the DTO's defaults, the same every time: once they passed, they are not validated again.
  const empty = isEmptyObject(plain as object);
  if (empty && defaultsPass.has(dto)) return instance;
  const errors = await validate(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    // The instance is always the tool's own DTO; inputs-free DTOs have no rules to find.
    forbidUnknownValues: false,
    validationError: { target: false, value: false },
  });
  if (errors.length > 0) throw invalidInput(flattenIssues(errors));
  if (empty) defaultsPass.add(dto);
  return instance;
}

/** The DTOs whose defaults (an empty input) passed their rules; a DTO that needs an input is never here. */
const defaultsPass = new WeakSet<Type<object>>();

function isEmptyObject(value: object): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}
