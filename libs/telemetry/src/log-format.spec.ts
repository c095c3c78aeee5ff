import pino from 'pino';
import { formatRequestLine, logDestination, scoutLoggerOptions } from './log-format';

/** Everything written to stdout while `run` runs (the logger must be built inside it: it picks stdout.write then). */
function capture(run: () => void): string {
  const chunks: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    chunks.push(String(chunk));
    return true;
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return chunks.join('');
}

const plain = new Proxy({}, { get: () => (text: string) => text }) as Parameters<typeof formatRequestLine>[1];

const REQUEST_LINE = {
  level: 30,
  time: 0,
  requestId: 'req-1',
  req: { id: 'req-1', method: 'GET', path: '/api/v1/tools/service_chain_health' },
  res: { statusCode: 200 },
  durationMs: 42,
  accountId: '9c23c812-d149-41df-ac5a-8f7bfd5097aa',
  credential: 'api_key',
  channel: 'rest',
  tool: 'service_chain_health',
  outcome: 'answered',
  credits: 250,
  cacheHit: true,
  upstreamCalls: 0,
  upstreamCachedCalls: 2,
  msg: 'request completed',
};

describe('the pretty request line', () => {
  it('says what the request did in one line', () => {
    expect(formatRequestLine(REQUEST_LINE, plain)).toBe(
      'GET /api/v1/tools/service_chain_health 200 42ms tool=service_chain_health channel=rest credits=250 upstream=0 cached=2 cache-hit account=9c23c812… auth=api_key req=req-1',
    );
  });

  it('names a failure and leaves out what a non-tool request does not have', () => {
    expect(
      formatRequestLine({ ...REQUEST_LINE, outcome: 'failed', errorCode: 'tool_error', credits: 0, cacheHit: false, res: { statusCode: 502 } }, plain),
    ).toContain('502 42ms tool=service_chain_health channel=rest credits=0 upstream=0 cached=2 outcome=failed error=tool_error');
    const me = { level: 30, time: 0, requestId: 'r', req: { method: 'GET', path: '/api/v1/me' }, res: { statusCode: 401 }, durationMs: 3, credential: 'none' };
    expect(formatRequestLine(me, plain)).toBe('GET /api/v1/me 401 3ms req=r');
  });

  it('writes one line per entry through the pretty destination, other entries as [Context] message', () => {
    const text = capture(() => {
      const logger = pino(scoutLoggerOptions('info'), logDestination({ format: 'pretty', sync: true, colorize: false }));
      logger.info({ ...REQUEST_LINE, time: undefined }, 'request completed');
      logger.warn({ context: 'ToolGateway', requestId: 'req-2', key: 'k1' }, 'could not release');
      logger.warn({ context: 'Upstream', requestId: null }, 'upstream failed outside any request');
    });
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/INFO.*GET \/api\/v1\/tools\/service_chain_health 200 42ms tool=service_chain_health .* req=req-1$/);
    expect(lines[0]).not.toContain('request completed');
    expect(lines[1]).toMatch(/WARN.*\[ToolGateway\] could not release req=req-2 .*"key":"k1"/);
    expect(lines[2]).toMatch(/WARN.*\[Upstream\] upstream failed outside any request$/);
  });
});

describe('scoutLoggerOptions', () => {
  it("writes Nest's start-up lines (routes, modules) at debug, not info", () => {
    const atInfo = capture(() => {
      const logger = pino(scoutLoggerOptions('info'), logDestination({ format: 'json', sync: true }));
      logger.info({ context: 'RouterExplorer' }, 'Mapped {/api/v1/tools, GET} route');
      logger.info({ context: 'InstanceLoader' }, 'AppModule dependencies initialized');
      logger.info({ context: 'AdminBootstrap' }, 'kept');
    });
    expect(
      atInfo
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).msg),
    ).toEqual(['kept']);
    const atDebug = capture(() => {
      const logger = pino(scoutLoggerOptions('debug'), logDestination({ format: 'json', sync: true }));
      logger.info({ context: 'RoutesResolver' }, 'ToolsController {/api/v1/tools}:');
    });
    expect(JSON.parse(atDebug)).toMatchObject({ level: 20, context: 'RoutesResolver', msg: 'ToolsController {/api/v1/tools}:' });
  });

  it('adds no trace fields (no mixin at all) while tracing is off', () => {
    expect(scoutLoggerOptions('info').mixin).toBeUndefined();
  });
});
