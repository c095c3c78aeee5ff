/**
 * Standalone sandbox: `node dist/apps/sandbox/src/main.js`.
 *
 *   SANDBOX_PORT          port (default 4010; 0 = any free port)
 *   SANDBOX_HOST          bind address (default 127.0.0.1)
 *   SANDBOX_SEED          market seed (default 42)
 *   SANDBOX_FAULTS        JSON array of FaultRule, active from the start
 *   SANDBOX_VARIANT_RATE  share of answers rewritten into the providers' documented variants, 0-1 (default 0)
 *   SANDBOX_JUPITER_KEYS  comma-separated accepted Jupiter keys, each optionally `key:perMinute`
 *                         (default sandbox-jupiter-key)
 *   SANDBOX_ALCHEMY_KEYS  comma-separated accepted Alchemy keys (default sandbox-alchemy-key)
 *   SANDBOX_DEFILLAMA_PRO_KEYS  comma-separated accepted DefiLlama Pro keys (default sandbox-defillama-pro-key)
 *   SANDBOX_FOMO_KEYS     comma-separated accepted FOMO keys, each optionally `key:credits` (default
 *                         sandbox-fomo-key with 2,500,000 credits)
 *   SANDBOX_SOLANA_TRACKER_KEYS  comma-separated accepted Solana Tracker keys (default sandbox-solana-tracker-key)
 */
import { SANDBOX_KEYS, startSandbox, validateFaultRule, type FaultRule } from '@scout/sandbox';

function intEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer in ${min}..${max}, got "${raw}"`);
  return n;
}

function faultsEnv(): FaultRule[] {
  const raw = process.env.SANDBOX_FAULTS;
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('SANDBOX_FAULTS must be a JSON array of fault rules');
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  return list.map((r, i) => {
    try {
      return validateFaultRule(r);
    } catch (e) {
      throw new Error(`SANDBOX_FAULTS[${i}]: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
}

function rateEnv(name: string): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return 0;
  const rate = Number(raw);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new Error(`${name} must be a number from 0 to 1, got "${raw}"`);
  return rate;
}

function listEnv(name: string): string[] | undefined {
  const raw = process.env[name];
  if (!raw) return undefined;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

async function main(): Promise<void> {
  const port = intEnv('SANDBOX_PORT', 4010, 0, 65535);
  const seed = intEnv('SANDBOX_SEED', 42, 0, 2 ** 32 - 1);
  const faults = faultsEnv();
  const variantRate = rateEnv('SANDBOX_VARIANT_RATE');
  const jupiter = (listEnv('SANDBOX_JUPITER_KEYS') ?? [SANDBOX_KEYS.jupiter]).map((entry) => {
    const [key, limit] = entry.split(':');
    if (limit === undefined) return { key };
    const perMinute = Number(limit);
    if (!Number.isInteger(perMinute) || perMinute < 1) throw new Error(`SANDBOX_JUPITER_KEYS: "${entry}" must be key or key:perMinute (a positive integer)`);
    return { key, perMinute };
  });
  const alchemy = listEnv('SANDBOX_ALCHEMY_KEYS') ?? [SANDBOX_KEYS.alchemy];
  const defillamaPro = listEnv('SANDBOX_DEFILLAMA_PRO_KEYS') ?? [SANDBOX_KEYS.defillamaPro];
  const fomo = (listEnv('SANDBOX_FOMO_KEYS') ?? [SANDBOX_KEYS.fomo]).map((entry) => {
    const [key, budget] = entry.split(':');
    if (budget === undefined) return { key };
    const credits = Number(budget);
    if (!Number.isInteger(credits) || credits < 0) throw new Error(`SANDBOX_FOMO_KEYS: "${entry}" must be key or key:credits (a non-negative integer)`);
    return { key, credits };
  });
  const solanaTracker = listEnv('SANDBOX_SOLANA_TRACKER_KEYS') ?? [SANDBOX_KEYS.solanaTracker];
  const sandbox = await startSandbox({
    port,
    host: process.env.SANDBOX_HOST || '127.0.0.1',
    seed,
    faults,
    variants: { rate: variantRate },
    keys: { jupiter, alchemy, defillamaPro, fomo, solanaTracker },
  });
  process.stdout.write(
    `Scout sandbox upstream listening on ${sandbox.url} (seed ${seed}${faults.length ? `, ${faults.length} fault rule(s)` : ''}${variantRate > 0 ? `, documented variants on ${variantRate * 100} % of answers` : ''})\n` +
      `  DefiLlama  ${sandbox.urls.defillamaApi}  ${sandbox.urls.defillamaCoins}  ${sandbox.urls.defillamaStablecoins}  ${sandbox.urls.defillamaYields}\n` +
      `             Pro: ${sandbox.urls.defillamaPro}/{apiKey}/api|coins|stablecoins|yields  (keys: ${defillamaPro.join(', ')})\n` +
      `  Jupiter    ${sandbox.urls.jupiter}  (x-api-key: ${jupiter.map((k) => k.key).join(', ')})\n` +
      `  Alchemy    ${sandbox.urls.alchemyPrices}/{apiKey}  ${sandbox.urls.alchemyData}/{apiKey}  ${sandbox.urls.alchemyRpc}/{apiKey}  (keys: ${alchemy.join(', ')})\n` +
      `  FOMO       ${sandbox.urls.fomo}/v2  (Bearer: ${fomo.map((k) => k.key).join(', ')})\n` +
      `  DexScreener ${sandbox.urls.dexscreener}  (no key)\n` +
      `  Solana Tracker ${sandbox.urls.solanaTracker}  (x-api-key: ${solanaTracker.join(', ')})\n` +
      `  Control    ${sandbox.url}/__control/faults | /variants | /requests | /reset | /clock | /fixtures\n`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`Scout sandbox: ${signal}, stopping\n`);
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Scout sandbox failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
