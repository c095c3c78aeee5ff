/**
 * DexScreener stand-in (api.dexscreener.com), mounted at /dexscreener, keyless:
 *   GET /tokens/v1/{chainId}/{tokenAddresses}   up to 30 addresses on one chain → a bare [Pair]
 *   GET /latest/dex/tokens/{tokenAddresses}     up to 30 addresses, any chain → {schemaVersion, pairs: [Pair] | null}
 * A pair is returned for an address that is its base or its quote token, as DexScreener does.
 * Unknown addresses are simply absent; an unknown chainId answers []; more than 30 addresses is a
 * 400 `{ message }` (DexScreener's own error body for it is not documented). Unpriced tokens have
 * no pair.
 */
import { Router, type Response } from 'express';
import type { SandboxMarket } from '../../market';
import { errorBody } from '../../errors';
import { splitUnique } from '../../util';
import { buildPairs, renderPair, sameAddress, type PairSpec } from './pairs';

/** Addresses DexScreener takes per request. */
export const DEXSCREENER_MAX_ADDRESSES = 30;

function fail(res: Response, status: number, message: string): void {
  res.status(status).json(errorBody('dexscreener', status, message));
}

/** The pairs naming any of `addresses` as base or quote token, each once, in the order asked. */
function matching(pairs: readonly PairSpec[], addresses: readonly string[]): PairSpec[] {
  const out = new Set<PairSpec>();
  for (const address of addresses) {
    for (const p of pairs) if (sameAddress(p.chain, p.base.address, address)) out.add(p);
    for (const p of pairs) if (sameAddress(p.chain, p.quote.address, address)) out.add(p);
  }
  return [...out];
}

export function dexscreenerRouter(m: SandboxMarket): Router {
  const r = Router();
  const byChain = buildPairs(m);
  const all = [...byChain.values()].flat();

  const addressesOf = (res: Response, raw: string): string[] | null => {
    const addresses = splitUnique(raw);
    if (addresses.length > DEXSCREENER_MAX_ADDRESSES) {
      fail(res, 400, `Too many token addresses: ${addresses.length} were requested, the maximum is ${DEXSCREENER_MAX_ADDRESSES}`);
      return null;
    }
    return addresses;
  };
  const render = (pairs: PairSpec[]) => {
    const t = m.nowMs();
    return pairs.map((p) => renderPair(m, p, t)).filter((p) => p !== null);
  };

  r.get('/tokens/v1/:chainId/:addresses', (req, res) => {
    const addresses = addressesOf(res, String(req.params.addresses));
    if (!addresses) return;
    const pairs = byChain.get(String(req.params.chainId));
    res.json(pairs ? render(matching(pairs, addresses)) : []);
  });

  r.get('/latest/dex/tokens/:addresses', (req, res) => {
    const addresses = addressesOf(res, String(req.params.addresses));
    if (!addresses) return;
    const pairs = render(matching(all, addresses));
    res.json({ schemaVersion: '1.0.0', pairs: pairs.length ? pairs : null });
  });

  return r;
}
