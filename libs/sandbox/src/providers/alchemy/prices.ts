/**
 * Alchemy Prices API (api.g.alchemy.com/prices/v1/{apiKey}/...): current prices by symbol or by
 * address, and historical prices, from the market's price paths. Errors `{ error: { message } }`.
 */
import type { NextFunction, Request, Response, Router } from 'express';
import { DAY_MS, type Asset, type SandboxMarket, type Token } from '../../market';
import { authMessage, errorBody } from '../../errors';
import { iso, plainNumber, qsList, scalarText } from '../../util';

const MAX_SYMBOLS = 25;
const MAX_ADDRESSES = 25;
const MAX_NETWORKS = 3;
const INTERVALS: Record<string, { stepMs: number; maxRangeMs: number }> = {
  '5m': { stepMs: 5 * 60_000, maxRangeMs: 7 * DAY_MS },
  '1h': { stepMs: 3_600_000, maxRangeMs: 30 * DAY_MS },
  '1d': { stepMs: DAY_MS, maxRangeMs: 365 * DAY_MS },
};

export function aerr(res: Response, status: number, message: string): void {
  res.status(status).json(errorBody('alchemy', status, message));
}

/** The `prices` of an answer item: the market price of `asset` at t in USD, or null when unpriced. */
export function priceList(m: SandboxMarket, asset: Asset, t: number) {
  const p = m.price(asset, t);
  return p === null ? null : [{ currency: 'usd', value: plainNumber(p), lastUpdatedAt: iso(t) }];
}

/** ISO string or unix seconds → ms; undefined when invalid. */
function parseTime(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v * 1000;
  if (typeof v === 'string' && v.trim() !== '') {
    if (/^\d+(\.\d+)?$/.test(v.trim())) return Number(v) * 1000;
    const ms = Date.parse(v);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return undefined;
}

export function pricesRoutes(r: Router, m: SandboxMarket, keys: ReadonlySet<string>): void {
  const pricesAuth = (req: Request, res: Response, next: NextFunction) => {
    if (!keys.has(String(req.params.apiKey))) return aerr(res, 401, authMessage('alchemy'));
    next();
  };

  r.get('/prices/v1/:apiKey/tokens/by-symbol', pricesAuth, (req, res) => {
    const symbols = qsList(req, 'symbols');
    if (symbols.length === 0) return aerr(res, 400, 'symbols is required');
    if (symbols.length > MAX_SYMBOLS) return aerr(res, 400, `Too many symbols: the limit is ${MAX_SYMBOLS}`);
    const t = m.nowMs();
    const data = symbols.map((symbol) => {
      const asset = m.assetBySymbol(symbol);
      const prices = asset ? priceList(m, asset, t) : null;
      return prices ? { symbol, prices, error: null } : { symbol, prices: [], error: 'Token not found' };
    });
    res.json({ data });
  });

  r.post('/prices/v1/:apiKey/tokens/by-address', pricesAuth, (req, res) => {
    const body = req.body as { addresses?: unknown } | undefined;
    const list = body?.addresses;
    if (!Array.isArray(list) || list.length === 0) return aerr(res, 400, 'addresses must be a non-empty array of {network, address}');
    if (list.length > MAX_ADDRESSES) return aerr(res, 400, `Too many addresses: the limit is ${MAX_ADDRESSES}`);
    for (const item of list) {
      if (
        typeof item !== 'object' ||
        item === null ||
        typeof (item as { network?: unknown }).network !== 'string' ||
        typeof (item as { address?: unknown }).address !== 'string'
      ) {
        return aerr(res, 400, 'each address must be an object {network: string, address: string}');
      }
    }
    const items = list as { network: string; address: string }[];
    if (new Set(items.map((i) => i.network)).size > MAX_NETWORKS) return aerr(res, 400, `Too many networks: the limit is ${MAX_NETWORKS} per request`);
    const t = m.nowMs();
    const data = items.map(({ network, address }) => {
      const chain = m.chainByAlchemyNetwork(network);
      if (!chain) return { network, address, prices: [], error: `Unsupported network: ${network}` };
      const tk = m.tokenOn(chain, address);
      const prices = tk ? priceList(m, tk.asset, t) : null;
      return prices ? { network, address, prices, error: null } : { network, address, prices: [], error: 'Token not found' };
    });
    res.json({ data });
  });

  r.post('/prices/v1/:apiKey/tokens/historical', pricesAuth, (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const interval = body.interval === undefined ? '1d' : scalarText(body.interval);
    const spec = INTERVALS[interval];
    if (!spec) return aerr(res, 400, "interval must be one of '5m', '1h', '1d'");
    const start = parseTime(body.startTime);
    const endReq = parseTime(body.endTime);
    if (start === undefined || endReq === undefined) return aerr(res, 400, 'startTime and endTime are required (ISO 8601 or unix seconds)');
    if (endReq <= start) return aerr(res, 400, 'endTime must be after startTime');
    if (endReq - start > spec.maxRangeMs) return aerr(res, 400, `The time range is too large for interval ${interval}`);
    let asset: Asset | undefined;
    let token: Token | undefined;
    const hasSymbol = typeof body.symbol === 'string' && body.symbol !== '';
    const hasAddress = typeof body.network === 'string' && typeof body.address === 'string';
    if (hasSymbol === hasAddress) return aerr(res, 400, 'Provide either symbol, or network and address');
    if (hasSymbol) asset = m.assetBySymbol(String(body.symbol));
    else {
      const chain = m.chainByAlchemyNetwork(String(body.network));
      if (!chain) return aerr(res, 400, `Unsupported network: ${String(body.network)}`);
      token = m.tokenOn(chain, String(body.address));
      asset = token?.asset;
    }
    if (!asset || asset.unpriced) return aerr(res, 404, 'Token not found');
    const end = Math.min(endReq, m.nowMs());
    const points: Record<string, string>[] = [];
    const withMarket = body.withMarketData === true;
    const supply = token?.circSupply ?? m.tokens.find((x) => x.asset === asset)?.circSupply ?? 1e9;
    for (let ts = Math.ceil(start / spec.stepMs) * spec.stepMs; ts <= end; ts += spec.stepMs) {
      const p = m.price(asset, ts);
      if (p === null) continue;
      const pt: Record<string, string> = { value: plainNumber(p), timestamp: iso(ts) };
      if (withMarket) {
        pt.marketCap = plainNumber(p * supply);
        pt.totalVolume = plainNumber(Math.round(p * supply * 0.03 * 100) / 100);
      }
      points.push(pt);
    }
    const head = hasSymbol ? { symbol: String(body.symbol) } : { network: String(body.network), address: String(body.address) };
    res.json({ ...head, currency: 'usd', data: points });
  });
}
