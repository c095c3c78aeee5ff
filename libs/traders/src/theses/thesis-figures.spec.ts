import type { FomoThesis } from '@scout/upstream';
import { keepThesis, sortTheses, summarizeTheses, thesisPnl, thesisRow } from './thesis-figures';

const thesis = (overrides: Partial<FomoThesis> = {}): FomoThesis => ({
  thesisId: 'th',
  tradeId: 'T1',
  userId: 'u',
  handle: 'alice',
  token: { address: 'TokenAddress1111111111111111111111111111111', symbol: 'TKN', name: 'Token', decimals: 6, networkId: 4663, imageUrl: null },
  chain: 'robinhood',
  text: 'why I bought',
  likes: 3,
  replies: 1,
  equity: 500,
  tradeUsd: 250,
  valueUsd: 0,
  costBasisUsd: 250,
  realizedPnlUsd: 40,
  unrealizedPnlUsd: -10,
  pnlUsd: null,
  pnlPct: null,
  isDev: null,
  ts: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

describe('thesis figures', () => {
  it("the PnL is the provider's total, else realized plus unrealized when both are known", () => {
    expect(thesisPnl(thesis({ pnlUsd: 12.5 }))).toBe(12.5);
    expect(thesisPnl(thesis())).toBe(30);
    expect(thesisPnl(thesis({ realizedPnlUsd: 0.1, unrealizedPnlUsd: 0.2 }))).toBe(0.3);
    expect(thesisPnl(thesis({ unrealizedPnlUsd: null }))).toBeNull();
    expect(thesisPnl(thesis({ realizedPnlUsd: null }))).toBeNull();
  });

  it("madeMoney: above zero made money, zero or below did not, unknown is null; the chain is Scout's", () => {
    expect(thesisRow(thesis())).toMatchObject({ pnlUsd: 30, madeMoney: true, chain: 'brokerage', isDev: false });
    expect(thesisRow(thesis({ pnlUsd: 0 })).madeMoney).toBe(false);
    expect(thesisRow(thesis({ pnlUsd: -5 })).madeMoney).toBe(false);
    expect(thesisRow(thesis({ realizedPnlUsd: null })).madeMoney).toBeNull();
    expect(thesisRow(thesis({ chain: null, token: null })).chain).toBeNull();
  });

  it('the local filters keep rows at or above each bound; an unknown figure does not pass a bound on it', () => {
    const row = thesisRow(thesis());
    expect(keepThesis(row, {})).toBe(true);
    expect(keepThesis(row, { minEquity: 500, minLikes: 3 })).toBe(true);
    expect(keepThesis(row, { minEquity: 500.01 })).toBe(false);
    expect(keepThesis(row, { minLikes: 4 })).toBe(false);
    expect(keepThesis(thesisRow(thesis({ equity: null })), { minEquity: 0 })).toBe(false);
    expect(keepThesis(thesisRow(thesis({ likes: null })), {})).toBe(true);
  });

  it('sorts highest first with unknown figures last, ties in the given order', () => {
    const rows = [
      thesisRow(thesis({ thesisId: 'a', likes: 1, ts: '2026-11-19T00:00:00.000Z', pnlUsd: null, realizedPnlUsd: null })),
      thesisRow(thesis({ thesisId: 'b', likes: 9, ts: '2026-11-21T00:00:00.000Z', pnlUsd: -3 })),
      thesisRow(thesis({ thesisId: 'c', likes: null, ts: null, pnlUsd: 8 })),
      thesisRow(thesis({ thesisId: 'd', likes: 9, ts: '2026-11-20T00:00:00.000Z', pnlUsd: 8 })),
    ];
    expect(sortTheses(rows, 'likes').map((r) => r.thesisId)).toEqual(['b', 'd', 'a', 'c']);
    expect(sortTheses(rows, 'recent').map((r) => r.thesisId)).toEqual(['b', 'd', 'a', 'c']);
    expect(sortTheses(rows, 'pnl').map((r) => r.thesisId)).toEqual(['c', 'd', 'b', 'a']);
  });

  it('the summary counts theses, those with a known PnL, and the share that made money', () => {
    const rows = [thesis({ pnlUsd: 5 }), thesis({ pnlUsd: -1 }), thesis({ pnlUsd: 2 }), thesis({ pnlUsd: null, realizedPnlUsd: null })].map(thesisRow);
    expect(summarizeTheses(rows)).toEqual({ count: 4, withPnl: 3, madeMoney: 2, madeMoneyPct: 66.7 });
    expect(summarizeTheses([])).toEqual({ count: 0, withPnl: 0, madeMoney: 0, madeMoneyPct: null });
  });
});
