import type { CallMeter } from '../context/call-meter';

export const CREDITS_HEADER = 'x-credits-remaining';
/** On a tool's answer: its catalog price, charged or not. */
export const CREDITS_COST_HEADER = 'x-credits-cost';
/** On a tool's answer: what this call charged (the cost on a charged 2xx; 0 on an error, a free tool, a replay). */
export const CREDITS_USED_HEADER = 'x-credits-used';
export const REQUEST_ID_HEADER = 'x-request-id';

export interface Envelope<T = unknown> {
  data: T;
  notes?: string[];
  credits: {
    creditsSpent: number;
    calls: number;
    cachedCalls: number;
    endpoints: string[];
    remaining: number | null;
  };
  meta: {
    tool: string;
    generatedAt: string;
    durationMs: number;
    requestId: string;
  };
}

/** The response envelope of every tool (spec "Response envelope", rules 1-3). */
export function buildEnvelope<T>(args: {
  tool: string;
  data: T;
  notes?: string[];
  creditsSpent: number;
  remaining: number | null;
  meter: CallMeter;
  startedAt: number;
  requestId: string;
}): Envelope<T> {
  const notes = [...(args.notes ?? []), ...args.meter.staleNotes];
  return {
    data: args.data,
    ...(notes.length > 0 ? { notes } : {}),
    credits: {
      creditsSpent: args.creditsSpent,
      calls: args.meter.calls,
      cachedCalls: args.meter.cachedCalls,
      endpoints: args.meter.endpoints,
      remaining: args.remaining,
    },
    meta: {
      tool: args.tool,
      generatedAt: new Date().toISOString(),
      durationMs: Math.max(0, Math.round(performance.now() - args.startedAt)),
      requestId: args.requestId,
    },
  };
}

/**
 * Answer data shared by many calls, each with its JSON once made (null until the first answer).
 * A tool answering from a cached upstream answer can hand every caller the same data object (the
 * FOMO leaderboards: 150 traders, about 200 KB of JSON); serialising it again for each answer was
 * most of such a call's CPU. Keyed weakly: an entry goes with its data.
 */
const sharedDataJson = new WeakMap<object, string | null>();

/**
 * Marks `data` as shared between answers: its JSON is made once, by the first answer that sends
 * it. The caller promises not to change it afterwards (it is what every later answer sends).
 */
export function shareAnswerData<T extends object>(data: T): T {
  if (!sharedDataJson.has(data)) sharedDataJson.set(data, null);
  return data;
}

/**
 * The JSON text of an answer: JSON.stringify(answer), with the JSON of shared data (shareAnswerData)
 * made once and spliced in. An envelope keeps `data` as its first key (buildEnvelope), so the bytes
 * are those JSON.stringify would give.
 */
export function answerJson(answer: unknown): string {
  const data = (answer as { data?: unknown } | null)?.data;
  // undefined: not shared; null: shared, its JSON not made yet. One lookup on every answer.
  let json = typeof data === 'object' && data !== null ? sharedDataJson.get(data) : undefined;
  // Only when data is the first key: elsewhere the splice would move it.
  if (json === undefined || Object.keys(answer as object)[0] !== 'data') return JSON.stringify(answer);
  if (json === null) sharedDataJson.set(data as object, (json = JSON.stringify(data)));
  const { data: _shared, ...rest } = answer as Record<string, unknown>;
  const restJson = JSON.stringify(rest);
  return restJson === '{}' ? `{"data":${json}}` : `{"data":${json},${restJson.slice(1)}`;
}
