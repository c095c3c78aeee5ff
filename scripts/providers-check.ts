import 'reflect-metadata';
import { AppConfig } from '@scout/core';
import { SANDBOX_KEYS, startSandbox, validateFaultRule, type FaultRule, type RunningSandbox } from '@scout/sandbox';
import {
  allProviderProbes,
  formatProbeTable,
  liveEndpoints,
  runProbes,
  sandboxEndpoints,
  standaloneProviderClients,
  type UpstreamEndpoints,
} from '@scout/upstream';

/**
 * `npm run providers:check`: one cheap real call per provider endpoint with the keys and hosts of
 * the environment (the same settings the API reads), each answer read by Scout's own schema, and a
 * table of ok / drift / refused / unreachable. Touches no ledger and no account.
 *
 *   --sandbox                 check the in-process sandbox instead (what CI does)
 *   --sandbox-faults '<json>' fault rules for that sandbox (e.g. a drifted payload on one route)
 *
 * Exit status: 0 nothing drifted, 1 at least one endpoint drifted, 2 the check could not run.
 */

const USAGE = "usage: npm run providers:check [-- --sandbox [--sandbox-faults '<json array of fault rules>']]";
const EXIT = { noDrift: 0, drift: 1, cannotRun: 2 } as const;

interface Options {
  sandbox: boolean;
  faults: FaultRule[];
}

function parseArgs(args: string[]): Options {
  const options: Options = { sandbox: false, faults: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--sandbox') options.sandbox = true;
    else if (arg === '--sandbox-faults' && i + 1 < args.length) {
      const parsed: unknown = JSON.parse(args[++i]);
      if (!Array.isArray(parsed)) throw new Error(`--sandbox-faults must be a JSON array\n${USAGE}`);
      options.faults = parsed.map((rule) => validateFaultRule(rule));
    } else throw new Error(`unknown argument: ${arg}\n${USAGE}`);
  }
  if (options.faults.length && !options.sandbox) throw new Error(`--sandbox-faults needs --sandbox\n${USAGE}`);
  return options;
}

async function main(): Promise<number> {
  let options: Options;
  let config: AppConfig;
  try {
    options = parseArgs(process.argv.slice(2));
    config = AppConfig.fromEnv(process.env);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.cannotRun;
  }
  let sandbox: RunningSandbox | undefined;
  let endpoints: UpstreamEndpoints;
  if (options.sandbox) {
    sandbox = await startSandbox({ seed: config.SANDBOX_SEED, faults: options.faults });
    endpoints = sandboxEndpoints({ urls: sandbox.urls, keys: SANDBOX_KEYS });
  } else {
    endpoints = liveEndpoints(config);
  }
  // No shared cache and no configuration beyond the endpoints: every probe is a real call.
  const { clients, close } = standaloneProviderClients(endpoints, { timeoutMs: config.UPSTREAM_TIMEOUT_MS, retries: config.UPSTREAM_RETRIES });
  try {
    const results = await runProbes(allProviderProbes(clients));
    const where = sandbox ? `the sandbox at ${sandbox.url}` : 'the configured providers';
    process.stdout.write(`Scout providers:check against ${where}\n\n${formatProbeTable(results)}\n`);
    return results.some((r) => r.outcome === 'drift') ? EXIT.drift : EXIT.noDrift;
  } finally {
    await close();
    await sandbox?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`providers:check could not run: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(EXIT.cannotRun);
  },
);
