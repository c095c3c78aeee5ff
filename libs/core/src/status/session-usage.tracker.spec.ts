import type { CallChannel } from '../tools/call-channel';
import { SessionUsageTracker, type AnsweredCall } from './session-usage.tracker';

/** An answered call of account `a`: the tool, its cost and channel, and its upstream reads. */
const call = (tool: string, credits: number, channel: CallChannel, upstreamCalls = 1, cachedCalls = 0): AnsweredCall => ({
  accountId: 'a',
  tool,
  credits,
  upstreamCalls,
  cachedCalls,
  channel,
});

describe('SessionUsageTracker: usage per account since the process started', () => {
  it('splits the calls by channel, the channel each call was recorded with', () => {
    const tracker = new SessionUsageTracker();
    tracker.record(call('tool_x', 250, 'rest'));
    tracker.record(call('tool_x', 250, 'mcp', 0, 1));
    tracker.record(call('tool_y', 2_500, 'mcp', 2));
    tracker.record(call('service_health', 0, 'rest', 0));
    expect(tracker.usage('a')).toMatchObject({
      creditsSpent: 3_000,
      calls: 4,
      upstreamCalls: 3,
      cachedCalls: 1,
      byTool: { service_health: { calls: 1, credits: 0 }, tool_x: { calls: 2, credits: 500 }, tool_y: { calls: 1, credits: 2_500 } },
      byChannel: { rest: { calls: 2, credits: 250 }, mcp: { calls: 2, credits: 2_750 } },
    });
  });

  it('lists every channel, zeros included, and keeps accounts apart', () => {
    const tracker = new SessionUsageTracker();
    tracker.record(call('tool_x', 250, 'mcp'));
    expect(tracker.usage('b').byChannel).toEqual({ rest: { calls: 0, credits: 0 }, mcp: { calls: 0, credits: 0 } });
    expect(tracker.usage('a').byChannel).toEqual({ rest: { calls: 0, credits: 0 }, mcp: { calls: 1, credits: 250 } });
  });

  it('hands out copies: changing an answer does not change the tally', () => {
    const tracker = new SessionUsageTracker();
    tracker.record(call('tool_x', 250, 'mcp'));
    tracker.usage('a').byChannel.mcp.calls = 99;
    expect(tracker.usage('a').byChannel.mcp.calls).toBe(1);
  });
});
