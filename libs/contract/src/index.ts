export type { AnswerSchemaDocument, JsonSchema } from './answer-schema.types';
export { ANSWER_SCHEMAS, answerDataSchema, describedTools, inlined, reachableDefinitions, routeKey, withRefsAt } from './answer-schemas';
export { AnswerValidator, type AnswerDrift } from './answer-validator';
export { AnswerConformance, recordAnswerDrift, takeAnswerDrift, type ToolAnswerDrift } from './answer-drift';
export { CREDITS_SCHEMA, envelopeSchema, META_SCHEMA, toolOutputSchema } from './envelope-schema';
export { ANSWER_EXAMPLES_FILE, answerExample, shortenedExample } from './answer-examples';
export { warmUpAnswerValidators, type AnswerWarmUp, type AnswerWarmUpOptions, type AnswerWarmUpReport } from './answer-warm-up';
