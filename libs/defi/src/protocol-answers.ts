import type { Chain } from '@scout/upstream';
import type { TrendDirection } from './calc/trend';

// ---------------------------------------------------------------------------------------------
// service_protocol_report
// ---------------------------------------------------------------------------------------------

/** One exploit or rug pull on record. */
export interface Exploit {
  /** When it happened (ISO 8601 time). */
  date: string;
  /** The protocol or project hit, as DefiLlama names the incident, e.g. Super Sushi Samurai. */
  name: string;
  /** Amount lost, in USD; null where the loss is not known. */
  amountLostUsd: number | null;
  /** Funds returned afterwards, in USD. */
  returnedFundsUsd: number | null;
  /** DefiLlama's classification of the incident. */
  classification: string | null;
  /** How it was done. */
  technique: string | null;
  /** What was attacked. */
  targetType: string | null;
  /** DefiLlama chain names affected. */
  chains: string[];
  /** Whether a bridge was hacked. */
  bridgeHack: boolean | null;
  /** Link to a report of the incident. */
  source: string | null;
}

/** Who the protocol is. */
export interface ProtocolIdentity {
  /** The protocol's name as DefiLlama gives it (the query as given when DefiLlama returns none). */
  name: string;
  /** DefiLlama slug. */
  slug: string;
  /** DefiLlama's category for the protocol, e.g. Lending or Dexs; null when DefiLlama leaves it out. */
  category: string | null;
  /** The protocol's website. */
  url: string | null;
  /** Whether this is a parent protocol covering several versions. */
  isParent: boolean;
  /** Names of the versions a parent covers; empty otherwise. */
  versions: string[];
}

/** Audit status as DefiLlama records it. */
export interface ProtocolAudit {
  /** Whether an audit is on record; null when DefiLlama states nothing. */
  audited: boolean | null;
  /** DefiLlama's audit count; null when not stated. */
  audits: number | null;
  /** Links to audit reports. */
  auditLinks: string[];
  /** DefiLlama's audit note. */
  note: string | null;
}

/** One protocol's TVL, chains and audit status. */
export interface ProtocolFigures {
  /** Who the protocol is: name, slug, category, website, and the versions a parent covers. */
  protocol: ProtocolIdentity;
  /** Total value locked, in USD. */
  tvlUsd: number | null;
  /** TVL change over 1 day, in percent. */
  change1dPct: number | null;
  /** TVL change over 7 days, in percent. */
  change7dPct: number | null;
  /** TVL change over 30 days, in percent. */
  change30dPct: number | null;
  /** DefiLlama chain names the protocol runs on; null when DefiLlama gives no list. */
  chains: string[] | null;
  /** Audit status as DefiLlama records it: audited, audit count, report links, note. */
  audit: ProtocolAudit;
}

/** service_protocol_report: one DeFi protocol's TVL and changes, chains, audit status, and exploits on record. */
export interface ProtocolReportData extends ProtocolFigures {
  /** Exploits on record, newest first; null when the exploit record could not be read, empty when nothing matched. */
  exploits: Exploit[] | null;
  /** Exploits on record; null when the exploit record could not be read. */
  exploitCount: number | null;
  /** Sum of the known amounts lost, in USD; null when none is known or the record could not be read. */
  totalLostUsd: number | null;
  /** Other protocol names the query also matched. */
  otherMatches: string[];
}

// ---------------------------------------------------------------------------------------------
// service_defi_hacks
// ---------------------------------------------------------------------------------------------

/** service_defi_hacks: exploits and rug pulls on record, newest first. */
export interface DefiHacksData {
  /** Incidents passing the filters. */
  matched: number;
  /** Incidents returned. */
  showing: number;
  /** Sum of the known amounts lost over every matched incident, in USD; null when none is known. */
  totalLostUsd: number | null;
  /** Newest first. */
  hacks: Exploit[];
}

// ---------------------------------------------------------------------------------------------
// service_protocol_fees
// ---------------------------------------------------------------------------------------------

/** Fees or revenue over 24h, 7d and 30d with the week-over-week trend. */
export interface FlowFigures {
  /** Over the last 24 hours, in USD. */
  usd24h: number | null;
  /** Over the last 7 days, in USD. */
  usd7d: number | null;
  /** Over the last 30 days, in USD. */
  usd30d: number | null;
  /** The last 7 days against the 7 before, in percent. */
  weekOverWeekPct: number | null;
  /** up or down beyond ±5% week over week, flat within; null when the change is unknown. */
  trend: TrendDirection | null;
}

/** Fees and revenue of every protocol on the chain (or all chains), before the query filter. */
export interface ProtocolFeesTotals {
  /** What users pay. */
  fees: FlowFigures;
  /** What the protocols keep. */
  revenue: FlowFigures;
  /** 30-day revenue / 30-day fees, in percent. */
  shareOfFeesKept30dPct: number | null;
}

/** A protocol's revenue on one chain. */
export interface ChainRevenueSplit {
  /** The chain as DefiLlama's breakdown keys it (e.g. 'ethereum'). */
  chain: string;
  /** The Scout chain behind it; null for chains Scout does not cover. */
  scoutChain: Chain | null;
  /** Revenue over the last 24 hours on this chain, in USD. */
  usd24h: number | null;
  /** Revenue over the last 30 days on this chain, in USD. */
  usd30d: number | null;
}

/** One protocol's fees and revenue. */
export interface ProtocolFeesRow {
  /** The protocol's name as DefiLlama gives it, e.g. Uniswap. */
  name: string;
  /** DefiLlama's display name, which may name the version, e.g. Uniswap V3; null when DefiLlama leaves it out. */
  displayName: string | null;
  /** DefiLlama slug; null when DefiLlama leaves it out. */
  slug: string | null;
  /** DefiLlama's category for the protocol, e.g. Dexs or Lending; null when DefiLlama leaves it out. */
  category: string | null;
  /** DefiLlama chain names the protocol runs on. */
  chains: string[];
  /** What users pay. */
  fees: FlowFigures;
  /** What the protocol keeps. */
  revenue: FlowFigures;
  /** 30-day revenue / 30-day fees, in percent. */
  shareOfFeesKept30dPct: number | null;
  /** Revenue per chain, ranked by 30-day revenue; null when DefiLlama gives no breakdown. */
  revenueByChain: ChainRevenueSplit[] | null;
}

/** service_protocol_fees: protocol fees and revenue over 24h, 7d and 30d, share of fees kept, trend, revenue by chain. */
export interface ProtocolFeesData {
  /** The chain asked for; null for all chains. */
  chain: Chain | null;
  /** What the protocols are ranked by (7-day fees or 7-day revenue); switches when the asked one was not available. */
  sortBy: 'fees' | 'revenue';
  /** Fees and revenue over every protocol on the chain (or all chains) before the query filter. */
  totals: ProtocolFeesTotals;
  /** Protocols passing the query filter. */
  matched: number;
  /** Protocols returned. */
  showing: number;
  /** Ranked by 7-day fees or revenue (sortBy). */
  protocols: ProtocolFeesRow[];
}
