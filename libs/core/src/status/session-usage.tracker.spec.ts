import { SessionUsageTracker } from './session-usage.tracker';

describe('SessionUsageTracker: usage per account since the process started', () => {
  it('splits the calls by channel; a call recorded without one came by REST', () => {
    const tracker = new SessionUsageTracker();
    tracker.record('a', 'tool_x', 250, 1, 0);
    tracker.record('a', 'tool_x', 250, 0, 1, 'mcp');
    tracker.record('a', 'tool_y', 2_500, 2, 0, 'mcp');
    tracker.record('a', 'service_health', 0, 0, 0, 'rest');
    expect(tracker.usage('a')).toMatchObject({
      creditsSpent: 3_000,
      calls: 4,
      byTool: { service_health: { calls: 1, credits: 0 }, tool_x: { calls: 2, credits: 500 }, tool_y: { calls: 1, credits: 2_500 } },
      byChannel: { rest: { calls: 2, credits: 250 }, mcp: { calls: 2, credits: 2_750 } },
    });
  });

  it('lists every channel, zeros included, and keeps accounts apart', () => {
    const tracker = new SessionUsageTracker();
    tracker.record('a', 'tool_x', 250, 1, 0, 'mcp');
    expect(tracker.usage('b').byChannel).toEqual({ rest: { calls: 0, credits: 0 }, mcp: { calls: 0, credits: 0 } });
    expect(tracker.usage('a').byChannel).toEqual({ rest: { calls: 0, credits: 0 }, mcp: { calls: 1, credits: 250 } });
  });

  it('hands out copies: changing an answer does not change the tally', () => {
    const tracker = new SessionUsageTracker();
    tracker.record('a', 'tool_x', 250, 1, 0, 'mcp');
    tracker.usage('a').byChannel.mcp.calls = 99;
    expect(tracker.usage('a').byChannel.mcp.calls).toBe(1);
  });
});
