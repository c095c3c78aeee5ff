import { ERROR_CODE_MEANINGS, HTTP_STATUS_BY_CODE, TOOL_CATALOG, type ToolName } from '@scout/core';
import { buildLlmsTxt, type LlmsTxtTool } from './llms-txt.builder';

const PUBLIC_URL = 'https://scout.example.com';

/** Every tool of the contract, as a registry serving all of them would list it. */
const catalogTools = (): LlmsTxtTool[] =>
  (Object.entries(TOOL_CATALOG) as Array<[ToolName, { cost: number }]>).map(([name, { cost }]) => ({
    name,
    cost,
    summary: `What ${name} answers.`,
    public: name === 'service_health',
  }));

const toolLines = (text: string) => text.split('\n').filter((line) => /^- \[[a-z_]+\]\(/.test(line));
/** Section title per line index, to say under which heading a line sits. */
const sectionOf = (text: string, needle: string): string => {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.includes(needle));
  return lines
    .slice(0, at)
    .reverse()
    .find((line) => line.startsWith('## '))!;
};

describe('buildLlmsTxt', () => {
  it('opens in the llmstxt.org shape: the title, then a one-paragraph summary in a blockquote', () => {
    const lines = buildLlmsTxt({ publicUrl: PUBLIC_URL, tools: catalogTools() }).split('\n');
    expect(lines[0]).toBe('# Scout');
    expect(lines[1]).toBe('');
    expect(lines[2]).toMatch(/^> Scout is a credit-metered data API for crypto traders/);
    expect(lines.filter((line) => line.startsWith('# '))).toHaveLength(1);
  });

  it('lists every tool of the registry exactly once, with its cost, under its catalog area', () => {
    const tools = catalogTools();
    const text = buildLlmsTxt({ publicUrl: PUBLIC_URL, tools });
    const lines = toolLines(text);
    expect(lines).toHaveLength(tools.length);
    for (const tool of tools) {
      const mine = lines.filter((line) => line.startsWith(`- [${tool.name}](`));
      expect(mine).toEqual([
        `- [${tool.name}](${PUBLIC_URL}/api/v1/tools/${tool.name}): ${tool.cost} credits${tool.public ? ', no key over REST' : ''}. ${tool.summary}`,
      ]);
    }
    expect(sectionOf(text, '[service_fomo_leaderboard]')).toBe('## Tools: Tracked traders');
    expect(sectionOf(text, '[service_milestone_study]')).toBe('## Tools: Token analysis');
    expect(sectionOf(text, '[launchpad_tokens]')).toBe('## Tools: Launchpad');
    expect(sectionOf(text, '[service_alert_delete]')).toBe('## Tools: Alerts');
    expect(text).toContain('[service_milestone_study](https://scout.example.com/api/v1/tools/service_milestone_study): 6750 credits.');
  });

  it('lists only the tools the registry serves, and a tool outside the catalog under Other tools', () => {
    const tools: LlmsTxtTool[] = [
      { name: 'service_account', cost: 0, summary: 'Balance.' },
      { name: 'test_paid' as ToolName, cost: 125, summary: 'A fixture.' },
    ];
    const text = buildLlmsTxt({ publicUrl: PUBLIC_URL, tools });
    expect(toolLines(text)).toHaveLength(2);
    expect(text.split('\n').filter((line) => line.startsWith('## Tools: '))).toEqual(['## Tools: Account and status', '## Tools: Other tools']);
    expect(sectionOf(text, '[test_paid]')).toBe('## Tools: Other tools');
    expect(text).not.toContain('service_fomo_leaderboard');
    // No keyless tool registered: the rule says so instead of naming one.
    expect(text).toContain('(an API key, or an OAuth access token): every tool needs it.');
  });

  it('keeps each tool on one line whatever its summary holds', () => {
    const tools: LlmsTxtTool[] = [{ name: 'service_usage', cost: 0, summary: '  Usage since start:\n  credits spent,\r\n\ttools hit.  ' }];
    const [line] = toolLines(buildLlmsTxt({ publicUrl: PUBLIC_URL, tools }));
    expect(line).toBe(`- [service_usage](${PUBLIC_URL}/api/v1/tools/service_usage): 0 credits. Usage since start: credits spent, tools hit.`);
  });

  it('names the keyless tool, and marks it', () => {
    const text = buildLlmsTxt({ publicUrl: PUBLIC_URL, tools: catalogTools() });
    expect(text).toContain('(an API key, or an OAuth access token): every tool except `service_health` needs it.');
    expect(toolLines(text).filter((line) => line.includes('no key over REST'))).toEqual([expect.stringMatching(/^- \[service_health\]/)]);
  });

  it('lists every error code once with its HTTP status and meaning, by status', () => {
    const text = buildLlmsTxt({ publicUrl: PUBLIC_URL, tools: [] });
    const errors = text.slice(text.indexOf('## Errors'));
    const lines = errors.split('\n').filter((line) => line.startsWith('- `'));
    expect(lines).toHaveLength(Object.keys(HTTP_STATUS_BY_CODE).length);
    for (const [code, status] of Object.entries(HTTP_STATUS_BY_CODE)) {
      expect(lines.filter((line) => line.startsWith(`- \`${code}\` `))).toEqual([
        `- \`${code}\` (HTTP ${status}): ${ERROR_CODE_MEANINGS[code as keyof typeof ERROR_CODE_MEANINGS]}`,
      ]);
    }
    const statuses = lines.map((line) => Number(/\(HTTP (\d+)\)/.exec(line)![1]));
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));
    expect(lines[0]).toMatch(/^- `invalid_request` \(HTTP 400\)/);
  });

  it('makes every absolute URL from the public URL: MCP endpoint, claude command, REST, OpenAPI, docs', () => {
    const text = buildLlmsTxt({ publicUrl: PUBLIC_URL, tools: catalogTools() });
    expect(text).toContain('`https://scout.example.com/mcp`');
    expect(text).toContain('`claude mcp add --transport http scout https://scout.example.com/mcp`');
    expect(text).toContain('`GET https://scout.example.com/api/v1/tools/<name>?<inputs>`');
    expect(text).toContain('(https://scout.example.com/api/v1/openapi.json)');
    expect(text).toContain('(https://scout.example.com/docs)');
    const urls = text.match(/https?:\/\/[^\s)`]+/g)!;
    expect(urls.length).toBeGreaterThan(catalogTools().length);
    for (const url of urls) expect(url.startsWith(`${PUBLIC_URL}/`)).toBe(true);
  });
});
