import { probesOf, type ProviderProbe } from '../../provider-probe';
import { UpstreamError } from '../../upstream.types';
import { FOMO_ALERT_STREAM_PATH, FomoAlertStream, type FomoStreamClose } from './fomo-alert-stream';

/** FOMO replays its newest events on connect (upstreams.md §2.1); this long without one is a stream that does not serve. */
const FIRST_ALERT_WAIT_MS = 20_000;

/**
 * The drift check's probe of FOMO's alert stream: connect with the first key, wait for the first
 * replayed alert, read it with the REST feed's schema (as the ingestion does), and hang up. An
 * invalid frame is drift; a refused upgrade is refused (5xx: unreachable); anything else that ends
 * the connection first is unreachable.
 */
export function fomoAlertStreamProbe(settings: { baseUrl: string; keys: readonly string[] }, waitMs = FIRST_ALERT_WAIT_MS): ProviderProbe {
  const probe = probesOf('fomo');
  return probe(FOMO_ALERT_STREAM_PATH, 'the first replayed alert', () => firstAlert(settings, waitMs));
}

function firstAlert(settings: { baseUrl: string; keys: readonly string[] }, waitMs: number): Promise<string> {
  const fail = (failure: UpstreamError['failure'], detail: string, status: number | null = null) =>
    new UpstreamError('fomo', failure, `${FOMO_ALERT_STREAM_PATH}: ${detail}`, status);
  if (!settings.keys.length) return Promise.reject(fail('unconfigured', 'no FOMO key configured (FOMO_API_KEYS)'));
  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      stream.close();
    };
    const timer = setTimeout(() => settle(() => reject(fail('timeout', `no alert within ${waitMs} ms of connecting`))), waitMs);
    const stream = new FomoAlertStream({
      url: settings.baseUrl,
      key: settings.keys[0],
      connectTimeoutMs: waitMs,
      onAlert: (alert) => settle(() => resolve(alert.eventId)),
      onInvalid: (invalid) => settle(() => reject(fail('malformed', `malformed payload: ${invalid.reason}`))),
      onClose: (close) => settle(() => reject(closeError(close, fail))),
    });
    stream.connect();
  });
}

function closeError(close: FomoStreamClose, fail: (failure: UpstreamError['failure'], detail: string, status?: number | null) => UpstreamError): UpstreamError {
  if (close.kind === 'refused') return fail('http', close.reason, close.status ?? null);
  return fail('network', `${close.kind} before the first alert (${close.code}${close.reason ? ` ${close.reason}` : ''})`);
}
