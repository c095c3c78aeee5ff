import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { flattenIssues, invalidInput } from '../tools/tool-input';
import { lineBreakFieldsOf, screenInput } from './input-screen';

/** The request parts a client writes; `custom` (@Req and the like) is the framework's. */
const CLIENT_INPUT = new Set<ArgumentMetadata['type']>(['body', 'query', 'param']);

/**
 * Validation for the non-tool routes (admin, self-service): the same screen and rules as tool
 * inputs and the same 400 `invalid_request` with an `issues` list. The screen runs on every body,
 * query and path parameter, also those bound to a plain type that class-validator skips.
 */
class ContractValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (CLIENT_INPUT.has(metadata.type)) {
      const issues = screenInput(value, metadata.data ?? '', lineBreakFieldsOf(metadata.metatype));
      if (issues.length > 0) throw invalidInput(issues);
    }
    return super.transform(value, metadata);
  }
}

export function contractValidationPipe(): ValidationPipe {
  return new ContractValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => invalidInput(flattenIssues(errors)),
  });
}
