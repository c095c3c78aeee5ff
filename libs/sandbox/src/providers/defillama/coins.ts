/**
 * DefiLlama stand-in: coins.llama.fi, mounted at /defillama/coins (current, historical and first
 * prices, charts, percentage changes, batchHistorical, blocks). One price per coin and instant: the
 * market's.
 */
import { Router } from 'express';
import { DAY_S, type Asset, type SandboxMarket, type Token } from '../../market';
import { parsePeriod, qs, qsBool, splitUnique, toInt } from '../../util';
import { badRequest } from './errors';

function coinEntry(m: SandboxMarket, resolved: { token: Token | null; asset: Asset }, tMs: number) {
  const price = m.price(resolved.asset, tMs);
  if (price === null) return null;
  const out: Record<string, unknown> = {};
  if (resolved.token) out.decimals = resolved.token.decimals;
  out.price = price;
  out.symbol = resolved.token ? resolved.token.symbol : resolved.asset.symbol;
  out.timestamp = Math.floor(tMs / 1000);
  out.confidence = resolved.token ? resolved.token.confidence : 0.99;
  return out;
}

function symbolOf(resolved: { token: Token | null; asset: Asset }): string {
  return resolved.token ? resolved.token.symbol : resolved.asset.symbol;
}

function firstSeenMs(resolved: { token: Token | null; asset: Asset }): number {
  return resolved.token ? Date.parse(resolved.token.createdAt) : Date.UTC(2020, 0, 1);
}

export function defillamaCoinsRouter(m: SandboxMarket): Router {
  const r = Router();

  r.get('/prices/current/:coins', (req, res) => {
    const t = m.nowMs();
    const coins: Record<string, unknown> = {};
    for (const key of splitUnique(String(req.params.coins))) {
      const resolved = m.resolveCoinsKey(key);
      if (!resolved) continue;
      const e = coinEntry(m, resolved, t);
      if (e) coins[key] = e;
    }
    res.json({ coins });
  });

  r.get('/prices/historical/:timestamp/:coins', (req, res) => {
    const ts = toInt(String(req.params.timestamp));
    if (ts === undefined || ts < 0) return badRequest(res, 'Invalid timestamp');
    const nowMs = m.nowMs();
    const coins: Record<string, unknown> = {};
    if (ts * 1000 <= nowMs) {
      for (const key of splitUnique(String(req.params.coins))) {
        const resolved = m.resolveCoinsKey(key);
        if (!resolved || ts * 1000 < firstSeenMs(resolved)) continue;
        const e = coinEntry(m, resolved, ts * 1000);
        if (e) coins[key] = e;
      }
    }
    res.json({ coins });
  });

  r.get('/prices/first/:coins', (req, res) => {
    const coins: Record<string, unknown> = {};
    for (const key of splitUnique(String(req.params.coins))) {
      const resolved = m.resolveCoinsKey(key);
      if (!resolved) continue;
      const first = firstSeenMs(resolved);
      const price = m.price(resolved.asset, first);
      if (price === null) continue;
      coins[key] = { price, symbol: symbolOf(resolved), timestamp: Math.floor(first / 1000) };
    }
    res.json({ coins });
  });

  r.get('/chart/:coins', (req, res) => {
    const nowSec = m.nowSec();
    const period = parsePeriod(qs(req, 'period'), DAY_S);
    if (period === null) return badRequest(res, 'Invalid period');
    const start = toInt(qs(req, 'start'));
    const endParam = toInt(qs(req, 'end'));
    const spanParam = toInt(qs(req, 'span'));
    if (start !== undefined && endParam !== undefined) return badRequest(res, 'use either start or end parameter, not both');
    const stamps: number[] = [];
    if (start !== undefined) {
      const span = spanParam ?? Math.floor((nowSec - start) / period) + 1;
      for (let i = 0; i < Math.min(span, 1000); i++) {
        const ts = start + i * period;
        if (ts > nowSec) break;
        stamps.push(ts);
      }
    } else {
      const end = Math.min(endParam ?? nowSec, nowSec);
      const span = Math.min(spanParam ?? 1, 1000);
      for (let i = span - 1; i >= 0; i--) stamps.push(end - i * period);
    }
    const coins: Record<string, unknown> = {};
    for (const key of splitUnique(String(req.params.coins))) {
      const resolved = m.resolveCoinsKey(key);
      if (!resolved) continue;
      const first = firstSeenMs(resolved) / 1000;
      const prices: { timestamp: number; price: number }[] = [];
      for (const ts of stamps) {
        if (ts < first) continue;
        const p = m.price(resolved.asset, ts * 1000);
        if (p !== null) prices.push({ timestamp: ts, price: p });
      }
      if (prices.length === 0) continue;
      const entry: Record<string, unknown> = {};
      if (resolved.token) entry.decimals = resolved.token.decimals;
      entry.symbol = symbolOf(resolved);
      entry.confidence = resolved.token ? resolved.token.confidence : 0.99;
      entry.prices = prices;
      coins[key] = entry;
    }
    res.json({ coins });
  });

  r.get('/percentage/:coins', (req, res) => {
    const nowSec = m.nowSec();
    const period = parsePeriod(qs(req, 'period'), DAY_S);
    if (period === null) return badRequest(res, 'Invalid period');
    const ts = Math.min(toInt(qs(req, 'timestamp')) ?? nowSec, nowSec);
    const forward = qsBool(req, 'lookForward') ?? false;
    const a = forward ? ts : ts - period;
    const b = forward ? Math.min(ts + period, nowSec) : ts;
    const coins: Record<string, number> = {};
    for (const key of splitUnique(String(req.params.coins))) {
      const resolved = m.resolveCoinsKey(key);
      if (!resolved) continue;
      const pa = m.price(resolved.asset, a * 1000);
      const pb = m.price(resolved.asset, b * 1000);
      if (pa === null || pb === null || pa === 0) continue;
      coins[key] = (pb / pa - 1) * 100;
    }
    res.json({ coins });
  });

  r.get('/batchHistorical', (req, res) => {
    const raw = qs(req, 'coins');
    if (!raw) return badRequest(res, 'coins parameter is required');
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return badRequest(res, 'coins must be a JSON object of {"chain:address": [timestamps]}');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return badRequest(res, 'coins must be a JSON object');
    const nowSec = m.nowSec();
    const coins: Record<string, unknown> = {};
    for (const [key, stamps] of Object.entries(parsed as Record<string, unknown>)) {
      if (!Array.isArray(stamps)) return badRequest(res, `timestamps of ${key} must be an array`);
      const resolved = m.resolveCoinsKey(key);
      if (!resolved) continue;
      const first = firstSeenMs(resolved) / 1000;
      const prices: { timestamp: number; price: number; confidence: number }[] = [];
      for (const s of stamps) {
        const ts = Number(s);
        if (!Number.isFinite(ts) || ts > nowSec || ts < first) continue;
        const p = m.price(resolved.asset, Math.floor(ts) * 1000);
        if (p !== null) prices.push({ timestamp: Math.floor(ts), price: p, confidence: resolved.token ? resolved.token.confidence : 0.99 });
      }
      if (prices.length) coins[key] = { symbol: symbolOf(resolved), prices };
    }
    res.json({ coins });
  });

  r.get('/block/:chain/:timestamp', (req, res) => {
    const chain = m.chainByName(String(req.params.chain));
    const ts = toInt(String(req.params.timestamp));
    if (!chain || ts === undefined) return badRequest(res, 'Invalid chain or timestamp provided');
    const blockTime = chain.name === 'Ethereum' ? 12 : chain.name === 'BSC' ? 0.75 : chain.name === 'Solana' ? 0.4 : chain.name === 'Arbitrum' ? 0.25 : 1;
    const t = Math.min(ts, m.nowSec());
    res.json({ height: Math.floor((t - 1_600_000_000) / blockTime) + 10_000_000, timestamp: t });
  });
  return r;
}
