/**
 * What an integrator writes with the generated client: five tools from five areas, each answer's
 * `data` read field by field with no cast. `tsc -p clients/typescript/tsconfig.json` checks this
 * file under `strict` and `noUncheckedIndexedAccess`, so a field renamed or retyped in Scout's
 * answer schemas fails that check once the client is regenerated (apps/api/test/typed-client.e2e-spec.ts
 * runs both the check and this file against a booted app).
 */
import {
  createScoutClient,
  serviceChainHealthPost,
  serviceFomoTokenHoldersPost,
  serviceFomoTraderPositionsPost,
  serviceTokenPricesPost,
  serviceWalletAgeGet,
  type Chain,
  type ChainHealthRow,
  type SolanaPriceRow,
} from '../src';

export interface TypedUsageInputs {
  /** A tracked trader's handle or user id. */
  trader: string;
  /** A token address the sandbox knows. */
  token: string;
  /** An EVM wallet. */
  wallet: string;
  /** Solana mints with a price. */
  mints: string[];
}

/** Fields read from the five answers, each with the type the generated client gives it. */
export interface TypedReadings {
  chain: Chain;
  chainLabel: string;
  tvlUsd: number | null;
  traderUserId: string;
  positionStatus: 'all' | 'closed' | 'open';
  positionCount: number;
  openPositions: number;
  holdersOf: string;
  trackedHolderCount: number;
  holderHandles: string[];
  wallet: string;
  walletChains: Chain[];
  ageDays: number | null;
  priceMints: string[];
  firstPriceUsd: number | null;
  creditsSpent: number;
  creditsRemaining: number | null;
  tools: string[];
}

function first<T>(rows: T[], what: string): T {
  const row = rows[0];
  if (row === undefined) throw new Error(`no ${what} in the answer`);
  return row;
}

export async function readFiveTools(baseUrl: string, apiKey: string, inputs: TypedUsageInputs): Promise<TypedReadings> {
  const scout = createScoutClient({ baseUrl, apiKey });

  // defi: POST with a typed body; `throwOnError` makes `data` the 200 answer (no undefined to test).
  const health = await serviceChainHealthPost({ client: scout, body: { chains: ['solana'] }, throwOnError: true });
  const chainRow: ChainHealthRow = first(health.data.data.chains, 'chain');

  // traders
  const positions = await serviceFomoTraderPositionsPost({ client: scout, body: { trader: inputs.trader }, throwOnError: true });
  const { trader, status, count, summary } = positions.data.data;

  // tokens: without throwOnError the result is data or error, told apart by checking.
  const holders = await serviceFomoTokenHoldersPost({ client: scout, body: { address: inputs.token } });
  if (holders.error) throw new Error(`token holders: ${holders.error.error.code}: ${holders.error.error.message}`);
  if (!holders.data) throw new Error('token holders: no answer');
  const holdersData = holders.data.data;

  // wallets: the GET form, inputs as typed query parameters.
  const age = await serviceWalletAgeGet({ client: scout, query: { wallet: inputs.wallet }, throwOnError: true });
  const ageData = age.data.data;

  // prices
  const prices = await serviceTokenPricesPost({ client: scout, body: { tokens: inputs.mints }, throwOnError: true });
  const priceRow: SolanaPriceRow = first(prices.data.data.prices, 'price');

  return {
    chain: chainRow.chain,
    chainLabel: chainRow.label,
    tvlUsd: chainRow.tvlUsd,
    traderUserId: trader.userId,
    positionStatus: status,
    positionCount: count,
    openPositions: summary.open,
    holdersOf: holdersData.token.address,
    trackedHolderCount: holdersData.trackedHolderCount,
    holderHandles: holdersData.holders.map((row) => row.handle),
    wallet: ageData.wallet,
    walletChains: ageData.chains.map((row) => row.chain),
    ageDays: ageData.summary.ageDays,
    priceMints: prices.data.data.prices.map((row) => row.mint),
    firstPriceUsd: priceRow.priceUsd,
    creditsSpent: [health, positions, age, prices].reduce((sum, answer) => sum + answer.data.credits.creditsSpent, holders.data.credits.creditsSpent),
    creditsRemaining: prices.data.credits.remaining,
    tools: [health.data.meta.tool, positions.data.meta.tool, holders.data.meta.tool, age.data.meta.tool, prices.data.meta.tool],
  };
}

// `node -r ts-node/register/transpile-only typed-usage.ts '<inputs JSON>'` with SCOUT_URL and
// SCOUT_API_KEY set: prints the readings as JSON (how the e2e spec runs it).
if (require.main === module) {
  const [inputsJson] = process.argv.slice(2);
  const baseUrl = process.env.SCOUT_URL;
  const apiKey = process.env.SCOUT_API_KEY;
  if (!inputsJson || !baseUrl || !apiKey) throw new Error('usage: SCOUT_URL=... SCOUT_API_KEY=... typed-usage.ts <inputs JSON>');
  const inputs: TypedUsageInputs = JSON.parse(inputsJson);
  readFiveTools(baseUrl, apiKey, inputs).then(
    (readings) => process.stdout.write(`${JSON.stringify(readings)}\n`),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
