import type { LlamaOverview, OverviewProtocol } from '@scout/upstream';
import { dayOverDayPct, levelChanges, overviewTotals, weekOverWeekOf } from './overview-figures';
import { overviewOf, protocolRow } from './test/llama-fixtures';

describe('overview figures', () => {
  it('fills totals DefiLlama leaves out from the sum of its protocols', () => {
    const overview: LlamaOverview = overviewOf([protocolRow({ name: 'A', total24h: 10, total7d: 70 }), protocolRow({ name: 'B', total24h: 5 })], {
      total7d: 100,
    });
    expect(overviewTotals(overview)).toMatchObject({ total24h: 15, total7d: 100, total30d: null });
  });

  it("computes day over day from the two 24-hour totals, else takes DefiLlama's figure", () => {
    expect(dayOverDayPct(protocolRow({ total24h: 110, total48hto24h: 100, change1dPct: 99 }))).toBe(10);
    expect(dayOverDayPct(protocolRow({ total24h: 110, change1dPct: 3.14159 }))).toBe(3.14);
    expect(dayOverDayPct(protocolRow({}))).toBeNull();
  });

  it('computes week over week and its trend', () => {
    expect(weekOverWeekOf(protocolRow({ total7d: 130, total14dto7d: 100 }))).toEqual({ weekOverWeekPct: 30, trend: 'up' });
    expect(weekOverWeekOf(protocolRow({ total7d: 98, total14dto7d: 100 }))).toEqual({ weekOverWeekPct: -2, trend: 'flat' });
    expect(weekOverWeekOf(protocolRow({ change7dOver7dPct: -12 }))).toEqual({ weekOverWeekPct: -12, trend: 'down' });
    expect(weekOverWeekOf(protocolRow({}))).toEqual({ weekOverWeekPct: null, trend: null });
  });

  it('moves a level against 1, 7 and 30 days ago', () => {
    const row: OverviewProtocol = protocolRow({ total24h: 120, total48hto24h: 100, total7DaysAgo: 60, change1mPct: 7 });
    expect(levelChanges(row)).toEqual({ change1dPct: 20, change7dPct: 100, change30dPct: 7 });
  });
});
