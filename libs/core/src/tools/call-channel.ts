/**
 * How a tool call reached Scout: the REST routes (`/api/v1/tools/*`) or the MCP endpoint (`/mcp`).
 * Both spend one balance; each hold and usage entry records its channel (CallChannel migration).
 */
export const CALL_CHANNELS = ['rest', 'mcp'] as const;

export type CallChannel = (typeof CALL_CHANNELS)[number];
