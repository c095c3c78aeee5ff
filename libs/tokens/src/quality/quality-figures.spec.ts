import { qualityFlags, qualityNotes, tokenAudit, volumeWindow } from './quality-figures';

describe('quality figures', () => {
  it('totals both sides and gives the organic share; a missing side leaves the total unknown, not zero', () => {
    expect(
      volumeWindow({ buyVolume: 600, sellVolume: 400, buyOrganicVolume: 90, sellOrganicVolume: 60, numBuys: 12, numSells: 8, numTraders: 15 }),
    ).toMatchObject({
      totalUsd: 1000,
      organicUsd: 150,
      organicSharePct: 15,
      buys: 12,
      traders: 15,
      organicBuyers: null,
    });
    expect(volumeWindow({ buyVolume: 600, buyOrganicVolume: 90, sellOrganicVolume: 60 })).toMatchObject({
      totalUsd: null,
      organicUsd: 150,
      organicSharePct: null,
    });
    expect(volumeWindow({ buyVolume: 0, sellVolume: 0, buyOrganicVolume: 0, sellOrganicVolume: 0 })).toMatchObject({ totalUsd: 0, organicSharePct: null });
    expect(volumeWindow(null)).toBeNull();
  });

  it('flags live authorities, suspicious tokens, wash volume and concentration; unknowns raise nothing', () => {
    const audit = tokenAudit({ mintAuthorityDisabled: false, freezeAuthorityDisabled: true, topHoldersPercentage: 62.345, isSus: true });
    const day = volumeWindow({ buyVolume: 900, sellVolume: 100, buyOrganicVolume: 50, sellOrganicVolume: 50 });
    expect(qualityFlags(audit, day).map((f) => [f.code, f.severity])).toEqual([
      ['mint_authority_live', 'high'],
      ['suspicious', 'high'],
      ['wash_volume', 'medium'],
      ['concentrated', 'medium'],
    ]);
    expect(qualityFlags(audit, day).find((f) => f.code === 'concentrated')?.text).toContain('62.3%');
    expect(qualityFlags(tokenAudit({}), volumeWindow({}))).toEqual([]);
    expect(qualityFlags(null, null)).toEqual([]);
    expect(tokenAudit(null)).toBeNull();
  });

  it('notes a missing audit (its flags unknown, not safe) and the windows Jupiter did not report', () => {
    expect(qualityNotes(tokenAudit({ mintAuthorityDisabled: true }), [])).toBeUndefined();
    const notes = qualityNotes(tokenAudit(null), ['5m', '24h']);
    expect(notes).toHaveLength(2);
    expect(notes?.[0]).toMatch(/no audit.*unknown, not safe/);
    expect(notes?.[1]).toMatch(/5m, 24h: those windows are null/);
  });
});
