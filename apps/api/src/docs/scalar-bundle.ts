import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The Scalar API Reference bundle Scout serves at /docs (`@scalar/api-reference`, a devDependency
 * pinned exactly in package.json): where its browser build is and which version it is.
 *
 * A build (scripts/build.mjs) copies the files the page loads into dist/vendor/ beside the compiled
 * code (scripts/vendor-scalar.mjs), and the built API serves that copy: the runtime image has no
 * devDependencies. Run from the sources (the tests, ts-jest), there is no copy and the installed
 * package is served.
 */
interface Bundle {
  /** The folder holding `standalone.esm.js` and `chunks/`. */
  browserDir: string;
  version: string;
}

const readVersion = (manifest: string) => (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;

/** dist/vendor/scalar-api-reference, seen from dist/apps/api/src/docs (where this file compiles to). */
export const VENDORED_SCALAR_DIR = join(__dirname, '..', '..', '..', '..', 'vendor', 'scalar-api-reference');

export function locateScalarBundle(vendoredDir = VENDORED_SCALAR_DIR): Bundle {
  const stamp = join(vendoredDir, 'package.json');
  if (existsSync(stamp) && existsSync(join(vendoredDir, 'standalone.esm.js'))) {
    return { browserDir: vendoredDir, version: readVersion(stamp) };
  }
  // The package's `exports` name neither package.json nor dist/browser: found from its main entry.
  const packageRoot = join(dirname(require.resolve('@scalar/api-reference')), '..');
  return { browserDir: join(packageRoot, 'dist', 'browser'), version: readVersion(join(packageRoot, 'package.json')) };
}

const bundle = locateScalarBundle();

/** The version served; it names the assets' path, so a new version is never served from a browser's cache of the old. */
export const SCALAR_VERSION = bundle.version;

/** The standalone browser build: an ES module entry (`standalone.esm.js`) and the chunks it imports on demand (`chunks/*.js`). */
export const SCALAR_BROWSER_DIR = bundle.browserDir;
