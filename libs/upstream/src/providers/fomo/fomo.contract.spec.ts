import type { UpstreamCall, UpstreamSource } from '../../upstream.types';
import { FomoClient } from './fomo.client';
import { FomoTokenClient } from './fomo-token.client';
import * as fx from './fomo.fixture';
import * as doc from './fomo.documented';
import { fomoProbes } from './fomo.probes';

/*
 * FOMO's sparse answers. FOMO publishes no reference; its fields are known from the peer's captured
 * answers and upstreams.md §2.1 (fomo.fixture.ts). A field those show only sometimes is read as
 * optional: here each answer keeps only what Scout requires (docs/providers.md, "Assumed without a
 * public document") and the client must still read it, with null for everything else.
 */

class CannedSource implements UpstreamSource {
  readonly name = 'fomo';
  constructor(private readonly answer: unknown) {}
  async request<T>(_call: UpstreamCall, parse: (raw: unknown) => T): Promise<T> {
    return Promise.resolve(parse(this.answer));
  }
}

const client = (answer: unknown) => new FomoClient(new CannedSource(answer));

describe('FOMO answers with only the fields Scout requires', () => {
  it('fomo:/v2/leaderboard/{window}: window, and rank, handle, userId per trader', async () => {
    const sparse = { window: '7d', traders: fx.LEADERBOARD_7D.traders.map((t) => ({ rank: t.rank, handle: t.handle, userId: t.userId })) };
    const board = await client(sparse).leaderboard('7d');
    expect(board.traders.map((t) => t.handle)).toEqual(fx.LEADERBOARD_7D.traders.map((t) => t.handle));
    expect(board.traders[0]).toMatchObject({ pnlUsd: null, volumeUsd: null, trades: null, wallets: null, displayName: null, verified: null });
  });

  it.each([
    ['fomo:/v2/users/{handle}', (c: FomoClient) => c.userByHandle('pricedin')],
    ['fomo:/v2/users/id/{userId}', (c: FomoClient) => c.userById(fx.PRICEDIN_ID)],
  ])('%s: userId and handle', async (_label, read) => {
    const profile = await read(client({ userId: fx.PRICEDIN_ID, handle: 'pricedin' }));
    expect(profile).toMatchObject({ userId: fx.PRICEDIN_ID, handle: 'pricedin', pnl: null, wallets: null, swapCount: null, followers: null, twitter: null });
  });

  it('fomo:/v2/users/{userId}/positions: tradeId and token.address per position', async () => {
    const page = await client({ trades: [{ tradeId: fx.TRADE_ID, token: { address: fx.PAID } }] }).positionsPage(fx.PRICEDIN_ID);
    expect(page.trades).toHaveLength(1);
    expect(page.trades[0]).toMatchObject({ tradeId: fx.TRADE_ID, token: { address: fx.PAID, symbol: null, imageUrl: null } });
  });

  it('fomo:/v2/users/{userId}/swaps: swapId, tokenIn and tokenOut addresses per swap', async () => {
    const answer = { swaps: [{ swapId: 's1', tokenIn: { address: fx.PAID }, tokenOut: { address: fx.ORBIO } }] };
    const page = await client(answer).swapsPage(fx.PRICEDIN_ID, { limit: 5 });
    expect(page.swaps).toHaveLength(1);
    expect(page.swaps[0]).toMatchObject({ swapId: 's1', tokenIn: { address: fx.PAID }, tokenOut: { address: fx.ORBIO } });
  });

  it('fomo:/v2/users/{userId}/balances: token per holding', async () => {
    const balances = await client({ holdings: [{ token: { address: fx.PAID } }] }).balances(fx.PRICEDIN_ID);
    expect(balances.holdings).toHaveLength(1);
    expect(balances.holdings[0]).toMatchObject({ token: { address: fx.PAID, symbol: null } });
  });

  it.each([
    ['fomo:/v2/users/{userId}/following', (c: FomoClient) => c.following(fx.PRICEDIN_ID, 5)],
    ['fomo:/v2/users/{userId}/followers', (c: FomoClient) => c.followers(fx.PRICEDIN_ID, 5)],
  ])('%s: userId and handle per entry', async (_label, read) => {
    const list = await read(client({ users: [{ userId: fx.TAKIN_ID, handle: 'ExactTallTakin' }] }));
    expect(list.users).toEqual([expect.objectContaining({ userId: fx.TAKIN_ID, handle: 'ExactTallTakin' })]);
  });
});

describe('FOMO token answers with only the fields Scout requires', () => {
  const tokens = (answer: unknown) => new FomoTokenClient(new CannedSource(answer));

  it('fomo:/v2/token/{address}/stats: address and the windows object', async () => {
    const stats = await tokens({ address: fx.PAID, windows: {} }).tokenStats(fx.PAID);
    expect(stats).toMatchObject({ address: fx.PAID, priceUsd: null, holders: null });
  });

  it('fomo:/v2/leaderboard/tokens/{board}: board, and rank and token.address per item', async () => {
    const board = await tokens({ board: 'trending', tokens: [{ rank: 1, token: { address: fx.PAID } }] }).tokenBoard('trending');
    expect(board.tokens).toHaveLength(1);
    expect(board.tokens[0]).toMatchObject({ rank: 1, priceUsd: null, marketCapUsd: null });
  });

  it('fomo:/v2/token/{address}/devs and fomo:/token/{address}/holders: empty lists read as none', async () => {
    await expect(tokens({ devs: [] }).tokenDevs(fx.PAID)).resolves.toBeDefined();
    await expect(tokens({ holders: [] }).tokenHolders(fx.PAID)).resolves.toBeDefined();
  });
});

/*
 * Every endpoint label of both clients on its documented answer (fomo.documented.ts names the
 * capture or the upstreams.md line each follows), and on the same answer with every maybe() field
 * absent, then null: the documented answer maps to the values the tools read, and both blank
 * variants read as the same answer with nulls (empty lists), never a throw.
 */

type Clients = { traders: FomoClient; tokens: FomoTokenClient };
type Json = Record<string, unknown>;
const both = (answer: unknown): Clients => ({ traders: new FomoClient(new CannedSource(answer)), tokens: new FomoTokenClient(new CannedSource(answer)) });

/** The answer with only the fields in `keep` (identifiers and the lists and objects holding them). */
function onlyRequired(value: unknown, keep: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => onlyRequired(v, keep));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value as Json).flatMap(([k, v]) => (keep.includes(k) ? [[k, onlyRequired(v, keep)]] : [])));
}

/** The answer with every field outside `keep` set to null. */
function nulled(value: unknown, keep: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => nulled(v, keep));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, keep.includes(k) ? nulled(v, keep) : null]));
}

interface ContractCase {
  label: string;
  answer: unknown;
  /** The fields Scout's schema requires on this route (kept in the blank variants). */
  keep: readonly string[];
  read: (c: Clients) => Promise<unknown>;
  /** What the client hands on from the documented answer. */
  documented: (out: any) => void;
  /** What it hands on when every optional field is missing. */
  blank: (out: any) => void;
}

const THESIS_KEEP = ['theses', 'thesisId', 'text'] as const;
const theses = (label: string, read: ContractCase['read']): ContractCase => ({
  label,
  answer: doc.THESES,
  keep: THESIS_KEEP,
  read,
  documented: (p) =>
    expect(p.theses[0]).toMatchObject({
      thesisId: 'th-1',
      handle: 'pricedin',
      token: { address: fx.PAID, symbol: 'PAID', name: null },
      equity: 5200,
      pnlUsd: null,
    }),
  blank: (p) =>
    expect(p).toEqual({
      theses: [expect.objectContaining({ thesisId: 'th-1', text: doc.THESES.theses[0].text, token: null, handle: null, likes: null })],
      cursor: null,
    }),
});

const CASES: ContractCase[] = [
  {
    label: 'fomo:/v2/me',
    answer: doc.ME,
    keep: [],
    read: (c) => c.traders.me(),
    documented: (me) =>
      expect(me).toEqual({
        plan: 'starter',
        credits: { monthly: 2500000, usedThisMonth: 120000, prepaid: 0, remaining: 2380000 },
        streams: { appFeed: true, onChain: false },
      }),
    blank: (me) => expect(me).toEqual({ plan: null, credits: null, streams: null }),
  },
  {
    label: 'fomo:/v2/leaderboard/{window}',
    answer: doc.LEADERBOARD,
    keep: ['window', 'traders', 'rank', 'handle', 'userId'],
    read: (c) => c.traders.leaderboard('7d'),
    documented: (b) => {
      expect(b.traders.map((t: Json) => [t.rank, t.handle, t.pnlUsd])).toEqual([
        [1, 'ExactTallTakin', 776563],
        [2, 'pricedin', 687219],
        [5, 'B3N_', 450789],
      ]);
      expect(b.traders[1].topTokens[0]).toEqual(expect.objectContaining({ tokenAddress: fx.ORBIO, symbol: null, value: 1461012.6085158577 }));
      expect(b.traders[2].wallets).toEqual({
        solana: '9PB1RLFsp65qLJ1SQMmcx2ff8Zn6cPYkYqMCWUfVC3sc',
        evm: null,
        verified: true,
        evidence: { solana: 'onchain-holdings' },
        status: null,
      });
      expect(b.traders[0]).toMatchObject({ clan: null, twitter: null, description: null, imageUrl: null });
    },
    blank: (b) =>
      expect(b.traders[0]).toMatchObject({ rank: 1, handle: 'ExactTallTakin', pnlUsd: null, trades: null, wallets: null, topTokens: [], verified: null }),
  },
  ...(['fomo:/v2/users/{handle}', 'fomo:/v2/users/id/{userId}'] as const).map((label): ContractCase => ({
    label,
    answer: doc.PROFILE,
    keep: ['userId', 'handle'],
    read: (c) => (label === 'fomo:/v2/users/{handle}' ? c.traders.userByHandle('@pricedin') : c.traders.userById(fx.PRICEDIN_ID)),
    documented: (p) =>
      expect(p).toMatchObject({
        handle: 'pricedin',
        pnl: null,
        volumeUsd: 933687,
        swapCount: null,
        accountAgeDays: null,
        averageHoldTimeSeconds: null,
        topTokens: [],
      }),
    blank: (p) => expect(p).toMatchObject({ userId: fx.PRICEDIN_ID, handle: 'pricedin', wallets: null, followers: null, createdAt: null, private: null }),
  })),
  {
    label: 'fomo:/v2/users/{userId}/positions',
    answer: doc.POSITIONS,
    keep: ['trades', 'tradeId', 'token', 'address'],
    read: (c) => c.traders.positionsPage(fx.PRICEDIN_ID),
    documented: (p) => {
      expect(p.cursor).toBe('c2');
      expect(p.trades[0]).toMatchObject({
        tradeId: fx.TRADE_ID,
        status: 'closed',
        realizedPnlUsd: 2648.23,
        token: { address: fx.PAID, symbol: 'PAID', imageUrl: null },
      });
      expect(p.trades[1]).toMatchObject({ avgEntryPrice: null, avgExitPrice: null, token: { address: fx.ORBIO, symbol: null } });
    },
    blank: (p) => {
      expect(p).toMatchObject({ cursor: null, closedTotal: null, available: null });
      expect(p.trades[1]).toMatchObject({
        tradeId: 'b8ba3e43-5d93-4dfa-ada4-5f80ebcc129a',
        status: null,
        realizedPnlUsd: null,
        closedAt: null,
        token: { address: fx.ORBIO, symbol: null },
      });
    },
  },
  {
    label: 'fomo:/v2/users/{userId}/swaps',
    answer: doc.SWAPS,
    keep: ['swaps', 'swapId', 'tokenIn', 'tokenOut', 'address'],
    read: (c) => c.traders.swapsPage(fx.PRICEDIN_ID, { limit: 5 }),
    documented: (p) =>
      expect(p).toMatchObject({
        complete: false,
        cursor: null,
        swaps: [{ swapId: 's-1', tradeIdOut: fx.TRADE_ID, tokenOut: { address: fx.PAID, usd: 5200, symbol: null } }],
      }),
    blank: (p) =>
      expect(p.swaps[0]).toMatchObject({
        side: null,
        at: null,
        humanUsdAmountIn: null,
        tokenIn: { address: 'So11111111111111111111111111111111111111112', amount: null, usd: null },
      }),
  },
  {
    label: 'fomo:/v2/users/{userId}/balances',
    answer: doc.BALANCES,
    keep: ['holdings', 'token', 'address'],
    read: (c) => c.traders.balances(fx.PRICEDIN_ID),
    documented: (b) => {
      expect(b).toMatchObject({ totalValueUsd: 1792167, capped: null, byChain: { bsc: { holdings: 4, valueUsd: 208.16 } } });
      expect(b.holdings[0]).toMatchObject({ token: { symbol: 'ORBIO', address: fx.ORBIO, networkId: null }, amount: null, valueUsd: 1461148.83 });
    },
    blank: (b) => {
      expect(b).toMatchObject({ totalValueUsd: null, byChain: null, capped: null });
      expect(b.holdings[0]).toMatchObject({ token: { address: fx.ORBIO, symbol: null }, valueUsd: null, chain: null, tradeId: null });
    },
  },
  ...(['following', 'followers'] as const).map((direction): ContractCase => ({
    label: `fomo:/v2/users/{userId}/${direction}`,
    answer: doc.SOCIAL,
    keep: ['users', 'userId', 'handle'],
    read: (c) => c.traders[direction](fx.PRICEDIN_ID, 5),
    documented: (l) =>
      expect(l).toMatchObject({
        total: null,
        sourceCapped: null,
        users: [
          { handle: 'ExactTallTakin', pnl24h: null, followers: 50932 },
          { handle: 'frankdegods', accountAgeDays: null },
        ],
      }),
    blank: (l) => expect(l.users[1]).toMatchObject({ handle: 'frankdegods', followers: null, pnlUsd: null, verified: null }),
  })),
  {
    label: 'fomo:/v2/users/{userId}/spotlight',
    answer: doc.SPOTLIGHT,
    keep: ['bestTrades', 'bestTheses', 'tradeId', 'token', 'address', 'thesisId', 'text'],
    read: (c) => c.traders.spotlight(fx.PRICEDIN_ID),
    documented: (s) =>
      expect(s).toMatchObject({
        bestTrades: [{ tradeId: fx.TRADE_ID, realizedPnlUsd: 2648.23, pnlUsd: null, thesis: null }],
        bestTheses: [{ thesisId: 'th-1', likes: 41 }],
      }),
    blank: (s) =>
      expect(s).toMatchObject({
        bestTrades: [{ tradeId: fx.TRADE_ID, costBasisUsd: null, openedAt: null }],
        bestTheses: [{ thesisId: 'th-1', token: { address: fx.PAID, symbol: null }, likes: null }],
      }),
  },
  {
    label: 'fomo:/v2/search',
    answer: doc.SEARCH,
    keep: ['traders', 'tokens', 'userId', 'handle', 'address'],
    read: (c) => c.traders.search('pricedin', { type: 'traders', limit: 5 }),
    documented: (r) =>
      expect(r).toEqual({
        tokens: [],
        traders: [expect.objectContaining({ handle: 'pricedin', pnlUsd: 687219, displayName: null, imageUrl: null, createdAt: null })],
      }),
    blank: (r) => expect(r.traders[0]).toMatchObject({ handle: 'pricedin', pnlUsd: null, wallets: null, followers: null }),
  },
  theses('fomo:/v2/thesis/user/{id}', (c) => c.traders.thesesByUser(fx.PRICEDIN_ID)),
  theses('fomo:/v2/thesis/user/{id}/token/{address}', (c) => c.traders.thesesByUser(fx.PRICEDIN_ID, { tokenAddress: fx.PAID })),
  theses('fomo:/v2/thesis/token/{address}', (c) => c.tokens.thesesForToken(fx.PAID)),
  theses('fomo:/v2/thesis', (c) => c.tokens.recentTheses()),
  {
    label: 'fomo:/v2/trades/{tradeId}',
    answer: doc.TRADE,
    keep: ['tradeId', 'token', 'address', 'text'],
    read: (c) => c.traders.trade(fx.TRADE_ID),
    documented: (t) => {
      expect(t).toMatchObject({
        tradeId: fx.TRADE_ID,
        source: 'live',
        liquidityUsd: 120000,
        transfers: [],
        thesis: { text: 'cheap entry, strong holders', thesisId: null },
      });
      expect(t.swaps.map((s: Json) => [s.side, s.humanUsdAmountIn, s.tokenIn])).toEqual([
        ['buy', 5200, null],
        ['sell', 7848.23, null],
      ]);
    },
    blank: (t) => expect(t).toMatchObject({ tradeId: fx.TRADE_ID, swaps: [], transfers: [], thesis: null, realizedPnlUsd: null, handle: null }),
  },
  {
    label: 'fomo:/v2/trades/{tradeId}/comments',
    answer: doc.COMMENTS,
    keep: ['comments', 'commentId', 'userId', 'text'],
    read: (c) => c.traders.tradeComments(fx.TRADE_ID, 5),
    documented: (list) =>
      expect(list.map((x: Json) => [x.commentId, x.handle, x.links])).toEqual([
        ['c-1', 'ExactTallTakin', []],
        ['c-2', null, ['https://fomo.family/t/x']],
      ]),
    blank: (list) => expect(list[1]).toMatchObject({ commentId: 'c-2', handle: null, parentId: null, isReply: null, links: [] }),
  },
  {
    label: 'fomo:/v2/token/{address}/stats',
    answer: doc.TOKEN_STATS,
    keep: ['address', 'windows'],
    read: (c) => c.tokens.tokenStats(doc.TOKEN_STATS.address),
    documented: (s) => {
      expect(s.windows['5m']).toEqual({
        buys: 607,
        sells: 560,
        uniqueBuyers: 352,
        uniqueSellers: 337,
        buyVolumeUsd: 85509,
        sellVolumeUsd: 91082,
        netVolumeUsd: -5573,
        buySellRatio: 1.084,
      });
      expect(s.windows['24h']).toMatchObject({ sells: 0, buySellRatio: null });
    },
    blank: (s) =>
      expect(s).toEqual({
        address: doc.TOKEN_STATS.address,
        networkId: null,
        priceUsd: null,
        holders: null,
        top10HoldersPercent: null,
        windows: { '5m': null, '1h': null, '4h': null, '24h': null },
      }),
  },
  {
    label: 'fomo:/v2/token/{address}/devs',
    answer: doc.TOKEN_DEVS,
    keep: ['devs'],
    read: (c) => c.tokens.tokenDevs(fx.PAID),
    documented: (devs) =>
      expect(devs).toEqual([
        expect.objectContaining({
          handle: 'pricedin',
          isDev: true,
          unrealizedPnlUsd: 3853.74,
          averageEntryPrice: null,
          thesis: expect.objectContaining({ text: 'my launch' }),
        }),
      ]),
    blank: (devs) => expect(devs[0]).toMatchObject({ userId: null, handle: null, isDev: null, valueUsd: null, thesis: null }),
  },
  {
    label: 'fomo:/v2/token/{address}/candles',
    answer: doc.CANDLES,
    keep: ['resolution', 'candles', 't', 'o', 'h', 'l', 'c'],
    read: (c) => c.tokens.candles('GAwhcphCqCv5bKHmCiN4VDdNWfbXJL4npmkc8L3Q9S9H', { resolution: '60', countBack: 2 }),
    documented: (k) => {
      expect(k).toMatchObject({
        address: 'GAwhcphCqCv5bKHmCiN4VDdNWfbXJL4npmkc8L3Q9S9H',
        networkId: 1399811149,
        resolution: '60',
        source: 'live',
        stale: false,
      });
      expect(k.candles[1]).toEqual({
        t: 1790913600,
        o: 0.0006300916516424594,
        h: 0.005257409088144541,
        l: 0.0005894981011109273,
        c: 0.0029747752721077086,
        v: 6143171.582238408,
      });
    },
    blank: (k) =>
      expect(k).toMatchObject({
        address: 'GAwhcphCqCv5bKHmCiN4VDdNWfbXJL4npmkc8L3Q9S9H',
        networkId: null,
        source: null,
        stale: null,
        candles: [expect.objectContaining({ v: null }), expect.objectContaining({ t: 1790913600, v: null })],
      }),
  },
  {
    label: 'fomo:/v2/tokens/search',
    answer: doc.TOKEN_SEARCH,
    keep: ['results', 'address'],
    read: (c) => c.tokens.searchTokens('PAID'),
    documented: (r) =>
      expect(r).toEqual([
        { address: fx.PAID, name: 'Paid', symbol: 'PAID', networkId: 1399811149, network: 'solana', priceUsd: 0.00396, marketCapUsd: 3960000 },
      ]),
    blank: (r) => expect(r).toEqual([{ address: fx.PAID, name: null, symbol: null, networkId: null, network: null, priceUsd: null, marketCapUsd: null }]),
  },
  {
    label: 'fomo:/token/{address}/holders',
    answer: doc.TOKEN_HOLDERS,
    keep: ['holders', 'handle'],
    read: (c) => c.tokens.tokenHolders(fx.PAID),
    documented: (h) => expect(h).toEqual({ capturedAt: null, holders: doc.TOKEN_HOLDERS.holders.map((x) => ({ ...x, userId: null, priceUsd: null })) }),
    blank: (h) => expect(h.holders[0]).toEqual({ handle: 'lizzerd', userId: null, amount: null, valueUsd: null, priceUsd: null }),
  },
  {
    label: 'fomo:/v2/leaderboard/tokens/{board}',
    answer: doc.TOKEN_BOARD,
    keep: ['board', 'tokens', 'rank', 'token', 'address'],
    read: (c) => c.tokens.tokenBoard('trending'),
    documented: (b) =>
      expect(b).toMatchObject({
        board: 'trending',
        stale: false,
        available: true,
        tokens: [{ rank: 1, token: { symbol: 'PAID', address: fx.PAID }, fomoBuyers: 19, volume24hUsd: 7040880 }],
      }),
    blank: (b) =>
      expect(b).toMatchObject({
        stale: null,
        available: null,
        tokens: [{ rank: 1, token: { name: null, symbol: null, address: fx.PAID, networkId: null }, holders: null, priceUsd: null }],
      }),
  },
  {
    label: 'fomo:/v2/alerts',
    answer: doc.ALERTS,
    keep: ['alerts', 'eventId'],
    read: (c) => c.tokens.alerts(),
    documented: (a) => {
      expect(a.alerts[0]).toMatchObject({ type: 'buy', alertType: null, usdValue: 14726.98, tradeUsd: 5000, token: 'www', chainId: 1399811149 });
      expect(a.alerts[1]).toMatchObject({ type: null, alertType: 'sell', usdValue: -2100.5, tradeUsd: null });
    },
    blank: (a) => {
      expect(a.cursor).toBeNull();
      expect(a.alerts.map((x: Json) => [x.eventId, x.type, x.alertType, x.token, x.usdValue, x.ts])).toEqual([
        ['ev-1', null, null, null, null, null],
        ['ev-2', null, null, null, null, null],
      ]);
    },
  },
];

describe('FOMO documented answers, and the same with every optional field absent or null', () => {
  it('covers every endpoint label of both clients', () => {
    expect(new Set(CASES.map((c) => c.label))).toEqual(new Set(fomoProbes(both(null)).map((p) => p.endpoint)));
  });

  describe.each(CASES.map((c) => [c.label, c] as const))('%s', (_label, c) => {
    it('maps the documented answer', async () => c.documented(await c.read(both(c.answer))));

    it('reads it with only the required fields, and with the rest null, alike', async () => {
      const absent = await c.read(both(onlyRequired(c.answer, c.keep)));
      c.blank(absent);
      expect(await c.read(both(nulled(c.answer, c.keep)))).toEqual(absent);
    });
  });

  it.each(['24h', '7d', '30d', 'all'] as const)('a %s board reads (every window FOMO documents)', async (window) => {
    await expect(both({ ...doc.LEADERBOARD, window }).traders.leaderboard(window)).resolves.toMatchObject({ window });
  });

  it.each(['trending', 'most-held', 'graduated'] as const)('the %s token board reads (every board FOMO documents)', async (board) => {
    await expect(both({ ...doc.TOKEN_BOARD, board }).tokens.tokenBoard(board)).resolves.toMatchObject({ board });
  });

  it('a token without devs reads as none (the captured analyze_token)', async () => {
    await expect(both(doc.TOKEN_DEVS_NONE).tokens.tokenDevs(fx.PAID)).resolves.toEqual([]);
  });
});
