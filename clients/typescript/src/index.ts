/**
 * @scout-api/client: a typed client for the Scout API.
 *
 * Everything under ./generated is written by @hey-api/openapi-ts from the committed OpenAPI
 * snapshot (openapi.json): one SDK function per operation (`serviceChainHealthPost`, ...), the
 * types of every input and answer (`ChainHealthInput`, `ChainHealthData`, ...), and the fetch
 * client they run on. This file adds the one thing the generator cannot know: how Scout
 * authenticates (a bearer API key) and where it runs.
 */
import { createClient, createConfig, type Client, type Config } from './generated/client';
import type { ClientOptions } from './generated/types.gen';

export * from './generated';
export { createClient, createConfig } from './generated/client';
export type { Client, Config, RequestResult } from './generated/client';
export { EXIT_CODE_MEANINGS, EXIT_CODES, errorCodeOf, exitCodeFor, type ErrorCode, type ExitReason } from './exit-codes';

/** Where Scout runs unless told otherwise (`npm start` serves here). */
export const DEFAULT_BASE_URL = 'http://localhost:3000';

export interface ScoutClientOptions {
  /** The API's base URL, e.g. https://scout.example.com (default http://localhost:3000). */
  baseUrl?: string;
  /** An API key (`sc_...`) or OAuth access token, sent as `Authorization: Bearer <key>` on the operations that need one. */
  apiKey?: string;
  /** Anything else the fetch client takes: a custom `fetch`, default headers, `throwOnError`... */
  config?: Omit<Config, 'baseUrl' | 'auth'>;
}

/**
 * A client for one Scout deployment and key. Hand it to any SDK function:
 * `await serviceChainHealthPost({ client: scout, body: { chains: ['solana'] } })`.
 */
export function createScoutClient(options: ScoutClientOptions = {}): Client {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  return createClient(createConfig<ClientOptions>({ ...options.config, baseUrl, auth: options.apiKey }));
}
