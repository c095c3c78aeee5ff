import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Chain } from '@scout/upstream';
import { DataSource } from 'typeorm';
import { queryWrite } from '@scout/core';
import { normaliseTokenAddress, type FeedEvent } from './feed-event';
import { isTokenAddress, type FeedFilter } from './tools/feed-filter';

/** The channel new feed events are announced on, one notification per event (its JSON). */
export const FEED_CHANNEL = 'scout_feed';

export interface FeedQuery extends FeedFilter {
  /** Events at or after this instant. */
  since: Date;
  until: Date;
  /** Newest first, at most this many. */
  limit: number;
}

interface Row {
  event_id: string;
  side: 'buy' | 'sell';
  user_id: string | null;
  trader: string | null;
  trade_id: string | null;
  token_address: string;
  token_symbol: string | null;
  chain: Chain | null;
  chain_id: string | null;
  position_usd: string | null;
  realized_pnl_usd: string | null;
  trade_usd: string | null;
  text: string | null;
  at: Date;
}

const COLUMNS = `event_id, side, user_id, trader, trade_id, token_address, token_symbol, chain, chain_id, position_usd, realized_pnl_usd, trade_usd, text, at`;
const num = (v: string | null) => (v === null ? null : Number(v));

export function eventOfRow(r: Row): FeedEvent {
  return {
    eventId: r.event_id,
    side: r.side,
    userId: r.user_id,
    trader: r.trader,
    tradeId: r.trade_id,
    tokenAddress: r.token_address,
    tokenSymbol: r.token_symbol,
    chain: r.chain,
    chainId: num(r.chain_id),
    positionUsd: num(r.position_usd),
    realizedPnlUsd: num(r.realized_pnl_usd),
    tradeUsd: num(r.trade_usd),
    text: r.text,
    at: new Date(r.at).toISOString(),
  };
}

/** SQL conditions (on feed_events' own columns) for the filter's fields; their values are appended to `args`. */
function filterClauses(f: FeedFilter, args: unknown[]): string[] {
  const where: string[] = [];
  const add = (sql: string, value: unknown) => {
    args.push(value);
    where.push(sql.replaceAll('?', `$${args.length}`));
  };
  if (f.side) add(`side = ?`, f.side);
  if (f.chain) add(`chain = ?`, f.chain);
  const token = f.token?.trim();
  if (token && isTokenAddress(token)) add(`token_address = ?`, normaliseTokenAddress(token));
  else if (token) add(`lower(token_symbol) = lower(?)`, token.replace(/^\$/, ''));
  const trader = f.trader?.trim().replace(/^@+/, '');
  if (trader) add(`(lower(user_id) = lower(?) OR lower(trader) = lower(?))`, trader);
  if (f.minUsd !== undefined) add(`trade_usd >= ?`, f.minUsd);
  return where;
}

/** The stored trade feed (table feed_events): written once per event id, read by window. */
@Injectable()
export class FeedStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Stores the events not stored yet, in one statement, and announces each new one on
   * FEED_CHANNEL (delivered when it commits); resolves to the new ones, oldest first.
   */
  async insert(events: readonly FeedEvent[], source: 'stream' | 'backfill'): Promise<FeedEvent[]> {
    const unique = [...new Map(events.map((e) => [e.eventId, e])).values()];
    if (unique.length === 0) return [];
    const col = <K extends keyof FeedEvent>(k: K) => unique.map((e) => e[k]);
    const rows: Row[] = await this.db.query(
      `WITH incoming AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                              $9::bigint[], $10::numeric[], $11::numeric[], $12::numeric[], $13::text[], $14::timestamptz[])
           AS i(event_id, side, user_id, trader, trade_id, token_address, token_symbol, chain, chain_id, position_usd, realized_pnl_usd, trade_usd, text, at)
       ), stored AS (
         INSERT INTO feed_events (${COLUMNS}, source)
         SELECT ${COLUMNS}, $15 FROM incoming
         ON CONFLICT (event_id) DO NOTHING
         RETURNING ${COLUMNS}
       )
       SELECT stored.*, pg_notify('${FEED_CHANNEL}', json_build_object(
         'eventId', event_id, 'side', side, 'userId', user_id, 'trader', trader, 'tradeId', trade_id,
         'tokenAddress', token_address, 'tokenSymbol', token_symbol, 'chain', chain, 'chainId', chain_id,
         'positionUsd', position_usd, 'realizedPnlUsd', realized_pnl_usd, 'tradeUsd', trade_usd, 'text', left(text, 500),
         'at', to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text)
         FROM stored ORDER BY at, event_id`,
      [
        col('eventId'),
        col('side'),
        col('userId'),
        col('trader'),
        col('tradeId'),
        col('tokenAddress'),
        col('tokenSymbol'),
        col('chain'),
        col('chainId'),
        col('positionUsd'),
        col('realizedPnlUsd'),
        col('tradeUsd'),
        col('text'),
        col('at'),
        source,
      ],
    );
    return rows.map(eventOfRow);
  }

  /** Events in the window matching the filters, newest first; `scanned` counts every event in the window. */
  async query(q: FeedQuery): Promise<{ events: FeedEvent[]; matched: number; scanned: number }> {
    const where = [`at >= $1`, `at <= $2`];
    const args: unknown[] = [q.since, q.until];
    where.push(...filterClauses(q, args));
    args.push(q.limit);
    const [rows, counts] = await Promise.all([
      this.db.query<Row[]>(`SELECT ${COLUMNS} FROM feed_events WHERE ${where.join(' AND ')} ORDER BY at DESC, event_id LIMIT $${args.length}`, args),
      this.db.query<{ matched: number; scanned: number }[]>(
        `SELECT count(*) FILTER (WHERE ${where.slice(2).join(' AND ') || 'true'})::int AS matched, count(*)::int AS scanned
           FROM feed_events WHERE at >= $1 AND at <= $2`,
        args.slice(0, -1),
      ),
    ]);
    return { events: rows.map(eventOfRow), matched: counts[0].matched, scanned: counts[0].scanned };
  }

  /**
   * Tokens that at least `minTraders` distinct traders (by user id, else handle) bought or sold in
   * the window, most traders first, each with every such trader's latest event; and how many events
   * the window held.
   */
  async tokensByTraders(q: { since: Date; until: Date; side: 'buy' | 'sell'; chain?: Chain; minTraders: number; limit: number }): Promise<{
    scanned: number;
    tokensWithActivity: number;
    matches: {
      tokenAddress: string;
      tokenSymbol: string | null;
      chain: Chain | null;
      distinctTraders: number;
      firstEntryAt: string;
      lastEntryAt: string;
      traders: FeedEvent[];
    }[];
  }> {
    const args: unknown[] = [q.since, q.until, q.side, q.chain ?? null];
    const window = `at >= $1 AND at <= $2 AND side = $3 AND ($4::text IS NULL OR chain = $4)`;
    const traderKey = `coalesce(user_id, 'handle:' || lower(trader), event_id)`;
    const [groups, totals] = await Promise.all([
      this.db.query<{ token_address: string; token_symbol: string | null; chain: Chain | null; traders: number; first_at: Date; last_at: Date }[]>(
        `SELECT token_address, max(token_symbol) AS token_symbol, max(chain) AS chain, count(DISTINCT ${traderKey})::int AS traders,
                min(at) AS first_at, max(at) AS last_at
           FROM feed_events WHERE ${window}
          GROUP BY token_address HAVING count(DISTINCT ${traderKey}) >= $5
          ORDER BY traders DESC, last_at DESC, token_address LIMIT $6`,
        [...args, q.minTraders, q.limit],
      ),
      this.db.query<{ scanned: number; tokens: number }[]>(
        `SELECT (SELECT count(*)::int FROM feed_events WHERE at >= $1 AND at <= $2) AS scanned,
                count(DISTINCT token_address)::int AS tokens FROM feed_events WHERE ${window}`,
        args,
      ),
    ]);
    const tokens = groups.map((g) => g.token_address);
    const latest: Row[] = tokens.length
      ? await this.db.query(
          `SELECT DISTINCT ON (token_address, ${traderKey}) ${COLUMNS} FROM feed_events
            WHERE ${window} AND token_address = ANY($5::text[])
            ORDER BY token_address, ${traderKey}, at DESC`,
          [...args, tokens],
        )
      : [];
    return {
      scanned: totals[0].scanned,
      tokensWithActivity: totals[0].tokens,
      matches: groups.map((g) => ({
        tokenAddress: g.token_address,
        tokenSymbol: g.token_symbol,
        chain: g.chain,
        distinctTraders: g.traders,
        firstEntryAt: new Date(g.first_at).toISOString(),
        lastEntryAt: new Date(g.last_at).toISOString(),
        traders: latest
          .filter((r) => r.token_address === g.token_address)
          .map(eventOfRow)
          .sort((a, b) => b.at.localeCompare(a.at)),
      })),
    };
  }

  /**
   * The stored events matching the filters that an open event stream delivered after `after` (an
   * event id) and Scout stored within the last `withinMs`, in the stream's own order, at most
   * `limit`. The stream's order is the order of storing: one writer stores the feed, one statement
   * at a time, each announcing its events by (at, event_id); so (received_at, at, event_id) is that
   * order. An id not stored (unknown, or purged) places nothing: the whole window comes back.
   */
  async storedAfter(q: { filter: FeedFilter; after: string | null; withinMs: number; limit: number }): Promise<FeedEvent[]> {
    const args: unknown[] = [q.withinMs, q.after];
    const where = [
      `received_at >= now() - make_interval(secs => $1::double precision / 1000)`,
      `(NOT EXISTS (SELECT 1 FROM last) OR (received_at, at, event_id) > (SELECT received_at, at, event_id FROM last))`,
      ...filterClauses(q.filter, args),
    ];
    args.push(q.limit);
    const rows: Row[] = await this.db.query(
      `WITH last AS (SELECT received_at, at, event_id FROM feed_events WHERE event_id = $2)
       SELECT ${COLUMNS} FROM feed_events WHERE ${where.join(' AND ')}
        ORDER BY received_at, at, event_id LIMIT $${args.length}`,
      args,
    );
    return rows.map(eventOfRow);
  }

  /** The newest stored event's time; null for an empty feed. */
  async newestAt(): Promise<Date | null> {
    const rows: { at: Date | null }[] = await this.db.query(`SELECT max(at) AS at FROM feed_events`);
    return rows[0].at ? new Date(rows[0].at) : null;
  }

  /** The oldest stored event's time; null for an empty feed. */
  async oldestAt(): Promise<Date | null> {
    const rows: { at: Date | null }[] = await this.db.query(`SELECT min(at) AS at FROM feed_events`);
    return rows[0].at ? new Date(rows[0].at) : null;
  }

  /** Deletes events older than `cutoff`; resolves to how many. */
  async purgeBefore(cutoff: Date): Promise<number> {
    const { count } = await queryWrite(this.db, `DELETE FROM feed_events WHERE at < $1`, [cutoff]);
    return count;
  }
}
