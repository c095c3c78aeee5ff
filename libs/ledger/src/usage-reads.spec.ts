import { planUsageRead } from './usage-reads';

const at = (iso: string) => new Date(iso);

describe('planUsageRead', () => {
  it('the life of the account: every rollup day, no entries', () => {
    expect(planUsageRead(null, null)).toEqual({ days: { from: null, to: null }, edges: [] });
  });

  it('from midnight to midnight: whole days only', () => {
    expect(planUsageRead(at('2026-11-01T00:00:00Z'), at('2026-11-04T00:00:00Z'))).toEqual({ days: { from: '2026-11-01', to: '2026-11-04' }, edges: [] });
  });

  it('a period starting and ending inside days: the whole days between, the two partial days from the entries', () => {
    expect(planUsageRead(at('2026-11-01T10:30:00Z'), at('2026-11-04T08:00:00Z'))).toEqual({
      days: { from: '2026-11-02', to: '2026-11-04' },
      edges: [
        [at('2026-11-01T10:30:00Z'), at('2026-11-02T00:00:00Z')],
        [at('2026-11-04T00:00:00Z'), at('2026-11-04T08:00:00Z')],
      ],
    });
  });

  it('open-ended from a moment inside a day (this month so far): the rest of that day from the entries, then every later day', () => {
    expect(planUsageRead(at('2026-11-26T17:00:00Z'), null)).toEqual({
      days: { from: '2026-11-27', to: null },
      edges: [[at('2026-11-26T17:00:00Z'), at('2026-11-27T00:00:00Z')]],
    });
  });

  it('inside one day, or across one midnight with no whole day: the entries only', () => {
    expect(planUsageRead(at('2026-11-26T01:00:00Z'), at('2026-11-26T02:00:00Z'))).toEqual({
      days: null,
      edges: [[at('2026-11-26T01:00:00Z'), at('2026-11-26T02:00:00Z')]],
    });
    expect(planUsageRead(at('2026-11-26T22:00:00Z'), at('2026-11-27T02:00:00Z'))).toEqual({
      days: null,
      edges: [[at('2026-11-26T22:00:00Z'), at('2026-11-27T02:00:00Z')]],
    });
  });

  it('an empty or reversed period reads nothing', () => {
    expect(planUsageRead(at('2026-11-26T02:00:00Z'), at('2026-11-26T02:00:00Z'))).toEqual({ days: null, edges: [] });
    expect(planUsageRead(at('2026-11-27T02:00:00Z'), at('2026-11-26T02:00:00Z'))).toEqual({ days: null, edges: [] });
  });
});
