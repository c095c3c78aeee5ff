import { randomUUID } from 'node:crypto';
import { CreditHoldsService } from '@scout/ledger';
import type { TestApp } from './test-app';

/**
 * Charges one answered call on the MCP channel as the tool gateway charges it (a hold on the
 * channel, then its post) through the booted app's CreditHoldsService, so the billing read side
 * can be tested on its own; the MCP endpoint's own tests call /mcp. Resolves to the request id.
 */
export async function chargeMcpCall(t: TestApp, accountId: string, tool: string, cost: number): Promise<string> {
  const holds = t.app.get(CreditHoldsService);
  const requestId = `mcp-${randomUUID()}`;
  await holds.post(await holds.place(accountId, tool, cost, requestId, 'mcp'));
  return requestId;
}
