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
