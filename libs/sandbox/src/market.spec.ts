import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createMarket, DAY_MS, FIXTURES, SandboxMarket } from './market';
import { mulberry32, walk } from './prng';
import { BASE58_ADDRESS, EVM_ADDRESS, NOW } from './test/helpers';

const SCOUT_CHAINS = ['Solana', 'Ethereum', 'Base', 'BSC', 'Monad', 'Hyperliquid L1', 'Robinhood Chain'];

describe('sandbox market', () => {
  const m = createMarket({ seed: 42, now: () => NOW });

  it('never uses Math.random', () => {
    const files: string[] = [];
    const walkDir = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) walkDir(p);
        else if (p.endsWith('.ts') && !p.endsWith('.spec.ts')) files.push(p);
      }
    };
    walkDir(__dirname);
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) expect(readFileSync(f, 'utf8')).not.toMatch(/Math\.random\s*\(/);
  });

  it('mulberry32 is a deterministic PRNG in [0,1)', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(new Set(xs).size).toBe(1000);
  });

  it('has the 7 Scout chains under their DefiLlama names, plus others', () => {
    const names = m.chains.map((c) => c.name);
    for (const c of SCOUT_CHAINS) expect(names).toContain(c);
    expect(names).toContain('Arbitrum');
    expect(names.length).toBeGreaterThan(7);
  });

  it('has ~40 protocols over the required categories, with per-chain TVL summing to the total', () => {
    expect(m.protocols.length).toBeGreaterThanOrEqual(38);
    const cats = new Set(m.protocols.map((p) => p.category));
    for (const c of ['Dexs', 'Lending', 'Derivatives', 'Options', 'Prediction Market', 'CDP', 'Liquid Staking']) expect(cats).toContain(c);
    for (const p of m.protocols) {
      const per = m.protocolChainTvls(p);
      expect(Object.keys(per)).toEqual(p.chains);
      expect(Object.values(per).reduce((a, b) => a + b, 0)).toBe(m.protocolTvl(p));
      expect(['0', '1', '2', '3']).toContain(p.audits);
      expect(p.auditLinks.length).toBe(Number(p.audits));
    }
    expect(new Set(m.protocols.map((p) => p.slug)).size).toBe(m.protocols.length);
    expect(new Set(m.protocols.map((p) => p.id)).size).toBe(m.protocols.length);
  });

  it('has ~60 tokens with addresses of the right shape and the SOL/USDC mints', () => {
    expect(m.tokens.length).toBeGreaterThanOrEqual(55);
    for (const t of m.tokens) {
      if (t.chain.evm) expect(t.address).toMatch(EVM_ADDRESS);
      else expect(t.address).toMatch(BASE58_ADDRESS);
      expect(t.confidence).toBeGreaterThanOrEqual(0.8);
      expect(t.confidence).toBeLessThanOrEqual(0.99);
    }
    expect(m.tokenByMintAddress(FIXTURES.solMint)?.symbol).toBe('SOL');
    expect(m.tokenByMintAddress(FIXTURES.usdcMint)?.symbol).toBe('USDC');
    for (const c of SCOUT_CHAINS) expect(m.tokens.some((t) => t.chain.name === c)).toBe(true);
    const keys = m.tokens.map((t) => t.coinsKey.toLowerCase());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has ~12 stablecoins near $1 with one depegged', () => {
    expect(m.stablecoins.length).toBe(12);
    const prices = m.stablecoins.map((s) => m.price(s.asset)!);
    expect(prices.filter((p) => Math.abs(p - 1) < 0.01).length).toBe(11);
    expect(m.price(m.stablecoins.find((s) => s.id === FIXTURES.stablecoins.depegged)!.asset)!).toBeLessThan(0.97);
  });

  it('has ~150 yield pools, ~40 hacks in the last 5 years, some of them on listed protocols', () => {
    expect(m.pools.length).toBeGreaterThanOrEqual(120);
    expect(m.pools.length).toBeLessThanOrEqual(180);
    expect(new Set(m.pools.map((p) => p.pool)).size).toBe(m.pools.length);
    const hacks = m.hacks();
    expect(hacks.length).toBeGreaterThanOrEqual(25);
    expect(hacks.length).toBeLessThanOrEqual(70);
    const ids = new Set(m.protocols.map((p) => Number(p.id)));
    const linked = hacks.filter((h) => h.defillamaId !== null);
    expect(linked.length).toBeGreaterThan(0);
    for (const h of linked) expect(ids.has(h.defillamaId!)).toBe(true);
    for (const h of hacks) expect(h.date).toBeLessThanOrEqual(Math.floor(NOW / 1000));
  });

  it('is a pure function of seed and time', () => {
    const a = createMarket({ seed: 7, now: () => NOW });
    const b = createMarket({ seed: 7, now: () => NOW });
    const c = createMarket({ seed: 8, now: () => NOW });
    const snap = (x: SandboxMarket) => ({
      prices: x.tokens.map((t) => x.tokenPrice(t)),
      tvl: x.protocols.map((p) => x.protocolTvl(p)),
      pools: x.pools.map((p) => x.poolState(p)),
      hacks: x.hacks(),
      stables: x.stablecoins.map((s) => x.stableTotal(s)),
    });
    expect(snap(a)).toEqual(snap(b));
    expect(snap(a)).not.toEqual(snap(c));
    // Identities do not depend on the seed.
    expect(a.tokens.map((t) => t.address)).toEqual(c.tokens.map((t) => t.address));
    expect(a.pools.map((p) => p.pool)).toEqual(c.pools.map((p) => p.pool));
  });

  it('moves with time: prices and TVL change, continuously', () => {
    const sol = m.tokenByMintAddress(FIXTURES.solMint)!;
    const p0 = m.tokenPrice(sol, NOW)!;
    const p1 = m.tokenPrice(sol, NOW + 60_000)!;
    const p2 = m.tokenPrice(sol, NOW + 3_600_000)!;
    expect(p1).not.toBe(p0);
    expect(p2).not.toBe(p0);
    expect(Math.abs(p1 / p0 - 1)).toBeLessThan(0.01);
    const aave = m.protocol('aave-v3')!;
    expect(m.protocolTvl(aave, NOW + 3_600_000)).not.toBe(m.protocolTvl(aave, NOW));
  });

  it('has history with an all-time high and moves over a year', () => {
    const sol = m.tokenByMintAddress(FIXTURES.solMint)!;
    const daily = Array.from({ length: 400 }, (_, i) => m.tokenPrice(sol, NOW - i * DAY_MS)!);
    const ath = Math.max(...daily);
    expect(ath).toBeGreaterThan(daily[0]);
    expect(Math.max(...daily) / Math.min(...daily)).toBeGreaterThan(1.2);
  });

  it('walk() gives values that vary and stay bounded', () => {
    const xs = Array.from({ length: 2000 }, (_, i) => walk(1, 2, NOW + i * DAY_MS, 0.04));
    expect(Math.max(...xs.map(Math.abs))).toBeLessThan(1.5);
    expect(new Set(xs).size).toBe(2000);
  });

  it('exposes seed-independent fixtures', () => {
    const f = m.fixtures;
    expect(m.protocol(f.protocols.lending)?.category).toBe('Lending');
    expect(m.protocol(f.protocols.perps)?.category).toBe('Derivatives');
    expect(m.pools.some((p) => p.pool === f.pools.aaveV3EthereumUsdc)).toBe(true);
    expect(m.tokenPrice(m.tokenByMintAddress(f.unpricedSolanaMint)!)).toBeNull();
    expect(m.tokenByMintAddress(f.noRouteSolanaMint)?.noRoute).toBe(true);
    expect(createMarket({ seed: 99 }).fixtures).toEqual(f);
  });
});
