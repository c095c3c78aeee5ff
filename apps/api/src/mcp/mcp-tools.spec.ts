import type { RegisteredTool } from '@scout/core';
import { annotationsOf, mcpTool, titleOf } from './mcp-tools';

const tool = (name: string, cost: number, extra: Partial<RegisteredTool> = {}): RegisteredTool =>
  ({
    name,
    cost,
    summary: `${name} summary.`,
    input: class {},
    handler: () => Promise.resolve({ data: {} }),
    inputSchema: { type: 'object', properties: { limit: { type: 'integer' } }, additionalProperties: false },
    ...extra,
  }) as RegisteredTool;

describe('MCP tool listing', () => {
  it('keeps the registry input schema and puts the cost in the description and _meta', () => {
    const listed = mcpTool(tool('service_fomo_token_board', 250, { description: 'Longer text.' }));
    expect(listed.inputSchema).toEqual({ type: 'object', properties: { limit: { type: 'integer' } }, additionalProperties: false });
    expect(listed._meta).toEqual({ 'scout/credits': 250 });
    expect(listed.title).toBe('Fomo token board');
    expect(listed.description).toBe(
      'service_fomo_token_board summary.\n\nLonger text.\n\nCosts 250 credits a call (1 standard call), charged only when it answers.',
    );
    expect(mcpTool(tool('service_milestone_study', 6750)).description).toContain('Costs 6750 credits a call (27 standard calls)');
    expect(mcpTool(tool('service_alert_list', 0)).description).toMatch(/Free: 0 credits a call\.$/);
  });

  it('titles launchpad tools too', () => {
    expect(titleOf('launchpad_token_report')).toBe('Launchpad token report');
  });

  it.each([
    ['service_price_history', { readOnlyHint: true, openWorldHint: true }],
    ['launchpad_tokens', { readOnlyHint: true, openWorldHint: true }],
    ['service_health', { readOnlyHint: true, openWorldHint: false }],
    ['service_usage', { readOnlyHint: true, openWorldHint: false }],
    ['service_alert_list', { readOnlyHint: true, openWorldHint: false }],
    ['service_fomo_compare_snapshots', { readOnlyHint: true, openWorldHint: false }],
    ['service_alert_create', { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false }],
    ['service_alert_delete', { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false }],
    ['service_fomo_token_snapshot', { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }],
  ])('%s is hinted %j', (name, hints) => {
    expect(annotationsOf(tool(name, 0))).toEqual(hints);
  });
});
