import type { Type } from '@nestjs/common';
import { InvalidRequestError, inputSchemaOf, parseToolInput, type ValidationIssue } from '@scout/core';
import { LaunchpadRevenueInput, LaunchpadRewardsInput, LaunchpadStatsInput } from '../platform/platform.dto';
import { LaunchpadMintInput } from '../tokens/tokens.dto';
import { LaunchpadMintLimitInput } from './token-economics.dto';

const MINT = '6GmAFSYs4gk3FDao5FzzySQpPZaWsa4rUJHacpMpUNgx';

const parse = <T extends object>(dto: Type<T>, raw: unknown, source: 'query' | 'body' = 'body') => parseToolInput(dto, raw, source, inputSchemaOf(dto));

async function issuesOf(dto: Type<object>, raw: unknown): Promise<string[]> {
  const error = await parse(dto, raw).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidRequestError);
  return [...new Set(((error as InvalidRequestError).extra.issues as ValidationIssue[]).map((i) => i.path))];
}

describe('launchpad inputs (per coin and platform)', () => {
  it.each([LaunchpadMintInput, LaunchpadMintLimitInput, LaunchpadStatsInput, LaunchpadRevenueInput, LaunchpadRewardsInput])('%p is closed', (dto) => {
    expect(inputSchemaOf(dto).additionalProperties).toBe(false);
  });

  it('mint is base58, 32-44 characters, and required', async () => {
    await expect(parse(LaunchpadMintInput, { mint: MINT })).resolves.toMatchObject({ mint: MINT });
    for (const mint of [MINT.slice(0, 31), `${MINT}abcdefghi`, '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', `${MINT.slice(0, 40)}0OIl`]) {
      expect(await issuesOf(LaunchpadMintInput, { mint })).toEqual(['mint']);
    }
    expect(await issuesOf(LaunchpadMintInput, {})).toEqual(['mint']);
  });

  it('limit is 1-100, 25 by default, from a query string too', async () => {
    await expect(parse(LaunchpadMintLimitInput, { mint: MINT })).resolves.toMatchObject({ limit: 25 });
    await expect(parse(LaunchpadMintLimitInput, { mint: MINT, limit: '100' }, 'query')).resolves.toMatchObject({ limit: 100 });
    for (const limit of [0, 101, 2.5]) expect(await issuesOf(LaunchpadMintLimitInput, { mint: MINT, limit })).toEqual(['limit']);
    expect(await issuesOf(LaunchpadRewardsInput, { limit: 0 })).toEqual(['limit']);
  });

  it('history is a boolean, false by default', async () => {
    await expect(parse(LaunchpadRevenueInput, {})).resolves.toMatchObject({ limit: 25, history: false });
    await expect(parse(LaunchpadRevenueInput, { history: 'true' }, 'query')).resolves.toMatchObject({ history: true });
    expect(await issuesOf(LaunchpadRevenueInput, { history: 'yes' })).toEqual(['history']);
  });

  it('stats takes nothing', async () => {
    await expect(parse(LaunchpadStatsInput, {})).resolves.toBeDefined();
    expect(await issuesOf(LaunchpadStatsInput, { limit: 5 })).toEqual(['limit']);
  });
});
