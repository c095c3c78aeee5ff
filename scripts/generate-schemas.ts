import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ANSWER_SCHEMA_FILE, formatAnswerSchemas, generateAnswerSchemas } from '../libs/contract/src/generate';

/**
 * `npm run schemas`: writes the answer schema document from the tool handlers' answer types
 * (libs/contract/src/generate). Run it after changing an answer type; a spec fails until you do.
 */
const root = resolve(__dirname, '..');
const started = Date.now();
const document = generateAnswerSchemas(root);
writeFileSync(resolve(root, ANSWER_SCHEMA_FILE), formatAnswerSchemas(document));
process.stdout.write(
  `wrote ${ANSWER_SCHEMA_FILE}: ${Object.keys(document.tools).length} tools, ${Object.keys(document.definitions).length} definitions, in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
);
