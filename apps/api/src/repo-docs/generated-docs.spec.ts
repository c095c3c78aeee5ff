import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { GENERATED_DOCS } from './generated-docs';

const root = resolve(__dirname, '../../../..');

/** Null when the committed text is the fresh one; otherwise where they first differ. */
function staleness(file: string, committed: string, fresh: string): string | null {
  if (committed === fresh) return null;
  const before = committed.split('\n');
  const after = fresh.split('\n');
  const line = after.findIndex((text, i) => text !== before[i]);
  const at = line === -1 ? Math.min(before.length, after.length) : line;
  return `${file} is stale from line ${at + 1} (committed: ${JSON.stringify(before[at]?.slice(0, 120))}, now: ${JSON.stringify(after[at]?.slice(0, 120))}): run npm run docs`;
}

/** The generated documents of docs/ are what their generators write from the code now. */
describe.each(GENERATED_DOCS.map((doc) => [doc.file, doc] as const))('%s', (file, doc) => {
  it('is what `npm run docs` writes now', async () => {
    const committed = readFileSync(resolve(root, file), 'utf8');
    expect(staleness(file, committed, await doc.generate(root))).toBeNull();
  }, 120_000);
});
