/**
 * The API as main.ts runs it (no embedded database, providers from the environment), plus one bare
 * routes compiled into the bench only: GET /bench/bare and /bench/bare-hold answer a fixed JSON body
 * (the files named by BARE_BODY_FILE and BARE_HOLD_BODY_FILE, read at the first request: the answers
 * of the two metered tools) through the same process, middleware, logging and
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

const bodies = new Map<string, unknown>();
const bodyOf = (file: string) => {
  if (!bodies.has(file)) bodies.set(file, JSON.parse(readFileSync(file, 'utf8')));
  return bodies.get(file);
};

@Controller('bench')
class BareRouteController {
  /** The direct-charge tool's answer (BARE_BODY_FILE). */
  @Get('bare')
  @Probe()
  bare(): unknown {
    return bodyOf(process.env.BARE_BODY_FILE!);
  }

  /** The hold-path tool's answer (BARE_HOLD_BODY_FILE): each path is compared with its own bytes. */
  @Get('bare-hold')
  @Probe()
  bareHold(): unknown {
    return bodyOf(process.env.BARE_HOLD_BODY_FILE!);
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
