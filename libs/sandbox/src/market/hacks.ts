/** The hacks DefiLlama lists (`/hacks`): a seeded weekly process, linked to the protocols listed by then. */
import { hash32, hashString, mulberry32, pick, unit } from '../prng';
import { DAY_S, type Hack, type Protocol } from './types';

const mround = Math.round;

const WORD_KEYS = {
  hack: hashString('hacks'),
};

/**
 * Hacks are events of a seeded weekly process over absolute time: every week has a ~16% chance of
 * one. `/hacks` lists those of the last ~5 years up to now, oldest first.
 */
export function hacksUntil(seed: number, protocols: readonly Protocol[], tMs: number): Hack[] {
  const nowSec = Math.floor(tMs / 1000);
  const weekNow = Math.floor(nowSec / (7 * DAY_S));
  const out: Hack[] = [];
  const techniques: [string, string][] = [
    ['Protocol Logic', 'Flash Loan Price Oracle Attack'],
    ['Protocol Logic', 'Reentrancy'],
    ['Protocol Logic', 'Infinite Mint and Dump'],
    ['Protocol Logic', 'Rounding Error'],
    ['Infrastructure', 'Private Key Compromised'],
    ['Infrastructure', 'Frontend Attack'],
    ['Ecosystem', 'Governance Attack'],
    ['Rugpull', 'Rug Pull'],
    ['Infrastructure', 'Multisig Compromised'],
  ];
  const targets = ['DeFi Protocol', 'Bridge', 'CEX', 'Gaming', 'Wallet', 'DeFi Protocol', 'DeFi Protocol'];
  const nameParts = ['Nova', 'Orbit', 'Quasar', 'Helix', 'Vertex', 'Zenith', 'Lumen', 'Cobalt', 'Aegis', 'Nimbus', 'Pulse', 'Vortex'];
  const nameSuffix = ['Finance', 'Swap', 'Bridge', 'Lend', 'DAO', 'Protocol', 'Exchange'];
  for (let w = weekNow - 260; w <= weekNow; w++) {
    if (unit(seed, WORD_KEYS.hack, w) >= 0.16) continue;
    const r = mulberry32(hash32(seed, WORD_KEYS.hack, w, 1));
    const date = (w * 7 + Math.floor(r() * 7)) * DAY_S;
    if (date > nowSec) continue;
    const listed = protocols.filter((p) => p.listedAt <= date);
    const linked = r() < 0.35 && listed.length > 0 ? pick(r, listed) : null;
    const [classification, technique] = pick(r, techniques);
    const targetType = linked ? 'DeFi Protocol' : pick(r, targets);
    const bridgeHack = targetType === 'Bridge';
    // Chains that existed then: those with a protocol listed before the hack.
    const live = [...new Set(listed.flatMap((p) => p.chains))];
    const chainPool = linked ? linked.chains : live.length ? live : ['Ethereum'];
    const chain = [pick(r, chainPool)];
    if (bridgeHack) {
      const other = pick(r, live.length ? live : ['Ethereum']);
      if (other !== chain[0]) chain.push(other);
    }
    const amount = r() < 0.1 ? null : mround(10 ** (5 + r() * 3.6));
    const returned = amount !== null && r() < 0.25 ? mround(amount * r() * 0.8) : null;
    const name = linked ? linked.name : `${pick(r, nameParts)} ${pick(r, nameSuffix)}`;
    const solana = chain[0] === 'Solana';
    out.push({
      date,
      name,
      classification,
      technique,
      amount,
      chain,
      bridgeHack,
      targetType,
      source: `https://rekt.news/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-rekt/`,
      returnedFunds: returned,
      defillamaId: linked ? Number(linked.id) : null,
      language: classification === 'Protocol Logic' ? (solana ? 'Rust' : 'Solidity') : null,
    });
  }
  return out;
}
