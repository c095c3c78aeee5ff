/**
 * The API as main.ts runs it (no embedded database, providers from the environment), plus one bare
 * route compiled into the bench only: GET /bench/bare answers a fixed JSON body (the file named by
 * BARE_BODY_FILE, read at the first request) through the same process, middleware, logging and
 * serialisation as every other route, but without a key, a tool, a cache or the ledger. It is the
 * framework's own speed that bench/http.bench.ts compares the metered call with, in one process.
 *
 * Transpiled into the bench's build directory (bench/support/api-process.ts) and run from there,
 * so the API modules are loaded from that compiled build, next to this file.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, Module } from '@nestjs/common';
import type * as Bootstrap from '../../apps/api/src/bootstrap';
import type * as Core from '@scout/core';
import type * as Auth from '@scout/auth';
import type * as Upstream from '@scout/upstream';

/* eslint-disable @typescript-eslint/no-require-imports -- the compiled API next to this file, not the sources */
const { createApiApp } = require(join(__dirname, 'apps/api/src/bootstrap')) as typeof Bootstrap;
const { AppConfig } = require(join(__dirname, 'libs/core/src')) as typeof Core;
const { Probe } = require(join(__dirname, 'libs/auth/src')) as typeof Auth;
const { liveEndpoints } = require(join(__dirname, 'libs/upstream/src')) as typeof Upstream;
/* eslint-enable @typescript-eslint/no-require-imports */

let body: unknown;

@Controller('bench')
class BareRouteController {
  @Get('bare')
  @Probe()
  bare(): unknown {
    body ??= JSON.parse(readFileSync(process.env.BARE_BODY_FILE!, 'utf8'));
    return body;
  }
}

@Module({ controllers: [BareRouteController] })
class BareRouteModule {}

async function main(): Promise<void> {
  const config = AppConfig.fromEnv(process.env);
  const app = await createApiApp(config, config.DATABASE_URL!, liveEndpoints(config), { modules: [BareRouteModule] });
  app.enableShutdownHooks();
  await app.listen(config.PORT, config.HOST);
}

void main();
