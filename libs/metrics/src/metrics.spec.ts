import { request } from 'node:http';
import {
  looksLikeIdentifier,
  METRIC_NAMES,
  metricsRegistry,
  NameLabel,
  oneOf,
  OTHER_LABEL,
  parsePrometheusText,
  recordCacheLookup,
  recordOAuthTokenRefused,
  recordToolCall,
  recordUpstreamRequest,
  sampleSum,
  startMetricsServer,
  upstreamKeys,
} from '@scout/metrics';

const TOOLS = ['service_health', 'token_price'];

/** GET over plain HTTP; resolves to the status, content type and body. */
function get(port: number, path: string, method = 'GET'): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function scrape() {
  return parsePrometheusText(await metricsRegistry.metrics());
}

describe('label bounding', () => {
  it('keeps a value of its set and turns anything else into "other"', () => {
    expect(oneOf('rest', ['rest', 'mcp'])).toBe('rest');
    expect(oneOf('sse', ['rest', 'mcp'])).toBe(OTHER_LABEL);
  });

  it('takes names Scout gives, up to a limit, and refuses identifiers and secrets', () => {
    const label = new NameLabel(3);
    expect(label.bound('fomo')).toBe('fomo');
    expect(label.bound('token-analytics')).toBe('token-analytics');
    expect(label.bound('3f2b8c1e-5b7a-4f6e-9d3c-2a1b0c9d8e7f')).toBe(OTHER_LABEL);
    expect(label.bound('sc_AbCdEf0123456789abcdefGHIJ')).toBe(OTHER_LABEL);
    expect(label.bound('Has Spaces')).toBe(OTHER_LABEL);
    expect(label.bound('jupiter')).toBe('jupiter');
    // A fourth distinct name is past the limit; those seen stay.
    expect(label.bound('dexscreener')).toBe(OTHER_LABEL);
    expect(label.bound('fomo')).toBe('fomo');
  });

  it('tells identifiers and secrets from names', () => {
    for (const id of ['3f2b8c1e-5b7a-4f6e-9d3c-2a1b0c9d8e7f', 'sc_x', 'sco_at_abc', 'deadbeefdeadbeef00', 'Zx81aQ_pL0r3mIpsum9Kq2']) {
      expect(looksLikeIdentifier(id)).toBe(true);
    }
    for (const name of ['token_holders_snapshot', 'refused_out_of_credits', 'token-analytics', 'authorization_code', 'half_open']) {
      expect(looksLikeIdentifier(name)).toBe(false);
    }
  });

  it('records a tool outside the catalog as "other", never under its own name', async () => {
    recordToolCall({ tool: 'not_a_tool_3f2b8c1e', area: 'atlantis', channel: 'carrier-pigeon', outcome: 'answered', credits: 250, seconds: 0.01 }, TOOLS, [
      'traders',
    ]);
    const families = await scrape();
    expect(sampleSum(families, 'scout_tool_calls_total', { tool: 'other', area: 'other', channel: 'other' })).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify([...families.values()])).not.toContain('atlantis');
    expect(JSON.stringify([...families.values()])).not.toContain('not_a_tool_3f2b8c1e');
  });

  it('bounds the outcome labels of upstream requests, cache tiers and OAuth refusals', async () => {
    recordUpstreamRequest('fomo', 'exploded', 0.2);
    recordCacheLookup('fomo', 'disk' as 'memory', true);
    recordOAuthTokenRefused('password', 'because');
    const families = await scrape();
    expect(sampleSum(families, 'scout_upstream_requests_total', { source: 'fomo', outcome: 'other' })).toBe(1);
    expect(sampleSum(families, 'scout_upstream_cache_lookups_total', { source: 'fomo', tier: 'other', result: 'hit' })).toBe(1);
    expect(sampleSum(families, 'scout_oauth_token_refusals_total', { grant_type: 'other', reason: 'other' })).toBe(1);
  });
});

describe('the registry', () => {
  it('lists every metric name, Scout’s and the default process metrics', () => {
    expect(METRIC_NAMES).toEqual(
      expect.arrayContaining(['scout_tool_calls_total', 'scout_upstream_breaker_state', 'process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds']),
    );
    expect(new Set(METRIC_NAMES).size).toBe(METRIC_NAMES.length);
    for (const name of METRIC_NAMES.filter((n) => n.startsWith('scout_'))) {
      expect(name).toMatch(/^scout_[a-z0-9_]+$/);
      // Base units only: seconds and bytes, never milliseconds.
      expect(name).not.toMatch(/_ms\b|_milliseconds/);
    }
  });

  it('names counters with _total and writes text every line of which parses', async () => {
    const families = await scrape();
    expect([...families.keys()].sort()).toEqual([...METRIC_NAMES]);
    for (const family of families.values()) {
      if (family.type === 'counter') expect(family.name).toMatch(/_total$/);
      expect(family.help).not.toBe('');
    }
  });

  it('reads probed gauges at scrape time, merges probes and skips one that fails', async () => {
    const stopA = upstreamKeys.addProbe(() => [{ labels: { source: 'probe-test', state: 'healthy' }, value: 2 }]);
    const stopB = upstreamKeys.addProbe(() => [{ labels: { source: 'probe-test', state: 'healthy' }, value: 3 }]);
    const stopC = upstreamKeys.addProbe(() => {
      throw new Error('broken probe');
    });
    try {
      expect(sampleSum(await scrape(), 'scout_upstream_keys', { source: 'probe-test', state: 'healthy' })).toBe(3);
    } finally {
      stopA();
      stopB();
      stopC();
    }
    expect(sampleSum(await scrape(), 'scout_upstream_keys', { source: 'probe-test' })).toBe(0);
  });
});

describe('parsePrometheusText', () => {
  it('reads families, labels with escapes, histograms and special values', () => {
    const families = parsePrometheusText(
      [
        '# HELP a_total A counter.',
        '# TYPE a_total counter',
        'a_total{x="1",y="quote \\" and \\\\ slash"} 3',
        '# HELP h Time.',
        '# TYPE h histogram',
        'h_bucket{le="0.1"} 1',
        'h_bucket{le="+Inf"} 2',
        'h_sum 0.3',
        'h_count 2',
        '',
      ].join('\n'),
    );
    expect(families.get('a_total')?.samples).toEqual([{ name: 'a_total', labels: { x: '1', y: 'quote " and \\ slash' }, value: 3 }]);
    expect(sampleSum(families, 'h_count')).toBe(2);
    expect(sampleSum(families, 'h_bucket', { le: '+Inf' })).toBe(2);
  });

  it('refuses a line that is not a sample, and a sample of an undeclared metric', () => {
    expect(() => parsePrometheusText('# TYPE a gauge\na{x="1" 2')).toThrow(/not a sample line|malformed labels/);
    expect(() => parsePrometheusText('b 1')).toThrow(/undeclared/);
    expect(() => parsePrometheusText('# TYPE a gauge\na one')).toThrow(/not a sample value/);
  });
});

describe('startMetricsServer', () => {
  it('serves GET /metrics in the Prometheus text format, and nothing else', async () => {
    const server = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    try {
      const metrics = await get(server.port, '/metrics');
      expect(metrics.status).toBe(200);
      expect(metrics.type).toContain('text/plain');
      expect(metrics.type).toContain('version=0.0.4');
      expect(parsePrometheusText(metrics.body).has('scout_tool_calls_total')).toBe(true);
      expect((await get(server.port, '/')).status).toBe(404);
      expect((await get(server.port, '/metrics', 'POST')).status).toBe(405);
      expect((await get(server.port, '/metrics', 'HEAD')).body).toBe('');
    } finally {
      await server.close();
    }
  });

  it('closes: the port no longer answers', async () => {
    const server = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    await server.close();
    await expect(get(server.port, '/metrics')).rejects.toThrow(/ECONNREFUSED/);
  });
});
