import type { UpstreamSource, UpstreamSourceOptions } from '../../upstream.types';
import { FomoClient } from './fomo.client';
import { FOMO_CREDIT_HEADERS, fomoRefusalRule } from './fomo.errors';
import { FomoTokenClient } from './fomo-token.client';

/** FOMO's host; keys travel as `Authorization: Bearer <key>`. */
export const FOMO_BASE_URL = 'https://api.fomoapi.io';

export interface FomoSourceSettings {
  baseUrl?: string;
  keys: string[];
  timeoutMs: number;
  retries: number;
  /** Default 'fomo'. */
  name?: string;
}

/** A FOMO source's options: Bearer keys, its error contract and its credit headers. */
export function fomoSourceOptions(settings: FomoSourceSettings): UpstreamSourceOptions {
  return {
    name: settings.name ?? 'fomo',
    baseUrl: settings.baseUrl ?? FOMO_BASE_URL,
    keys: settings.keys,
    keyPlacement: { kind: 'header', header: 'authorization', prefix: 'Bearer ' },
    keySetting: 'FOMO_API_KEYS',
    timeoutMs: settings.timeoutMs,
    retries: settings.retries,
    refusalRule: fomoRefusalRule,
    creditHeaders: FOMO_CREDIT_HEADERS,
  };
}

export interface FomoClients {
  traders: FomoClient;
  tokens: FomoTokenClient;
}

/**
 * Both FOMO clients on one source (one key pool, breaker and cache), created through `create`
 * (UpstreamSources.create in the app, which registers it for service_health and the admin view).
 */
export function createFomoClients(create: (options: UpstreamSourceOptions) => UpstreamSource, settings: FomoSourceSettings): FomoClients {
  const source = create(fomoSourceOptions(settings));
  return { traders: new FomoClient(source), tokens: new FomoTokenClient(source) };
}
