/**
 * The tracked traders' wallets as the chain shows them, drawn from the FOMO stand-in's books (the
 * one synthetic market): a wallet holds, token by token, what its trader's open positions on that
 * chain hold (the FOMO balances), and its transfers are the moves behind every fill of those
 * positions, at the fill's instant and amounts:
 *
 *   buy          funding in (quote token, from the trader's funding wallet), then the swap:
 *                quote out to the token's pool, token in from the pool
 *   sell         the swap: token out to the pool, quote in from the pool; then the proceeds swept
 *                back to the funding wallet
 *   transferIn   token in from the position's peer wallet;  transferOut: token out to it
 *
 * So the quote token nets to zero at every instant and each token's transfers add up to what the
 * wallet holds. The swap's transfers carry the FOMO swap's own hash. A wallet's transactions (its
 * nonce) are the ones it sent: swaps, sweeps and transfers out. A wallet no tracked trader owns has
 * nothing. Only the books' kept history exists (FOMO's last 90 days and launch positions).
 */
import type { ChainInfo, SandboxMarket, Token } from '../../market';
import { evmAddress, hash32, hashString, mulberry32 } from '../../prng';
import { positionState } from '../fomo/accounting';
import type { TradersBooks } from '../fomo/flow';
import type { FomoUser } from '../fomo/population';
import type { FomoPosition } from '../fomo/types';
import { transferPeer, txHash } from '../fomo/views';
import { mainPoolAddress } from '../dexscreener/pairs';

/** The block at an instant: two-second blocks, the same clock as `eth_blockNumber`. */
export function blockAt(tMs: number): number {
  return Math.floor((Math.floor(tMs / 1000) - 1_600_000_000) / 2 + 10_000_000);
}

/** `amount` in base units, through its decimal digits (no float ever holds the raw amount). */
export function toRawUnits(amount: number, decimals: number): bigint {
  if (!(amount > 0)) return 0n;
  if (amount >= 1e21) return BigInt(Math.round(amount)) * 10n ** BigInt(decimals);
  const [whole, frac = ''] = amount.toFixed(decimals).split('.');
  return BigInt(whole + frac);
}

export interface WalletHolding {
  token: Token;
  /** Human units: the sum of the trader's open positions in the token. */
  amount: number;
}

export interface ChainTransfer {
  at: number;
  block: number;
  hash: string;
  /** Order inside the transaction (the ERC-20 log index). */
  logIndex: number;
  /** Native coin moves are external; token moves erc20. */
  category: 'external' | 'erc20';
  from: string;
  to: string;
  /** The token contract; null for the native coin. */
  contract: string | null;
  symbol: string;
  decimals: number;
  amount: number;
}

const ROLE_FUNDING = hashString('alchemy:funding');
const ROLE_SWEEP = hashString('alchemy:sweep');

export class WalletBook {
  private owners: { evm: Map<string, FomoUser>; solana: Map<string, FomoUser> } | null = null;

  constructor(
    private readonly market: SandboxMarket,
    private readonly books: () => TradersBooks,
  ) {}

  /** The tracked trader owning `wallet` on `chain` (EVM any case, Solana exact), if any. */
  owner(chain: ChainInfo, wallet: string): FomoUser | undefined {
    if (!this.owners) {
      const evm = new Map<string, FomoUser>();
      const solana = new Map<string, FomoUser>();
      for (const u of this.books().population.traders) {
        evm.set(u.wallets.evm.toLowerCase(), u);
        solana.set(u.wallets.solana, u);
      }
      this.owners = { evm, solana };
    }
    return chain.evm ? this.owners.evm.get(wallet.toLowerCase()) : this.owners.solana.get(wallet);
  }

  /** The wallet's own address on `chain` (EVM lowercased). */
  address(u: FomoUser, chain: ChainInfo): string {
    return chain.evm ? u.wallets.evm.toLowerCase() : u.wallets.solana;
  }

  /** What the wallet holds on `chain` at t, by token address. */
  holdings(u: FomoUser, chain: ChainInfo, t: number): WalletHolding[] {
    const byToken = new Map<Token, number>();
    for (const p of this.positionsOn(u, chain, t)) {
      const amount = positionState(p.events, t).amount;
      if (amount > 0) byToken.set(p.token, (byToken.get(p.token) ?? 0) + amount);
    }
    return [...byToken].map(([token, amount]) => ({ token, amount })).sort((a, b) => (a.token.address.toLowerCase() < b.token.address.toLowerCase() ? -1 : 1));
  }

  /** Every transfer from or to the wallet on an EVM chain up to t, oldest first. */
  transfers(u: FomoUser, chain: ChainInfo, t: number): ChainTransfer[] {
    if (!chain.evm) return [];
    const own = this.address(u, chain);
    const funder = fundingWallet(u);
    const seed = this.market.seed;
    const out: ChainTransfer[] = [];
    for (const p of this.positionsOn(u, chain, t)) {
      const quoteToken = this.market.tokenOn(chain, p.quote.address);
      const quote = { contract: quoteToken ? quoteToken.address.toLowerCase() : null, symbol: p.quote.symbol, decimals: quoteToken?.decimals ?? 18 };
      const token = { contract: p.token.address.toLowerCase(), symbol: p.token.symbol, decimals: p.token.decimals };
      const pool = mainPoolAddress(p.token).toLowerCase();
      for (const e of p.events) {
        if (e.at > t) break;
        const block = blockAt(e.at);
        const hash = txHash(seed, p, e);
        const move = (h: string, logIndex: number, from: string, to: string, what: typeof quote, amount: number): ChainTransfer => ({
          at: e.at,
          block,
          hash: h,
          logIndex,
          category: what.contract === null ? 'external' : 'erc20',
          from,
          to,
          ...what,
          amount,
        });
        // The quote side of a swap, as FOMO's swap row prices it.
        const quoteAmount = e.usd / (this.market.price(p.quote.asset, e.at) ?? 1);
        switch (e.kind) {
          case 'buy':
            out.push(move(sideHash(seed, ROLE_FUNDING, p, e.seq), 0, funder, own, quote, quoteAmount));
            out.push(move(hash, 0, own, pool, quote, quoteAmount), move(hash, 1, pool, own, token, e.amount));
            break;
          case 'sell':
            out.push(move(hash, 0, own, pool, token, e.amount), move(hash, 1, pool, own, quote, quoteAmount));
            out.push(move(sideHash(seed, ROLE_SWEEP, p, e.seq), 0, own, funder, quote, quoteAmount));
            break;
          case 'transferIn':
            out.push(move(hash, 0, transferPeer(seed, p), own, token, e.amount));
            break;
          case 'transferOut':
            out.push(move(hash, 0, own, transferPeer(seed, p), token, e.amount));
            break;
        }
      }
    }
    // Same block: funding before the swap before the sweep, as pushed (a stable sort keeps it).
    return out.sort((a, b) => a.at - b.at);
  }

  /** Transactions the wallet sent on `chain` in blocks up to `block`: its nonce there. */
  sentCount(u: FomoUser, chain: ChainInfo, t: number, block = blockAt(t)): number {
    const own = this.address(u, chain);
    const hashes = new Set<string>();
    for (const x of this.transfers(u, chain, t)) if (x.from === own && x.block <= block) hashes.add(x.hash);
    return hashes.size;
  }

  private positionsOn(u: FomoUser, chain: ChainInfo, t: number): FomoPosition[] {
    return this.books()
      .positions(u, t)
      .filter((p) => p.chain.name === chain.name);
  }
}

/** Where a trader's wallet is funded from and swept back to (an exchange deposit address of theirs). */
export function fundingWallet(u: FomoUser): string {
  return evmAddress(mulberry32(hashString(`alchemy:funding-wallet:${u.userId}`)));
}

/** The hash of a funding or sweep transaction beside a fill. */
function sideHash(seed: number, role: number, p: FomoPosition, seq: number): string {
  const rand = mulberry32(hash32(seed, role, p.user, p.day, p.slot, seq));
  return `0x${Array.from({ length: 64 }, () => Math.floor(rand() * 16).toString(16)).join('')}`;
}
