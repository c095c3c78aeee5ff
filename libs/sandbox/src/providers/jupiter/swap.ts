/**
 * Jupiter Metis swap v1 (`/swap/v1/quote`, `/swap/v1/program-id-to-label`): hub pairs (SOL, USDC)
 * trade directly, anything else routes through USDC, each leg a constant-product pool priced on the
 * market.
 */
import type { Router } from 'express';
import type { SandboxMarket, Token } from '../../market';
import { hashString, round, unit } from '../../prng';
import { decimalString, qs, qsBool, qsList, toInt } from '../../util';
import { jerr } from './errors';

export const HUBS = new Set(['So11111111111111111111111111111111111111112', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v']);

interface Leg {
  pool: Token;
  from: Token;
  to: Token;
  fee: number;
}

export function swapRoutes(r: Router, m: SandboxMarket): void {
  const usdc = m.tokenByMintAddress('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')!;
  const sol = m.tokenByMintAddress('So11111111111111111111111111111111111111112')!;
  r.get('/swap/v1/program-id-to-label', (_req, res) => {
    res.json({
      JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4: 'Jupiter V6',
      whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc: 'Orca Whirlpool',
      CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK: 'Raydium CLMM',
      LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo: 'Meteora DLMM',
      '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8': 'Raydium',
      pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA: 'Pump.fun Amm',
      cpamdpZCGKUy5JxQXB4dcpGPiikHawvSWAd6mEn1sGG: 'Meteora DAMM v2',
    });
  });

  r.get('/swap/v1/quote', (req, res) => {
    const inputMint = qs(req, 'inputMint');
    const outputMint = qs(req, 'outputMint');
    const amountRaw = qs(req, 'amount');
    for (const [name, v] of [
      ['inputMint', inputMint],
      ['outputMint', outputMint],
      ['amount', amountRaw],
    ] as const) {
      if (v === undefined || v === '') return jerr(res, 400, `Query parameter ${name} is required`);
    }
    if (!/^\d+$/.test(amountRaw!) || BigInt(amountRaw!) === 0n || BigInt(amountRaw!) > 18446744073709551615n) {
      return jerr(res, 400, 'Query parameter amount must be a positive u64 integer');
    }
    const slippageBps = toInt(qs(req, 'slippageBps')) ?? 50;
    if (slippageBps < 0 || slippageBps > 10_000) return jerr(res, 400, 'Query parameter slippageBps must be between 0 and 10000');
    const swapMode = qs(req, 'swapMode') ?? 'ExactIn';
    if (swapMode !== 'ExactIn' && swapMode !== 'ExactOut') return jerr(res, 400, 'Query parameter swapMode must be ExactIn or ExactOut');
    const platformFeeBps = toInt(qs(req, 'platformFeeBps')) ?? 0;
    if (platformFeeBps < 0 || platformFeeBps > 10_000) return jerr(res, 400, 'Query parameter platformFeeBps must be between 0 and 10000');
    if (inputMint === outputMint) return jerr(res, 400, 'Input and output mints are not allowed to be equal', 'CIRCULAR_ARBITRAGE_IS_DISABLED');
    const inTk = m.tokenByMintAddress(inputMint!);
    const outTk = m.tokenByMintAddress(outputMint!);
    if (!inTk) return jerr(res, 400, `The token ${inputMint} is not tradable`, 'TOKEN_NOT_TRADABLE');
    if (!outTk) return jerr(res, 400, `The token ${outputMint} is not tradable`, 'TOKEN_NOT_TRADABLE');
    const noRoute = () => jerr(res, 400, 'Could not find any route', 'COULD_NOT_FIND_ANY_ROUTE');
    const t = m.nowMs();
    const pIn = m.tokenPrice(inTk, t);
    const pOut = m.tokenPrice(outTk, t);
    const pUsdc = m.tokenPrice(usdc, t)!;
    if (pIn === null || pOut === null) return noRoute();
    for (const tk of [inTk, outTk]) if (tk.noRoute || m.liquidity(tk, t) <= 0) return noRoute();

    // Legs: hub pairs trade directly; anything else routes through USDC.
    const feeOf = (pool: Token) => (HUBS.has(pool.address) ? 0.0004 : pool.launchpad === 'pump.fun' ? 0.0025 : 0.002);
    const legs: Leg[] = [];
    const inHub = HUBS.has(inTk.address);
    const outHub = HUBS.has(outTk.address);
    if (inHub && outHub) legs.push({ pool: sol, from: inTk, to: outTk, fee: feeOf(sol) });
    else if (inHub || outHub) {
      const pool = inHub ? outTk : inTk;
      legs.push({ pool, from: inTk, to: outTk, fee: feeOf(pool) });
    } else {
      if (qsBool(req, 'onlyDirectRoutes')) return noRoute();
      legs.push({ pool: inTk, from: inTk, to: usdc, fee: feeOf(inTk) });
      legs.push({ pool: outTk, from: usdc, to: outTk, fee: feeOf(outTk) });
    }
    const dexes = qsList(req, 'dexes').map((d) => d.replace(/\+/g, ' ').toLowerCase());
    const exclude = qsList(req, 'excludeDexes').map((d) => d.replace(/\+/g, ' ').toLowerCase());
    for (const leg of legs) {
      const label = leg.pool.venue.toLowerCase();
      if (dexes.length && !dexes.includes(label)) return noRoute();
      if (exclude.includes(label)) return noRoute();
    }
    const reserve = (leg: Leg) => (leg.pool === sol ? Math.min(m.liquidity(sol, t), m.liquidity(usdc, t)) : m.liquidity(leg.pool, t)) / 2;
    const priceOf = (tk: Token) => (tk === usdc ? pUsdc : tk === inTk ? pIn : tk === outTk ? pOut : m.tokenPrice(tk, t)!);
    const raw = (usd: number, tk: Token, up = false) => {
      const x = (usd / priceOf(tk)) * 10 ** tk.decimals;
      return BigInt(Math.max(0, up ? Math.ceil(x) : Math.floor(x)));
    };

    // USD flowing through each leg: [in, feeUsd, out]; impact per leg on a constant-product reserve.
    const flows: { inUsd: number; feeUsd: number; outUsd: number }[] = [];
    let impactKeep = 1;
    let inAmount: bigint;
    let outAmount: bigint;
    let platformFee = 0n;
    if (swapMode === 'ExactIn') {
      let x = (Number(amountRaw) / 10 ** inTk.decimals) * pIn;
      const startUsd = x;
      for (const leg of legs) {
        const R = reserve(leg);
        const afterFee = x * (1 - leg.fee);
        const out = (afterFee * R) / (R + afterFee);
        impactKeep *= R / (R + afterFee);
        flows.push({ inUsd: x, feeUsd: x * leg.fee, outUsd: out });
        x = out;
      }
      inAmount = BigInt(amountRaw!);
      outAmount = raw(x, outTk);
      if (platformFeeBps > 0) {
        platformFee = (outAmount * BigInt(platformFeeBps)) / 10_000n;
        outAmount -= platformFee;
      }
      if (outAmount <= 0n || startUsd <= 0) return noRoute();
    } else {
      let y = (Number(amountRaw) / 10 ** outTk.decimals) * pOut;
      const rev: { inUsd: number; feeUsd: number; outUsd: number }[] = [];
      for (let i = legs.length - 1; i >= 0; i--) {
        const R = reserve(legs[i]);
        if (y >= R * 0.95) return noRoute();
        const afterFee = (y * R) / (R - y);
        const x = afterFee / (1 - legs[i].fee);
        impactKeep *= (R - y) / R;
        rev.unshift({ inUsd: x, feeUsd: x * legs[i].fee, outUsd: y });
        y = x;
      }
      flows.push(...rev);
      outAmount = BigInt(amountRaw!);
      inAmount = raw(y, inTk, true);
      if (platformFeeBps > 0) {
        platformFee = (inAmount * BigInt(platformFeeBps)) / 10_000n;
        inAmount += platformFee;
      }
    }
    const threshold =
      swapMode === 'ExactIn' ? (outAmount * BigInt(10_000 - slippageBps)) / 10_000n : (inAmount * BigInt(10_000 + slippageBps) + 9_999n) / 10_000n;
    const routePlan = legs.map((leg, i) => {
      const f = flows[i];
      const legIn = i === 0 ? inAmount - (swapMode === 'ExactOut' ? platformFee : 0n) : raw(f.inUsd, leg.from);
      const legOut = i === legs.length - 1 ? outAmount + (swapMode === 'ExactIn' ? platformFee : 0n) : raw(f.outUsd, leg.to);
      return {
        swapInfo: {
          ammKey: leg.pool.ammKey,
          label: leg.pool.venue,
          inputMint: leg.from.address,
          outputMint: leg.to.address,
          inAmount: legIn.toString(),
          outAmount: legOut.toString(),
          feeAmount: raw(f.feeUsd, leg.to).toString(),
          feeMint: leg.to.address,
        },
        percent: 100,
        bps: 10_000,
      };
    });
    const impact = Math.max(0, 1 - impactKeep);
    res.json({
      inputMint,
      inAmount: inAmount.toString(),
      outputMint,
      outAmount: outAmount.toString(),
      otherAmountThreshold: threshold.toString(),
      swapMode,
      slippageBps,
      // As Jupiter answers (jup-ag/docs swap/v1/get-quote.mdx): null unless platformFeeBps was asked.
      platformFee: qs(req, 'platformFeeBps') === undefined ? null : { amount: platformFee.toString(), feeBps: platformFeeBps },
      priceImpactPct: decimalString(impact, 10),
      routePlan,
      contextSlot: m.slotAt(t),
      timeTaken: round(0.002 + unit(m.seed, hashString(`${inputMint}${outputMint}${amountRaw}`), 0) * 0.03, 9),
      mostReliableAmmsQuoteReport: { info: { [routePlan[0].swapInfo.ammKey]: routePlan[0].swapInfo.outAmount } },
    });
  });
}
