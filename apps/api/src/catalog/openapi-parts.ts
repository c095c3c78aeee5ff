import type { Type } from '@nestjs/common';
import { ANSWER_SCHEMAS } from '@scout/contract';
import { inputSchemaOf, takesJsonText, type PropertySchema } from '@scout/core';

type Schema = Record<string, unknown>;

/**
 * What the OpenAPI paths of the account and admin routes are built from: the generated answer of
 * each route (libs/contract, read from its controller's return type), request bodies as components
 * named after their DTO classes, and query parameters from the DTOs' validation rules. Nothing
 * here restates a shape by hand, so the document cannot drift from what the routes do.
 */
export class RoutePaths {
  /** Request bodies met so far, by component name. */
  readonly bodies: Record<string, Schema> = {};

  constructor(readonly errorRefs: (statuses: string[]) => Record<string, unknown>) {}

  /** A JSON answer: the route's generated schema by reference. Throws for a route the generator did not read. */
  answer(route: string, description: string, status = '200'): Record<string, unknown> {
    const generated = ANSWER_SCHEMAS.routes[route];
    if (!generated) throw new Error(`${route} has no generated answer schema: declare its handler's return type and run npm run schemas`);
    return { [status]: { description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${generated.dataType}` } } } } };
  }

  /** A JSON request body from a DTO class, as a component named after it (`CreateKeyDto` → `CreateKeyBody`). */
  body(dto: Type<object>, required = true): Record<string, unknown> {
    const name = dto.name.replace(/Dto$/, 'Body');
    const schema = inputSchemaOf(dto);
    if (name in this.bodies && JSON.stringify(this.bodies[name]) !== JSON.stringify(schema)) throw new Error(`two different bodies are named ${name}`);
    this.bodies[name] = schema;
    return { requestBody: { required, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } } };
  }

  /** The query parameters of a DTO class. */
  query(dto: Type<object>): unknown[] {
    return queryParameters(inputSchemaOf(dto));
  }
}

/** A UUID in the path. */
export const uuidParameter = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string', format: 'uuid' } });

/** Query parameters from an input's JSON Schema: an object (or list of objects) goes as JSON text (parseJsonQueryFields). */
export function queryParameters(schema: Schema): unknown[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(property.description ? { description: property.description } : {}),
    ...(takesJsonText(property as PropertySchema)
      ? { content: { 'application/json': { schema: property } } }
      : { schema: property, ...(property.type === 'array' ? { style: 'form', explode: true } : {}) }),
  }));
}
