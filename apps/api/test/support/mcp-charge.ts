import { mcpClient, structured } from './mcp-client';
import type { TestApp } from './test-app';

/**
 * Answers one call over /mcp with the SDK's client, as an agent would, so the billing read side
 * sees a real MCP charge. Resolves to the call's request id (the envelope's meta.requestId).
 */
export async function callOverMcp(t: TestApp, apiKey: string, tool: string, args: Record<string, unknown> = {}): Promise<string> {
  const client = await mcpClient(t, apiKey);
  try {
    const result = await client.callTool({ name: tool, arguments: args });
    if (result.isError) throw new Error(`${tool} over MCP failed: ${JSON.stringify(result.structuredContent)}`);
    return String(structured(result).meta.requestId);
  } finally {
    await client.close();
  }
}
