import {
  CREDITS_COST_HEADER,
  CREDITS_HEADER,
  CREDITS_USED_HEADER,
  ERROR_CODE_MEANINGS,
  HTTP_STATUS_BY_CODE,
  TOOL_AREAS,
  TOOL_CATALOG,
  type ErrorCode,
  type RegisteredTool,
  type ToolArea,
} from '@scout/core';
import { CHAINS } from '@scout/upstream';
import { DOCS_PATH } from '../http/security-headers';

/** What llms.txt says about a tool: the registry's entry, without its handler. */
export type LlmsTxtTool = Pick<RegisteredTool, 'name' | 'cost' | 'summary' | 'public'>;

export interface LlmsTxtInput {
  /** Scout's public origin without a trailing slash (AppConfig.publicUrl). */
  publicUrl: string;
  tools: LlmsTxtTool[];
}

/** Section titles of the catalog's areas, in TOOL_AREAS order. */
const AREA_TITLES: Record<ToolArea, string> = {
  account: 'Account and status',
  traders: 'Tracked traders',
  tokens: 'Token analysis',
  feeds: 'Live trade feeds',
  wallets: 'Wallet analysis',
  prices: 'Prices',
  defi: 'Chains and DeFi',
  launchpad: 'Launchpad',
  alerts: 'Alerts',
};
/** A registered tool outside the contract's catalog (only test fixtures register one). */
const OTHER_TITLE = 'Other tools';

/** One line, whatever the source text holds: llms.txt readers split tools on line breaks. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const credits = (cost: number) => (cost === 1 ? '1 credit' : `${cost} credits`);

function toolLine(tool: LlmsTxtTool, publicUrl: string): string {
  // Over MCP every request needs a credential (the 401 starts the sign-in), so keyless is REST's.
  const access = tool.public ? ', no key over REST' : '';
  return `- [${tool.name}](${publicUrl}/api/v1/tools/${tool.name}): ${credits(tool.cost)}${access}. ${oneLine(tool.summary)}`;
}

function toolSections(tools: LlmsTxtTool[], publicUrl: string): string[] {
  const byArea = new Map<string, LlmsTxtTool[]>();
  for (const tool of [...tools].sort((a, b) => a.name.localeCompare(b.name))) {
    const area = (TOOL_CATALOG as Record<string, { area: ToolArea } | undefined>)[tool.name]?.area;
    const title = area ? AREA_TITLES[area] : OTHER_TITLE;
    byArea.set(title, [...(byArea.get(title) ?? []), tool]);
  }
  return [...TOOL_AREAS.map((area) => AREA_TITLES[area]), OTHER_TITLE]
    .filter((title) => byArea.has(title))
    .map((title) => [`## Tools: ${title}`, '', ...byArea.get(title)!.map((tool) => toolLine(tool, publicUrl))].join('\n'));
}

function errorLines(): string[] {
  const codes = (Object.keys(HTTP_STATUS_BY_CODE) as ErrorCode[]).sort((a, b) => HTTP_STATUS_BY_CODE[a] - HTTP_STATUS_BY_CODE[b] || a.localeCompare(b));
  return codes.map((code) => `- \`${code}\` (HTTP ${HTTP_STATUS_BY_CODE[code]}): ${oneLine(ERROR_CODE_MEANINGS[code])}`);
}

/**
 * /llms.txt (llmstxt.org): what an AI agent needs to use Scout, in markdown, generated from the
 * tool registry and the error codes so it cannot drift from behaviour.
 */
export function buildLlmsTxt({ publicUrl, tools }: LlmsTxtInput): string {
  const keyless = tools.filter((tool) => tool.public).map((tool) => `\`${tool.name}\``);
  const keyRule = keyless.length ? `every tool except ${keyless.join(', ')} needs it` : 'every tool needs it';
  const mcp = `${publicUrl}/mcp`;
  const sections = [
    '# Scout',
    '',
    '> Scout is a credit-metered data API for crypto traders: tracked traders and their wallets, positions, swaps and written trade calls; token analysis; live trade feeds; wallet analysis; multi-chain prices; chain and DeFi data; a token launchpad; alerts. Every tool is one call at a fixed cost in credits, over MCP or REST, from one balance.',
    '',
    `Chains: ${CHAINS.map((chain) => `\`${chain}\``).join(', ')} (\`brokerage\` is Robinhood Chain). Each tool's cost is listed below; answered calls are charged, while bad input (400), a missing balance (402) and a failed upstream (502) are not.`,
    '',
    '## Connect over MCP',
    '',
    `- Endpoint: \`${mcp}\` (Streamable HTTP; JSON-RPC over POST).`,
    '- Credential, on every request: sign in with OAuth 2.1 (the client discovers it from the 401 answer and you approve it with a Scout API key), or send `Authorization: Bearer sc_...` yourself.',
    `- Claude Code: \`claude mcp add --transport http scout ${mcp}\``,
    '- `tools/list` gives every tool below with its input schema and cost; `tools/call` answers the same envelope as REST and draws on the same balance.',
    '- From a browser page: `/mcp` serves only the `Origin` of this address and those the operator lists in `MCP_ALLOWED_ORIGINS`; any other `Origin` (`null` too) is 403. Clients that send no `Origin` are served.',
    '- A refused message is a JSON-RPC error whose `data.code` is the REST error code (-32700 not JSON, -32600 not a valid JSON-RPC message, -32602 wrong params, -32601 unknown method); a refused tool input is a result with `isError` and the REST error body.',
    '',
    '## Call over REST',
    '',
    `- \`GET ${publicUrl}/api/v1/tools/<name>?<inputs>\` (query parameters; numbers and booleans are read from text, arrays as repeated keys or a comma list, an object or a list of objects as JSON text) or \`POST ${publicUrl}/api/v1/tools/<name>\` with a JSON body of the same fields. Both answer the same.`,
    `- Header \`Authorization: Bearer sc_...\` (an API key, or an OAuth access token): ${keyRule}.`,
    `- Answer: \`{ data, notes?, credits: { creditsSpent, calls, cachedCalls, endpoints, remaining }, meta: { tool, generatedAt, durationMs, requestId } }\`; \`notes\` holds caveats such as a part that failed upstream. Headers \`${CREDITS_HEADER}\` (the balance left), \`${CREDITS_COST_HEADER}\` (the tool's price) and \`${CREDITS_USED_HEADER}\` (what this answer charged: 0 on an error or a replay) come on every keyed answer.`,
    '- Header `Idempotency-Key: <1-255 printable ASCII characters>` makes a retry safe: the same key from the same account within 24 h replays the first answer (`Idempotent-Replayed: true`) and charges nothing.',
    '- Errors: `{ error: { code, message, issues?, details? } }` with the HTTP status of the code (see Errors).',
    '',
    '## Reference',
    '',
    `- [OpenAPI 3.1 document](${publicUrl}/api/v1/openapi.json): every tool's inputs as JSON Schema, its cost (\`x-credits\`), responses and errors.`,
    `- [Tool list](${publicUrl}/api/v1/tools): JSON, every tool with its cost and input schema.`,
    `- [Interactive docs](${publicUrl}${DOCS_PATH}): the API reference over the OpenAPI document, searchable, with example answers and a request console.`,
    `- [Your account](${publicUrl}/api/v1/me): balance, calls left and usage by tool (needs a credential).`,
    '',
    ...toolSections(tools, publicUrl).flatMap((section) => [section, '']),
    '## Errors',
    '',
    ...errorLines(),
  ];
  return `${sections.join('\n')}\n`;
}
