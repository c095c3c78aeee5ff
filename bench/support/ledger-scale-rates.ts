import { load, median } from './load';

/**
 * Rates of some routes through several APIs (bench/ledger-scale.bench.ts: a fresh database's and a
 * filled one's), in interleaved rounds: each round runs every route on every side in turn, so a
 * change in the machine's load falls on all of them alike.
 */

export interface RateSide {
  name: string;
  base: string;
  /** The key the side's calls carry (its account). */
  key: string;
}

export interface RateRoute {
  name: string;
  path: string;
}

export interface RateOptions {
  rounds: number;
  seconds: number;
  connections: number;
  /** Told after each round: the rates of that round, by route then side. */
  onRound?: (round: number, rates: Record<string, Record<string, number>>) => void;
}

/** Every side's median rate (2xx answers a second) of each route; a run with a failed answer throws. */
export async function compareRates(sides: RateSide[], routes: RateRoute[], options: RateOptions): Promise<Record<string, Record<string, number>>> {
  const run = async (side: RateSide, route: RateRoute, seconds: number) => {
    const result = await load({ url: side.base + route.path, connections: options.connections, seconds, headers: { authorization: `Bearer ${side.key}` } });
    if (result.failed > 0) throw new Error(`${route.name} (${side.name}): ${result.failed} failed answers`);
    return result.rps;
  };
  // Warm-up: JIT, pools, the response cache, each key's auth cache.
  for (const side of sides) for (const route of routes) await run(side, route, 2);
  const all: Record<string, Record<string, number[]>> = Object.fromEntries(routes.map((r) => [r.name, Object.fromEntries(sides.map((s) => [s.name, []]))]));
  for (let round = 1; round <= options.rounds; round++) {
    const now: Record<string, Record<string, number>> = {};
    for (const route of routes) {
      now[route.name] = {};
      for (const side of sides) {
        now[route.name][side.name] = await run(side, route, options.seconds);
        all[route.name][side.name].push(now[route.name][side.name]);
      }
    }
    options.onRound?.(round, now);
  }
  return Object.fromEntries(routes.map((r) => [r.name, Object.fromEntries(sides.map((s) => [s.name, median(all[r.name][s.name])]))]));
}
