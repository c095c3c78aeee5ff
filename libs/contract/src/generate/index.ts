import type { AnswerSchemaDocument } from '../answer-schema.types';

export { generateAnswerSchemas } from './answer-schemas';

/** Where the generated document lives, from the repository root. */
export const ANSWER_SCHEMA_FILE = 'libs/contract/src/tool-answers.schema.json';

/** The document as written to disk (stable, so a regeneration diffs to nothing). */
export function formatAnswerSchemas(document: AnswerSchemaDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
