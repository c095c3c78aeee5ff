import { HTTP_STATUS_BY_CODE } from '@scout/core';
import { FIXTURE_TOOL_COSTS, FixtureToolsModule } from './support/fixture-tools';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * GET /llms.txt (issue 18, "For agents"): public markdown for AI agents, generated from the
 * registry of the booted app (fixture tools included) with PUBLIC_URL in every absolute URL.
 */
const PUBLIC_URL = 'https://scout.example.com';
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

interface CatalogTool {
  name: string;
  cost: number;
  summary: string;
}

describe('GET /llms.txt', () => {
  let t: TestApp;
  let text: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL }, modules: [FixtureToolsModule], toolCosts: FIXTURE_TOOL_COSTS });
    text = (await t.http().get('/llms.txt')).text;
  });
  afterAll(() => t?.close());

  describe('200 without a key', () => {
    it('answers llmstxt.org markdown as text/plain, cacheable, with the API headers', async () => {
      const res = await t.http().get('/llms.txt');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-credits-remaining']).toBeUndefined();
      expect(res.text).toMatch(/^# Scout\n\n> Scout is a credit-metered data API for crypto traders/);
      // The same text each time (built once), so a client can revalidate it for nothing.
      expect(res.text).toBe(text);
      const again = await t.http().get('/llms.txt').set('If-None-Match', res.headers.etag);
      expect(again.status).toBe(304);
    });

    it('a key changes nothing: the same text for everyone', async () => {
      const { apiKey } = await t.createAccount('llms.txt reader');
      const res = await t.http().get('/llms.txt').set(bearer(apiKey));
      expect(res.status).toBe(200);
      expect(res.text).toBe(text);
    });
  });

  it('lists every tool of GET /api/v1/tools exactly once, with its cost and summary', async () => {
    const catalog = (await t.http().get('/api/v1/tools')).body.tools as CatalogTool[];
    expect(catalog.map((tool) => tool.name)).toEqual(expect.arrayContaining(['service_health', 'fixture_paid']));
    const toolLines = text.split('\n').filter((line) => /^- \[[a-z_]+\]\(/.test(line));
    expect(toolLines).toHaveLength(catalog.length);
    for (const tool of catalog) {
      const lines = toolLines.filter((line) => line.startsWith(`- [${tool.name}](`));
      expect({ tool: tool.name, lines: lines.length }).toEqual({ tool: tool.name, lines: 1 });
      expect(lines[0]).toMatch(new RegExp(`^- \\[${tool.name}\\]\\(${PUBLIC_URL}/api/v1/tools/${tool.name}\\): ${tool.cost} credits[,.]`));
      expect(lines[0].endsWith(` ${tool.summary}`)).toBe(true);
    }
  });

  it('builds every absolute URL from PUBLIC_URL, and each link leads somewhere real on this app', async () => {
    expect(text).toContain(`\`claude mcp add --transport http scout ${PUBLIC_URL}/mcp\``);
    const urls = [...new Set(text.match(/https?:\/\/[^\s)`]+/g))];
    for (const url of urls) expect(url.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    const links = [...text.matchAll(/\]\((https?:\/\/[^)]+)\)/g)].map((m) => m[1].slice(PUBLIC_URL.length));
    expect(links).toEqual(expect.arrayContaining(['/api/v1/openapi.json', '/api/v1/tools', '/docs', '/api/v1/me', '/api/v1/tools/service_health']));
    const statuses = async (paths: string[]) => Promise.all(paths.map(async (path) => ({ path, status: (await t.http().get(path)).status })));
    expect(await statuses(['/api/v1/openapi.json', '/api/v1/tools', '/docs', '/api/v1/tools/service_health', '/api/v1/me'])).toEqual([
      { path: '/api/v1/openapi.json', status: 200 },
      { path: '/api/v1/tools', status: 200 },
      { path: '/docs', status: 200 },
      { path: '/api/v1/tools/service_health', status: 200 },
      // Listed as needing a credential.
      { path: '/api/v1/me', status: 401 },
    ]);
  });

  it('lists every error code with its HTTP status, as the API really answers them', async () => {
    for (const [code, status] of Object.entries(HTTP_STATUS_BY_CODE)) expect(text).toContain(`\n- \`${code}\` (HTTP ${status}): `);
    const { apiKey } = await t.createAccount('llms.txt errors');
    const answers = [
      await t.http().get('/api/v1/tools/service_account'),
      await t.http().get('/api/v1/tools/service_nope').set(bearer(apiKey)),
      await t.http().get('/api/v1/tools/service_fomo_leaderboard?window=1y').set(bearer(apiKey)),
    ];
    for (const res of answers) expect(text).toContain(`\n- \`${res.body.error.code}\` (HTTP ${res.status}): `);
    expect(answers.map((res) => res.body.error.code)).toEqual(['unauthorized', 'not_found', 'invalid_request']);
  });

  it('is documented in the OpenAPI document as a public text/plain route', async () => {
    const doc = (await t.http().get('/api/v1/openapi.json')).body;
    const op = doc.paths['/llms.txt'].get;
    expect(op.security).toEqual([]);
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/plain']);
  });
});
