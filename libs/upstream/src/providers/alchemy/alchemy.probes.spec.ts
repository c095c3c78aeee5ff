import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_KEYS, startSandbox, type RunningSandbox } from '@scout/sandbox';
import { HttpUpstreamSource } from '../../http-upstream-source';
import { alchemyProbes } from './alchemy.probes';
import { TokenDataClient, rpcSourcePerNetwork, tokenDataRpcBaseUrl } from './token-data.client';
import { WalletDataClient } from './wallet-data.client';

/** Every endpoint label the two clients' calls carry, read from their source. */
function clientLabels(): string[] {
  const labels = new Set<string>();
  for (const file of ['token-data.client.ts', 'wallet-data.client.ts']) {
    const text = readFileSync(join(__dirname, file), 'utf8');
    for (const m of text.matchAll(/endpoint: '(alchemy:[^']+)'/g)) labels.add(m[1]);
    // JSON-RPC calls are labelled `alchemy:${method}` by rpcCall.
    for (const m of text.matchAll(/rpcCall\(\s*[^,]+,\s*[^,]+,\s*'([\w]+)'/g)) labels.add(`alchemy:${m[1]}`);
  }
  return [...labels].sort();
}

describe('alchemyProbes', () => {
  let sandbox: RunningSandbox;
  const opened: HttpUpstreamSource[] = [];
  let probes: ReturnType<typeof alchemyProbes>;

  beforeAll(async () => {
    sandbox = await startSandbox();
    const source = (name: string, baseUrl: string) => {
      const s = new HttpUpstreamSource({ name, baseUrl, keys: [SANDBOX_KEYS.alchemy], keyPlacement: { kind: 'path' }, timeoutMs: 10_000, retries: 0 });
      opened.push(s);
      return s;
    };
    const rpc = rpcSourcePerNetwork((network) => source(`token-data-rpc:${network}`, tokenDataRpcBaseUrl(network, sandbox.urls.alchemyRpc)));
    probes = alchemyProbes({
      prices: new TokenDataClient(source('token-data-prices', sandbox.urls.alchemyPrices), rpc),
      wallets: new WalletDataClient(source('token-data-portfolio', sandbox.urls.alchemyData), rpc),
    });
  });

  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    await sandbox?.close();
  });

  it('has one probe per endpoint label the clients use, and no other', () => {
    expect(clientLabels()).toHaveLength(7);
    expect(probes.map((p) => p.endpoint).sort()).toEqual(clientLabels());
    expect(new Set(probes.map((p) => p.provider))).toEqual(new Set(['alchemy']));
  });

  it('every probe resolves against the sandbox', async () => {
    const outcomes = await Promise.all(
      probes.map((p) =>
        p.run().then(
          () => `${p.endpoint} ok`,
          (e: unknown) => `${p.endpoint} ${String(e)}`,
        ),
      ),
    );
    expect(outcomes).toEqual(probes.map((p) => `${p.endpoint} ok`));
  });
});
