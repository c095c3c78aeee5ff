/**
 * The sandbox upstream server: every provider under its own prefix, fault injection, request
 * counters and a control API.
 *
 *   /defillama/api          api.llama.fi            (TVL, protocols, hacks, dimensions)
 *   /defillama/coins        coins.llama.fi          (prices, charts, percentage, batchHistorical)
 *   /defillama/stablecoins  stablecoins.llama.fi
 *   /defillama/yields       yields.llama.fi
 *   /defillama/pro/{key}    pro-api.llama.fi/{key}  (/api/..., /coins/..., /stablecoins/..., /yields/...)
 *   /jupiter                api.jup.ag              (price v3, swap v1 quote, tokens v2; x-api-key)
 *   /alchemy                api.g.alchemy.com/prices/v1/{key}/..., api.g.alchemy.com/data/v1/{key}/...
 *                           (the wallets of FOMO's traders) and {network}.g.alchemy.com/v2/{key}
 *   /fomo                   api.fomoapi.io          (/v2 trader routes; Bearer key with a credit budget;
 *                                                   WSS /fomo/ws/alerts?key=, ws-upgrade.ts)
 *   /dexscreener            api.dexscreener.com     (tokens/v1, latest/dex/tokens; keyless)
 *   /solana-tracker         data.solanatracker.io   (tokens, deployer, first buyers, top traders, pnl,
 *                                                   search, chart; x-api-key)
 *   /launchpad              the token launchpad (StonkFun format: /api/tokens, /api/launches, /api/stats, ...;
 *                           x-api-key; its coins are market tokens)
 *   /__control              faults, documented variants, request counters, clock, fixtures, FOMO credits and stream drops
 *                           (not counted, never faulted)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { SandboxMarket } from './market';
import { FaultControl, type FaultRule } from './faults';
import { applyFaults, recordRequests, sendProviderError, type PendingFaults } from './fault-middleware';
import { authMessage, errorBody } from './errors';
import { defillamaApiRouter } from './providers/defillama/api';
import { defillamaCoinsRouter } from './providers/defillama/coins';
import { defillamaStablecoinsRouter } from './providers/defillama/stablecoins';
import { defillamaYieldsRouter } from './providers/defillama/yields';
import { jupiterRouter, type JupiterKey } from './providers/jupiter/router';
import type { KeyRateLimiter } from './providers/jupiter/rate-limit';
import { alchemyRouter } from './providers/alchemy/router';
import { fomoRouter, type FomoProvider } from './providers/fomo/router';
import type { FomoKey } from './providers/fomo/credits';
import { dexscreenerRouter } from './providers/dexscreener/router';
import { solanaTrackerRouter } from './providers/solana-tracker/router';
import { launchpadRouter, type LaunchpadProvider } from './providers/launchpad/router';
import type { FomoStreamOptions } from './providers/fomo/alert-stream';
import { upgradeHandler } from './ws-upgrade';
import { classifyPath, type Classified } from './classify-path';
import { controlRouter } from './control-routes';
import { serveVariants, VariantControl, type VariantSettings } from './variants';
import { PROVIDER_VARIANTS } from './providers/variants';
import { SandboxClock } from './sandbox-clock';

export { SandboxClock };

/** Keys the sandbox accepts by default. */
export const SANDBOX_KEYS = {
  jupiter: 'sandbox-jupiter-key',
  alchemy: 'sandbox-alchemy-key',
  defillamaPro: 'sandbox-defillama-pro-key',
  fomo: 'sandbox-fomo-key',
  solanaTracker: 'sandbox-solana-tracker-key',
  launchpad: 'sandbox-launchpad-key',
} as const;

export interface SandboxKeys {
  /** Accepted Jupiter keys (x-api-key), each with an optional per-minute limit (default 600). */
  jupiter?: (string | JupiterKey)[];
  /** Accepted Alchemy keys (path segment). */
  alchemy?: string[];
  /** Accepted DefiLlama Pro keys (path segment of /defillama/pro/{key}/...). */
  defillamaPro?: string[];
  /** Accepted FOMO keys (Bearer), each with an optional credit budget (default 2,500,000). */
  fomo?: (string | FomoKey)[];
  /** Accepted Solana Tracker keys (x-api-key). */
  solanaTracker?: string[];
  /** Accepted launchpad keys (x-api-key). */
  launchpad?: string[];
}

export interface SandboxOptions {
  /** Market seed (default 42). */
  seed?: number;
  /** Market clock, ms since epoch (default Date.now). */
  now?: () => number;
  /** Fault rules active from the start. */
  faults?: FaultRule[];
  /** Accepted API keys (defaults: SANDBOX_KEYS). */
  keys?: SandboxKeys;
  /** Wall clock used by the per-key rate limiters (default Date.now). */
  rateNow?: () => number;
  /** Reuse an existing market (its seed and clock win over `seed`/`now`). */
  market?: SandboxMarket;
  /** Reuse an existing fault control. */
  control?: FaultControl;
  /** Timing of FOMO's `WSS /ws/alerts` (heartbeat `pingMs`, default 15 s; `tickMs`, default 200 ms). */
  fomoStream?: FomoStreamOptions;
  /** Build the FOMO world before serving (FomoProvider.warm) rather than on its first request. */
  warm?: boolean;
  /** The share of answers rewritten into a provider's documented variants (variants.ts; default 0). */
  variants?: VariantSettings;
}

export interface StartSandboxOptions extends SandboxOptions {
  /** Port (0 = a free port; default 0). */
  port?: number;
  /** Bind address (default 127.0.0.1). */
  host?: string;
}

export interface Sandbox {
  app: express.Express;
  market: SandboxMarket;
  control: FaultControl;
  /** The documented-variant rate in effect (also `/__control/variants`). */
  variants: VariantControl;
  clock: SandboxClock;
  jupiterLimiter: KeyRateLimiter;
  /** The FOMO stand-in: its world (traders, positions) and its per-key credit budgets. */
  fomo: FomoProvider;
  /** The launchpad stand-in: its coins, economics and platform figures (built on first use). */
  launchpad: LaunchpadProvider;
  /** Keys in effect. */
  keys: { jupiter: JupiterKey[]; alchemy: string[]; defillamaPro: string[]; fomo: FomoKey[]; solanaTracker: string[]; launchpad: string[] };
  /** Releases held (timeout) responses and pending latency timers. */
  shutdown(): void;
}

export interface RunningSandbox extends Sandbox {
  /** Base URL, e.g. http://127.0.0.1:4010 (providers are under /defillama/api, /jupiter, ...). */
  url: string;
  port: number;
  /** Base URLs to point each provider client at. */
  urls: {
    defillamaApi: string;
    defillamaCoins: string;
    defillamaStablecoins: string;
    defillamaYields: string;
    /** DefiLlama Pro base; the key follows: `${defillamaPro}/{key}/api/...`. */
    defillamaPro: string;
    jupiter: string;
    alchemyPrices: string;
    /** Portfolio API base (`${alchemyData}/{key}/assets/tokens/by-address`). */
    alchemyData: string;
    /** Contains `{network}`: `${url}/alchemy/{network}/v2`. */
    alchemyRpc: string;
    /** FOMO data API base (`${fomo}/v2/leaderboard/7d`); the alert stream is `${fomo}/ws/alerts` over ws://. */
    fomo: string;
    /** DexScreener base (`${dexscreener}/tokens/v1/solana/{addresses}`); keyless. */
    dexscreener: string;
    /** Solana Tracker base (`${solanaTracker}/tokens/{mint}`); x-api-key. */
    solanaTracker: string;
    /** Launchpad base (`${launchpad}/api/tokens`); x-api-key. */
    launchpad: string;
  };
  close(): Promise<void>;
}

/** Builds the sandbox: market, fault control, and the Express app serving every provider. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const clock = new SandboxClock(options.market ? options.market.now : (options.now ?? (() => Date.now())));
  const market = options.market ?? new SandboxMarket({ seed: options.seed, now: clock.now });
  // When a market was given, pinning the clock cannot reach it; say so in /__control/clock.
  const clockControlsMarket = !options.market;
  const control = options.control ?? new FaultControl();
  if (options.faults?.length) control.add(options.faults);
  const variants = new VariantControl(options.variants, market.seed);
  const jupiterKeys: JupiterKey[] = (options.keys?.jupiter ?? [SANDBOX_KEYS.jupiter]).map((k) => (typeof k === 'string' ? { key: k } : k));
  const alchemyKeys = options.keys?.alchemy ?? [SANDBOX_KEYS.alchemy];
  const defillamaProKeys = options.keys?.defillamaPro ?? [SANDBOX_KEYS.defillamaPro];
  const fomoKeys: FomoKey[] = (options.keys?.fomo ?? [SANDBOX_KEYS.fomo]).map((k) => (typeof k === 'string' ? { key: k } : k));
  const solanaTrackerKeys = options.keys?.solanaTracker ?? [SANDBOX_KEYS.solanaTracker];
  const launchpadKeys = options.keys?.launchpad ?? [SANDBOX_KEYS.launchpad];
  const fomo = fomoRouter(market, { keys: fomoKeys, stream: options.fomoStream });
  const launchpad = launchpadRouter(market, { keys: launchpadKeys });
  if (options.warm) fomo.warm();
  const pending: PendingFaults = { held: new Set(), timers: new Set() };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');

  // ── Control API
  app.use(
    '/__control',
    controlRouter({
      market,
      control,
      variants,
      clock,
      clockControlsMarket,
      // Read when a reset comes: the Jupiter router is built below.
      resetLimits: () => {
        jupiter.limiter.reset();
        fomo.credits.reset();
      },
      fomo,
      launchpad,
      keys: () => ({
        jupiter: jupiterKeys.map((k) => k.key),
        alchemy: alchemyKeys,
        defillamaPro: defillamaProKeys,
        fomo: fomoKeys.map((k) => k.key),
        solanaTracker: solanaTrackerKeys,
        launchpad: launchpadKeys,
      }),
    }),
  );

  // ── Classification, counting, body parsing, faults
  app.use(recordRequests(control));
  app.use(express.json({ limit: '1mb', type: ['application/json', 'application/*+json'] }));
  app.use(applyFaults(control, pending));
  app.use(serveVariants(variants, PROVIDER_VARIANTS));

  // ── Providers
  const llamaApi = defillamaApiRouter(market);
  const llamaCoins = defillamaCoinsRouter(market);
  const llamaStables = defillamaStablecoinsRouter(market);
  const llamaYields = defillamaYieldsRouter(market);
  app.use('/defillama/api', llamaApi);
  app.use('/defillama/coins', llamaCoins);
  app.use('/defillama/stablecoins', llamaStables);
  app.use('/defillama/yields', llamaYields);
  // DefiLlama Pro (pro-api.llama.fi/{APIKEY}/...): the same data behind a key in the path.
  const pro = express.Router({ mergeParams: true });
  pro.use((req: Request, res: Response, next: NextFunction) => {
    if (!defillamaProKeys.includes(String(req.params.apiKey))) return void res.status(401).json(errorBody('defillama', 401, authMessage('defillama')));
    next();
  });
  pro.use('/api', llamaApi);
  pro.use('/coins', llamaCoins);
  pro.use('/stablecoins', llamaStables);
  pro.use('/yields', llamaYields);
  app.use('/defillama/pro/:apiKey', pro);
  const jupiter = jupiterRouter(market, { keys: jupiterKeys, rateNow: options.rateNow });
  app.use('/jupiter', jupiter.router);
  app.use('/alchemy', alchemyRouter(market, { keys: alchemyKeys, traders: () => fomo.world }));
  app.use('/fomo', fomo.router);
  app.use('/dexscreener', dexscreenerRouter(market));
  // Its tracked wallets are the FOMO stand-in's traders: the same world, built on first use.
  app.use('/solana-tracker', solanaTrackerRouter(market, { keys: solanaTrackerKeys, world: () => fomo.world }));
  app.use('/launchpad', launchpad.router);

  app.get('/', (_req, res) => {
    res.json({
      name: 'scout-sandbox',
      seed: market.seed,
      now: market.nowMs(),
      providers: {
        defillama: [
          '/defillama/api',
          '/defillama/coins',
          '/defillama/stablecoins',
          '/defillama/yields',
          '/defillama/pro/{apiKey}/{api|coins|stablecoins|yields}',
        ],
        jupiter: ['/jupiter'],
        alchemy: ['/alchemy/prices/v1/{apiKey}', '/alchemy/data/v1/{apiKey}', '/alchemy/{network}/v2/{apiKey}'],
        fomo: ['/fomo/v2', '/fomo/ws/alerts'],
        dexscreener: ['/dexscreener'],
        solanaTracker: ['/solana-tracker'],
        launchpad: ['/launchpad'],
      },
      control: '/__control',
    });
  });

  // ── Not found / errors, in each provider's shape
  app.use((req: Request, res: Response) => {
    const c = res.locals.sandbox as Classified | undefined;
    if (!c) return void res.status(404).json({ message: 'Not Found' });
    sendProviderError(req, res, c, 404, `Cannot ${req.method} ${req.path}`);
  });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const c = (res.locals.sandbox as Classified | undefined) ?? classifyPath(req.path);
    const e = err as { type?: string; status?: number; message?: string };
    const status = e.type === 'entity.parse.failed' ? 400 : e.status && e.status >= 400 && e.status < 600 ? e.status : 500;
    const message = e.type === 'entity.parse.failed' ? 'Invalid JSON body' : status === 500 ? 'Internal Server Error' : e.message;
    if (res.headersSent) return;
    if (!c) return void res.status(status).json({ message });
    sendProviderError(req, res, c, status, message);
  });

  app.locals.sandbox = { market, control, clock };

  return {
    app,
    market,
    control,
    variants,
    clock,
    jupiterLimiter: jupiter.limiter,
    fomo,
    launchpad,
    keys: {
      jupiter: jupiterKeys,
      alchemy: alchemyKeys,
      defillamaPro: defillamaProKeys,
      fomo: fomoKeys,
      solanaTracker: solanaTrackerKeys,
      launchpad: launchpadKeys,
    },
    shutdown() {
      fomo.streams.close();
      for (const t of pending.timers) clearTimeout(t);
      pending.timers.clear();
      for (const res of pending.held) res.destroy();
      pending.held.clear();
    },
  };
}

/** The Express app alone (market and control are on `app.locals.sandbox`). */
export function createSandboxApp(options: SandboxOptions = {}): express.Express {
  return createSandbox(options).app;
}

/** Starts the sandbox on a port (0 = free port) and resolves once it listens. */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox(options);
  const server = http.createServer(sandbox.app);
  const upgrades = upgradeHandler(sandbox.control, sandbox.fomo.streams, classifyPath);
  server.on('upgrade', (req, socket, head) => upgrades.handle(req, socket, head));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  const url = `http://${hostPart}:${port}`;
  let closed: Promise<void> | null = null;
  return {
    ...sandbox,
    url,
    port,
    urls: {
      defillamaApi: `${url}/defillama/api`,
      defillamaCoins: `${url}/defillama/coins`,
      defillamaStablecoins: `${url}/defillama/stablecoins`,
      defillamaYields: `${url}/defillama/yields`,
      defillamaPro: `${url}/defillama/pro`,
      jupiter: `${url}/jupiter`,
      alchemyPrices: `${url}/alchemy/prices/v1`,
      alchemyData: `${url}/alchemy/data/v1`,
      alchemyRpc: `${url}/alchemy/{network}/v2`,
      fomo: `${url}/fomo`,
      dexscreener: `${url}/dexscreener`,
      solanaTracker: `${url}/solana-tracker`,
      launchpad: `${url}/launchpad`,
    },
    close() {
      closed ??= new Promise<void>((resolve) => {
        sandbox.shutdown();
        upgrades.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
