import type { AccountUsage, CatalogTool, MeSummary, ToolCatalogAnswer, ToolUsage } from '@scout-api/client';
import { get } from '../../api';
import { CopyButton, Section } from '../../components/bits';
import { useLoad } from '../../load';

/** Where the key goes in the lines below: the page never writes a real secret into its text. */
const KEY_VARIABLE = '$SCOUT_API_KEY';

/**
 * How to connect: the MCP URL, the line that adds Scout to Claude Code, and a curl line calling
 * one of the account's own tools (its most used, else one from the catalog), each with a copy
 * button. The key is a shell variable the holder sets, never the secret itself.
 */
export function ConnectSection({ usage, me }: { usage: AccountUsage | null; me: MeSummary | null }) {
  const catalog = useLoad(() => get<ToolCatalogAnswer>('/api/v1/tools'), []);
  const origin = location.origin;
  const mcpUrl = `${origin}/mcp`;
  const tool = pickTool(usage?.byTool ?? [], me?.usageByTool ?? [], catalog.data?.tools ?? []);
  const schema = catalog.data?.tools.find((t) => t.name === tool);
  const claude = `claude mcp add --transport http scout ${mcpUrl} --header "Authorization: Bearer ${KEY_VARIABLE}"`;
  const curl = tool ? `curl -s -H "Authorization: Bearer ${KEY_VARIABLE}" '${origin}/api/v1/tools/${tool}${exampleQuery(schema)}'` : null;

  return (
    <Section title="Connect" id="connect">
      <p>
        Set <code>SCOUT_API_KEY</code> to one of your keys in your shell (<code>export SCOUT_API_KEY=sc_…</code>); the lines below read it from there. An MCP
        client can also leave the header out and sign in through the browser (OAuth); it then shows under “Agents signed in”.
      </p>
      <h3>MCP server URL</h3>
      <pre data-connect="mcp-url">{mcpUrl}</pre>
      <CopyButton text={mcpUrl} label="Copy the MCP URL" />
      <h3>Claude Code</h3>
      <pre data-connect="claude">{claude}</pre>
      <CopyButton text={claude} label="Copy the Claude Code line" />
      <h3>A call over HTTP</h3>
      {curl ? (
        <>
          <p class="muted">
            <code>{tool}</code>
            {usage?.byTool.some((t) => t.tool === tool) ? ', your most used tool this period' : ''}; every call answers with what it cost in its{' '}
            <code>x-credits-cost</code> and <code>x-credits-remaining</code> headers.
          </p>
          <pre data-connect="curl" data-tool={tool}>
            {curl}
          </pre>
          <CopyButton text={curl} label="Copy the curl line" />
        </>
      ) : (
        <p class="muted">Reading the tools…</p>
      )}
    </Section>
  );
}

const mostUsed = (usage: ToolUsage[]): string | null =>
  [...usage].filter((t) => t.calls > 0).sort((a, b) => b.calls - a.calls || b.credits - a.credits)[0]?.tool ?? null;

const requiredInputs = (tool: CatalogTool | undefined): string[] => {
  const required = tool?.inputSchema.required;
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
};

/** The account's most used tool this period, else over its life, else a paid tool of the catalog that needs no input. */
function pickTool(period: ToolUsage[], lifetime: ToolUsage[], catalog: CatalogTool[]): string | null {
  return mostUsed(period) ?? mostUsed(lifetime) ?? catalog.find((t) => t.requiresKey && requiredInputs(t).length === 0)?.name ?? catalog[0]?.name ?? null;
}

/** The tool's required inputs as query parameters with placeholders (`?wallet=<wallet>`), or nothing. */
function exampleQuery(tool: CatalogTool | undefined): string {
  const names = requiredInputs(tool);
  return names.length === 0 ? '' : `?${names.map((n) => `${encodeURIComponent(n)}=<${n}>`).join('&')}`;
}
