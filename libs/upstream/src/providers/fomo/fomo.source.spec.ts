import type { UpstreamCall, UpstreamSource, UpstreamSourceOptions } from '../../upstream.types';
import { FOMO_EXHAUSTED_REST_MS, fomoRefusalRule } from './fomo.errors';
import { createFomoClients, fomoSourceOptions } from './fomo.source';
import { LEADERBOARD_7D, TOKEN_BOARD } from './fomo.fixture';

describe('fomoSourceOptions', () => {
  it('sends keys as Bearer tokens to the public host by default, with its error contract and credit headers; no key names FOMO_API_KEYS', () => {
    expect(fomoSourceOptions({ keys: ['k'], timeoutMs: 8_000, retries: 2 })).toEqual({
      name: 'fomo',
      baseUrl: 'https://api.fomoapi.io',
      keys: ['k'],
      keyPlacement: { kind: 'header', header: 'authorization', prefix: 'Bearer ' },
      keySetting: 'FOMO_API_KEYS',
      timeoutMs: 8_000,
      retries: 2,
      refusalRule: fomoRefusalRule,
      creditHeaders: { cost: 'x-credits-cost', remaining: 'x-credits-remaining' },
    });
  });

  it('builds both clients on one source', async () => {
    const created: UpstreamSourceOptions[] = [];
    const calls: UpstreamCall[] = [];
    const source: UpstreamSource = {
      name: 'fomo',
      request: async <T>(call: UpstreamCall, parse: (raw: unknown) => T) => {
        calls.push(call);
        return parse(call.path.includes('/tokens/') ? TOKEN_BOARD : LEADERBOARD_7D);
      },
    };
    const clients = createFomoClients((options) => (created.push(options), source), {
      baseUrl: 'http://127.0.0.1:1/fomo',
      keys: ['k'],
      timeoutMs: 1,
      retries: 0,
    });
    await clients.traders.leaderboard('7d');
    await clients.tokens.tokenBoard('trending');
    expect(created).toHaveLength(1);
    expect(created[0].baseUrl).toBe('http://127.0.0.1:1/fomo');
    expect(calls.map((c) => c.endpoint)).toEqual(['fomo:/v2/leaderboard/{window}', 'fomo:/v2/leaderboard/tokens/{board}']);
  });
});

describe('fomoRefusalRule', () => {
  const refusal = (status: number, body: unknown) => ({ status, body: typeof body === 'string' ? body : JSON.stringify(body), headers: {} });

  it('reads 402 credits_exhausted as a key out of credits, any other 402 as a refusal', () => {
    expect(fomoRefusalRule(refusal(402, { error: 'credits_exhausted', remaining: 0 }))).toEqual({ kind: 'key_exhausted', restMs: FOMO_EXHAUSTED_REST_MS });
    // A body cut short still names its error.
    expect(fomoRefusalRule(refusal(402, '{"error":"credits_exhausted","plan":"starter","message":"Monthly cre'))).toMatchObject({ kind: 'key_exhausted' });
    expect(fomoRefusalRule(refusal(402, { error: 'plan_required' }))).toEqual({ kind: 'refused' });
    expect(fomoRefusalRule(refusal(402, ''))).toEqual({ kind: 'refused' });
  });

  it('reads 409 resolving (or retryable) as pending, and leaves every other status to the defaults', () => {
    expect(fomoRefusalRule(refusal(409, { error: 'resolving', retryable: true }))).toMatchObject({ kind: 'pending' });
    expect(fomoRefusalRule(refusal(409, { error: 'busy', retryable: true }))).toMatchObject({ kind: 'pending' });
    expect(fomoRefusalRule(refusal(409, { error: 'conflict' }))).toBeNull();
    for (const status of [400, 401, 403, 404, 429]) expect(fomoRefusalRule(refusal(status, { error: 'resolving' }))).toBeNull();
  });
});
