import type { RawAnswer } from './raw-http';

/** One tools/call over /mcp as the client saw it. */
export interface McpCallOutcome {
  /** The HTTP status: 200 for a call the MCP server answered (a result or a JSON-RPC error in the stream). */
  status: number;
  headers: Headers;
  /** The JSON-RPC answer: `{result}` or `{error}`; undefined when the body held none. */
  answer?: { result?: { isError?: boolean; structuredContent?: any }; error?: { code: number; message: string; data?: any } };
  /** The body as text, for failure messages. */
  text: string;
}

/** A tools/call message as text, with the arguments' own text spliced in as sent (it may even be malformed). */
export const toolCallText = (tool: string, argumentsText: string, id = 1): string =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":${JSON.stringify(tool)},"arguments":${argumentsText}}}`;

/** The one answer of a body: plain JSON, or the event of an SSE stream that carries a result or an error. */
function answerOf(text: string, contentType: string): McpCallOutcome['answer'] {
  const messages = contentType.startsWith('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice('data: '.length)))
    : text
      ? [JSON.parse(text)]
      : [];
  const answers = messages.filter((message) => 'result' in message || 'error' in message);
  if (answers.length > 1) throw new Error(`more than one answer in one response: ${text.slice(0, 300)}`);
  return answers[0];
}

/** Sends one tools/call with the given credential and request id, the arguments as raw text. */
export async function callToolOverMcp(
  baseUrl: string,
  call: { credential: string; tool: string; argumentsText: string; requestId: string },
): Promise<McpCallOutcome> {
  const res = await fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${call.credential}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'x-request-id': call.requestId,
    },
    body: toolCallText(call.tool, call.argumentsText),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, answer: answerOf(text, res.headers.get('content-type') ?? ''), text };
}

/** What a transport decided about one call: answered, or refused with a contract code and the issue paths. */
export interface Decision {
  answered: boolean;
  code: string | null;
  paths: string[];
}

const pathsOf = (issues: unknown): string[] => (Array.isArray(issues) ? issues.map((issue: { path?: unknown }) => String(issue.path)).sort() : []);

export function restDecision(answer: RawAnswer): Decision {
  const body = answer.body as { error?: { code?: string; issues?: unknown } } | undefined;
  if (answer.status >= 200 && answer.status < 300) return { answered: true, code: null, paths: [] };
  return { answered: false, code: body?.error?.code ?? `HTTP ${answer.status}`, paths: pathsOf(body?.error?.issues) };
}

export function mcpDecision(outcome: McpCallOutcome): Decision {
  const { answer } = outcome;
  if (answer?.error) return { answered: false, code: answer.error.data?.code ?? `JSON-RPC ${answer.error.code}`, paths: pathsOf(answer.error.data?.issues) };
  const result = answer?.result;
  if (!result) return { answered: false, code: `HTTP ${outcome.status} without an answer`, paths: [] };
  if (result.isError)
    return { answered: false, code: result.structuredContent?.error?.code ?? 'isError', paths: pathsOf(result.structuredContent?.error?.issues) };
  return { answered: true, code: null, paths: [] };
}
