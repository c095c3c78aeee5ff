import type { UpstreamCall, UpstreamSource } from '../../upstream.types';
import { DefiLlamaClient } from './defillama.client';
import { copyOf } from './defillama.documented';

/** For the contract specs: a source that answers each call with `payload`, through the client's own parser. */
export class CannedLlamaSource implements UpstreamSource {
  readonly calls: UpstreamCall[] = [];
  payload: unknown = null;
  constructor(readonly name: string) {}
  request<T>(call: UpstreamCall, parse: (raw: unknown) => T): Promise<T> {
    this.calls.push(call);
    return Promise.resolve().then(() => parse(copyOf(this.payload)));
  }
}

/** A DefiLlamaClient over four canned hosts. */
export function cannedLlama() {
  const sources = {
    api: new CannedLlamaSource('defillama-api'),
    coins: new CannedLlamaSource('defillama-coins'),
    stablecoins: new CannedLlamaSource('defillama-stablecoins'),
    yields: new CannedLlamaSource('defillama-yields'),
  };
  return { sources, client: new DefiLlamaClient(sources) };
}

export type Row = Record<string, unknown>;
export const first = (rows: unknown): Row => (rows as Row[])[0];
