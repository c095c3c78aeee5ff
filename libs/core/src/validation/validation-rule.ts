import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';

/** What is wrong with a field's value (the input object at hand), or null when nothing is. */
export type ValidationProblem = (value: unknown, object: Record<string, unknown>, property: string) => string | null;

/**
 * A class-validator decorator whose message is the problem it found: cross-field and parsing rules
 * run in the validation step with the others, so a failure is a 400 with issues before anything is
 * charged.
 */
export function validationRule(name: string, problem: ValidationProblem, options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => problem(value, args.object as Record<string, unknown>, args.property) === null,
        defaultMessage: (args?: ValidationArguments) => (args ? problem(args.value, args.object as Record<string, unknown>, args.property) : null) ?? name,
      },
    });
}
