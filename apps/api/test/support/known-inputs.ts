import { SANDBOX_KEYS } from '@scout/sandbox';
import { readFomo } from './fomo-sandbox';
import type { Entries, Seeds } from './schema-arbitraries';
import type { TestApp } from './test-app';

/**
 * Inputs the sandbox answers, for the fuzz test: random handles, addresses and ids never name
 * anything the sandbox knows, so without these the trader and token tools only ever answer 400,
 * 404 or 502 and "a 200 charges exactly the cost" barely runs for them. Every value comes from
 * the sandbox itself (GET /__control/fixtures, and its FOMO provider read directly, past Scout),
 * read at the pinned instant the test runs at, so the inputs and their answers never depend on the
 * calendar day.
 */

/** Per tool: whole inputs, each answered 200 by the sandbox when no fault is injected. */
export type KnownInputs = Record<string, Entries[]>;

type Json = any;
const HOUR_MS = 3_600_000;
/** A public address (a private one is refused); the alerts made here are set never to fire. */
const HOOK = 'http://93.184.216.34/scout-fuzz-hook';

/** Every value each field takes in a tool's known inputs: the seeds of its generated inputs. */
export function fieldSeeds(inputs: Entries[]): Seeds {
  const seeds: Seeds = {};
  for (const entries of inputs) {
    for (const [name, value] of entries) {
      const seen = (seeds[name] ??= []);
      if (!seen.some((v) => JSON.stringify(v) === JSON.stringify(value))) seen.push(value);
    }
  }
  return seeds;
}

/**
 * Reads what the sandbox knows and builds known inputs for every tool. `call` runs a tool as the
 * fuzzing account (without a fault): the alerts and snapshots the delete and compare tools need
 * are made through Scout, as a caller would make them.
 */
export async function readKnownInputs(
  t: Pick<TestApp, 'sandbox'>,
  now: number,
  call: (tool: string, body: object) => Promise<{ status: number; body: Json }>,
): Promise<KnownInputs> {
  const fixtures: Json = await (await fetch(`${t.sandbox.url}/__control/fixtures`)).json();
  const fomo = fixtures.fomo;
  // Tracked traders (never the "resolving" ones, whose first read answers 409).
  const traders: Array<{ handle: string; userId: string }> = [...fomo.traders, fomo.mostFollowed, ...fomo.launches.slice(0, 2).map((l: Json) => l.dev)];
  const handles = traders.map((u) => u.handle);
  const userIds = traders.map((u) => u.userId);
  const traderNames = [...handles, ...userIds.slice(0, 2), `@${handles[0]}`, handles[1].toUpperCase()];

  // Tokens on FOMO's trending board (what tracked traders trade), Solana and EVM.
  const board: Json[] = (await readFomo(t, '/v2/leaderboard/tokens/trending?limit=100')).tokens;
  const solana = board
    .filter((r) => r.network === 'solana')
    .slice(0, 4)
    .map((r) => r.token.address as string);
  const evm = board.find((r) => r.token.address.startsWith('0x'));
  const tokens: Entries[] = [
    ...solana.map((address): Entries => [['address', address]]),
    [
      ['address', solana[0]],
      ['chain', 'solana'],
    ],
    ...(evm
      ? [
          [
            ['address', evm.token.address],
            ['chain', evm.network],
          ] as Entries,
        ]
      : []),
  ];
  const launches: string[] = fomo.launches.slice(0, 3).map((l: Json) => l.address);
  // A launch coin's developer wallet (FOMO's dev row), the deployer service_token_deployer finds for it.
  const launchDev: string = (await readFomo(t, `/v2/token/${launches[0]}/devs`)).devs.find((d: Json) => d.isDev).wallet;

  // Trades: a developer's launch trade, and the newest positions of a tracked trader.
  const positions: Json[] = (await readFomo(t, `/v2/users/${userIds[0]}/positions?status=all`)).trades;
  const trades: Array<{ tradeId: string; trader: string }> = [
    ...positions.slice(0, 3).map((p) => ({ tradeId: p.tradeId as string, trader: handles[0] })),
    ...fomo.launches.slice(0, 2).map((l: Json) => ({ tradeId: l.dev.tradeId as string, trader: l.dev.handle as string })),
  ];
  const heldToken: string | undefined = positions[0]?.token?.address;

  // Solana wallets of leaderboard traders (their PnL is their FOMO positions on Solana).
  const leaderWallets: string[] = ((await readFomo(t, '/v2/leaderboard/7d?limit=3')).traders as Json[]).map((r) => r.wallets.solana as string);
  // Tracked traders' wallets: they hold and move the traders' FOMO positions on the sandbox's chains.
  const profiles: Json[] = await Promise.all(handles.slice(0, 2).map((h) => readFomo(t, `/v2/users/${h}`)));
  const evmWallets = profiles.map((p) => p.wallets.evm as string);
  const solanaWallets = profiles.map((p) => p.wallets.solana as string);

  // Alerts to delete, and snapshots to compare, made through Scout.
  const alertIds: string[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await call('service_alert_create', {
      kind: 'price_above',
      token: fixtures.bonkMint,
      chain: 'solana',
      priceUsd: 1e11,
      channel: 'webhook',
      webhookUrl: HOOK,
      note: `known input ${i}`,
    });
    if (res.status !== 200) throw new Error(`known inputs: service_alert_create answered ${res.status}: ${JSON.stringify(res.body)}`);
    alertIds.push(res.body.data.alert?.id ?? res.body.data.id);
  }
  const snapshotIds: string[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await call('service_fomo_token_snapshot', { address: solana[0], holdersLimit: 10 });
    if (res.status !== 200) throw new Error(`known inputs: service_fomo_token_snapshot answered ${res.status}: ${JSON.stringify(res.body)}`);
    snapshotIds.push(res.body.data.snapshot?.id ?? res.body.data.id);
  }

  const iso = (ms: number) => new Date(ms).toISOString();
  const each = <T>(values: T[], entries: (value: T) => Entries) => values.map(entries);
  const byTrader = (extra: Entries = []) => each(traderNames, (trader): Entries => [['trader', trader], ...extra]);
  const byToken = (extra: Entries = []) => tokens.map((entries): Entries => [...entries, ...extra]);

  return {
    // account
    service_account: [[]],
    service_health: [[]],
    service_usage: [[], [['clearCache', false]]],
    // alerts
    service_alert_create: [
      [
        ['kind', 'price_above'],
        ['token', fixtures.bonkMint],
        ['chain', 'solana'],
        ['priceUsd', 1e11],
        ['channel', 'webhook'],
        ['webhookUrl', HOOK],
      ],
      [
        ['kind', 'smart_money_buy'],
        ['token', fixtures.baseUsdc],
        ['chain', 'base'],
        ['minTraders', 20],
        ['channel', 'webhook'],
        ['webhookUrl', HOOK],
      ],
    ],
    service_alert_delete: each(alertIds, (id): Entries => [['id', id]]),
    service_alert_list: [[], [['state', 'active']]],
    // defi
    service_chain_health: [[], [['chains', ['solana', 'ethereum', 'base']]]],
    service_chain_revenue: [
      [],
      [
        ['chain', 'solana'],
        ['top', 3],
      ],
    ],
    service_chain_trend: [
      [],
      [
        ['chain', 'ethereum'],
        ['weeks', 4],
      ],
    ],
    service_defi_hacks: [[], [['limit', 5]], [['chain', 'ethereum']]],
    service_dex_volumes: [
      [],
      [
        ['chain', 'solana'],
        ['limit', 5],
      ],
    ],
    service_perps_open_interest: [[], [['limit', 5]]],
    service_protocol_fees: [
      [],
      [
        ['sortBy', 'revenue'],
        ['limit', 5],
      ],
    ],
    service_protocol_report: each(Object.values(fixtures.protocols as Record<string, string>), (slug): Entries => [['protocol', slug]]),
    service_stablecoins: [[], [['chain', 'ethereum']]],
    service_token_yields: [
      [['symbol', 'USDC']],
      [
        ['symbol', 'SOL'],
        ['chain', 'solana'],
      ],
    ],
    // prices
    service_price_confidence: [[['tokens', ['coingecko:bitcoin', `solana:${fixtures.solMint}`]]], [['tokens', [`base:${fixtures.baseUsdc}`]]]],
    service_price_history: [
      [
        ['symbol', 'ETH'],
        ['startTime', iso(now - 48 * HOUR_MS)],
        ['endTime', iso(now - 24 * HOUR_MS)],
      ],
      [
        ['chain', 'base'],
        ['address', fixtures.baseUsdc],
        ['startTime', iso(now - 30 * HOUR_MS)],
        ['endTime', iso(now - 6 * HOUR_MS)],
        ['interval', '1h'],
      ],
    ],
    service_token_info: [
      [
        ['chain', 'solana'],
        ['address', fixtures.solMint],
      ],
      [
        ['chain', 'base'],
        ['address', fixtures.baseUsdc],
      ],
      [
        ['chain', 'ethereum'],
        ['address', fixtures.ethereumWeth],
      ],
    ],
    service_token_prices: [[['tokens', [fixtures.solMint, fixtures.usdcMint, fixtures.jupMint]]], [['tokens', [fixtures.bonkMint]]]],
    service_token_quality: [[['token', fixtures.jupMint]], [['token', solana[0]]]],
    service_token_exit_check: [
      [['token', fixtures.jupMint]],
      [
        ['token', solana[0]],
        ['usd', 1_000],
      ],
    ],
    service_token_early_buyers: [
      [['token', solana[0]]],
      [
        ['token', launches[0]],
        ['limit', 100],
      ],
    ],
    service_token_pnl_leaders: [
      [['token', solana[1]]],
      [
        ['token', launches[0]],
        ['limit', 5],
      ],
    ],
    // Small samples: each studied coin is a chart read.
    service_milestone_study: [
      [['sample', 3]],
      [
        ['thresholdUsd', 500_000],
        ['cohort', 'reached'],
        ['daysAgoFrom', 60],
        ['daysAgoTo', 10],
        ['sample', 2],
        ['minPeakMultiple', 2],
      ],
    ],
    service_token_onchain: [[['token', fixtures.jupMint]], [['token', solana[0]]], [['token', launches[0]]]],
    service_token_deployer: [[['token', launches[0]]], [['token', solana[1]]], [['deployer', launchDev]]],
    service_token_prices_multichain: [[['tokens', [`solana:${fixtures.solMint}`, `base:${fixtures.baseUsdc}`]]], [['symbols', ['ETH', 'SOL']]]],
    // launchpad_token_report: a pump coin (with backing), another path with tracked holders, a reward coin
    launchpad_token_report: [
      [['mint', fixtures.launchpad.pumpMint]],
      [
        ['mint', fixtures.launchpad.nonPumpMint],
        ['includeTrackedHolders', true],
      ],
      [['mint', fixtures.launchpad.rewardMint]],
    ],
    // wallets
    service_wallet_portfolio: [
      ...each(evmWallets, (w): Entries => [['wallet', w]]),
      [['wallet', solanaWallets[0]]],
      [
        ['wallet', evmWallets[0]],
        ['chains', ['base', 'ethereum']],
        ['minValueUsd', 1],
      ],
    ],
    service_wallet_transfers: [
      [
        ['wallet', evmWallets[0]],
        ['chain', 'base'],
      ],
      [
        ['wallet', evmWallets[1]],
        ['chain', 'ethereum'],
        ['limit', 10],
        ['order', 'asc'],
        ['categories', ['external', 'internal', 'erc20']],
      ],
    ],
    service_wallet_age: [
      ...each(evmWallets, (w): Entries => [['wallet', w]]),
      [
        ['wallet', evmWallets[0]],
        ['chains', ['bsc', 'monad']],
      ],
    ],
    // traders
    service_fomo_leaderboard: [
      [['window', '7d']],
      [
        ['window', '24h'],
        ['limit', 10],
      ],
      [
        ['window', 'all'],
        ['minPnlUsd', 0],
      ],
    ],
    service_fomo_search: [
      ...each(handles.slice(0, 3), (q): Entries => [['q', q]]),
      [
        ['q', board[0].token.symbol],
        ['type', 'tokens'],
      ],
    ],
    service_fomo_resolve_trader: byTrader(),
    service_fomo_compare_traders: [
      [['traders', handles.slice(0, 2)]],
      [
        ['traders', [handles[2], userIds[3], handles[4]]],
        ['full', true],
      ],
    ],
    service_fomo_trader_balances: byTrader(),
    service_fomo_trader_followers: byTrader(),
    service_fomo_trader_following: byTrader(),
    service_fomo_trader_positions: byTrader(),
    service_fomo_trader_report: byTrader(),
    service_fomo_trader_spotlight: byTrader(),
    service_fomo_trader_swaps: [
      ...byTrader(),
      ...(heldToken
        ? [
            [
              ['trader', handles[0]],
              ['tokenAddress', heldToken],
            ] as Entries,
          ]
        : []),
    ],
    service_fomo_theses_by_trader: [
      ...byTrader(),
      ...(heldToken
        ? [
            [
              ['trader', handles[0]],
              ['tokenAddress', heldToken],
            ] as Entries,
          ]
        : []),
    ],
    service_fomo_trade_detail: [
      ...each(trades, ({ tradeId }): Entries => [['tradeId', tradeId]]),
      ...each(trades, ({ tradeId, trader }): Entries => [
        ['tradeId', tradeId],
        ['trader', trader],
      ]),
    ],
    service_fomo_trade_comments: each(trades, ({ tradeId }): Entries => [['tradeId', tradeId]]),
    // tokens
    service_fomo_token_board: [
      [['board', 'trending']],
      [['board', 'most-held']],
      [
        ['board', 'graduated'],
        ['limit', 10],
      ],
    ],
    service_fomo_trending_analysis: [
      [['topN', 1]],
      [
        ['board', 'most-held'],
        ['topN', 1],
      ],
    ],
    service_fomo_analyze_token: byToken(),
    service_fomo_kol_holders: byToken(),
    service_fomo_kol_sell_pressure: byToken(),
    service_fomo_theses_for_token: byToken(),
    service_fomo_token_candles: byToken(),
    service_fomo_token_devs: [...byToken(), ...each(launches, (address): Entries => [['address', address]])],
    service_fomo_token_holders: byToken(),
    service_fomo_token_launch_research: [...byToken(), ...each(launches, (address): Entries => [['address', address]])],
    service_fomo_token_snapshot: byToken(),
    service_fomo_token_stats: byToken(),
    service_fomo_top_traders_for_tokens: [
      [['tokens', solana.slice(0, 2)]],
      [
        ['tokens', [solana[2]]],
        ['window', '24h'],
      ],
    ],
    service_fomo_compare_snapshots: [
      [
        ['beforeId', snapshotIds[0]],
        ['afterId', snapshotIds[1]],
      ],
    ],
    // feeds
    service_fomo_alerts: [
      [],
      [['trader', handles[0]]],
      [
        ['type', 'buy'],
        ['windowMinutes', 1440],
      ],
    ],
    service_fomo_multi_trader_entries: [
      [],
      [
        ['windowMinutes', 1440],
        ['minTraders', 2],
      ],
    ],
    service_fomo_coordinated_activity: [
      [],
      [
        ['windowMinutes', 1440],
        ['minTraders', 2],
      ],
    ],
    service_fomo_theses_recent: [[], [['chain', 'solana']]],
    service_fomo_watch_stream: [
      [['durationSeconds', 1]],
      [
        ['durationSeconds', 1],
        ['maxEvents', 1],
      ],
    ],
    // wallets
    service_wallet_pnl: [
      ...each(leaderWallets, (wallet): Entries => [['wallet', wallet]]),
      [
        ['wallet', leaderWallets[0]],
        ['includeHoldings', false],
      ],
    ],
    // launchpad: per coin (backing only on pump launches; the others answer 400 there) and platform
    launchpad_token_burns: [
      [['mint', fixtures.launchpad.mints.raydium_reward[0]]],
      [
        ['mint', fixtures.launchpad.pumpMint],
        ['limit', 5],
      ],
    ],
    launchpad_token_rewards: [
      [['mint', fixtures.launchpad.rewardMint]],
      [
        ['mint', fixtures.launchpad.nonPumpMint],
        ['limit', 100],
      ],
    ],
    launchpad_token_airdrop: [
      [
        ['mint', fixtures.launchpad.airdropMint],
        ['limit', 3],
      ],
      [['mint', fixtures.launchpad.noAirdropMint]],
    ],
    launchpad_token_fees: [
      [['mint', fixtures.launchpad.nonPumpMint]],
      [
        ['mint', fixtures.launchpad.rewardMint],
        ['limit', 1],
      ],
    ],
    launchpad_token_backing: [[['mint', fixtures.launchpad.pumpMint]]],
    launchpad_stats: [[]],
    launchpad_revenue: [
      [],
      [
        ['limit', 10],
        ['history', true],
      ],
      [['history', false]],
    ],
    launchpad_rewards: [[], [['limit', 100]]],
    // launchpad: listings, launches, pairs (the stand-in's fixtures at the pinned instant)
    ...launchpadListingInputs(fixtures.launchpad, now),
  };
}

/** Known inputs of launchpad_tokens, launchpad_token, launchpad_launches, launchpad_launch_status, launchpad_pairs and launchpad_launchlab_pricing. */
function launchpadListingInputs(lp: Json, now: number): KnownInputs {
  const firstMints = Object.values(lp.mints as Record<string, string[]>).flatMap((mints) => mints.slice(0, 1));
  const signatures = [lp.completedSignature, lp.processingSignature].filter((s): s is string => typeof s === 'string');
  return {
    launchpad_tokens: [
      [],
      [
        ['sort', 'newest'],
        ['pageSize', 5],
      ],
      [
        ['mode', 'reward'],
        ['page', 2],
        ['pageSize', 10],
      ],
      [['quoteMint', lp.xstockQuote]],
      [
        ['category', 'xstock'],
        ['status', 'graduated'],
        ['sort', 'volume'],
      ],
    ],
    launchpad_token: firstMints.map((mint): Entries => [['mint', mint]]),
    launchpad_launches: [
      [],
      ...(lp.serialCreator ? [[['creator', lp.serialCreator.wallet]] as Entries] : []),
      [
        ['mode', 'standard'],
        ['since', new Date(now - 7 * 24 * HOUR_MS).toISOString()],
      ],
      [
        ['page', 2],
        ['pageSize', 5],
      ],
    ],
    launchpad_launch_status: signatures.map((signature): Entries => [['paymentSignature', signature]]),
    launchpad_pairs: [
      [],
      [['launchLabReady', true]],
      [
        ['category', 'xstock'],
        ['launchable', true],
      ],
    ],
    launchpad_launchlab_pricing: [[['quoteMint', lp.launchLabReadyQuote]]],
  };
}

/** A sandbox with room on its FOMO key for a long fuzz run (the default budget is a Starter plan's). */
export const FUZZ_SANDBOX_KEYS = { fomo: [{ key: SANDBOX_KEYS.fomo, credits: 1e12 }] };
