import { CHAINS } from '@scout/upstream';

/** The OpenAPI description of the live feed as Server-Sent Events (StreamController). */
export function streamPaths(errorRefs: (statuses: string[]) => Record<string, unknown>): Record<string, unknown> {
  const query = (name: string, description: string, schema: Record<string, unknown>) => ({ name, in: 'query', required: false, description, schema });
  return {
    '/api/v1/stream/alerts': {
      get: {
        operationId: 'stream_alerts',
        tags: ['feeds'],
        summary: "Tracked traders' buys and sells as Server-Sent Events, as they are stored; free, with a key.",
        description:
          'A `text/event-stream` that stays open until the client disconnects (or the service restarts: reconnect). Each new matching event arrives as `event: alert`, `id: <eventId>` and `data:` one JSON object with eventId, side, trader, userId, tradeId, token {symbol, address}, chain, chainId, tradeUsd (the fill size), positionUsd (a buy: the position after it), realizedPnlUsd (a sell), text and at. Comment lines (`: ping`) every 15 s keep idle connections open. History is not replayed: read it with service_fomo_alerts. One fan-out in each API process serves every open stream.',
        parameters: [
          query('type', 'buy or sell; both when absent.', { type: 'string', enum: ['buy', 'sell'] }),
          query('chain', 'Only events on this chain.', { type: 'string', enum: [...CHAINS] }),
          query('trader', 'Only this trader: handle (any case, @ optional) or user id.', { type: 'string', minLength: 1, maxLength: 100 }),
          query('token', 'Only this token: contract address, or symbol (any case).', { type: 'string', minLength: 1, maxLength: 100 }),
          query('minUsd', 'Only fills of at least this many USD (tradeUsd).', { type: 'number', minimum: 0 }),
        ],
        responses: {
          '200': { description: 'The event stream.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          ...errorRefs(['400', '401', '429', '503']),
        },
      },
    },
  };
}
