// Lints an OpenAPI document with Redocly's recommended rules and prints the problems as JSON
// (one per line: severity, rule, message, where). Exit status 1 when there is any.
// Usage: node scripts/openapi-lint.mjs <openapi.json>
import { createConfig, lint } from '@redocly/openapi-core';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: node scripts/openapi-lint.mjs <openapi.json>\n');
  process.exit(2);
}
const config = await createConfig({ extends: ['recommended'] });
const problems = await lint({ ref: file, config });
for (const p of problems) {
  const where = p.location.map((l) => l.pointer).join(' ');
  process.stdout.write(`${JSON.stringify({ severity: p.severity, rule: p.ruleId, message: p.message, where })}\n`);
}
process.exit(problems.length ? 1 : 0);
