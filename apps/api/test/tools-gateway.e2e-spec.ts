import type { INestApplication, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { AppConfig, TOOL_NAMES, ToolRegistry } from '@scout/core';
import { PricesToolsService } from '@scout/prices';
import { SANDBOX_KEYS } from '@scout/sandbox';
import { sandboxEndpoints } from '@scout/upstream';
import { AppModule, type AppModuleExtras } from '../src/app.module';
import { callCharges } from '../../../test/ledger-rows';
import { FIXTURE_TOOL_COSTS, FixtureToolsModule } from './support/fixture-tools';
import { randomKey, startTestApp, testDatabaseUrl, type TestApp } from './support/test-app';

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/**
 * The API's module as the app builds it (on `sandbox`), with one tool service replaced by an empty object (its
 * tools then have no handler), initialised: it throws unless `extras` allows a partial catalog.
 */
async function apiWithout(sandbox: TestApp['sandbox'], service: Type, extras: AppModuleExtras = {}): Promise<INestApplication> {
  const config = AppConfig.fromEnv({ DATABASE_URL: testDatabaseUrl(), DB_MIGRATE_ON_START: 'false', LOG_LEVEL: 'silent', ADMIN_BOOTSTRAP_KEY: randomKey() });
  const endpoints = sandboxEndpoints({ urls: sandbox.urls, keys: SANDBOX_KEYS });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config, testDatabaseUrl(), endpoints, extras)] })
    .overrideProvider(service)
    .useValue({})
    .compile();
  const app = moduleRef.createNestApplication({ bodyParser: false, logger: false });
  try {
    await app.init();
  } catch (error) {
    // A refused boot must not leave the database pool open.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

describe('tool gateway (docs/architecture.md section 4, spec envelope and errors)', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;

  beforeAll(async () => {
    t = await startTestApp({
      modules: [FixtureToolsModule],
      toolCosts: FIXTURE_TOOL_COSTS,
      env: { BODY_LIMIT_BYTES: '2048' },
    });
    ({ apiKey: key, accountId } = await t.createAccount('gateway'));
  });
  afterAll(() => t.close());

  const balance = (id = accountId) => t.spendable(id);
  const usageEntries = (id = accountId) => t.usageEntryCount(id);

  describe('200: the envelope', () => {
    it('answers data, credits and meta with x-credits-remaining matching credits.remaining', async () => {
      const before = await balance();
      const res = await t.http().get('/api/v1/tools/fixture_paid?limit=5').set(bearer(key)).set('x-request-id', 'req-envelope-1');
      expect(res.status).toBe(200);
      // The fixture records an upstream call, and this app reads the sandbox: the answer says so.
      expect(Object.keys(res.body).sort()).toEqual(['credits', 'data', 'meta', 'notes']);
      expect(res.body.notes).toEqual([expect.stringMatching(/sandbox upstream/)]);
      expect(res.body.credits).toEqual({
        creditsSpent: 250,
        calls: 1,
        cachedCalls: 0,
        endpoints: ['/fixture/upstream'],
        remaining: before - 250,
      });
      expect(res.headers['x-credits-remaining']).toBe(String(before - 250));
      expect(res.body.meta.tool).toBe('fixture_paid');
      expect(new Date(res.body.meta.generatedAt).toISOString()).toBe(res.body.meta.generatedAt);
      expect(Number.isInteger(res.body.meta.durationMs)).toBe(true);
      expect(res.body.meta.requestId).toBe('req-envelope-1');
      expect(res.headers['x-request-id']).toBe('req-envelope-1');
      expect(res.body.data.sameContext).toBe(true);
      expect(await balance()).toBe(before - 250);
    });

    it('adds notes for a partial answer and keeps them out otherwise', async () => {
      const res = await t.http().post('/api/v1/tools/fixture_paid').set(bearer(key)).send({ mode: 'partial' });
      expect(res.status).toBe(200);
      expect(res.body.notes).toEqual(['The fixture part B timed out; its fields are null.', expect.stringMatching(/sandbox/)]);
    });

    it('gives GET and POST with the same inputs the same envelope', async () => {
      const get = await t.http().get('/api/v1/tools/fixture_free?limit=7&flag=false&chains=solana,base&minUsd=2.5').set(bearer(key));
      const post = await t
        .http()
        .post('/api/v1/tools/fixture_free')
        .set(bearer(key))
        .send({ limit: 7, flag: false, chains: ['solana', 'base'], minUsd: 2.5 });
      expect(get.status).toBe(200);
      expect(post.status).toBe(200);
      const strip = (body: { meta: Record<string, unknown> }) => ({ ...body, meta: { tool: body.meta.tool } });
      expect(strip(get.body)).toEqual(strip(post.body));
      expect(get.body.data.input).toEqual({ limit: 7, flag: false, chains: ['solana', 'base'], minUsd: 2.5 });
    });

    it('charges nothing for a free tool but still reports the balance', async () => {
      const before = await balance();
      const res = await t.http().get('/api/v1/tools/fixture_free').set(bearer(key));
      expect(res.status).toBe(200);
      expect(res.body.credits.creditsSpent).toBe(0);
      expect(res.body.credits.remaining).toBe(before);
      expect(res.headers['x-credits-remaining']).toBe(String(before));
      expect(await balance()).toBe(before);
    });

    it('applies DTO defaults when an input is omitted', async () => {
      const res = await t.http().get('/api/v1/tools/fixture_free').set(bearer(key));
      expect(res.body.data.input).toEqual({ limit: 20 });
    });
  });

  describe('GET coercion of query text', () => {
    it.each([
      ['flag=false', { flag: false }],
      ['flag=0', { flag: false }],
      ['flag=true', { flag: true }],
      ['flag=1', { flag: true }],
      ['limit=12', { limit: 12 }],
      ['minUsd=-1.5', { minUsd: -1.5 }],
      ['chains=solana&chains=base', { chains: ['solana', 'base'] }],
      ['chains=solana,base,bsc', { chains: ['solana', 'base', 'bsc'] }],
      ['chains=solana', { chains: ['solana'] }],
    ])('%s', async (query, expected) => {
      const res = await t.http().get(`/api/v1/tools/fixture_free?${query}`).set(bearer(key));
      expect(res.status).toBe(200);
      expect(res.body.data.input).toMatchObject(expected);
    });
  });

  describe('400 invalid_request: nothing runs, nothing is charged', () => {
    it.each([
      ['limit=abc', 'limit'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=2.5', 'limit'],
      ['minUsd=1e300', 'minUsd'],
      ['minUsd=Infinity', 'minUsd'],
      ['flag=maybe', 'flag'],
      ['flag=', 'flag'],
      ['mode=explode', 'mode'],
      ['chains=a,b,c,d,e,f,g,h', 'chains'],
      [`chains=${'x'.repeat(21)}`, 'chains'],
      ['unknownField=1', 'unknownField'],
      ['limit=1&limit=2', 'limit'],
    ])('GET ?%s names %s in issues', async (query, path) => {
      const before = await balance();
      const entries = await usageEntries();
      const res = await t.http().get(`/api/v1/tools/fixture_paid?${query}`).set(bearer(key));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      expect(typeof res.body.error.message).toBe('string');
      expect(res.body.error.issues.map((i: { path: string }) => i.path)).toContain(path);
      expect(res.headers['x-credits-remaining']).toBe(String(before));
      expect(res.body.credits).toEqual({ remaining: before });
      expect(await balance()).toBe(before);
      expect(await usageEntries()).toBe(entries);
    });

    it('rejects a JSON body that is not an object', async () => {
      const res = await t.http().post('/api/v1/tools/fixture_paid').set(bearer(key)).send([1, 2]);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    });

    it('rejects wrong JSON types without coercing them (POST "5" is not 5)', async () => {
      const res = await t.http().post('/api/v1/tools/fixture_paid').set(bearer(key)).send({ limit: '5', flag: 'true' });
      expect(res.status).toBe(400);
      const paths = new Set(res.body.error.issues.map((i: { path: string }) => i.path));
      expect([...paths].sort()).toEqual(['flag', 'limit']);
    });

    it('rejects malformed JSON', async () => {
      const res = await t.http().post('/api/v1/tools/fixture_paid').set(bearer(key)).set('Content-Type', 'application/json').send('{"limit": 5,');
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', message: 'The request body is not valid JSON.' });
    });

    it('rejects a body that is not JSON', async () => {
      const res = await t.http().post('/api/v1/tools/fixture_paid').set(bearer(key)).set('Content-Type', 'text/plain').send('limit=5');
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/application\/json/);
    });

    it('rejects a body over the size limit', async () => {
      const before = await balance();
      const res = await t
        .http()
        .post('/api/v1/tools/fixture_paid')
        .set(bearer(key))
        .send({ chains: ['x'.repeat(4096)] });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/larger than 2048 bytes/);
      expect(await balance()).toBe(before);
    });

    it('rejects nested objects and huge arrays in the body', async () => {
      const huge = await t
        .http()
        .post('/api/v1/tools/fixture_paid')
        .set(bearer(key))
        .send({ chains: Array(100).fill('a') });
      expect(huge.status).toBe(400);
      const nested = await t
        .http()
        .post('/api/v1/tools/fixture_paid')
        .set(bearer(key))
        .send({ limit: { $gt: 1 } });
      expect(nested.status).toBe(400);
    });
  });

  describe('404 not_found', () => {
    it('for an unknown tool, before any key is checked', async () => {
      const res = await t.http().get('/api/v1/tools/no_such_tool');
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    });

    it('for a contract tool an app was built without (a test app that allows a partial catalog), naming it part of the contract', async () => {
      const partial = await apiWithout(t.sandbox, PricesToolsService, { allowPartialCatalog: true });
      try {
        const res = await request(partial.getHttpServer()).get('/api/v1/tools/service_token_prices');
        expect(res.status).toBe(404);
        expect(res.body.error).toEqual({ code: 'not_found', message: expect.stringMatching(/part of the contract but not served yet/) });
      } finally {
        await partial.close();
      }
    });

    it('for an unknown route', async () => {
      const res = await t.http().get('/api/v2/anything');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    });
  });

  describe('the whole catalog (issue 21)', () => {
    it('this app serves every tool of the contract', () => {
      expect(t.app.get(ToolRegistry).unserved()).toEqual([]);
      const served = new Set(
        t.app
          .get(ToolRegistry)
          .list()
          .map((tool) => tool.name),
      );
      expect(TOOL_NAMES.filter((name) => !served.has(name))).toEqual([]);
    });

    it('the API refuses to boot while a catalog tool has no handler, naming every one missing', async () => {
      await expect(apiWithout(t.sandbox, PricesToolsService)).rejects.toThrow(
        'The API serves 76 of the 80 tools of the contract: no handler for service_token_prices, service_token_info, service_token_prices_multichain, service_price_history (see TOOL_CATALOG).',
      );
    });
  });

  describe('402 out_of_credits', () => {
    it('runs nothing and charges nothing; the next call after a top-up works', async () => {
      const poor = await t.createAccount('poor');
      await t.setBalance(poor.accountId, 100);
      const res = await t.http().post('/api/v1/tools/fixture_paid').set(bearer(poor.apiKey)).send({});
      expect(res.status).toBe(402);
      expect(res.body.error).toMatchObject({ code: 'out_of_credits', required: 250, remaining: 100 });
      expect(res.headers['x-credits-remaining']).toBe('100');
      expect(await usageEntries(poor.accountId)).toBe(0);

      const topup = await t
        .http()
        .post(`/api/v1/admin/accounts/${poor.accountId}/credits`)
        .set(bearer(t.adminKey))
        .send({ credits: 150, kind: 'topup', reason: 'gateway e2e' });
      expect(topup.status).toBe(201);
      const next = await t.http().post('/api/v1/tools/fixture_paid').set(bearer(poor.apiKey)).send({});
      expect(next.status).toBe(200);
      expect(next.body.credits.remaining).toBe(0);
    });
  });

  describe('502 tool_error: the hold is voided, nothing charged', () => {
    it("voids the call's hold and says why in details", async () => {
      const before = await balance();
      const res = await t.http().post('/api/v1/tools/fixture_paid').set(bearer(key)).send({ mode: 'upstream_error' });
      expect(res.status).toBe(502);
      expect(res.body.error).toMatchObject({
        code: 'tool_error',
        message: 'The fixture upstream failed.',
        details: 'fixture: HTTP 503 from upstream',
      });
      expect(res.headers['x-credits-remaining']).toBe(String(before));
      expect(await balance()).toBe(before);

      expect(await callCharges(t.sql, accountId, res.headers['x-request-id'])).toEqual([{ hold: 'voided', held: 250, charged: 0 }]);
      const { rows } = await t.sql.query(`SELECT void_reason FROM credit_holds WHERE request_id = $1`, [res.headers['x-request-id']]);
      expect(rows[0].void_reason).toBe('tool_error: The fixture upstream failed.');
    });

    it('voids an internal error too and leaks no detail', async () => {
      const before = await balance();
      const res = await t.http().post('/api/v1/tools/fixture_paid').set(bearer(key)).send({ mode: 'crash' });
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBe('internal_error');
      expect(JSON.stringify(res.body)).not.toMatch(/fixture crash|at .*\.ts/);
      expect(await balance()).toBe(before);
    });
  });

  describe('public tool without a key', () => {
    it('service_health answers with remaining null and no credits header', async () => {
      const res = await t.http().get('/api/v1/tools/service_health');
      expect(res.status).toBe(200);
      expect(res.body.credits.remaining).toBeNull();
      expect(res.headers['x-credits-remaining']).toBeUndefined();
      // The trader directory's size (other test files may fill it: read it as the API does).
      const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM traders`);
      expect(res.body.data).toMatchObject({ status: 'ok', live: true, loadedTraders: rows[0].n });
      expect(res.body.data.sources).toEqual(
        expect.arrayContaining([
          { name: 'defillama-api', state: 'ok', retryAt: null },
          { name: 'jupiter', state: 'ok', retryAt: null },
          { name: 'token-data-prices', state: 'ok', retryAt: null },
          { name: 'token-analytics', state: 'ok', retryAt: null },
        ]),
      );
      expect(res.body.notes).toBeUndefined();
      expect(typeof res.body.data.uptimeSeconds).toBe('number');
    });
  });
});
