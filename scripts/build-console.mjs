// Builds the console (apps/console: Preact pages bundled by Vite) into dist/console, which the API
// serves at /console. Run by scripts/build.mjs (so by `npm run build` and `npm start`) and by the
// console's browser tests; on its own: node scripts/build-console.mjs [--force]
//
// Skipped when nothing it is built from changed since the last build that finished: a digest of
// every file under apps/console, the lock file and this script, kept in dist/console/.built.json.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = join(ROOT, 'apps', 'console');
export const CONSOLE_DIST = join(ROOT, 'dist', 'console');
const STAMP = join(CONSOLE_DIST, '.built.json');

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(path);
    return entry.isFile() ? [path] : [];
  });
}

function digest() {
  const hash = createHash('sha256');
  const inputs = [...files(SOURCE), join(ROOT, 'package-lock.json'), fileURLToPath(import.meta.url)].sort();
  for (const file of inputs) hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** Builds the console unless it is up to date; resolves to whether it built. */
export async function buildConsole({ force = false } = {}) {
  const wanted = digest();
  if (!force && existsSync(join(CONSOLE_DIST, 'index.html')) && existsSync(STAMP)) {
    const stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
    if (stamp.digest === wanted) return false;
  }
  const { build } = await import('vite');
  await build({ configFile: join(SOURCE, 'vite.config.mjs') });
  // Written last: a build stopped half way has no stamp and runs again.
  writeFileSync(STAMP, `${JSON.stringify({ digest: wanted, builtAt: new Date().toISOString() })}\n`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const startedAt = Date.now();
  const built = await buildConsole({ force: process.argv.includes('--force') });
  process.stdout.write(`console: ${built ? 'built' : 'up to date'} (${Date.now() - startedAt} ms)\n`);
}
