// Copies the browser build of Scalar's API Reference (`@scalar/api-reference`, a devDependency pinned
// in package.json) into dist/, so the built API serves /docs without node_modules/@scalar: the
// runtime image prunes devDependencies (npm prune --omit=dev), and the package with its own
// dependencies is about 170 MB where the files /docs serves are under 6 MB.
//
// Only what the page loads is copied: the ES module entry (standalone.esm.js) and the chunks it
// imports (chunks/*.js); no source maps. A package.json beside them keeps the name, version and
// licence (the served path names the version). Run by scripts/build.mjs; on its own:
//   node scripts/vendor-scalar.mjs [out-dir]   (default dist/vendor/scalar-api-reference)
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const VENDORED_SCALAR = join(ROOT, 'dist', 'vendor', 'scalar-api-reference');
const ENTRY = 'standalone.esm.js';

/** Copies the bundle into `outDir` unless the same version is already there; returns what it did. */
export function vendorScalar(outDir = VENDORED_SCALAR) {
  // The package's `exports` name neither package.json nor dist/browser: found from its main entry.
  const packageRoot = join(dirname(require.resolve('@scalar/api-reference')), '..');
  const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
  const stampPath = join(outDir, 'package.json');
  if (existsSync(join(outDir, ENTRY)) && existsSync(stampPath)) {
    const there = JSON.parse(readFileSync(stampPath, 'utf8'));
    if (there.version === manifest.version) return { copied: 0, version: manifest.version };
  }
  const browser = join(packageRoot, 'dist', 'browser');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, 'chunks'), { recursive: true });
  copyFileSync(join(browser, ENTRY), join(outDir, ENTRY));
  let copied = 1;
  for (const name of readdirSync(join(browser, 'chunks'))) {
    if (!name.endsWith('.js')) continue;
    copyFileSync(join(browser, 'chunks', name), join(outDir, 'chunks', name));
    copied += 1;
  }
  // Written last: a copy stopped half way has no stamp and is redone.
  const stamp = { name: manifest.name, version: manifest.version, license: manifest.license, copiedFrom: `${manifest.name}/dist/browser` };
  writeFileSync(stampPath, `${JSON.stringify(stamp, null, 2)}\n`);
  return { copied, version: manifest.version };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { copied, version } = vendorScalar(process.argv[2] ? resolve(process.argv[2]) : VENDORED_SCALAR);
  process.stdout.write(`vendor: @scalar/api-reference ${version}, ${copied} file(s) copied\n`);
}
