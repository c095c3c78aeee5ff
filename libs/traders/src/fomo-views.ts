/*
 * FOMO's nested payloads as trader answers carry them, written out as Scout's own interfaces: each
 * mirrors the output of its zod schema in @scout/upstream (fomo.schemas.ts) field for field, so the
 * answer schemas name every field (a type inferred from zod is not read by the schema generator).
 * The zod objects strip unknown keys, so the values parsed there have exactly these fields;
 * fomo-views.spec.ts fails to compile when a schema and its interface drift apart. A field FOMO
 * may leave out is null, never absent.
 */

/** A token as FOMO nests it in spotlight trades and theses. */
export interface TraderTokenRef {
  /** The token's contract address (mint on Solana). */
  address: string;
  /** The token's ticker symbol; null when FOMO does not say. */
  symbol: string | null;
  /** The token's name; null when FOMO does not say. */
  name: string | null;
  /** The token's decimal places; null when FOMO does not say. */
  decimals: number | null;
  /** FOMO's numeric network id. */
  networkId: number | null;
  /** URL of the token's logo image; null when FOMO does not say. */
  imageUrl: string | null;
}

/** One of a trader's top tokens as FOMO lists them on the leaderboard and the profile. */
export interface TraderTopToken {
  /** The token's contract address (mint on Solana). */
  tokenAddress: string;
  /** The token's ticker symbol; null when FOMO does not say. */
  symbol: string | null;
  /** FOMO's numeric network id. */
  networkId: number | null;
  /** URL of the token's logo image; null when FOMO does not say. */
  imageUrl: string | null;
  /** Amount held, in whole tokens (decimals applied). */
  humanAmount: number | null;
  /** USD per token. */
  price: number | null;
  /** The holding's value in USD. */
  value: number | null;
  /** The position's profit and loss in USD. */
  pnl: number | null;
}

/** One side of a fill: the token given (tokenIn) or received (tokenOut). */
export interface SwapToken {
  /** The token's contract address (mint on Solana). */
  address: string;
  /** The token's ticker symbol; null when FOMO does not say. */
  symbol: string | null;
  /** In whole tokens (decimals applied). */
  amount: number | null;
  /** The leg's value in USD at the fill. */
  usd: number | null;
  /** The leg's value in USD now (relay source only). */
  usdNow: number | null;
}

/** The thesis a trader wrote on one position (a spotlight trade's, a developer's). */
export interface PositionThesis {
  /** FOMO's id of the thesis; null when FOMO does not say. */
  thesisId: string | null;
  /** The thesis text as the trader wrote it. */
  text: string;
  /** Likes on the thesis; null when FOMO does not say. */
  likes: number | null;
  /** When it was written, ISO 8601. */
  ts: string | null;
}

/** A written call (thesis) on a token, with the author's position in it. */
export interface TraderThesis {
  /** FOMO's id of the thesis. */
  thesisId: string;
  /** The position the thesis is about. */
  tradeId: string | null;
  /** The author. */
  userId: string | null;
  /** The author's FOMO handle; null when FOMO does not say. */
  handle: string | null;
  /** The token the thesis is about; null when FOMO does not say. */
  token: TraderTokenRef | null;
  /** FOMO's chain name. */
  chain: string | null;
  /** The thesis text as the trader wrote it. */
  text: string;
  /** Likes on the thesis; null when FOMO does not say. */
  likes: number | null;
  /** Replies to the thesis; null when FOMO does not say. */
  replies: number | null;
  /** The author's position value in the token when they wrote it, in USD. */
  equity: number | null;
  /** The position's first fill, in USD. */
  tradeUsd: number | null;
  /** The position's value, in USD. */
  valueUsd: number | null;
  /** What the position cost, in USD. */
  costBasisUsd: number | null;
  /** The position's realized PnL, in USD; null when FOMO does not say. */
  realizedPnlUsd: number | null;
  /** The position's unrealized PnL, in USD; null when FOMO does not say. */
  unrealizedPnlUsd: number | null;
  /** Realized plus unrealized PnL of the position, in USD. */
  pnlUsd: number | null;
  /** The position's PnL as a percent of its cost (percent points). */
  pnlPct: number | null;
  /** Whether the author is the token's developer. */
  isDev: boolean | null;
  /** When it was written, ISO 8601. */
  ts: string | null;
}

/** One of the trades a trader features in their spotlight. */
export interface SpotlightTrade {
  /** FOMO's id of the position (trade); service_fomo_trade_detail takes it. */
  tradeId: string;
  /** The token traded. */
  token: TraderTokenRef;
  /** FOMO's chain name. */
  chain: string | null;
  /** Average buy price, USD per token. */
  avgEntryPrice: number | null;
  /** Average sell price, USD per token. */
  avgExitPrice: number | null;
  /** What the position cost, in USD. */
  costBasisUsd: number | null;
  /** The position's realized PnL, in USD; null when FOMO does not say. */
  realizedPnlUsd: number | null;
  /** The position's unrealized PnL, in USD; null when FOMO does not say. */
  unrealizedPnlUsd: number | null;
  /** Realized plus unrealized PnL, in USD. */
  pnlUsd: number | null;
  /** ISO 8601. */
  openedAt: string | null;
  /** ISO 8601; null while the position is open. */
  closedAt: string | null;
  /** The thesis written on the trade, if any. */
  thesis: PositionThesis | null;
}

/** What a trader features: their best trades and most-liked theses. */
export interface TraderSpotlight {
  /** The best trades the trader features, each with entry, exit and PnL. */
  bestTrades: SpotlightTrade[];
  /** The trader's most-liked written calls (theses), each with its likes. */
  bestTheses: TraderThesis[];
}

/** One comment on a trade. */
export interface TradeComment {
  /** FOMO's id of the comment. */
  commentId: string;
  /** The author. */
  userId: string;
  /** The author's FOMO handle; null when FOMO does not say. */
  handle: string | null;
  /** The comment text. */
  text: string;
  /** Likes on the comment; null when FOMO does not say. */
  likes: number | null;
  /** The comment this one answers; null when it is not a reply. */
  parentId: string | null;
  /** True when the comment answers another comment; null when FOMO does not say. */
  isReply: boolean | null;
  /** Theses the trader wrote before and after the comment. */
  olderThesisCount: number | null;
  /** Theses the trader wrote after the comment; null when FOMO does not say. */
  newerThesisCount: number | null;
  /** Links the comment carries (URLs). */
  links: string[];
  /** ISO 8601. */
  createdAt: string | null;
}
