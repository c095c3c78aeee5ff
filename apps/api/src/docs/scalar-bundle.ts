import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The Scalar API Reference bundle Scout serves at /docs (`@scalar/api-reference`, pinned exactly in
 * package.json): where its browser build is and which version is installed.
 */

/** The package's root: its `exports` name neither package.json nor dist/browser, so it is found from its main entry (dist/index.js). */
const SCALAR_ROOT = join(dirname(require.resolve('@scalar/api-reference')), '..');

/** The installed version; it names the assets' path, so a new version is never served from a browser's cache of the old. */
export const SCALAR_VERSION = (JSON.parse(readFileSync(join(SCALAR_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** The standalone browser build: an ES module entry (`standalone.esm.js`) and the chunks it imports on demand (`chunks/*.js`). */
export const SCALAR_BROWSER_DIR = join(SCALAR_ROOT, 'dist', 'browser');
