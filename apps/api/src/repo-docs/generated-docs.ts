import { CONFIGURATION_DOC, generateConfigurationDoc } from './configuration-doc';
import { generateToolsDoc, TOOLS_DOC } from './tools-doc';

/**
 * The documents of docs/ that are generated, each from the code it describes: `npm run docs`
 * writes them (scripts/generate-docs.ts) and a spec fails while a committed one differs from what
 * its generator writes now. Not served by the API: docs/*.md are read in the repository.
 */
export const GENERATED_DOCS: ReadonlyArray<{ file: string; from: string; generate: (root: string) => string | Promise<string> }> = [
  { file: CONFIGURATION_DOC, from: 'AppConfig (settings, validation rules, doc comments)', generate: generateConfigurationDoc },
  { file: TOOLS_DOC, from: 'the tool registry, TOOL_CATALOG, the OpenAPI tags and the example answers', generate: generateToolsDoc },
];
