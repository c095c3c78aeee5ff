import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { GENERATED_DOCS } from '../apps/api/src/repo-docs/generated-docs';

/**
 * `npm run docs`: writes the generated documents of docs/ (docs/configuration.md from AppConfig,
 * docs/tools.md from the tool registry) from the code as it is now. Run it after changing a
 * setting or a tool; a spec (apps/api/src/repo-docs/generated-docs.spec.ts) fails until you do.
 */
async function main(): Promise<void> {
  const root = resolve(__dirname, '..');
  for (const doc of GENERATED_DOCS) {
    const started = Date.now();
    const text = await doc.generate(root);
    writeFileSync(resolve(root, doc.file), text);
    process.stdout.write(`wrote ${doc.file} from ${doc.from}: ${text.split('\n').length - 1} lines, in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
