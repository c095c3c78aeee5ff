import { FomoAlertStream, type FomoAlerts, type FomoAlertsQuery } from '@scout/upstream';
import type { FeedSource } from './feed-ingestor';

export interface FomoFeedSourceSettings {
  /** FOMO's REST base URL; the stream's URL is derived from it. */
  baseUrl: string;
  /** The keys the stream may use, in order: one refused (401/403) is passed over for the next. */
  keys: readonly string[];
  heartbeatTimeoutMs?: number;
}

/**
 * The ingestion's view of FOMO: the REST feed read uncached (a backfill must see what happened
 * while disconnected) and the live WebSocket, one FomoAlertStream per connection.
 */
export function fomoFeedSource(
  rest: { alerts(query: FomoAlertsQuery, options: { fresh?: boolean }): Promise<FomoAlerts> },
  settings: FomoFeedSourceSettings,
): FeedSource {
  let keyIndex = 0;
  return {
    alerts: (query) => rest.alerts(query, { fresh: true }),
    openStream(handlers) {
      if (settings.keys.length === 0) {
        // Every FOMO route needs a key: without one there is nothing to connect to.
        setImmediate(() => handlers.onClose('no FOMO key configured (FOMO_API_KEYS)'));
        return { close: () => undefined };
      }
      const stream = new FomoAlertStream({
        url: settings.baseUrl,
        key: settings.keys[keyIndex % settings.keys.length],
        heartbeatTimeoutMs: settings.heartbeatTimeoutMs,
        onOpen: () => handlers.onOpen(),
        onAlert: (alert, replay) => handlers.onAlert(alert, replay),
        onClose: (close) => {
          if (close.kind === 'refused' && (close.status === 401 || close.status === 403)) keyIndex += 1;
          handlers.onClose(`${close.kind}${close.status ? ` HTTP ${close.status}` : ''} ${close.code} ${close.reason}`.trim());
        },
      });
      stream.connect();
      return { close: () => stream.close() };
    },
  };
}
