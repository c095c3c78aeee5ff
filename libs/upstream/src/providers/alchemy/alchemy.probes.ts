import { probesOf, type ProviderProbe } from '../../provider-probe';
import type { TokenDataClient } from './token-data.client';
import type { WalletDataClient } from './wallet-data.client';

/** USDC on Ethereum: priced and described on the live API and in the sandbox (FIXTURES.ethereumUsdc). */
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
/** A long-lived public wallet (the documents' own example); the sandbox answers any well-formed wallet. */
const WALLET = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045';
const DAY_MS = 86_400_000;

/** One cheap call per endpoint of the token data clients (Alchemy), labelled as the clients label them. */
export function alchemyProbes(clients: { prices: TokenDataClient; wallets: WalletDataClient }): ProviderProbe[] {
  const { prices, wallets } = clients;
  const probe = probesOf('alchemy');
  return [
    probe('/tokens/by-symbol', 'ETH', () => prices.pricesBySymbol(['ETH'])),
    probe('/tokens/by-address', 'USDC on Ethereum', () => prices.pricesByAddress([{ chain: 'ethereum', address: USDC_ETHEREUM }])),
    probe('/tokens/historical', 'ETH, last 2 days at 1d', () => {
      const end = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
      return prices.historical({ token: { symbol: 'ETH' }, startTime: new Date(end.getTime() - 2 * DAY_MS), endTime: end, interval: '1d' });
    }),
    probe('alchemy_getTokenMetadata', 'USDC on Ethereum', () => prices.tokenMetadata('ethereum', USDC_ETHEREUM)),
    probe('/assets/tokens/by-address', 'one wallet on Ethereum', () => wallets.tokensByWallet(WALLET, ['ethereum'])),
    probe('alchemy_getAssetTransfers', 'one wallet, latest external transfer', () =>
      wallets.assetTransfers({ chain: 'ethereum', toAddress: WALLET, categories: ['external'], order: 'desc', maxCount: 1 }),
    ),
    probe('eth_getTransactionCount', 'one wallet on Ethereum', () => wallets.transactionCount('ethereum', WALLET)),
  ];
}
