import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import type { KnownInputs } from './support/known-inputs';
import { startKnownInputsApp } from './support/known-inputs-app';
import type { TestApp } from './support/test-app';

/**
 * The typed TypeScript client (clients/typescript, @scout-api/client) and its `scout` CLI.
 *
 * `npm run client` (WRITE_CLIENT=1) writes clients/typescript/openapi.json from the booted app and
 * regenerates clients/typescript/src/generated from it with @hey-api/openapi-ts. Otherwise this
 * fails when the served document differs from that snapshot, or when the committed generated code
 * differs from what openapi-ts makes of the snapshot; then it type-checks the package (its typed
 * usage file included) with `strict`, runs that usage against the app, and runs the built CLI.
 *
 * openapi-ts is ESM and tsc is a program, so both run as child processes. Whatever calls the app
 * runs asynchronously (spawn, not spawnSync): the app answers from this process's event loop.
 */
const WRITE = process.env.WRITE_CLIENT === '1';
const root = resolve(__dirname, '../../..');
const pkg = join(root, 'clients/typescript');
const SNAPSHOT = join(pkg, 'openapi.json');
const GENERATED = join(pkg, 'src/generated');
const IDEMPOTENCY_PARAGRAPH = 'Makes a retry safe: the same key from the same account within 24 h';

/** Names a generated type must not take: it would shadow the global in the integrator's module. */
const SHADOWED_NAMES = [
  ...Object.getOwnPropertyNames(globalThis).filter((name) => /^[A-Z]/.test(name)),
  // TypeScript's utility types and common DOM globals, not on Node's globalThis.
  ...['Record', 'Partial', 'Required', 'Readonly', 'Pick', 'Omit', 'Exclude', 'Extract', 'NonNullable', 'ReturnType', 'Awaited'],
  ...['Window', 'Document', 'Element', 'Node', 'Event', 'Location', 'History', 'Storage', 'Image', 'Option', 'Text', 'Range', 'Selection', 'File'],
];

/** Runs @hey-api/openapi-ts on the snapshot (clients/typescript/openapi-ts.config.mjs), into `output` or src/generated. */
function generate(output?: string): void {
  const env = { ...process.env };
  delete env.SCOUT_CLIENT_OUTPUT;
  if (output) env.SCOUT_CLIENT_OUTPUT = output;
  const run = spawnSync(process.execPath, [join(root, 'node_modules/@hey-api/openapi-ts/bin/run.js'), '--silent', '-f', join(pkg, 'openapi-ts.config.mjs')], {
    cwd: pkg,
    env,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`openapi-ts exited ${run.status}:\n${run.stdout}\n${run.stderr}`);
}

function tsc(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), ...args], { cwd: root, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Where two JSON values differ, as JSON pointers (the first `limit`). */
function differences(a: unknown, b: unknown, at = '', found: string[] = [], limit = 10): string[] {
  if (found.length >= limit) return found;
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && Array.isArray(a) === Array.isArray(b)) {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
      const pointer = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (!(key in left) || !(key in right)) found.push(`${pointer} ${key in left ? 'removed' : 'added'}`);
      else differences(left[key], right[key], pointer, found, limit);
      if (found.length >= limit) break;
    }
  } else if (JSON.stringify(a) !== JSON.stringify(b)) {
    found.push(`${at || '/'} changed`);
  }
  return found;
}

/** Every file under `dir`, as paths relative to it, sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** Every type assertion in a file (`x as T`, `<T>x`, `x!`), `as const` aside, as `line: text`. */
function castsIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const casts: string[] = [];
  const visit = (node: ts.Node): void => {
    const isCast =
      (ts.isAsExpression(node) && !(ts.isTypeReferenceNode(node.type) && node.type.getText(source) === 'const')) ||
      ts.isTypeAssertionExpression(node) ||
      ts.isNonNullExpression(node);
    if (isCast) casts.push(`${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${node.getText(source)}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return casts;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A child process run to its end without blocking this one (the app it calls lives here). */
function run(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  return new Promise((done, failed) => {
    const childEnv = Object.fromEntries(
      Object.entries({ PATH: process.env.PATH, ...env }).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const child = spawn(process.execPath, args, { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', failed);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('typed client (clients/typescript): generated from the served OpenAPI document', () => {
  let t: TestApp;
  let key: string;
  let known: KnownInputs;
  let costs: Map<string, number>;

  beforeAll(async () => {
    ({ t, key, known } = await startKnownInputsApp('typed client'));
    const catalog = (await (await fetch(`${t.url}/api/v1/tools`)).json()) as { tools: Array<{ name: string; cost: number }> };
    costs = new Map(catalog.tools.map((tool) => [tool.name, tool.cost]));
  }, 120_000);
  afterAll(() => t?.close());

  /** The value of `field` in the tool's first known input that has it. */
  const knownValue = (tool: string, field: string): unknown => {
    for (const entries of known[tool] ?? []) for (const [name, value] of entries) if (name === field) return value;
    throw new Error(`no known ${field} for ${tool}`);
  };

  it('the committed snapshot is the document the app serves (npm run client rewrites it)', async () => {
    const served = `${JSON.stringify(await (await fetch(`${t.url}/api/v1/openapi.json`)).json(), null, 2)}\n`;
    if (WRITE) {
      writeFileSync(SNAPSHOT, served);
      generate();
    }
    const committed = existsSync(SNAPSHOT) ? readFileSync(SNAPSHOT, 'utf8') : '{}';
    const changed = committed === served ? [] : differences(JSON.parse(committed), JSON.parse(served));
    expect({ snapshotStale: committed !== served, changed, fix: 'npm run client' }).toEqual({ snapshotStale: false, changed: [], fix: 'npm run client' });
  }, 120_000);

  it('the committed generated code is what openapi-ts makes of the snapshot', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'scout-client-'));
    try {
      generate(scratch);
      const expected = filesUnder(scratch);
      expect({ files: filesUnder(GENERATED) }).toEqual({ files: expected });
      const differing = expected.filter((file) => readFileSync(join(scratch, file), 'utf8') !== readFileSync(join(GENERATED, file), 'utf8'));
      expect({ differing, fix: 'npm run client' }).toEqual({ differing: [], fix: 'npm run client' });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 120_000);

  it('names no generated type after a JavaScript global (Error, Object, Date, Map, Promise...)', () => {
    const types = readFileSync(join(GENERATED, 'types.gen.ts'), 'utf8');
    const names = [...types.matchAll(/^export (?:type|interface|enum|const|class) (\w+)/gm)].map((match) => match[1]);
    expect(names.length).toBeGreaterThan(500);
    expect(names.filter((name) => SHADOWED_NAMES.includes(name))).toEqual([]);
    // Nor a global's name numbered (Error2), as a generator makes a name it cannot take.
    expect(names.filter((name) => SHADOWED_NAMES.includes(name.replace(/_?\d+$/, '')))).toEqual([]);
  });

  it('says what an Idempotency-Key does once in the whole client, not once per operation', () => {
    const code = filesUnder(GENERATED)
      .map((file) => readFileSync(join(GENERATED, file), 'utf8'))
      .join('\n');
    const document = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as {
      paths: Record<string, Record<string, { parameters?: Array<{ $ref?: string }> }>>;
    };
    const operationsTakingIt = Object.values(document.paths)
      .flatMap((operations) => Object.values(operations))
      .filter((operation) => operation.parameters?.some((parameter) => parameter.$ref === '#/components/parameters/IdempotencyKey')).length;
    expect(operationsTakingIt).toBeGreaterThan(150);
    // openapi-ts copies a parameter's own description onto every operation; the document keeps the
    // words on the parameter's schema (components.schemas.IdempotencyKey), written once.
    expect(code.split(IDEMPOTENCY_PARAGRAPH).length - 1).toBe(1);
  });

  it('type-checks under strict, its typed usage file included (no cast reads the answers)', () => {
    expect(castsIn(join(pkg, 'test/typed-usage.ts'))).toEqual([]);
    const config = JSON.parse(readFileSync(join(pkg, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown>; include: string[] };
    expect(config.compilerOptions).toMatchObject({ strict: true, noUncheckedIndexedAccess: true });
    expect(config.include).toContain('test/**/*.ts');
    const check = tsc('-p', join(pkg, 'tsconfig.json'), '--noEmit');
    expect({ status: check.status, output: check.output }).toEqual({ status: 0, output: '' });
  }, 120_000);

  it('calls five tools of five areas through the generated SDK and reads their typed answers', async () => {
    const inputs = {
      trader: knownValue('service_fomo_trader_positions', 'trader'),
      token: knownValue('service_fomo_token_holders', 'address'),
      wallet: knownValue('service_wallet_age', 'wallet'),
      mints: knownValue('service_token_prices', 'tokens'),
    };
    const usage = await run(['-r', 'ts-node/register/transpile-only', join(pkg, 'test/typed-usage.ts'), JSON.stringify(inputs)], {
      SCOUT_URL: t.url,
      SCOUT_API_KEY: key,
    });
    expect({ code: usage.code, stderr: usage.stderr }).toEqual({ code: 0, stderr: '' });
    const readings = JSON.parse(usage.stdout);
    const tools = ['service_chain_health', 'service_fomo_trader_positions', 'service_fomo_token_holders', 'service_wallet_age', 'service_token_prices'];
    expect(readings).toMatchObject({
      chain: 'solana',
      chainLabel: expect.any(String),
      traderUserId: expect.any(String),
      positionStatus: 'all',
      positionCount: expect.any(Number),
      openPositions: expect.any(Number),
      holdersOf: inputs.token,
      trackedHolderCount: expect.any(Number),
      wallet: String(inputs.wallet).toLowerCase(),
      priceMints: inputs.mints,
      creditsSpent: tools.reduce((sum, tool) => sum + (costs.get(tool) ?? Number.NaN), 0),
      creditsRemaining: expect.any(Number),
      tools,
    });
    expect(readings.tvlUsd === null || typeof readings.tvlUsd === 'number').toBe(true);
    expect(readings.holderHandles.every((handle: unknown) => typeof handle === 'string')).toBe(true);
  }, 120_000);

  describe('the scout CLI (built, run as a child process)', () => {
    const scout = join(pkg, 'bin/scout.js');
    const cli = (args: string[], env: Record<string, string | undefined> = {}) => run([scout, ...args], { SCOUT_URL: t.url, SCOUT_API_KEY: key, ...env });

    beforeAll(() => {
      const build = tsc('-p', join(pkg, 'tsconfig.build.json'));
      expect({ status: build.status, output: build.output }).toEqual({ status: 0, output: '' });
    }, 120_000);

    it('--help documents the commands and the exit codes', async () => {
      const help = await cli(['--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('scout call <tool>');
      expect(help.stdout).toMatch(/^ +3 +invalid_request/m);
      expect(help.stdout).toMatch(/^ +4 +unauthorized/m);
      const callHelp = await cli(['call', '--help']);
      expect(callHelp.code).toBe(0);
      expect(callHelp.stdout).toContain('--json');
    }, 60_000);

    it('tools: one line per tool with its cost and summary', async () => {
      const tools = await cli(['tools']);
      expect({ code: tools.code, stderr: tools.stderr }).toEqual({ code: 0, stderr: '' });
      const lines = tools.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(costs.size);
      const health = lines.find((line) => line.startsWith('service_chain_health '));
      expect(health).toMatch(new RegExp(`^service_chain_health +${costs.get('service_chain_health')}  \\S`));
    }, 60_000);

    it('call: the answer on stdout, the credit headers on stderr, exit 0', async () => {
      // `--chain` adds one item to the list input `chains` (the tool has no `chain` input).
      const call = await cli(['call', 'service_chain_health', '--chain', 'solana']);
      expect({ code: call.code, stderr: call.stderr }).toEqual({
        code: 0,
        stderr: expect.stringMatching(/^x-credits-cost: 250\nx-credits-used: 250\nx-credits-remaining: \d+\n$/),
      });
      // Not a terminal: one line.
      expect(call.stdout.trimEnd().split('\n')).toHaveLength(1);
      const answer = JSON.parse(call.stdout);
      expect(answer.meta.tool).toBe('service_chain_health');
      expect(answer.data.chains.map((row: { chain: string }) => row.chain)).toEqual(['solana']);

      // Integers and booleans converted by the tool's input schema; --json as the body.
      const positions = await cli([
        'call',
        'service_fomo_trader_positions',
        '--trader',
        String(knownValue('service_fomo_trader_positions', 'trader')),
        '--limit',
        '5',
        '--status',
        'all',
        '--no-deep',
      ]);
      expect({ code: positions.code, tool: JSON.parse(positions.stdout || '{}').meta?.tool }).toEqual({ code: 0, tool: 'service_fomo_trader_positions' });
      const json = await cli(['call', 'service_chain_health', '--json', '{"chains":["base","solana"]}']);
      expect({ code: json.code, chains: JSON.parse(json.stdout || '{}').data?.chains.map((row: { chain: string }) => row.chain) }).toEqual({
        code: 0,
        chains: ['base', 'solana'],
      });
    }, 60_000);

    it('call with an input Scout refuses: the invalid_request answer, exit 3', async () => {
      const call = await cli(['call', 'service_chain_health', '--chains', 'mars']);
      expect(call.code).toBe(3);
      expect(JSON.parse(call.stdout).error.code).toBe('invalid_request');
      expect(call.stderr).toMatch(/x-credits-used: 0\n/);
      expect(call.stderr).toContain('scout: invalid_request:');
    }, 60_000);

    it('call with a flag the tool does not take, or a mistyped value: a usage error, nothing sent (exit 2)', async () => {
      const unknown = await cli(['call', 'service_chain_health', '--chainz', 'solana']);
      expect({ code: unknown.code, stdout: unknown.stdout }).toEqual({ code: 2, stdout: '' });
      expect(unknown.stderr).toContain('unknown input --chainz for service_chain_health (did you mean --chains?)');
      const mistyped = await cli(['call', 'service_fomo_trader_positions', '--trader', 'x', '--limit', 'ten']);
      expect({ code: mistyped.code, stderr: mistyped.stderr }).toEqual({ code: 2, stderr: expect.stringContaining('--limit takes an integer') });
    }, 60_000);

    it('call without a key: the unauthorized answer, exit 4', async () => {
      const call = await cli(['call', 'service_chain_health', '--chains', 'solana'], { SCOUT_API_KEY: undefined });
      expect(call.code).toBe(4);
      expect(JSON.parse(call.stdout).error.code).toBe('unauthorized');
    }, 60_000);

    it('an unknown tool is not_found (exit 7); no server at the URL is a network failure (exit 15)', async () => {
      const unknown = await cli(['call', 'service_nothing']);
      expect(unknown.code).toBe(7);
      const down = await cli(['tools'], { SCOUT_URL: 'http://127.0.0.1:1' });
      expect({ code: down.code, stderr: down.stderr }).toEqual({ code: 15, stderr: expect.stringContaining('cannot reach http://127.0.0.1:1') });
    }, 60_000);
  });
});
