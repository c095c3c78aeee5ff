/**
 * Sandbox market build time: every test, `npm start` and every bench builds the synthetic market,
 * so building it must stay cheap. Builds BENCH_MARKETS (default 20) markets with different seeds
 * at one fixed instant, prints the mean and the slowest, and exits 1 when the mean passes
 * BENCH_MARKET_MAX_MS (default 200 ms, the bound the market's unit spec used to time).
 *
 *   npm run bench:sandbox
 */
import { performance } from 'node:perf_hooks';
import { createMarket } from '@scout/sandbox';

const MARKETS = Number(process.env.BENCH_MARKETS ?? 20);
const MAX_MEAN_MS = Number(process.env.BENCH_MARKET_MAX_MS ?? 200);
const NOW = Date.parse('2026-11-20T12:00:00.000Z');

const times: number[] = [];
for (let seed = 0; seed < MARKETS; seed++) {
  const t0 = performance.now();
  createMarket({ seed, now: () => NOW });
  times.push(performance.now() - t0);
}
const mean = times.reduce((a, b) => a + b, 0) / times.length;
const slowest = Math.max(...times);
process.stdout.write(`sandbox market: ${MARKETS} builds, mean ${mean.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms (limit: mean ${MAX_MEAN_MS} ms)\n`);
if (mean > MAX_MEAN_MS) process.exit(1);
