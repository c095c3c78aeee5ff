import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig } from '@scout/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApiApp } from '../src/bootstrap';
import { FIXTURE_TOOL_COSTS, FixtureToolsModule } from './support/fixture-tools';
import { startDatabaseProcess, type DatabaseProcess } from '../../../test/embedded-db-process';
import { randomKey } from './support/test-app';
import { SANDBOX_KEYS, startSandbox, type RunningSandbox } from '@scout/sandbox';
import { sandboxEndpoints } from '@scout/upstream';

/**
 * The database goes away under a running API: calls answer 503 service_unavailable and nothing
 * is charged. This test owns its database (a file-backed PGlite in a child process it can kill
 * and restart on the same port), whichever database the rest of the suite uses.
 */
describe('503 service_unavailable when the database is down', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'scout-dbdown-'));
  let db: DatabaseProcess;
  let app: NestExpressApplication;
  let sandbox: RunningSandbox;
  const adminKey = randomKey();

  beforeAll(async () => {
    db = await startDatabaseProcess(dataDir);
    const config = AppConfig.fromEnv({
      DATABASE_URL: db.url,
      DB_MIGRATE_ON_START: 'true',
      LOG_LEVEL: 'silent',
      ADMIN_BOOTSTRAP_KEY: adminKey,
      AUTH_CACHE_TTL_MS: '0',
    });
    sandbox = await startSandbox();
    app = await createApiApp(config, db.url, sandboxEndpoints({ urls: sandbox.urls, keys: SANDBOX_KEYS }), {
      modules: [FixtureToolsModule],
      toolCosts: FIXTURE_TOOL_COSTS,
    });
    await app.listen(0, '127.0.0.1');
  });

  afterAll(async () => {
    await app.close();
    await sandbox.close();
    await db.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 while the database is gone, then works again with nothing charged', async () => {
    const http = () => request(app.getHttpServer());
    const created = await http().post('/api/v1/admin/accounts').set('Authorization', `Bearer ${adminKey}`).send({ name: 'db down' });
    expect(created.status).toBe(201);
    const key = created.body.apiKey as string;
    const first = await http().post('/api/v1/tools/fixture_paid').set('Authorization', `Bearer ${key}`).send({});
    expect(first.status).toBe(200);
    const balanceBefore = first.body.credits.remaining as number;

    await db.kill();
    const down = await http().post('/api/v1/tools/fixture_paid').set('Authorization', `Bearer ${key}`).send({});
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe('service_unavailable');
    const me = await http().get('/api/v1/me').set('Authorization', `Bearer ${key}`);
    expect(me.status).toBe(503);

    db = await startDatabaseProcess(dataDir, db.port);
    let again = await http().get('/api/v1/me').set('Authorization', `Bearer ${key}`);
    for (let i = 0; i < 20 && again.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      again = await http().get('/api/v1/me').set('Authorization', `Bearer ${key}`);
    }
    expect(again.status).toBe(200);
    expect(again.body.balance).toBe(balanceBefore);
  });
});
