import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { ANSWER_SCHEMAS, AnswerValidator, routeKey } from '@scout/contract';
import { TOOL_CATALOG } from '@scout/core';
import { routesOf, sourceControllers } from './support/route-inventory';
import { startTestApp, type TestApp } from './support/test-app';

describe('discovery: /api/v1/tools, /api/v1/openapi.json and /docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('lists every registered tool with its catalog cost and JSON Schema input, without a key', async () => {
    const res = await t.http().get('/api/v1/tools');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(res.body.tools.length);
    const names = res.body.tools.map((tool: { name: string }) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['service_health', 'service_account', 'service_usage']));
    for (const tool of res.body.tools) {
      expect(tool.cost).toBe(TOOL_CATALOG[tool.name as keyof typeof TOOL_CATALOG].cost);
      expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.path).toBe(`/api/v1/tools/${tool.name}`);
    }
    const usage = res.body.tools.find((tool: { name: string }) => tool.name === 'service_usage');
    expect(usage.inputSchema.properties.clearCache).toMatchObject({ type: 'boolean' });
    expect(usage.requiresKey).toBe(true);
    expect(res.body.tools.find((tool: { name: string }) => tool.name === 'service_health').requiresKey).toBe(false);
  });

  it('serves an OpenAPI 3.1 document that a real validator accepts', async () => {
    const res = await t.http().get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    // SwaggerParser.validate checks the document against the OpenAPI 3.1 schema and resolves every $ref.
    await expect(SwaggerParser.validate(structuredClone(res.body))).resolves.toBeDefined();
    // ...and the same validator refuses a broken copy, so the check above can fail.
    const broken = structuredClone(res.body);
    broken.paths['/api/v1/tools/service_usage'].get.responses = 'none';
    await expect(SwaggerParser.validate(broken)).rejects.toThrow();
  });

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const doc = (await t.http().get('/api/v1/openapi.json')).body;
    const dir = mkdtempSync(join(tmpdir(), 'scout-openapi-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const lint = spawnSync(process.execPath, [join(__dirname, '../../../scripts/openapi-lint.mjs'), file], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    const problems = lint.stdout.split('\n').filter(Boolean);
    expect({ problems, stderr: lint.stderr }).toEqual({ problems: [], stderr: '' });
    expect(lint.status).toBe(0);
  }, 60_000);

  it('answers what it documents for the probes: a refused key is a 401 there too', async () => {
    const doc = (await t.http().get('/api/v1/openapi.json')).body;
    expect(doc.paths['/healthz'].get.responses['401']).toEqual({ $ref: '#/components/responses/unauthorized' });
    const res = await t.http().get('/healthz').set('Authorization', 'Bearer sc_not_a_key');
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 401, code: 'unauthorized' });
  });

  it('documents every tool as GET and POST with its input, errors, bearer security and x-credits', async () => {
    const doc = (await t.http().get('/api/v1/openapi.json')).body;
    const tools = (await t.http().get('/api/v1/tools')).body.tools as Array<{ name: string; cost: number; inputSchema: object }>;
    const validator = new AnswerValidator();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const tool of tools) {
      const path = doc.paths[`/api/v1/tools/${tool.name}`];
      expect(path.get['x-credits']).toBe(tool.cost);
      expect(path.post['x-credits']).toBe(tool.cost);
      // The body is a named component: the tool's input schema, as /api/v1/tools lists it.
      const body: string = path.post.requestBody.content['application/json'].schema.$ref;
      expect(doc.components.schemas[body.replace('#/components/schemas/', '')]).toEqual(tool.inputSchema);
      // The 200 names the tool's own `data` component, which exists and has properties.
      const answer = path.get.responses['200'].content['application/json'].schema;
      expect(answer).toMatchObject({ required: ['data', 'credits', 'meta'], properties: { credits: { $ref: '#/components/schemas/Credits' } } });
      const dataRef: string = answer.properties.data.$ref;
      expect({ tool: tool.name, dataRef }).toEqual({ tool: tool.name, dataRef: expect.stringMatching(/^#\/components\/schemas\/\w+$/) });
      expect(Object.keys(doc.components.schemas[dataRef.split('/').pop()!].properties ?? {}).length).toBeGreaterThan(0);
      // ...and an example: a real sandbox answer of this tool, which its schema accepts.
      const example = path.get.responses['200'].content['application/json'].example;
      expect({ tool: tool.name, exampleTool: example?.meta?.tool, drift: validator.check(tool.name, example?.data) }).toEqual({
        tool: tool.name,
        exampleTool: tool.name,
        drift: [],
      });
      expect(path.get.responses['400'].$ref).toBe('#/components/responses/invalid_request');
    }
    const usage = doc.paths['/api/v1/tools/service_usage'];
    const idempotencyKey = { $ref: '#/components/parameters/IdempotencyKey' };
    expect(usage.get.parameters).toEqual([
      expect.objectContaining({ name: 'clearCache', in: 'query', required: false, schema: expect.objectContaining({ type: 'boolean' }) }),
      idempotencyKey,
    ]);
    expect(usage.post.parameters).toEqual([idempotencyKey]);
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: false });
    expect(usage.get.responses['402'].$ref).toBe('#/components/responses/out_of_credits');
    expect(usage.get.responses['409'].$ref).toBe('#/components/responses/idempotency_key_in_use');
    expect(usage.post.responses['422'].$ref).toBe('#/components/responses/idempotency_key_reused');
    // The keyless tool has no account to scope a key to: no header, no 409/422.
    const health = doc.paths['/api/v1/tools/service_health'];
    expect(health.get.security).toEqual([]);
    expect(health.get.parameters).toEqual([]);
    expect(health.get.responses['409']).toBeUndefined();
    expect(doc.paths['/api/v1/tools/service_wallet_age'].get.responses['200'].content['application/json'].schema.properties.data).toEqual({
      $ref: '#/components/schemas/WalletAgeData',
    });
    expect(doc.components.schemas.WalletAgeData.properties.chains.items).toEqual({ $ref: '#/components/schemas/ChainAge' });
  });

  it('documents the credit headers on every tool answer, success and errors', async () => {
    const doc = (await t.http().get('/api/v1/openapi.json')).body;
    const op = doc.paths['/api/v1/tools/service_fomo_leaderboard'].get;
    for (const header of ['x-credits-remaining', 'x-credits-cost', 'x-credits-used']) {
      expect(op.responses['200'].headers[header].$ref).toMatch(/^#\/components\/headers\/Credits/);
      expect(doc.components.responses.invalid_request.headers[header]).toEqual(op.responses['200'].headers[header]);
    }
    expect(doc.components.headers.CreditsUsed.description).toMatch(/replay/);
  });

  it('documents an object input of a GET as JSON text in the query (content: application/json)', async () => {
    const doc = (await t.http().get('/api/v1/openapi.json')).body;
    const params = doc.paths['/api/v1/tools/service_fomo_compare_snapshots'].get.parameters as Array<Record<string, any>>;
    const before = params.find((p) => p.name === 'before')!;
    expect(before.schema).toBeUndefined();
    expect(before.content['application/json'].schema).toMatchObject({ type: 'object', required: ['trackedHolders'] });
    const beforeId = params.find((p) => p.name === 'beforeId')!;
    expect(beforeId.schema).toMatchObject({ type: 'string' });
    expect(beforeId.content).toBeUndefined();
  });

  it('documents every self-service route under /api/v1/me with its method', async () => {
    const doc = (await t.http().get('/api/v1/openapi.json')).body;
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith('/api/v1/me'))
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual([
      'DELETE /api/v1/me/keys/{keyId}',
      'DELETE /api/v1/me/oauth-grants/{grantId}',
      'DELETE /api/v1/me/plan',
      'GET /api/v1/me',
      'GET /api/v1/me/grants',
      'GET /api/v1/me/keys',
      'GET /api/v1/me/ledger',
      'GET /api/v1/me/ledger.csv',
      'GET /api/v1/me/oauth-grants',
      'GET /api/v1/me/plan',
      'GET /api/v1/me/usage',
      'POST /api/v1/me/keys',
      'PUT /api/v1/me/plan',
    ]);
    expect(doc.paths['/api/v1/me/plan'].put.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ChangeOwnPlanBody' });
    expect(doc.components.schemas.ChangeOwnPlanBody.properties.plan.enum).toEqual(['starter', 'growth', 'pro']);
  });

  it('documents every self-service and admin route, each JSON answer by the component generated from its handler', async () => {
    const doc = (await t.http().get('/api/v1/openapi.json')).body;
    const routes = routesOf(sourceControllers())
      .filter((r) => /^\/api\/v1\/(me|admin)(\/|$)/.test(r.path))
      .map((r) => {
        // The OpenAPI path of the route, as the answer document names it ('GET /x/{id}').
        const [method, path] = routeKey(r.method, r.path).split(' ') as [string, string];
        return { method: method.toLowerCase(), path };
      });
    expect(routes.length).toBeGreaterThanOrEqual(30);
    const undocumented = routes.filter((r) => !doc.paths[r.path]?.[r.method]).map((r) => `${r.method} ${r.path}`);
    expect(undocumented).toEqual([]);
    for (const [route, answer] of Object.entries(ANSWER_SCHEMAS.routes)) {
      const [method, path] = route.split(' ');
      const responses = doc.paths[path][method.toLowerCase()].responses as Record<string, { content?: Record<string, { schema: unknown }> }>;
      const success = Object.entries(responses).find(([status]) => status.startsWith('2'))!;
      expect({ route, schema: success[1].content!['application/json'].schema }).toEqual({ route, schema: { $ref: `#/components/schemas/${answer.dataType}` } });
      expect(doc.components.schemas[answer.dataType].type).toBe('object');
    }
    // Request bodies are components named after their DTO classes.
    expect(doc.paths['/api/v1/admin/accounts/{id}/credits'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/AddCreditsBody',
    });
    expect(doc.components.schemas.AddCreditsBody.properties.kind.enum).toEqual(['grant', 'topup', 'adjustment']);
  });

  it('documents the live feed stream (Server-Sent Events) with its filters and the key it needs', async () => {
    const doc = (await t.http().get('/api/v1/openapi.json')).body;
    const op = doc.paths['/api/v1/stream/alerts'].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/event-stream']);
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(['type', 'chain', 'trader', 'token', 'minUsd', 'lastEventId', 'Last-Event-ID']);
    expect(op.description).toContain('retry: 3000');
    expect(op.responses['401']).toBeDefined();
    expect(op.security).toBeUndefined();
  });

  it('documents /mcp: POST with its 401 challenge; GET and DELETE (405) in its description', async () => {
    const doc = (await t.http().get('/api/v1/openapi.json')).body;
    expect(Object.keys(doc.paths['/mcp'])).toEqual(['post']);
    expect(doc.paths['/mcp'].post.description).toContain('GET and DELETE answer 405');
    expect(doc.paths['/mcp'].post.responses['401'].headers['WWW-Authenticate']).toBeDefined();
    expect(Object.keys(doc.paths['/mcp'].post.responses['200'].content).sort()).toEqual(['application/json', 'text/event-stream']);
  });

  it('serves the API reference at /docs, over this document', async () => {
    const res = await t.http().get('/docs');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="api-reference" data-configuration="{&quot;url&quot;:&quot;/api/v1/openapi.json&quot;');
  });
});
