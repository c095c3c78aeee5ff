/**
 * The contract's tool names and their fixed costs in credits (spec "Tools" and "Limits"). This is
 * the one place they live: the registry checks every @Tool handler against it, and the docs, the
 * price table and the metering all read it.
 */
export const TOOL_AREAS = ['account', 'traders', 'tokens', 'feeds', 'wallets', 'prices', 'defi', 'launchpad', 'alerts'] as const;
export type ToolArea = (typeof TOOL_AREAS)[number];

export const TOOL_CATALOG = {
  // account
  service_health: { cost: 0, area: 'account' },
  service_account: { cost: 0, area: 'account' },
  service_usage: { cost: 0, area: 'account' },
  // traders
  service_fomo_leaderboard: { cost: 250, area: 'traders' },
  service_fomo_trade_detail: { cost: 250, area: 'traders' },
  service_fomo_trade_comments: { cost: 250, area: 'traders' },
  service_fomo_search: { cost: 250, area: 'traders' },
  service_fomo_resolve_trader: { cost: 2500, area: 'traders' },
  service_fomo_trader_balances: { cost: 250, area: 'traders' },
  service_fomo_trader_positions: { cost: 250, area: 'traders' },
  service_fomo_trader_swaps: { cost: 250, area: 'traders' },
  service_fomo_trader_spotlight: { cost: 250, area: 'traders' },
  service_fomo_trader_report: { cost: 1000, area: 'traders' },
  service_fomo_compare_traders: { cost: 250, area: 'traders' },
  service_fomo_trader_following: { cost: 250, area: 'traders' },
  service_fomo_trader_followers: { cost: 250, area: 'traders' },
  service_fomo_theses_by_trader: { cost: 1250, area: 'traders' },
  // tokens
  service_fomo_token_board: { cost: 250, area: 'tokens' },
  service_fomo_kol_holders: { cost: 500, area: 'tokens' },
  service_fomo_token_holders: { cost: 250, area: 'tokens' },
  service_fomo_kol_sell_pressure: { cost: 375, area: 'tokens' },
  service_fomo_token_stats: { cost: 250, area: 'tokens' },
  service_fomo_token_devs: { cost: 250, area: 'tokens' },
  service_fomo_theses_for_token: { cost: 1250, area: 'tokens' },
  service_fomo_analyze_token: { cost: 750, area: 'tokens' },
  service_fomo_top_traders_for_tokens: { cost: 1000, area: 'tokens' },
  service_fomo_token_launch_research: { cost: 500, area: 'tokens' },
  service_fomo_token_snapshot: { cost: 500, area: 'tokens' },
  service_fomo_compare_snapshots: { cost: 0, area: 'tokens' },
  service_fomo_token_candles: { cost: 250, area: 'tokens' },
  service_token_onchain: { cost: 250, area: 'tokens' },
  service_token_quality: { cost: 250, area: 'tokens' },
  service_token_deployer: { cost: 500, area: 'tokens' },
  service_token_early_buyers: { cost: 500, area: 'tokens' },
  service_token_pnl_leaders: { cost: 250, area: 'tokens' },
  service_token_exit_check: { cost: 500, area: 'tokens' },
  service_milestone_study: { cost: 6750, area: 'tokens' },
  service_fomo_trending_analysis: { cost: 2500, area: 'tokens' },
  // feeds
  service_fomo_alerts: { cost: 125, area: 'feeds' },
  service_fomo_watch_stream: { cost: 0, area: 'feeds' },
  service_fomo_multi_trader_entries: { cost: 125, area: 'feeds' },
  service_fomo_coordinated_activity: { cost: 125, area: 'feeds' },
  service_fomo_theses_recent: { cost: 1250, area: 'feeds' },
  // wallets
  service_wallet_pnl: { cost: 500, area: 'wallets' },
  service_wallet_portfolio: { cost: 250, area: 'wallets' },
  service_wallet_transfers: { cost: 500, area: 'wallets' },
  service_wallet_age: { cost: 500, area: 'wallets' },
  // prices
  service_price_confidence: { cost: 250, area: 'prices' },
  service_token_prices: { cost: 250, area: 'prices' },
  service_token_info: { cost: 250, area: 'prices' },
  service_token_prices_multichain: { cost: 250, area: 'prices' },
  service_price_history: { cost: 250, area: 'prices' },
  // defi
  service_chain_health: { cost: 250, area: 'defi' },
  service_token_yields: { cost: 250, area: 'defi' },
  service_protocol_report: { cost: 250, area: 'defi' },
  service_defi_hacks: { cost: 250, area: 'defi' },
  service_dex_volumes: { cost: 250, area: 'defi' },
  service_protocol_fees: { cost: 500, area: 'defi' },
  service_chain_revenue: { cost: 500, area: 'defi' },
  service_perps_open_interest: { cost: 250, area: 'defi' },
  service_stablecoins: { cost: 250, area: 'defi' },
  service_chain_trend: { cost: 500, area: 'defi' },
  // launchpad
  launchpad_tokens: { cost: 250, area: 'launchpad' },
  launchpad_token: { cost: 250, area: 'launchpad' },
  launchpad_token_report: { cost: 1250, area: 'launchpad' },
  launchpad_token_burns: { cost: 250, area: 'launchpad' },
  launchpad_token_rewards: { cost: 250, area: 'launchpad' },
  launchpad_token_airdrop: { cost: 250, area: 'launchpad' },
  launchpad_token_fees: { cost: 250, area: 'launchpad' },
  launchpad_token_backing: { cost: 250, area: 'launchpad' },
  launchpad_launches: { cost: 250, area: 'launchpad' },
  launchpad_launch_status: { cost: 250, area: 'launchpad' },
  launchpad_pairs: { cost: 250, area: 'launchpad' },
  launchpad_launchlab_pricing: { cost: 250, area: 'launchpad' },
  launchpad_stats: { cost: 250, area: 'launchpad' },
  launchpad_revenue: { cost: 250, area: 'launchpad' },
  launchpad_rewards: { cost: 250, area: 'launchpad' },
  // alerts
  service_alert_create: { cost: 0, area: 'alerts' },
  service_alert_list: { cost: 0, area: 'alerts' },
  service_alert_delete: { cost: 0, area: 'alerts' },
} as const satisfies Record<string, { cost: number; area: ToolArea }>;

export type ToolName = keyof typeof TOOL_CATALOG;

export const TOOL_NAMES = Object.keys(TOOL_CATALOG) as ToolName[];

/** Every cost the contract allows (spec "Limits": cost per call). */
export const ALLOWED_COSTS = [0, 125, 250, 375, 500, 750, 1000, 1250, 2500, 6750] as const;

/** Credits in one standard call; "calls left" and USD conversions are counted in these. */
export const CREDITS_PER_CALL = 250;

export function isToolName(name: string): name is ToolName {
  return Object.prototype.hasOwnProperty.call(TOOL_CATALOG, name);
}
