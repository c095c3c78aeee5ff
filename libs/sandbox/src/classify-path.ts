import type { Provider } from './faults';

/** Which provider a request is for, its route (the path after the prefix, keys removed), and whether it is JSON-RPC. */
export interface Classified {
  provider: Provider;
  route: string;
  rpc: boolean;
}

/** Provider and route (path after the provider prefix, API key removed) of a request path. */
export function classifyPath(path: string): Classified | null {
  let p = path;
  try {
    p = decodeURIComponent(path);
  } catch {
    /* keep raw */
  }
  if (p === '/defillama' || p.startsWith('/defillama/')) {
    const rest = p.slice('/defillama'.length) || '/';
    const pro = /^\/pro\/[^/]+(\/.*)?$/.exec(rest);
    return { provider: 'defillama', route: pro ? `/pro${pro[1] ?? ''}` : rest, rpc: false };
  }
  if (p === '/jupiter' || p.startsWith('/jupiter/')) return { provider: 'jupiter', route: p.slice('/jupiter'.length) || '/', rpc: false };
  if (p === '/fomo' || p.startsWith('/fomo/')) return { provider: 'fomo', route: p.slice('/fomo'.length) || '/', rpc: false };
  if (p === '/dexscreener' || p.startsWith('/dexscreener/')) return { provider: 'dexscreener', route: p.slice('/dexscreener'.length) || '/', rpc: false };
  if (p === '/solana-tracker' || p.startsWith('/solana-tracker/'))
    return { provider: 'solana-tracker', route: p.slice('/solana-tracker'.length) || '/', rpc: false };
  if (p === '/launchpad' || p.startsWith('/launchpad/')) return { provider: 'launchpad', route: p.slice('/launchpad'.length) || '/', rpc: false };
  if (p === '/alchemy' || p.startsWith('/alchemy/')) {
    const rest = p.slice('/alchemy'.length) || '/';
    const prices = /^\/prices\/v1\/[^/]+(\/.*)?$/.exec(rest);
    if (prices) return { provider: 'alchemy', route: `/prices/v1${prices[1] ?? ''}`, rpc: false };
    const data = /^\/data\/v1\/[^/]+(\/.*)?$/.exec(rest);
    if (data) return { provider: 'alchemy', route: `/data/v1${data[1] ?? ''}`, rpc: false };
    const rpc = /^\/([^/]+)\/v2\/[^/]+\/?$/.exec(rest);
    if (rpc) return { provider: 'alchemy', route: `/${rpc[1]}/v2`, rpc: true };
    return { provider: 'alchemy', route: rest, rpc: false };
  }
  return null;
}
