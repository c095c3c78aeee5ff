import type { Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { toolOutputSchema } from '@scout/contract';
import { CREDITS_PER_CALL, isToolName, TOOL_CATALOG, type RegisteredTool } from '@scout/core';

/** `_meta` key of a tool's cost in credits (tools/list). */
export const CREDITS_META = 'scout/credits';

/** A data tool reads the providers' open world and changes nothing. */
const DATA_TOOL: ToolAnnotations = { readOnlyHint: true, openWorldHint: true };
/** Reads only Scout's own records of the account. */
const OWN_RECORDS: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

/**
 * The tools that are not plain data reads. A tool not named here is a data tool, so the on-chain
 * and launchpad tools join as such; a new tool that writes must be added here.
 */
const ANNOTATIONS: Readonly<Record<string, ToolAnnotations>> = {
  service_alert_create: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  service_alert_list: OWN_RECORDS,
  service_alert_delete: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  // Saves a holder snapshot (never changed afterwards) from the providers' data.
  service_fomo_token_snapshot: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  // Compares snapshots already taken: reads no market data.
  service_fomo_compare_snapshots: OWN_RECORDS,
};

/** MCP's hints for a tool: the account tools read Scout's own records; see ANNOTATIONS. */
export function annotationsOf(tool: RegisteredTool): ToolAnnotations {
  const own = ANNOTATIONS[tool.name];
  if (own) return own;
  if (isToolName(tool.name) && TOOL_CATALOG[tool.name].area === 'account') return OWN_RECORDS;
  return DATA_TOOL;
}

/** "service_fomo_token_board" as "Fomo token board": a short name for people. */
export function titleOf(name: string): string {
  const words = name.replace(/^service_/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function costLine(cost: number): string {
  if (cost === 0) return 'Free: 0 credits a call.';
  const calls = cost / CREDITS_PER_CALL;
  return `Costs ${cost} credits a call (${calls} standard call${calls === 1 ? '' : 's'}), charged only when it answers.`;
}

/**
 * A registry tool as tools/list shows it: the same input schema as GET /api/v1/tools, and the
 * envelope with the tool's `data` as its output schema (what `structuredContent` holds).
 */
export function mcpTool(tool: RegisteredTool): Tool {
  const outputSchema = toolOutputSchema(tool.name);
  const description = [tool.summary, tool.description, costLine(tool.cost)].filter((part) => part !== undefined && part !== '').join('\n\n');
  return {
    name: tool.name,
    title: titleOf(tool.name),
    description,
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    ...(outputSchema ? { outputSchema: outputSchema as Tool['outputSchema'] } : {}),
    annotations: annotationsOf(tool),
    _meta: { [CREDITS_META]: tool.cost },
  };
}
