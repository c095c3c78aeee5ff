import express from 'express';
import type { SandboxMarket } from './market';
import type { ActiveFault, FaultControl, FaultRule, Provider } from './faults';
import type { FomoProvider } from './providers/fomo/router';
import { fomoFixtures } from './providers/fomo/fixtures';
import type { LaunchpadProvider } from './providers/launchpad/router';
import { launchpadFixtures } from './providers/launchpad/fixtures';
import type { SandboxClock } from './sandbox-clock';
import type { VariantControl, VariantSettings } from './variants';

/** What the control API reads and steers. */
export interface ControlDeps {
  market: SandboxMarket;
  control: FaultControl;
  variants: VariantControl;
  clock: SandboxClock;
  /** False when the market came with its own clock, which pinning cannot reach. */
  clockControlsMarket: boolean;
  fomo: FomoProvider;
  launchpad: LaunchpadProvider;
  /** Resets the per-key rate limits and FOMO credit budgets (POST /reset). */
  resetLimits(): void;
  /** The keys in effect, by provider (GET /fixtures). */
  keys(): Record<string, string[]>;
}

/**
 * `/__control`: faults, request counters, the clock, fixtures, FOMO credits and stream drops. Never
 * counted, never faulted (it is mounted before the provider middleware).
 */
export function controlRouter(deps: ControlDeps): express.Router {
  const { market, control, clock, clockControlsMarket, fomo } = deps;
  const ctl = express.Router();
  ctl.use(express.json({ limit: '1mb' }));
  ctl.get('/health', (_req, res) => {
    res.json({ ok: true, seed: market.seed, now: market.nowMs() });
  });
  ctl.get('/faults', (_req, res) => {
    res.json({ faults: control.list() });
  });
  ctl.post('/faults', (req, res) => {
    try {
      const created = control.add(req.body as FaultRule | FaultRule[]);
      res.status(201).json({ faults: created });
    } catch (e) {
      res.status(400).json({ error: e instanceof Error ? e.message : String(e) });
    }
  });
  ctl.delete('/faults', (_req, res) => {
    control.clear();
    res.json({ faults: [] as ActiveFault[] });
  });
  ctl.delete('/faults/:id', (req, res) => {
    const ok = control.remove(String(req.params.id));
    res.status(ok ? 200 : 404).json(ok ? { removed: req.params.id } : { error: `no fault ${req.params.id}` });
  });
  ctl.get('/variants', (_req, res) => {
    res.json({ ...deps.variants.get(), served: deps.variants.served() });
  });
  ctl.post('/variants', (req, res) => {
    try {
      res.json(deps.variants.set(req.body as VariantSettings));
    } catch (e) {
      res.status(400).json({ error: e instanceof Error ? e.message : String(e) });
    }
  });
  ctl.get('/requests', (req, res) => {
    const provider = typeof req.query.provider === 'string' ? (req.query.provider as Provider | '*') : undefined;
    const route = typeof req.query.route === 'string' ? req.query.route : undefined;
    res.json({ ...control.requests(), count: control.count(provider, route) });
  });
  ctl.delete('/requests', (_req, res) => {
    control.resetCounters();
    res.json({ ok: true });
  });
  ctl.post('/reset', (_req, res) => {
    control.reset();
    deps.resetLimits();
    res.json({ ok: true });
  });
  ctl.get('/clock', (_req, res) => {
    res.json({ now: market.nowMs(), pinned: clock.isPinned, controlsMarket: clockControlsMarket });
  });
  ctl.post('/clock', (req, res) => {
    const v = (req.body as { now?: unknown } | undefined)?.now;
    if (v !== null && (typeof v !== 'number' || !Number.isFinite(v)))
      return void res.status(400).json({ error: 'now must be a number (ms since epoch) or null' });
    clock.pin(v);
    res.json({ now: market.nowMs(), pinned: clock.isPinned, controlsMarket: clockControlsMarket });
  });
  ctl.get('/fixtures', (_req, res) => {
    res.json({
      ...market.fixtures,
      fomo: fomoFixtures(fomo.world),
      launchpad: launchpadFixtures(deps.launchpad.world, market.nowMs()),
      keys: deps.keys(),
    });
  });
  // Sets what is left on a FOMO key (402 credits_exhausted tests).
  ctl.post('/fomo/credits', (req, res) => {
    const { key, remaining } = (req.body ?? {}) as { key?: unknown; remaining?: unknown };
    if (typeof key !== 'string' || !fomo.credits.known(key) || typeof remaining !== 'number' || !Number.isInteger(remaining) || remaining < 0)
      return void res.status(400).json({ error: 'key must be a known FOMO key and remaining a non-negative integer' });
    fomo.credits.setRemaining(key, remaining);
    res.json({ key, remaining: fomo.credits.remaining(key) });
  });
  // Drops every open FOMO alert stream: 1012 close frames, or `{mode:"terminate"}` for a cut connection.
  ctl.post('/fomo/ws/drop', (req, res) => {
    const mode = (req.body as { mode?: unknown } | undefined)?.mode ?? 'close';
    if (mode !== 'close' && mode !== 'terminate') return void res.status(400).json({ error: 'mode must be close or terminate' });
    res.json({ dropped: fomo.dropStreams(mode) });
  });
  return ctl;
}
