import { rankBy } from './rank';

describe('rankBy', () => {
  const rows = [
    { name: 'a', v: 2 },
    { name: 'b', v: null },
    { name: 'c', v: 5 },
    { name: 'd', v: 2 },
    { name: 'e', v: null },
  ];

  it('puts the largest first, unknown last, and keeps ties in input order', () => {
    expect(rankBy(rows, (r) => r.v).map((r) => r.name)).toEqual(['c', 'a', 'd', 'b', 'e']);
  });

  it('can rank smallest first, still with unknown last', () => {
    expect(rankBy(rows, (r) => r.v, 'asc').map((r) => r.name)).toEqual(['a', 'd', 'c', 'b', 'e']);
  });

  it('does not reorder its input', () => {
    rankBy(rows, (r) => r.v);
    expect(rows.map((r) => r.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
