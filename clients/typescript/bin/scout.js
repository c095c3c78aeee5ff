#!/usr/bin/env node
'use strict';
// The `scout` command: runs the compiled CLI (dist/cli.js), which `npm install` builds in the
// Scout repository (its prepare script) and `npm run build` builds in this package.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const cli = join(__dirname, '..', 'dist', 'cli.js');
if (!existsSync(cli)) {
  process.stderr.write(
    `scout: the client is not built (${cli} is missing).\n` +
      'Run `npm run build:client` in the Scout repository (or `npm run build` in clients/typescript).\n',
  );
  process.exit(1);
}
require(cli)
  .runCli(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
