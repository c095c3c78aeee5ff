import { SetMetadata } from '@nestjs/common';
import type { ToolOptions } from './tool.types';

export const TOOL_METADATA = 'scout:tool';

/**
 * Marks a provider method as the handler of a contract tool. The method receives the validated
 * input DTO and the ToolContext, and returns `{ data, notes? }`.
 */
export const Tool = (options: ToolOptions): MethodDecorator => SetMetadata(TOOL_METADATA, options);
