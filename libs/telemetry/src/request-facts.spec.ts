import { RequestFacts, type ToolCallFact } from './request-facts';

const fact = (overrides: Partial<ToolCallFact> = {}): ToolCallFact => ({
  tool: 'service_chain_health',
  channel: 'rest',
  outcome: 'answered',
  credits: 250,
  upstreamCalls: 2,
  upstreamCachedCalls: 0,
  ...overrides,
});

describe('RequestFacts', () => {
  it('has no tool fields for a request that carried no tool call', () => {
    expect(new RequestFacts().logFields()).toEqual({});
  });

  it('reports one call: tool, outcome, credits, upstream calls and whether the cache answered alone', () => {
    const facts = new RequestFacts();
    facts.add(fact());
    expect(facts.logFields()).toEqual({
      tool: 'service_chain_health',
      outcome: 'answered',
      credits: 250,
      cacheHit: false,
      upstreamCalls: 2,
      upstreamCachedCalls: 0,
    });
    const cached = new RequestFacts();
    cached.add(fact({ upstreamCalls: 0, upstreamCachedCalls: 2 }));
    expect(cached.logFields()).toMatchObject({ cacheHit: true, upstreamCalls: 0, upstreamCachedCalls: 2 });
  });

  it('a failed call charges nothing and names its error', () => {
    const facts = new RequestFacts();
    facts.add(fact({ outcome: 'failed', credits: 0, upstreamCalls: 0, errorCode: 'tool_error' }));
    expect(facts.logFields()).toMatchObject({ outcome: 'failed', credits: 0, errorCode: 'tool_error', cacheHit: false });
  });

  it('sums several calls and lists their tools', () => {
    const facts = new RequestFacts();
    facts.add(fact());
    facts.add(fact({ tool: 'service_usage', credits: 0, upstreamCalls: 0 }));
    expect(facts.logFields()).toMatchObject({ tool: 'service_chain_health,service_usage', credits: 250, upstreamCalls: 2 });
  });

  it('is found by the code a request runs, and only there', async () => {
    const facts = new RequestFacts();
    expect(RequestFacts.current()).toBeUndefined();
    await RequestFacts.run(facts, async () => {
      await Promise.resolve();
      RequestFacts.current()?.add(fact());
    });
    expect(RequestFacts.current()).toBeUndefined();
    expect(facts.calls).toHaveLength(1);
  });
});
