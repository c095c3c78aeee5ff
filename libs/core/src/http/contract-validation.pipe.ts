import { ValidationPipe } from '@nestjs/common';
import { InvalidRequestError } from '../errors/scout-error';
import { flattenIssues } from '../tools/tool-input';

/**
 * Validation for the non-tool routes (admin, self-service): the same rules as tool inputs and the
 * same 400 `invalid_request` with an `issues` list.
 */
export function contractValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const issues = flattenIssues(errors);
      return new InvalidRequestError(`Invalid input: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues);
    },
  });
}
