import express from 'express';
import request from 'supertest';
import { recordRequests } from './fault-middleware';
import { FaultControl } from './faults';
import { serveVariants, VariantControl, type ProviderVariants } from './variants';
import { createSandbox } from './server';

/** A one-route Jupiter stand-in whose writer nulls `price` and names what it did. */
function appWith(rate: number, seed = 7) {
  const faults = new FaultControl();
  const variants = new VariantControl({ rate, seed }, 1);
  const nullPrice: ProviderVariants = (ctx, body) => {
    const answer = body as { price: number | null; status?: string };
    if (ctx.chance(0.5)) {
      answer.price = null;
      ctx.served('price null');
    } else {
      answer.status = ctx.pick(['fresh', 'stale-unknown']);
      ctx.served(`status ${answer.status}`);
    }
    return answer;
  };
  const app = express();
  app.use(recordRequests(faults));
  app.use(express.json());
  app.use(serveVariants(variants, { jupiter: nullPrice }));
  app.get('/jupiter/price/:id', (req, res) => void res.json({ price: 1.5 }));
  app.get('/jupiter/refused', (_req, res) => void res.status(400).json({ error: 'bad' }));
  app.get('/fomo/v2/me', (_req, res) => void res.json({ price: 1.5 }));
  return { app, faults, variants };
}

describe('documented variants (serveVariants)', () => {
  it('leaves every answer as it is at rate 0, the default', async () => {
    const { app, variants } = appWith(0);
    for (let i = 0; i < 20; i++) expect((await request(app).get(`/jupiter/price/${i}`)).body).toEqual({ price: 1.5 });
    expect(variants.served()).toEqual({});
    expect(new VariantControl(undefined, 1).get().rate).toBe(0);
  });

  it('rewrites every answer with a writer at rate 1, and counts what it served', async () => {
    const { app, variants, faults } = appWith(1);
    const bodies = [];
    for (let i = 0; i < 40; i++) bodies.push((await request(app).get(`/jupiter/price/${i}`)).body);
    expect(bodies.every((b) => b.price === null || b.status !== undefined)).toBe(true);
    expect(bodies.some((b) => b.price === null)).toBe(true);
    expect(bodies.some((b) => b.status !== undefined)).toBe(true);
    const served = variants.served();
    expect(Object.values(served).reduce((a, b) => a + b, 0)).toBe(40);
    expect(Object.keys(served).every((k) => k.startsWith('jupiter '))).toBe(true);
    expect(faults.requests().recent.every((r) => r.variants?.length === 1)).toBe(true);
  });

  it('rewrites about the share asked for, and the same request always the same way', async () => {
    const { app } = appWith(0.3, 11);
    const first = [];
    for (let i = 0; i < 200; i++) first.push((await request(app).get(`/jupiter/price/${i}`)).body);
    const rewritten = first.filter((b) => b.price === null || b.status !== undefined).length;
    expect(rewritten).toBeGreaterThan(35);
    expect(rewritten).toBeLessThan(85);
    for (let i = 0; i < 200; i += 17) expect((await request(app).get(`/jupiter/price/${i}`)).body).toEqual(first[i]);
  });

  it('never touches an error answer or a provider without a writer', async () => {
    const { app } = appWith(1);
    expect((await request(app).get('/jupiter/refused')).body).toEqual({ error: 'bad' });
    expect((await request(app).get('/fomo/v2/me')).body).toEqual({ price: 1.5 });
  });

  it('takes its rate from /__control/variants and refuses one outside 0-1', async () => {
    const sandbox = createSandbox({ seed: 3 });
    try {
      expect((await request(sandbox.app).get('/__control/variants')).body).toMatchObject({ rate: 0, seed: 3, served: {} });
      expect((await request(sandbox.app).post('/__control/variants').send({ rate: 2 })).status).toBe(400);
      expect((await request(sandbox.app).post('/__control/variants').send({ rate: 0.25 })).body).toEqual({ rate: 0.25, seed: 3 });
      expect(sandbox.variants.get().rate).toBe(0.25);
    } finally {
      sandbox.shutdown();
    }
  });
});
