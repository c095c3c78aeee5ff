import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/**
 * An optional `limit`: an integer from 1 to `max`, described by `description`, with `defaultValue`
 * as its schema default when there is one (the property's initializer gives it). The same rules, in
 * the same order, as writing IsOptional, IsInt, Min(1), Max(max) and JSONSchema above the property.
 */
export function Limit(max: number, defaultValue: number | undefined, description: string): PropertyDecorator {
  const decorators = [
    IsOptional(),
    IsInt(),
    Min(1),
    Max(max),
    JSONSchema(defaultValue === undefined ? { description } : { description, default: defaultValue }),
  ];
  return (target, property) => {
    // Decorators written above a property apply bottom first.
    for (const decorator of [...decorators].reverse()) decorator(target, property as string);
  };
}
