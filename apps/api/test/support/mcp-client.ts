import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TestApp } from './test-app';

/** An SDK client connected to the app's /mcp with the key as its bearer credential. */
export async function mcpClient(t: TestApp, apiKey: string): Promise<Client> {
  const client = new Client({ name: 'scout-e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${apiKey}` } },
  });
  await client.connect(transport);
  return client;
}

/** A tools/call result's structured content, typed loosely for assertions. */
export const structured = (result: unknown): any => (result as CallToolResult).structuredContent;

/** A raw response's JSON body, typed loosely for assertions. */
export const jsonOf = (res: Response): Promise<any> => res.json();

/** The text content of a tools/call result, parsed. */
export const textJson = (result: unknown): unknown => {
  const [first] = (result as CallToolResult).content;
  return first.type === 'text' ? JSON.parse(first.text) : undefined;
};

/** A raw JSON-RPC POST to /mcp, as a client would send it, for the HTTP-level answers. */
export function rawMcpPost(t: TestApp, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${t.url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
}

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** A raw POST to /mcp with the body as given (any text: malformed JSON, a `__proto__` key kept as data). */
export function rawMcpText(t: TestApp, text: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${t.url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: text,
  });
}

/** The JSON-RPC answer of a raw /mcp response: the JSON body, or the answer event of an SSE stream. */
export async function jsonRpcAnswer(res: Response): Promise<any> {
  const text = await res.text();
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) return JSON.parse(text);
  const answers = text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice('data: '.length)))
    .filter((message) => 'result' in message || 'error' in message);
  if (answers.length !== 1) throw new Error(`expected one answer in the event stream, got ${answers.length}: ${text.slice(0, 300)}`);
  return answers[0];
}
