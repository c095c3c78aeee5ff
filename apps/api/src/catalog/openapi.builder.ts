import { ANSWER_SCHEMAS, answerExample, CREDITS_SCHEMA, envelopeSchema, META_SCHEMA, withRefsAt } from '@scout/contract';
import { ERROR_CODE_MEANINGS, HTTP_STATUS_BY_CODE, TOOL_CATALOG, type ErrorCode, type ToolArea, type RegisteredTool } from '@scout/core';
import { adminPaths } from '../admin/admin.openapi';
import { probePaths } from '../health/health.openapi';
import { selfServicePaths } from '../me/me.openapi';
import { queryParameters, RoutePaths } from './openapi-parts';
import { streamPaths } from '../stream/stream.openapi';
import { mcpPaths } from '../mcp/mcp.openapi';

type Schema = Record<string, unknown>;

/** The error responses operations refer to, one per status (409 is the Idempotency-Key's). */
const RESPONSE_CODES: ErrorCode[] = [
  'invalid_request',
  'unauthorized',
  'out_of_credits',
  'forbidden',
  'not_found',
  'idempotency_key_in_use',
  'idempotency_key_reused',
  'rate_limited',
  'tool_error',
  'service_unavailable',
];
const ERROR_RESPONSES: Record<string, { code: ErrorCode; description: string }> = Object.fromEntries(
  RESPONSE_CODES.map((code) => [String(HTTP_STATUS_BY_CODE[code]), { code, description: ERROR_CODE_MEANINGS[code] }]),
);

const ENVELOPE_PARTS = { credits: { $ref: '#/components/schemas/Credits' }, meta: { $ref: '#/components/schemas/Meta' } };

/** A real sandbox answer of the tool (libs/contract, `npm run examples`), its lists shortened. */
function exampleOf(tool: string): { example?: unknown } {
  const example = answerExample(tool);
  return example === null ? {} : { example };
}

/** A tool's 200: the envelope with its own `data` component (any object for a tool outside the contract, such as a test's fixture). */
function answerSchema(tool: string): Schema {
  const data = ANSWER_SCHEMAS.tools[tool]?.schema ?? { type: 'object', description: "The tool's output." };
  return envelopeSchema(withRefsAt(data, '#/components/schemas/'), ENVELOPE_PARTS);
}

/** What each tag groups, for readers of the reference. */
const TAG_DESCRIPTIONS: Record<ToolArea | 'catalog' | 'admin' | 'probes' | 'mcp', string> = {
  account: "Your account: Scout's health, your plan and credits, usage, keys and the ledger (free).",
  traders: 'Tracked traders: leaderboards, profiles, positions, swaps, theses and their social graph.',
  tokens: 'Token research: holders, developers, early buyers, boards, candles, snapshots, on-chain checks and the exit check.',
  feeds: 'The live trade feed: recent alerts, held watches and the Server-Sent Events stream.',
  wallets: 'EVM and Solana wallets: portfolio, profit and loss, transfers and age.',
  prices: 'Token prices now and over time, and token metadata, across chains.',
  defi: 'Chains and DeFi: TVL, fees and revenue, yields, DEX volumes, open interest, stablecoins and hacks.',
  launchpad: 'The token launchpad: coins, launches, their economics (burns, rewards, airdrops, fees, backing) and the platform.',
  alerts: 'Your alerts on the live feed: create, list and delete, delivered by webhook or email.',
  catalog: 'What Scout offers: the tool catalog, this document and llms.txt.',
  admin:
    'The admin API (a key with the admin scope): accounts, keys, plans, credits, the ledger and its CSV export, usage, the audit log and the data sources.',
  probes: 'Liveness and readiness, for load balancers and orchestrators.',
  mcp: 'The Model Context Protocol endpoint for AI agents, with its OAuth 2.1 sign-in.',
};

/** The credit headers of a tool's answer, success or error, to a caller with a key. */
const CREDIT_HEADERS = {
  'x-credits-remaining': { $ref: '#/components/headers/CreditsRemaining' },
  'x-credits-cost': { $ref: '#/components/headers/CreditsCost' },
  'x-credits-used': { $ref: '#/components/headers/CreditsUsed' },
};

const COMPONENTS = {
  securitySchemes: {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      description: 'An API key (`Authorization: Bearer sc_...`), or an OAuth access token (`sco_at_...`), which works on the tools and `GET /api/v1/me` only.',
    },
  },
  parameters: {
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      // The words live on the schema, once: a generated client repeats a parameter's own description on every operation.
      schema: { $ref: '#/components/schemas/IdempotencyKey' },
    },
  },
  headers: {
    IdempotentReplayed: {
      description: 'Present (`true`) when the answer is the stored response of an earlier request with the same Idempotency-Key.',
      schema: { type: 'string', enum: ['true'] },
    },
    CreditsRemaining: {
      description: 'Credits left on the account after this call (every authenticated response).',
      schema: { type: 'integer', minimum: 0 },
    },
    CreditsCost: {
      description: "The tool's catalog price in credits, whether or not this call was charged (every tool answer to a caller with a key, errors included).",
      schema: { type: 'integer', minimum: 0 },
    },
    CreditsUsed: {
      description:
        'Credits this answer charged: the cost on a charged 200; 0 on every error, on a free tool and on an Idempotency-Key replay (every tool answer to a caller with a key, errors included).',
      schema: { type: 'integer', minimum: 0 },
    },
  },
  schemas: {
    IdempotencyKey: {
      type: 'string',
      description:
        'Makes a retry safe: the same key from the same account within 24 h answers the stored response of the first call, with the same status and body, and charges nothing (header `Idempotent-Replayed: true`; `x-credits-remaining` is the balance now). Another tool or other inputs under the key is 422, a key whose first request still runs is 409. Only answered calls are stored, in the transaction that charges them: after a 400, 402 or failed call (charged nothing) the retry runs. A key whose call died with its process is free again once that call\'s hold has expired (the tool deadline plus the hold grace). The key is 1-255 printable ASCII characters, sent as a Structured Fields string (`"abc"`, escapes `\\"` and `\\\\`) or a bare token (`abc`, the same key); a malformed key is 400.',
      // Quoted with every character escaped: 2 + 2 x 255.
      minLength: 1,
      maxLength: 512,
    },
    Credits: CREDITS_SCHEMA,
    Meta: META_SCHEMA,
    // Not `Error`: a generated client would shadow JavaScript's own.
    ErrorAnswer: {
      type: 'object',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['code', 'message'],
          properties: {
            code: {
              type: 'string',
              enum: Object.keys(HTTP_STATUS_BY_CODE),
            },
            message: { type: 'string' },
            issues: {
              type: 'array',
              items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } },
            },
            details: { type: 'string' },
          },
        },
        credits: { type: 'object', properties: { remaining: { type: 'integer' } } },
      },
    },
  },
  responses: Object.fromEntries(
    Object.values(ERROR_RESPONSES).map((e) => [
      e.code,
      { description: e.description, headers: CREDIT_HEADERS, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } } },
    ]),
  ),
};

/** Every tool's `data` shape and the shapes they share, from the generated answer schemas (libs/contract). */
function answerComponents(): Record<string, Schema> {
  const own = Object.keys(COMPONENTS.schemas);
  const clash = Object.keys(ANSWER_SCHEMAS.definitions).filter((name) => own.includes(name));
  if (clash.length) throw new Error(`answer types named like the API's own components: ${clash.join(', ')}`);
  return withRefsAt(ANSWER_SCHEMAS.definitions, '#/components/schemas/') as Record<string, Schema>;
}

/** Each tool's input as a component named after its DTO class (the POST body; GET sends the same fields as query parameters). */
function inputComponents(tools: RegisteredTool[], bodies: Record<string, Schema>): Record<string, Schema> {
  const inputs: Record<string, Schema> = {};
  for (const [name, schema] of Object.entries(bodies)) {
    if (name in COMPONENTS.schemas || name in ANSWER_SCHEMAS.definitions) throw new Error(`body ${name} is named like another component`);
    inputs[name] = schema;
  }
  for (const tool of tools) {
    const name = tool.input.name;
    if (name in COMPONENTS.schemas || name in ANSWER_SCHEMAS.definitions || name in bodies) throw new Error(`input ${name} is named like another component`);
    if (name in inputs && JSON.stringify(inputs[name]) !== JSON.stringify(tool.inputSchema)) throw new Error(`two different inputs are named ${name}`);
    inputs[name] = tool.inputSchema;
  }
  return inputs;
}

function errorRefs(statuses: string[]): Record<string, unknown> {
  return Object.fromEntries(statuses.map((s) => [s, { $ref: `#/components/responses/${ERROR_RESPONSES[s].code}` }]));
}

function toolOperations(tool: RegisteredTool): Record<string, unknown> {
  const statuses = tool.public ? ['400', '429', '503'] : ['400', '401', '402', '404', '409', '422', '429', '502', '503'];
  const idempotency = tool.public ? [] : [{ $ref: '#/components/parameters/IdempotencyKey' }];
  const common = {
    tags: [TOOL_CATALOG[tool.name]?.area ?? 'tools'],
    summary: tool.summary,
    description: `${tool.description ?? tool.summary}\n\nCost: ${tool.cost} credits per call.`,
    'x-credits': tool.cost,
    ...(tool.public ? { security: [] } : {}),
    responses: {
      '200': {
        description: 'The tool answered.',
        headers: {
          ...CREDIT_HEADERS,
          ...(tool.public ? {} : { 'idempotent-replayed': { $ref: '#/components/headers/IdempotentReplayed' } }),
        },
        content: { 'application/json': { schema: answerSchema(tool.name), ...exampleOf(tool.name) } },
      },
      ...errorRefs(statuses),
    },
  };
  return {
    get: { ...common, operationId: `${tool.name}_get`, parameters: [...queryParameters(tool.inputSchema), ...idempotency] },
    post: {
      ...common,
      operationId: `${tool.name}_post`,
      ...(idempotency.length ? { parameters: idempotency } : {}),
      requestBody: { required: false, content: { 'application/json': { schema: { $ref: `#/components/schemas/${tool.input.name}` } } } },
    },
  };
}

/** The OpenAPI 3.1 document, generated from the tool registry so it cannot drift from behaviour. */
export function buildOpenApiDocument(tools: RegisteredTool[], version: string): Record<string, unknown> {
  const routes = new RoutePaths(errorRefs);
  const paths: Record<string, unknown> = {
    '/api/v1/tools': {
      get: {
        operationId: 'list_tools',
        tags: ['catalog'],
        summary: 'Every tool with its cost and JSON Schema input.',
        security: [],
        responses: { ...routes.answer('GET /api/v1/tools', 'The tool list.'), ...errorRefs(['429']) },
      },
    },
    '/api/v1/openapi.json': {
      get: {
        operationId: 'openapi',
        tags: ['catalog'],
        summary: 'This document.',
        security: [],
        responses: { '200': { description: 'OpenAPI 3.1 document.', content: { 'application/json': { schema: { type: 'object' } } } }, ...errorRefs(['429']) },
      },
    },
    '/llms.txt': {
      get: {
        operationId: 'llms_txt',
        tags: ['catalog'],
        summary: 'For AI agents (llmstxt.org): what Scout is, connecting over MCP and REST, every tool with its cost, the error codes.',
        security: [],
        responses: {
          '200': { description: 'Markdown, generated from the tool registry.', content: { 'text/plain': { schema: { type: 'string' } } } },
          ...errorRefs(['429']),
        },
      },
    },
  };
  Object.assign(paths, selfServicePaths(routes), adminPaths(routes), probePaths(errorRefs), streamPaths(errorRefs), mcpPaths());
  for (const tool of tools) paths[`/api/v1/tools/${tool.name}`] = toolOperations(tool);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Scout API',
      version,
      // package.json says UNLICENSED: all rights reserved; SPDX names a license of one's own LicenseRef-.
      license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
      description:
        'Credit-metered tools about crypto traders, tokens, wallets, chains and DeFi. Every tool is GET (query parameters) or POST (JSON body) at `/api/v1/tools/<name>` and answers the same envelope. `x-credits` on each operation is its cost in credits.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
    paths,
    components: { ...COMPONENTS, schemas: { ...COMPONENTS.schemas, ...answerComponents(), ...inputComponents(tools, routes.bodies) } },
  };
}
