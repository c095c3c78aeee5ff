import { createHmac } from 'node:crypto';
import { AlertEvaluator, AlertsQueueProducer } from '@scout/alerts';
import { AppConfig } from '@scout/core';
import { EMBEDDED_QUEUE_SCHEMA } from '@scout/database';
import { SANDBOX_KEYS } from '@scout/sandbox';
import { sandboxEndpoints } from '@scout/upstream';
import { createWorkerContext, type WorkerContext } from '@scout/worker';
import { startTestApp, testDatabaseUrl, type TestApp } from '../support/test-app';
import { SANDBOX_NOW } from '../support/fixed-time';
import { callTool, eventually, fakeMint, insertFeedEvent, startReceiver, startSmtp } from './alert-support';

/**
 * Alerts evaluated and delivered end to end: the API creates them, worker contexts (booted as
 * main.ts boots them, without schedulers) evaluate them against the sandbox's DexScreener prices
 * (its clock pinned, so the price holds still) and rows put in feed_events, and deliver them to a
 * local HTTP receiver and a local SMTP listener. Private targets are allowed for this app and its
 * workers, except the one that checks the refusal at delivery.
 */
const RUN = `${process.pid}_${Date.now().toString(36)}`;
const NAMESPACE = process.env.DATABASE_URL ? `bullmq_alerts_${RUN}` : EMBEDDED_QUEUE_SCHEMA;

describe('alert evaluation and delivery', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let workers: WorkerContext[] = [];
  let solanaToken: { address: string; priceUsd: number };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', SMTP_URL: smtp.url, SMTP_FROM: 'alerts@scout.test' } });
    t.sandbox.clock.pin(SANDBOX_NOW);
    solanaToken = await pricedSolanaToken();
  });
  afterEach(async () => {
    await Promise.all(workers.map((w) => w.close()));
    workers = [];
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function worker(env: Record<string, string> = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }): Promise<WorkerContext> {
    const config = AppConfig.fromEnv({ DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'silent', SMTP_URL: smtp.url, SMTP_FROM: 'alerts@scout.test', ...env });
    const context = await createWorkerContext(config, testDatabaseUrl(), sandboxEndpoints({ urls: t.sandbox.urls, keys: SANDBOX_KEYS }), {
      namespace: NAMESPACE,
      schedulers: false,
    });
    workers.push(context);
    return context;
  }

  /** A Solana token the sandbox's DexScreener prices, with that price. */
  async function pricedSolanaToken(): Promise<{ address: string; priceUsd: number }> {
    for (const token of t.sandbox.market.tokens.filter((tk) => tk.chain.name === 'Solana').slice(0, 40)) {
      const res = await fetch(`${t.sandbox.urls.dexscreener}/tokens/v1/solana/${token.address}`);
      const pairs = (await res.json()) as { baseToken: { address: string }; priceUsd?: string }[];
      const pair = pairs.find((p) => p.baseToken.address === token.address && p.priceUsd);
      if (pair) return { address: token.address, priceUsd: Number(pair.priceUsd) };
    }
    throw new Error('no priced Solana token in the sandbox');
  }

  const create = async (apiKey: string, input: Record<string, unknown>) => {
    const res = await callTool(t, apiKey, 'service_alert_create', input);
    if (res.status !== 200) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { id: string; signingSecret?: string };
  };
  const alertRow = async (id: string) => (await t.sql.query(`SELECT state, fired_at FROM alerts WHERE id = $1`, [id])).rows[0];
  const firingOf = async (alertId: string) => (await t.sql.query(`SELECT * FROM alert_firings WHERE alert_id = $1`, [alertId])).rows;
  const attemptsOf = async (firingId: string) =>
    (await t.sql.query(`SELECT attempt, status_code, error, delivered FROM alert_delivery_attempts WHERE firing_id = $1 ORDER BY attempt`, [firingId])).rows;
  const deliveredFiring = (alertId: string, ms = 15_000) =>
    eventually(async () => (await firingOf(alertId)).find((f) => f.delivery_status !== 'pending'), ms, `alert ${alertId} delivered`);

  it('fires a price alert whose target the price has crossed (through the queued job), once, and delivers a valid signed webhook', async () => {
    const receiver = await startReceiver();
    try {
      const { apiKey } = await t.createAccount('alerts price');
      const { address, priceUsd } = solanaToken;
      const hook = { chain: 'solana', token: address, channel: 'webhook', webhookUrl: receiver.url };
      const crossed = await create(apiKey, { ...hook, kind: 'price_above', priceUsd: priceUsd * 0.99 });
      const notAbove = await create(apiKey, { ...hook, kind: 'price_above', priceUsd: priceUsd * 1.5 });
      const notBelow = await create(apiKey, { ...hook, kind: 'price_below', priceUsd: priceUsd * 0.5 });
      const w = await worker();
      await w.app.get(AlertsQueueProducer).evaluateNow();
      const firing = await deliveredFiring(crossed.id);
      expect(firing.delivery_status).toBe('delivered');
      expect(await alertRow(notAbove.id)).toMatchObject({ state: 'active', fired_at: null });
      expect((await alertRow(notBelow.id)).state).toBe('active');

      expect(receiver.received).toHaveLength(1);
      const { headers, body } = receiver.received[0];
      expect(headers['content-type']).toBe('application/json');
      expect(headers['webhook-id']).toBe(firing.id);
      const timestamp = Number(headers['webhook-timestamp']);
      expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
      const key = Buffer.from(crossed.signingSecret!.slice('whsec_'.length), 'base64');
      const expected = createHmac('sha256', key).update(`${firing.id}.${timestamp}.${body}`).digest('base64');
      expect(headers['webhook-signature']).toBe(`v1,${expected}`);
      const event = JSON.parse(body);
      expect(event).toMatchObject({
        type: 'alert.fired',
        data: { alertId: crossed.id, kind: 'price_above', token: { address, chain: 'solana' }, trigger: { priceUsd, source: 'dexscreener' } },
      });

      const listed = (await callTool(t, apiKey, 'service_alert_list')).body.data.alerts.find((a: { id: string }) => a.id === crossed.id);
      expect(listed).toMatchObject({
        state: 'fired',
        firing: { id: firing.id, trigger: { priceUsd }, delivery: { status: 'delivered', attempts: 1, lastStatusCode: 200 } },
      });
      expect(listed.firedAt).not.toBeNull();

      // Fired once: evaluating again fires nothing more.
      await w.app.get(AlertEvaluator).evaluate();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received).toHaveLength(1);
      expect(await firingOf(crossed.id)).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('fires a smart-money alert once minTraders distinct traders bought after it was created', async () => {
    const receiver = await startReceiver();
    try {
      const { apiKey } = await t.createAccount('alerts smart money');
      const token = fakeMint();
      const alert = await create(apiKey, { kind: 'smart_money_buy', token, chain: 'solana', minTraders: 3, channel: 'webhook', webhookUrl: receiver.url });
      const after = new Date(Date.now() + 1000);
      await insertFeedEvent(t, { side: 'buy', userId: 'trader-a', token, at: after });
      await insertFeedEvent(t, { side: 'buy', userId: 'trader-a', token, at: after });
      await insertFeedEvent(t, { side: 'buy', userId: 'trader-b', token, chain: null, at: after });
      await insertFeedEvent(t, { side: 'buy', userId: 'trader-c', token, at: new Date(Date.now() - 3_600_000) });
      await insertFeedEvent(t, { side: 'sell', userId: 'trader-c', token, at: after });
      await insertFeedEvent(t, { side: 'buy', userId: 'trader-d', token: fakeMint(), at: after });
      const evaluator = (await worker()).app.get(AlertEvaluator);
      await evaluator.evaluate();
      expect((await alertRow(alert.id)).state).toBe('active');

      await insertFeedEvent(t, { side: 'buy', userId: 'trader-c', token, at: after });
      const result = await evaluator.evaluate();
      expect(result.fired).toBeGreaterThanOrEqual(1);
      const firing = await deliveredFiring(alert.id);
      expect(firing.payload.data.trigger).toMatchObject({ traders: 3, userIds: ['trader-a', 'trader-b', 'trader-c'] });
      expect(JSON.parse(receiver.received[0].body).data.trigger.traders).toBe(3);
    } finally {
      await receiver.close();
    }
  });

  it('retries a webhook answered 500 twice, then 200: three attempts recorded, delivered once', async () => {
    const receiver = await startReceiver([500, 500]);
    try {
      const { accountId, apiKey } = await t.createAccount('alerts retries');
      const alert = await create(apiKey, {
        kind: 'price_above',
        token: solanaToken.address,
        chain: 'solana',
        priceUsd: solanaToken.priceUsd / 2,
        channel: 'webhook',
        webhookUrl: receiver.url,
      });
      await (await worker()).app.get(AlertEvaluator).evaluate();
      const firing = await deliveredFiring(alert.id, 20_000);
      expect(firing).toMatchObject({ delivery_status: 'delivered', attempts: 3, last_status_code: 200 });
      expect(await attemptsOf(firing.id)).toEqual([
        { attempt: 1, status_code: 500, error: null, delivered: false },
        { attempt: 2, status_code: 500, error: null, delivered: false },
        { attempt: 3, status_code: 200, error: null, delivered: true },
      ]);
      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([firing.id]));

      const admin = await t.http().get(`/api/v1/admin/accounts/${accountId}/alerts`).set('Authorization', `Bearer ${t.adminKey}`);
      expect(admin.body.alerts[0]).toMatchObject({ id: alert.id, state: 'fired', firing: { delivery: { status: 'delivered', attempts: 3 } } });
      expect(admin.body.alerts[0].attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 500, 200]);
    } finally {
      await receiver.close();
    }
  });

  it('delivers an email alert through SMTP', async () => {
    const { apiKey } = await t.createAccount('alerts email');
    const token = fakeMint();
    const alert = await create(apiKey, { kind: 'smart_money_buy', token, chain: 'solana', channel: 'email', email: 'trader@example.com', note: 'look at it' });
    const after = new Date(Date.now() + 1000);
    await insertFeedEvent(t, { side: 'buy', userId: 'email-a', token, at: after });
    await insertFeedEvent(t, { side: 'buy', userId: 'email-b', token, at: after });
    await (await worker()).app.get(AlertEvaluator).evaluate();
    const firing = await deliveredFiring(alert.id);
    expect(firing).toMatchObject({ delivery_status: 'delivered', attempts: 1, last_status_code: 250 });
    const mail = smtp.mails.find((m) => m.raw.includes(alert.id));
    expect(mail).toBeDefined();
    expect(mail!.to).toEqual(['trader@example.com']);
    expect(mail!.from).toBe('alerts@scout.test');
    expect(mail!.raw).toMatch(/Subject: Scout alert: smart money buy on/);
    expect(mail!.raw).toContain('look at it');
  });

  it('two evaluators running at once fire each alert exactly once', async () => {
    const { apiKey } = await t.createAccount('alerts race');
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      ids.push(
        (
          await create(apiKey, {
            kind: 'price_below',
            token: solanaToken.address,
            chain: 'solana',
            priceUsd: solanaToken.priceUsd * 2,
            channel: 'webhook',
            webhookUrl: 'http://127.0.0.1:9/none',
          })
        ).id,
      );
    }
    const [a, b] = await Promise.all([worker(), worker()]);
    const results = await Promise.all([a.app.get(AlertEvaluator).evaluate(), b.app.get(AlertEvaluator).evaluate(), a.app.get(AlertEvaluator).evaluate()]);
    const { rows } = await t.sql.query(`SELECT alert_id, count(*)::int AS n FROM alert_firings WHERE alert_id = ANY($1::uuid[]) GROUP BY alert_id`, [ids]);
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(results.reduce((sum, r) => sum + r.fired, 0)).toBe(8);
    for (const id of ids) expect((await alertRow(id)).state).toBe('fired');
    // The claim, not the unique constraint, decided: no evaluator failed.
    expect(results.every((r) => r.failed.length === 0)).toBe(true);
    await t.sql.query(`UPDATE alert_firings SET delivery_status = 'failed' WHERE alert_id = ANY($1::uuid[])`, [ids]);
  });

  it('refuses at delivery a target the worker may not reach: one attempt recorded, failed, nothing sent', async () => {
    const receiver = await startReceiver();
    try {
      const { apiKey } = await t.createAccount('alerts ssrf delivery');
      const alert = await create(apiKey, {
        kind: 'price_above',
        token: solanaToken.address,
        chain: 'solana',
        priceUsd: solanaToken.priceUsd / 2,
        channel: 'webhook',
        webhookUrl: receiver.url,
      });
      const strict = await worker({});
      await strict.app.get(AlertEvaluator).evaluate();
      const firing = await deliveredFiring(alert.id);
      expect(firing).toMatchObject({ delivery_status: 'failed', attempts: 1 });
      const attempts = await attemptsOf(firing.id);
      expect(attempts).toEqual([
        { attempt: 1, status_code: null, error: expect.stringMatching(/target refused: .*127\.0\.0\.1 is a loopback address/), delivered: false },
      ]);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});
