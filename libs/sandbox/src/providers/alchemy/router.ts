/**
 * Multichain token data API stand-in (Alchemy), mounted at /alchemy:
 * - Prices API: `GET /prices/v1/{apiKey}/tokens/by-symbol?symbols=ETH&symbols=BTC` (≤25),
 *   `POST /prices/v1/{apiKey}/tokens/by-address` `{addresses:[{network,address}]}` (≤25, ≤3
 *   networks), `POST /prices/v1/{apiKey}/tokens/historical` `{symbol | network+address,
 *   startTime, endTime, interval:'5m'|'1h'|'1d'}`. Errors `{ error: { message } }`.
 * - Token metadata JSON-RPC: `POST /{network}/v2/{apiKey}` with
 *   `{jsonrpc:'2.0', id, method:'alchemy_getTokenMetadata', params:[address]}` →
 *   `{jsonrpc, id, result:{name, symbol, decimals, logo}}` (EVM networks; also eth_chainId,
 *   eth_blockNumber). Unknown key → 401 `{jsonrpc, id, error:{code:-32600, message:'Must be authenticated!'}}`.
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { DAY_MS, SandboxMarket, type Asset, type Token } from '../../market';
import { authMessage, errorBody } from '../../errors';
import { iso, plainNumber, qsList } from '../../util';

export interface AlchemyOptions {
  keys: string[];
}

const MAX_SYMBOLS = 25;
const MAX_ADDRESSES = 25;
const MAX_NETWORKS = 3;
const INTERVALS: Record<string, { stepMs: number; maxRangeMs: number }> = {
  '5m': { stepMs: 5 * 60_000, maxRangeMs: 7 * DAY_MS },
  '1h': { stepMs: 3_600_000, maxRangeMs: 30 * DAY_MS },
  '1d': { stepMs: DAY_MS, maxRangeMs: 365 * DAY_MS },
};

function aerr(res: Response, status: number, message: string): void {
  res.status(status).json(errorBody('alchemy', status, message));
}

function priceList(m: SandboxMarket, asset: Asset, t: number) {
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

export function alchemyRouter(m: SandboxMarket, opts: AlchemyOptions): Router {
  const r = Router();
  const keys = new Set(opts.keys);

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
      if (typeof item !== 'object' || item === null || typeof (item as { network?: unknown }).network !== 'string' || typeof (item as { address?: unknown }).address !== 'string') {
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
    const interval = body.interval === undefined ? '1d' : String(body.interval);
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

  // ── JSON-RPC (token metadata)
  r.post('/:network/v2/:apiKey', (req, res) => {
    const network = String(req.params.network);
    const payload = req.body as unknown;
    const firstId = Array.isArray(payload) ? null : ((payload as { id?: unknown } | undefined)?.id ?? null);
    if (!keys.has(String(req.params.apiKey))) {
      return res.status(401).json(errorBody('alchemy', 401, authMessage('alchemy', true), { rpc: true, rpcId: firstId }));
    }
    const chain = m.chainByAlchemyNetwork(network);
    if (!chain) return res.status(404).json(errorBody('alchemy', 404, `Unsupported network: ${network}`, { rpc: true, rpcId: firstId }));
    const one = (call: unknown) => {
      const c = (call ?? {}) as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
      const id = c.id ?? null;
      const fail = (code: number, message: string) => ({ jsonrpc: '2.0', id, error: { code, message } });
      if (c.jsonrpc !== '2.0' || typeof c.method !== 'string') return fail(-32600, 'Invalid Request');
      const params = Array.isArray(c.params) ? c.params : [];
      switch (c.method) {
        case 'eth_chainId':
          if (!chain.evm || chain.chainId === null) return fail(-32601, `Unsupported method: ${c.method} on ${network}`);
          return { jsonrpc: '2.0', id, result: `0x${chain.chainId.toString(16)}` };
        case 'eth_blockNumber':
          if (!chain.evm) return fail(-32601, `Unsupported method: ${c.method} on ${network}`);
          return { jsonrpc: '2.0', id, result: `0x${Math.floor((m.nowSec() - 1_600_000_000) / 2 + 10_000_000).toString(16)}` };
        case 'alchemy_getTokenMetadata': {
          if (!chain.evm) return fail(-32601, `Unsupported method: ${c.method} on ${network}`);
          const address = params[0];
          if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
            return fail(-32602, 'invalid 1st argument: address value was not valid hex');
          }
          const tk = m.tokenOn(chain, address);
          if (!tk) return { jsonrpc: '2.0', id, result: { name: null, symbol: null, decimals: null, logo: null } };
          return { jsonrpc: '2.0', id, result: { name: tk.name, symbol: tk.symbol, decimals: tk.decimals, logo: tk.logo } };
        }
        default:
          return fail(-32601, `Unsupported method: ${c.method}`);
      }
    };
    if (Array.isArray(payload)) {
      if (payload.length === 0) return res.status(400).json(errorBody('alchemy', 400, 'Empty batch', { rpc: true, rpcId: null }));
      return res.json(payload.map(one));
    }
    res.json(one(payload));
  });

  return r;
}
