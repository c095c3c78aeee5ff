import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Classified } from './classify-path';
import type { Provider, RequestRecord } from './faults';
import { hashString, unit } from './prng';

/*
 * Documented variants: the shapes a provider's own documents allow that the sandbox's everyday
 * answers never show (a nullable field as null, an optional field absent, an enum value Scout has
 * not seen). With a rate above 0, that share of the provider answers, chosen by a seeded hash of
 * the request, is rewritten into one of them before it is sent, so the suite meets the variants
 * every run and a client that trusts more than the document promises fails in the sandbox too.
 */

/** What a provider's variant writer knows about the request and the draws it may make. */
export interface VariantContext {
  provider: Provider;
  /** The route after the provider prefix, key removed (as in fault rules). */
  route: string;
  method: string;
  /** True for a seeded share `p` of the calls of this context. */
  chance(p: number): boolean;
  /** One of `options`, seeded. */
  pick<T>(options: readonly T[]): T;
  /** Names the variant served (recorded on the request, e.g. 'quote.platformFee null'). */
  served(name: string): void;
}

/**
 * Rewrites a 2xx JSON answer into documented variants, or returns it as it is when the route has
 * none. It may change the body in place: it is handed a copy, never the market's own objects.
 */
export type ProviderVariants = (ctx: VariantContext, body: unknown) => unknown;

export interface VariantSettings {
  /** Share of answers rewritten, 0 (never, the default) to 1 (every answer that has a variant). */
  rate: number;
  /** Seed of the draws (default: the market's). */
  seed?: number;
}

/** The current settings, changeable at run time through `/__control/variants`. */
export class VariantControl {
  private settings: Required<VariantSettings>;
  private readonly tally = new Map<string, number>();

  constructor(settings: VariantSettings | undefined, defaultSeed: number) {
    this.settings = { rate: 0, seed: defaultSeed };
    if (settings) this.set(settings);
  }

  get(): Required<VariantSettings> {
    return { ...this.settings };
  }

  set(settings: VariantSettings): Required<VariantSettings> {
    const rate = Number(settings.rate);
    if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new Error('variants.rate must be a number from 0 to 1');
    const seed = settings.seed ?? this.settings.seed;
    if (!Number.isInteger(seed) || seed < 0) throw new Error('variants.seed must be a non-negative integer');
    this.settings = { rate, seed };
    return this.get();
  }

  /** Counts one variant served, by provider and name. */
  noteServed(provider: Provider, name: string): void {
    const key = `${provider} ${name}`;
    this.tally.set(key, (this.tally.get(key) ?? 0) + 1);
  }

  /** How often each variant was served since the start or the last reset, e.g. {'jupiter quote.platformFee null': 3}. */
  served(): Record<string, number> {
    return Object.fromEntries([...this.tally].sort(([a], [b]) => a.localeCompare(b)));
  }

  resetServed(): void {
    this.tally.clear();
  }
}

/**
 * The middleware: for a provider request drawn into the rate, the 2xx JSON answer goes through
 * that provider's writer. The draw hashes the seed, the method, the URL and the body, so the same
 * request meets the same variant in every run, whatever order the suite sends them in.
 */
export function serveVariants(control: VariantControl, writers: Partial<Record<Provider, ProviderVariants>>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const c = res.locals.sandbox as Classified | undefined;
    const { rate, seed } = control.get();
    const writer = c ? writers[c.provider] : undefined;
    if (!c || !writer || rate <= 0) return next();
    const bodyText = req.body === undefined ? '' : JSON.stringify(req.body);
    const requestKey = hashString(`${req.method} ${req.originalUrl} ${bodyText}`);
    if (unit(seed, requestKey, 0) >= rate) return next();
    let draws = 0;
    const draw = () => unit(seed, requestKey, ++draws);
    const record = res.locals.record as RequestRecord | undefined;
    const ctx: VariantContext = {
      provider: c.provider,
      route: c.route,
      method: req.method,
      chance: (p) => draw() < p,
      pick: (options) => options[Math.floor(draw() * options.length)],
      served: (name) => {
        control.noteServed(c.provider, name);
        if (record) (record.variants ??= []).push(name);
      },
    };
    const send = res.json.bind(res);
    res.json = ((body: unknown) => (res.statusCode >= 200 && res.statusCode < 300 ? send(writer(ctx, structuredClone(body))) : send(body))) as Response['json'];
    next();
  };
}
