import type { Type } from '@nestjs/common';
import { InvalidRequestError, inputSchemaOf, parseToolInput, type ValidationIssue } from '@scout/core';
import { LaunchpadLaunchesInput, LaunchStatusInput, SIGNATURE_EXAMPLE } from './launches/launches.dto';
import { COIN_MINT_EXAMPLE, QUOTE_MINT_EXAMPLE, WALLET_EXAMPLE } from './launchpad-inputs';
import { LaunchLabPricingInput, LaunchpadPairsInput } from './pairs/pairs.dto';
import { LaunchpadMintInput, LaunchpadTokensInput } from './tokens/tokens.dto';

const EVM = `0x${'ab'.repeat(20)}`;
const DTOS: Type<object>[] = [LaunchpadTokensInput, LaunchpadMintInput, LaunchpadLaunchesInput, LaunchStatusInput, LaunchpadPairsInput, LaunchLabPricingInput];

function parse<T extends object>(dto: Type<T>, raw: unknown, source: 'query' | 'body' = 'body'): Promise<T> {
  return parseToolInput(dto, raw, source, inputSchemaOf(dto));
}

/** The fields the 400 names (each once; a missing field fails more than one rule). */
async function refused(dto: Type<object>, raw: unknown, source: 'query' | 'body' = 'body'): Promise<string[]> {
  const error = await parse(dto, raw, source).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidRequestError);
  return [...new Set(((error as InvalidRequestError).extra.issues as ValidationIssue[]).map((i) => i.path))];
}

describe('launchpad tool inputs', () => {
  it.each(DTOS)('%p is a closed schema whose examples pass its own rules', async (dto) => {
    const schema = inputSchemaOf(dto);
    expect(schema.additionalProperties).toBe(false);
    const properties = schema.properties as Record<string, { examples?: unknown[] }>;
    const example = Object.fromEntries(Object.entries(properties).map(([name, p]) => [name, p.examples?.[0]]));
    expect(Object.values(example)).not.toContain(undefined);
    await expect(parse(dto, example)).resolves.toBeInstanceOf(dto);
  });

  it('pages default to the first, 25 rows; page from 1, pageSize 1-100', async () => {
    await expect(parse(LaunchpadTokensInput, {})).resolves.toMatchObject({ page: 1, pageSize: 25 });
    await expect(parse(LaunchpadLaunchesInput, { page: '3', pageSize: '100' }, 'query')).resolves.toMatchObject({ page: 3, pageSize: 100 });
    expect(await refused(LaunchpadTokensInput, { page: 0 })).toEqual(['page']);
    expect(await refused(LaunchpadTokensInput, { pageSize: 101 })).toEqual(['pageSize']);
    expect(await refused(LaunchpadLaunchesInput, { pageSize: 0 })).toEqual(['pageSize']);
    expect(await refused(LaunchpadLaunchesInput, { page: 1.5 })).toEqual(['page']);
  });

  it('sort and mode are their enums; filter words are short words', async () => {
    expect(await refused(LaunchpadTokensInput, { sort: 'price' })).toEqual(['sort']);
    expect(await refused(LaunchpadTokensInput, { mode: 'v3' })).toEqual(['mode']);
    expect(await refused(LaunchpadLaunchesInput, { mode: 'Reward' })).toEqual(['mode']);
    expect(await refused(LaunchpadTokensInput, { status: 'grad uated' })).toEqual(['status']);
    expect(await refused(LaunchpadPairsInput, { category: 'x'.repeat(33) })).toEqual(['category']);
    expect(await refused(LaunchpadTokensInput, { q: 'x'.repeat(65) })).toEqual(['q']);
  });

  it('mints, quote mints and creators are Solana base58 (32-44); an EVM address is named as one', async () => {
    await expect(parse(LaunchpadMintInput, { mint: COIN_MINT_EXAMPLE })).resolves.toMatchObject({ mint: COIN_MINT_EXAMPLE });
    expect(await refused(LaunchpadMintInput, {})).toEqual(['mint']);
    expect(await refused(LaunchpadMintInput, { mint: 'short' })).toEqual(['mint']);
    expect(await refused(LaunchpadMintInput, { mint: `${COIN_MINT_EXAMPLE.slice(0, 43)}0` })).toEqual(['mint']);
    expect(await refused(LaunchLabPricingInput, { quoteMint: `${QUOTE_MINT_EXAMPLE}xxx` })).toEqual(['quoteMint']);
    expect(await refused(LaunchpadTokensInput, { quoteMint: EVM })).toEqual(['quoteMint']);
    expect(await refused(LaunchpadLaunchesInput, { creator: 'I'.repeat(40) })).toEqual(['creator']);
    await expect(parse(LaunchpadMintInput, { mint: EVM }).catch((e: InvalidRequestError) => e.message)).resolves.toContain('EVM address');
    await expect(parse(LaunchpadLaunchesInput, { creator: WALLET_EXAMPLE })).resolves.toMatchObject({ creator: WALLET_EXAMPLE });
  });

  it('a payment signature is base58, 32-88 characters', async () => {
    await expect(parse(LaunchStatusInput, { paymentSignature: SIGNATURE_EXAMPLE })).resolves.toBeInstanceOf(LaunchStatusInput);
    expect(await refused(LaunchStatusInput, {})).toEqual(['paymentSignature']);
    expect(await refused(LaunchStatusInput, { paymentSignature: `${SIGNATURE_EXAMPLE}1` })).toEqual(['paymentSignature']);
    expect(await refused(LaunchStatusInput, { paymentSignature: '1'.repeat(31) })).toEqual(['paymentSignature']);
    expect(await refused(LaunchStatusInput, { paymentSignature: `0${SIGNATURE_EXAMPLE.slice(1)}` })).toEqual(['paymentSignature']);
  });

  it('since is an ISO 8601 instant between 2009 and a day from now', async () => {
    await expect(parse(LaunchpadLaunchesInput, { since: '2026-07-01' })).resolves.toMatchObject({ since: '2026-07-01' });
    await expect(parse(LaunchpadLaunchesInput, { since: '2026-07-01T10:00:00Z' }, 'query')).resolves.toMatchObject({ since: '2026-07-01T10:00:00Z' });
    for (const since of ['yesterday', '2026-02-30', '1751364000', '2008-12-31', '9999-01-01T00:00:00Z']) {
      expect({ since, fields: await refused(LaunchpadLaunchesInput, { since }) }).toEqual({ since, fields: ['since'] });
    }
  });

  it('pair filters take booleans, as JSON or as query text', async () => {
    await expect(parse(LaunchpadPairsInput, { launchable: 'true', launchLabReady: 'false' }, 'query')).resolves.toMatchObject({
      launchable: true,
      launchLabReady: false,
    });
    expect(await refused(LaunchpadPairsInput, { launchable: 'yes' })).toEqual(['launchable']);
    expect(await refused(LaunchpadPairsInput, { launchLabReady: 1 })).toEqual(['launchLabReady']);
  });
});
