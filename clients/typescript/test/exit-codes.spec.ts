import { runCli, type CliIo } from '../src/cli';
import { EXIT_CODE_MEANINGS, EXIT_CODES, errorCodeOf, exitCodeFor } from '../src/exit-codes';

describe('exit codes', () => {
  it('gives every outcome its own code, and every code a meaning', () => {
    const codes = Object.values(EXIT_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    expect(Object.keys(EXIT_CODE_MEANINGS).sort()).toEqual(Object.keys(EXIT_CODES).sort());
    expect(codes.every((code) => Number.isInteger(code) && code >= 0 && code < 64)).toBe(true);
  });

  it.each([
    [200, { data: {} }, 0],
    [400, { error: { code: 'invalid_request', message: 'x' } }, 3],
    [401, { error: { code: 'unauthorized', message: 'x' } }, 4],
    [402, { error: { code: 'out_of_credits', message: 'x' } }, 5],
    [403, { error: { code: 'forbidden', message: 'x' } }, 6],
    [404, { error: { code: 'not_found', message: 'x' } }, 7],
    [409, { error: { code: 'conflict', message: 'x' } }, 9],
    [409, { error: { code: 'idempotency_key_in_use', message: 'x' } }, 10],
    [422, { error: { code: 'idempotency_key_reused', message: 'x' } }, 11],
    [429, { error: { code: 'rate_limited', message: 'x' } }, 12],
    [500, { error: { code: 'internal_error', message: 'x' } }, 16],
    [502, { error: { code: 'tool_error', message: 'x' } }, 13],
    [503, { error: { code: 'service_unavailable', message: 'x' } }, 14],
    // No readable code: the status stands for it.
    [503, '<html>Bad gateway</html>', 14],
    [429, { error: { code: 'a_code_from_the_future' } }, 12],
    // Neither: unexpected.
    [418, 'teapot', 1],
    [418, { error: { code: 'usage' } }, 1],
  ])('HTTP %i %j exits %i', (status, body, code) => {
    expect(exitCodeFor(status, body)).toBe(code);
  });

  it('reads the code only from an error answer', () => {
    expect(errorCodeOf(400, { error: { code: 'not_found' } })).toBe('not_found');
    expect(errorCodeOf(400, { error: 'not_found' })).toBe('invalid_request');
    expect(errorCodeOf(299, null)).toBeNull();
  });
});

/** The CLI over a fake fetch: what it writes where, and its exit code. */
async function cli(argv: string[], fetchImpl: typeof fetch, env: Record<string, string> = { SCOUT_API_KEY: 'sc_test' }, isTTY = false) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text), isTTY },
    stderr: { write: (text: string) => (stderr += text) },
    env,
    fetch: fetchImpl,
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

const catalog = {
  count: 1,
  tools: [
    {
      name: 'service_chain_health',
      cost: 250,
      summary: 'Per chain: TVL.',
      requiresKey: true,
      inputSchema: { type: 'object', properties: { chains: { type: 'array', items: { type: 'string' } } } },
    },
  ],
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('runCli over a fake server', () => {
  it('sends the call as a POST with a JSON body and the bearer key, and prints the answer and credit headers', async () => {
    const requests: Array<{ method: string; url: string; auth: string | null; body: string }> = [];
    const result = await cli(['call', 'service_chain_health', '--chains', 'solana'], async (input) => {
      const request = input instanceof Request ? input : new Request(input);
      requests.push({ method: request.method, url: request.url, auth: request.headers.get('authorization'), body: await request.text() });
      if (request.url.endsWith('/api/v1/tools')) return json(200, catalog);
      return json(200, { data: { chains: [] } }, { 'x-credits-cost': '250', 'x-credits-used': '250', 'x-credits-remaining': '750' });
    });
    expect(result).toEqual({ code: 0, stdout: '{"data":{"chains":[]}}\n', stderr: 'x-credits-cost: 250\nx-credits-used: 250\nx-credits-remaining: 750\n' });
    expect(requests).toEqual([
      { method: 'GET', url: 'http://localhost:3000/api/v1/tools', auth: 'Bearer sc_test', body: '' },
      { method: 'POST', url: 'http://localhost:3000/api/v1/tools/service_chain_health', auth: 'Bearer sc_test', body: '{"chains":["solana"]}' },
    ]);
  });

  it('prints an error answer on stdout, its message on stderr, and exits with its code', async () => {
    const result = await cli(['call', 'service_chain_health'], async (input) => {
      const request = input instanceof Request ? input : new Request(input);
      if (request.url.endsWith('/api/v1/tools')) return json(200, catalog);
      return json(402, { error: { code: 'out_of_credits', message: 'Balance too low.' } }, { 'x-credits-cost': '250', 'x-credits-used': '0' });
    });
    expect(result).toEqual({
      code: 5,
      stdout: '{"error":{"code":"out_of_credits","message":"Balance too low."}}\n',
      stderr: 'x-credits-cost: 250\nx-credits-used: 0\nscout: out_of_credits: Balance too low.\n',
    });
  });

  it('reads an error answer that is not JSON by its status', async () => {
    const result = await cli(['tools'], async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    expect(result).toEqual({ code: 13, stdout: '', stderr: 'scout: HTTP 502 (tool_error): <html>Bad gateway</html>\n' });
  });

  it('lists the tools, indents on a terminal only, and exits 15 when nothing answers', async () => {
    const tools = await cli(['tools'], async () => json(200, catalog), {});
    expect(tools).toEqual({ code: 0, stdout: 'service_chain_health  250  Per chain: TVL.\n', stderr: '' });
    const onTerminal = await cli(
      ['call', 'service_chain_health'],
      async (input) =>
        (input instanceof Request ? input.url : String(input)).endsWith('/api/v1/tools') ? json(200, catalog) : json(200, { data: { chains: [] } }),
      { SCOUT_API_KEY: 'sc_test' },
      true,
    );
    expect(onTerminal.stdout).toBe('{\n  "data": {\n    "chains": []\n  }\n}\n');
    const down = await cli(
      ['tools'],
      () => Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) })),
      {
        SCOUT_URL: 'http://127.0.0.1:9',
      },
    );
    expect(down).toEqual({ code: 15, stdout: '', stderr: 'scout: cannot reach http://127.0.0.1:9 (ECONNREFUSED: connect ECONNREFUSED)\n' });
  });

  it('is a usage error (exit 2) before anything is sent: no command, an unknown command, an unknown flag', async () => {
    const unused = () => Promise.reject(new Error('nothing should be sent'));
    expect((await cli([], unused)).code).toBe(2);
    expect(await cli(['fly'], unused)).toEqual({ code: 2, stdout: '', stderr: 'scout: unknown command "fly" (scout --help lists them)\n' });
    const flag = await cli(['call', 'service_chain_health', '--chainz', 'solana'], async () => json(200, catalog));
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('unknown input --chainz for service_chain_health (did you mean --chains?)');
    expect((await cli(['--help'], unused)).stdout).toContain('Exit codes:');
  });
});
