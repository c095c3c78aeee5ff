// @ts-check
/**
 * How @hey-api/openapi-ts turns the committed snapshot (openapi.json) into src/generated/: its
 * fetch client bundled into the output (no runtime dependency), the SDK functions and the types.
 * `npm run client` (in the repository root) rewrites the snapshot from the booted app and runs
 * this; apps/api/test/typed-client.e2e-spec.ts regenerates into SCOUT_CLIENT_OUTPUT, a temporary
 * folder, and fails when the committed code differs.
 */
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default {
  input: here('./openapi.json'),
  output: {
    path: process.env.SCOUT_CLIENT_OUTPUT || here('./src/generated'),
    tsConfigPath: here('./tsconfig.json'),
    clean: true,
  },
  logs: { level: 'warn', file: false },
  interactive: false,
  plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
};
