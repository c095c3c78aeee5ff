import { collectInputs, itemFlags, readCatalog, typeLabel, UsageError, type CallRequest, type CliTool } from './cli-args';
import { errorCodeOf, EXIT_CODE_MEANINGS, EXIT_CODES, exitCodeFor, type ExitReason } from './exit-codes';
import { listTools } from './generated';
import { createScoutClient, DEFAULT_BASE_URL } from './index';

/** Where the CLI writes and what it reads, so tests can run it without a process of its own. */
export interface CliIo {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
  /** The fetch the client uses (the global one by default). */
  fetch?: typeof fetch;
}

const BEARER = [{ scheme: 'bearer', type: 'http' }] as const;
const CREDIT_HEADERS = ['x-credits-cost', 'x-credits-used', 'x-credits-remaining'];

function exitCodeTable(): string {
  return (Object.keys(EXIT_CODES) as ExitReason[])
    .sort((a, b) => EXIT_CODES[a] - EXIT_CODES[b])
    .map((reason) => `  ${String(EXIT_CODES[reason]).padStart(2)}  ${EXIT_CODE_MEANINGS[reason]}`)
    .join('\n');
}

export function mainHelp(): string {
  return `scout: the Scout API from the command line

Usage:
  scout tools                               every tool: name, cost in credits, summary
  scout call <tool> [--<input> <value> ...] call a tool, its inputs as flags
  scout call <tool> --json '<object>'       call a tool, its inputs as one JSON object
  scout call <tool> --help                  the tool's inputs
  scout --help | scout call --help

Environment:
  SCOUT_API_KEY   your API key (sc_...), sent as Authorization: Bearer
  SCOUT_URL       the API's base URL (default ${DEFAULT_BASE_URL})

A call is a POST with a JSON body. Its answer (Scout's JSON, an error's too) goes to stdout,
indented on a terminal and on one line otherwise; the credit headers (x-credits-cost,
x-credits-used, x-credits-remaining) and any error message go to stderr.

Exit codes:
${exitCodeTable()}
`;
}

export function callHelp(): string {
  return `Usage:
  scout call <tool> [--<input> <value> ...]
  scout call <tool> --json '<object>'
  scout call <tool> --help        the tool's inputs with their types

Each --<input> is converted by the tool's input schema (GET /api/v1/tools):
  integer, number   --limit 20, --minUsd 1.5
  boolean           --flag, --flag true|false, --no-flag
  string            --chain solana (as given)
  list              --chains '["solana","base"]', or one item per flag: --chains solana --chains base,
                    or per singular flag when the tool has no input of that name: --chain solana
  object            JSON text: --before '{"trackedHolders":[]}'
An input the tool does not take, a missing value or a value of the wrong type is a usage error
(exit 2, nothing sent); ranges and allowed values are checked by Scout (invalid_request, exit 3).
--json sends the object as the body, as it is; it cannot be mixed with input flags.

Exit codes:
${exitCodeTable()}
`;
}

function toolHelp(tool: CliTool): string {
  const entries = Object.entries(tool.inputSchema.properties);
  const required = new Set(tool.inputSchema.required);
  const singulars = new Map([...itemFlags(tool)].map(([singular, list]) => [list, singular]));
  const width = Math.max(0, ...entries.map(([name, schema]) => name.length + typeLabel(schema).length + 5));
  const lines = entries.map(([name, schema]) => {
    const flag = `--${name} <${typeLabel(schema)}>`.padEnd(width);
    const singular = singulars.get(name);
    const item = singular ? ` (or one --${singular} per item)` : '';
    return `  ${flag}  ${required.has(name) ? '(required) ' : ''}${schema.description ?? ''}${item}`.trimEnd();
  });
  return `${tool.name} (${tool.cost} credits${tool.requiresKey ? '' : ', no key needed'}): ${tool.summary}

Usage: scout call ${tool.name}${entries.length ? ' [--<input> <value> ...]' : ''}

${entries.length ? `Inputs:\n${lines.join('\n')}` : 'No inputs.'}
`;
}

/** Why fetch failed, in a line: the system error code (ECONNREFUSED, ENOTFOUND...) when there is one. */
function networkReason(error: unknown): string {
  if (error instanceof Error) {
    const cause: unknown = error.cause;
    if (cause instanceof Error) return 'code' in cause && typeof cause.code === 'string' ? `${cause.code}: ${cause.message}` : cause.message;
    return error.message;
  }
  return String(error);
}

class Cli {
  private readonly baseUrl: string;
  private readonly apiKey: string | undefined;

  constructor(private readonly io: CliIo) {
    this.baseUrl = io.env.SCOUT_URL || DEFAULT_BASE_URL;
    this.apiKey = io.env.SCOUT_API_KEY || undefined;
  }

  private client() {
    return createScoutClient({ baseUrl: this.baseUrl, apiKey: this.apiKey, config: this.io.fetch ? { fetch: this.io.fetch } : {} });
  }

  private fail(reason: ExitReason, message: string): number {
    this.io.stderr.write(`scout: ${message}\n`);
    return EXIT_CODES[reason];
  }

  private printJson(value: unknown): void {
    this.io.stdout.write(`${this.io.stdout.isTTY ? JSON.stringify(value, null, 2) : JSON.stringify(value)}\n`);
  }

  /** Scout's error answer as one line on stderr, and its JSON on stdout; the exit code of its error code. */
  private answerError(status: number, body: unknown): number {
    const code = errorCodeOf(status, body);
    if (typeof body === 'string') {
      // Not Scout's JSON (a proxy's page): the status tells what it can.
      this.io.stderr.write(`scout: HTTP ${status}${code ? ` (${code})` : ''}${body ? `: ${body.slice(0, 200)}` : ''}\n`);
      return exitCodeFor(status, body);
    }
    this.printJson(body);
    const error = typeof body === 'object' && body !== null && 'error' in body ? body.error : undefined;
    const message = typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : `HTTP ${status}`;
    this.io.stderr.write(`scout: ${code ?? `HTTP ${status}`}: ${message}\n`);
    return exitCodeFor(status, body);
  }

  /** GET /api/v1/tools (with the key when there is one: a valid key is not held to the per-IP limit). */
  private async catalog(): Promise<CliTool[] | number> {
    const result = await listTools({ client: this.client(), security: BEARER });
    if (!result.response) return this.fail('network', `cannot reach ${this.baseUrl} (${networkReason(result.error)})`);
    if (result.error !== undefined) return this.answerError(result.response.status, result.error);
    try {
      return readCatalog(result.data);
    } catch (error) {
      return this.fail('unexpected', error instanceof Error ? error.message : String(error));
    }
  }

  async tools(args: string[]): Promise<number> {
    if (args.includes('--help') || args.includes('-h')) {
      this.io.stdout.write('Usage: scout tools\n\nEvery tool, one a line: name, cost in credits, summary.\n');
      return EXIT_CODES.ok;
    }
    if (args.length) return this.fail('usage', `scout tools takes no arguments (got ${args.join(' ')})`);
    const tools = await this.catalog();
    if (typeof tools === 'number') return tools;
    const nameWidth = Math.max(0, ...tools.map((tool) => tool.name.length));
    const costWidth = Math.max(0, ...tools.map((tool) => String(tool.cost).length));
    for (const tool of tools) {
      this.io.stdout.write(`${tool.name.padEnd(nameWidth)}  ${String(tool.cost).padStart(costWidth)}  ${tool.summary}\n`);
    }
    return EXIT_CODES.ok;
  }

  async call(args: string[]): Promise<number> {
    const [name, ...rest] = args;
    if (name === undefined || name === '--help' || name === '-h') {
      if (name === undefined) {
        this.io.stderr.write(callHelp());
        return EXIT_CODES.usage;
      }
      this.io.stdout.write(callHelp());
      return EXIT_CODES.ok;
    }
    if (name.startsWith('-')) return this.fail('usage', `scout call takes the tool name first, then its inputs (got ${name})`);

    const tools = await this.catalog();
    if (typeof tools === 'number') return tools;
    const tool = tools.find((candidate) => candidate.name === name);
    if (!tool) return this.fail('not_found', `no tool named ${name} (scout tools lists them)`);

    let request: CallRequest;
    try {
      request = collectInputs(tool, rest);
    } catch (error) {
      if (error instanceof UsageError) return this.fail('usage', `${error.message}\n(scout call ${tool.name} --help lists its inputs)`);
      throw error;
    }
    if (request.kind === 'help') {
      this.io.stdout.write(toolHelp(tool));
      return EXIT_CODES.ok;
    }

    const result = await this.client().post({
      url: '/api/v1/tools/{name}',
      path: { name: tool.name },
      body: request.body,
      security: BEARER,
      headers: { 'Content-Type': 'application/json' },
    });
    if (!result.response) return this.fail('network', `cannot reach ${this.baseUrl} (${networkReason(result.error)})`);
    const { response } = result;
    const credits = CREDIT_HEADERS.flatMap((header) => {
      const value = response.headers.get(header);
      return value === null ? [] : [`${header}: ${value}\n`];
    });
    this.io.stderr.write(credits.join(''));
    if (result.error !== undefined) return this.answerError(response.status, result.error);
    this.printJson(result.data);
    return EXIT_CODES.ok;
  }

  async run(argv: string[]): Promise<number> {
    const [command, ...args] = argv;
    switch (command) {
      case undefined:
        this.io.stderr.write(mainHelp());
        return EXIT_CODES.usage;
      case '--help':
      case '-h':
      case 'help':
        this.io.stdout.write(mainHelp());
        return EXIT_CODES.ok;
      case 'tools':
        return this.tools(args);
      case 'call':
        return this.call(args);
      default:
        return this.fail('usage', `unknown command ${JSON.stringify(command)} (scout --help lists them)`);
    }
  }
}

/** Runs `scout <argv...>` and answers its exit code. */
export async function runCli(argv: string[], io: CliIo = { stdout: process.stdout, stderr: process.stderr, env: process.env }): Promise<number> {
  try {
    return await new Cli(io).run(argv);
  } catch (error) {
    io.stderr.write(`scout: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return EXIT_CODES.unexpected;
  }
}

if (require.main === module) {
  void runCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
