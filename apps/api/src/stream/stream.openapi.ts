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
          'A `text/event-stream` that stays open until the client disconnects (or the service restarts, or loses its feed listener: reconnect, and resume as below). Each new matching event arrives as `event: alert`, `id: <eventId>` and `data:` one JSON object with eventId, side, trader, userId, tradeId, token {symbol, address}, chain, chainId, tradeUsd (the fill size), positionUsd (a buy: the position after it), realizedPnlUsd (a sell), text and at. Comment lines (`: ping`) every 15 s keep idle connections open. The stream opens with `retry: 3000` (reconnect after 3 s).\n\n' +
          '**Resuming.** An EventSource that reconnects sends `Last-Event-ID` with the last id it saw; Scout then first sends the matching events it stored after that one, at most those stored in the last hour, then the live ones: each once, in the order Scout stored them (which is the live order), with nothing lost between the replay and the live part. An id Scout does not hold (purged, unknown, or one Scout could not have sent: over 200 characters or with control characters) is never refused (an EventSource cannot change it and would stop for good on an error): it replays the whole last hour. Without the header, or with it empty, the stream is live only; read older history with service_fomo_alerts. `lastEventId` in the query does the same for clients that cannot set headers; the header wins when both are sent. One fan-out in each API process serves every open stream.',
        parameters: [
          query('type', 'buy or sell; both when absent.', { type: 'string', enum: ['buy', 'sell'] }),
          query('chain', 'Only events on this chain.', { type: 'string', enum: [...CHAINS] }),
          query('trader', 'Only this trader: handle (any case, @ optional) or user id.', { type: 'string', minLength: 1, maxLength: 100 }),
          query('token', 'Only this token: contract address, or symbol (any case).', { type: 'string', minLength: 1, maxLength: 100 }),
          query('minUsd', 'Only fills of at least this many USD (tradeUsd).', { type: 'number', minimum: 0 }),
          query(
            'lastEventId',
            'Resume after this event id, as Last-Event-ID does; the header wins when both are sent. Over 200 characters or with control characters: 400.',
            { type: 'string', minLength: 1, maxLength: 200 },
          ),
          {
            name: 'Last-Event-ID',
            in: 'header',
            required: false,
            description:
              'Sent by EventSource on reconnect: the stream first replays the matching events stored after this id (at most the last hour), then goes live. An id Scout does not hold replays the whole last hour; it is never refused.',
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': { description: 'The event stream.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          ...errorRefs(['400', '401', '429', '503']),
        },
      },
    },
  };
}
