import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/test-app';
import { callTool, fakeMint } from './alert-support';

/**
 * The alert tools end to end, on an app with the default webhook rules (no private targets) and
 * no SMTP: create, list, delete, the 20-alert limit (also under concurrent creates), ownership,
 * the signing secret shown once, refused targets, the admin view. Alerts here are on tokens no
 * provider knows, so no evaluation fires them.
 */
const PUBLIC_HOOK = 'http://93.184.216.34/scout-hook';

describe('alert tools', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const priceAlert = (extra: Record<string, unknown> = {}) => ({
    kind: 'price_above',
    token: fakeMint(),
    chain: 'solana',
    priceUsd: 1000,
    channel: 'webhook',
    webhookUrl: PUBLIC_HOOK,
    ...extra,
  });

  describe('200', () => {
    it('creates a webhook alert with its signing secret once; list and the database never show it again', async () => {
      const { accountId, apiKey } = await t.createAccount('alerts lifecycle');
      const res = await callTool(t, apiKey, 'service_alert_create', priceAlert({ note: 'take profit' }));
      expect(res.status).toBe(200);
      const alert = res.body.data;
      expect(alert).toMatchObject({
        kind: 'price_above',
        priceUsd: 1000,
        minTraders: null,
        channel: 'webhook',
        webhookUrl: PUBLIC_HOOK,
        note: 'take profit',
        state: 'active',
        firedAt: null,
        firing: null,
      });
      expect(alert.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(alert.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/);
      expect(Buffer.from(alert.signingSecret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
      expect(res.body.credits.creditsSpent ?? 0).toBe(0);

      const list = await callTool(t, apiKey, 'service_alert_list');
      expect(list.status).toBe(200);
      expect(list.body.data).toMatchObject({ activeCount: 1, maxActive: 20 });
      expect(list.body.data.alerts.map((a: { id: string }) => a.id)).toEqual([alert.id]);
      expect(JSON.stringify(list.body)).not.toContain(alert.signingSecret.slice(6));
      expect(list.body.data.alerts[0].signingSecret).toBeUndefined();

      const admin = await t.http().get(`/api/v1/admin/accounts/${accountId}/alerts`).set('Authorization', `Bearer ${t.adminKey}`);
      expect(admin.status).toBe(200);
      expect(admin.body).toMatchObject({ accountId, activeCount: 1, alerts: [{ id: alert.id, state: 'active', attempts: [] }] });
      expect(JSON.stringify(admin.body)).not.toContain(alert.signingSecret.slice(6));
    });

    it('lowercases an EVM token, defaults minTraders to 2 for smart money, and takes no secret for an email... alert it cannot send', async () => {
      const { apiKey } = await t.createAccount('alerts smart');
      const evm = '0x940181A94A35A4569E4529A3CDFB74E38FD98631';
      const res = await callTool(t, apiKey, 'service_alert_create', {
        kind: 'smart_money_buy',
        token: evm,
        chain: 'base',
        channel: 'webhook',
        webhookUrl: PUBLIC_HOOK,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ token: { address: evm.toLowerCase(), chain: 'base' }, minTraders: 2, priceUsd: null });
    });

    it('deletes an alert: state deleted in the list, deleting again changes nothing', async () => {
      const { apiKey } = await t.createAccount('alerts delete');
      const created = (await callTool(t, apiKey, 'service_alert_create', priceAlert())).body.data;
      const del = await callTool(t, apiKey, 'service_alert_delete', { id: created.id });
      expect(del.status).toBe(200);
      expect(del.body.data).toMatchObject({ id: created.id, state: 'deleted' });
      expect(del.body.data.deletedAt).not.toBeNull();
      const again = await callTool(t, apiKey, 'service_alert_delete', { id: created.id });
      expect(again.status).toBe(200);
      expect(again.body.data.deletedAt).toBe(del.body.data.deletedAt);
      const list = (await callTool(t, apiKey, 'service_alert_list')).body.data;
      expect(list).toMatchObject({ activeCount: 0, alerts: [{ id: created.id, state: 'deleted' }] });
      expect((await callTool(t, apiKey, 'service_alert_list', { state: 'active' })).body.data.alerts).toEqual([]);
    });
  });

  describe('400', () => {
    it('refuses the 21st active alert, and takes one again after a delete', async () => {
      const { apiKey } = await t.createAccount('alerts limit');
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await callTool(t, apiKey, 'service_alert_create', priceAlert());
        expect(res.status).toBe(200);
        ids.push(res.body.data.id);
      }
      const over = await callTool(t, apiKey, 'service_alert_create', priceAlert());
      expect(over.status).toBe(400);
      expect(over.body.error.code).toBe('invalid_request');
      expect(over.body.error.message).toMatch(/20 active alerts/);
      expect((await callTool(t, apiKey, 'service_alert_delete', { id: ids[0] })).status).toBe(200);
      expect((await callTool(t, apiKey, 'service_alert_create', priceAlert())).status).toBe(200);
      expect((await callTool(t, apiKey, 'service_alert_create', priceAlert())).status).toBe(400);
    });

    it('concurrent creates never make more than 20 active alerts', async () => {
      const { accountId, apiKey } = await t.createAccount('alerts race');
      for (let i = 0; i < 15; i++) expect((await callTool(t, apiKey, 'service_alert_create', priceAlert())).status).toBe(200);
      const results = await Promise.all(Array.from({ length: 12 }, () => callTool(t, apiKey, 'service_alert_create', priceAlert())));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 400)).toHaveLength(7);
      const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM alerts WHERE account_id = $1 AND state = 'active'`, [accountId]);
      expect(rows[0].n).toBe(20);
    });

    it.each([
      ['loopback', 'http://127.0.0.1:8080/hook', /127\.0\.0\.1 is a loopback address/],
      ['10.x', 'http://10.0.0.5/hook', /10\.0\.0\.5 is a private address/],
      ['the metadata address', 'http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is a linkLocal address/],
      ['a host resolving to loopback', 'http://localhost:3000/hook', /localhost: .* is a loopback address/],
      ['IPv6 loopback', 'http://[::1]:3000/hook', /loopback/],
      ['a non-http scheme', 'ftp://93.184.216.34/hook', /http:\/\/ or https:\/\//],
    ])('refuses a webhook URL to %s', async (_label, webhookUrl, reason) => {
      const { apiKey } = await t.createAccount('alerts ssrf');
      const res = await callTool(t, apiKey, 'service_alert_create', priceAlert({ webhookUrl }));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      expect(res.body.error.issues).toEqual([{ path: 'webhookUrl', message: expect.stringMatching(reason) }]);
      expect((await callTool(t, apiKey, 'service_alert_list')).body.data.alerts).toEqual([]);
    });

    it('refuses email alerts while SMTP is not configured', async () => {
      const { apiKey } = await t.createAccount('alerts email');
      const res = await callTool(t, apiKey, 'service_alert_create', {
        kind: 'smart_money_buy',
        token: fakeMint(),
        chain: 'solana',
        channel: 'email',
        email: 'me@example.com',
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      expect(res.body.error.message).toMatch(/[Ee]mail is not configured/);
    });

    it.each([
      ['priceUsd missing for a price kind', { priceUsd: undefined }, 'priceUsd'],
      ['priceUsd on smart money', { kind: 'smart_money_buy' }, 'priceUsd'],
      ['an EVM address on Solana', { token: '0x940181a94a35a4569e4529a3cdfb74e38fd98631' }, 'token'],
      ['minTraders over 20', { kind: 'smart_money_buy', priceUsd: undefined, minTraders: 21 }, 'minTraders'],
      ['a note over 200 characters', { note: 'x'.repeat(201) }, 'note'],
      ['no webhookUrl for a webhook', { webhookUrl: undefined }, 'webhookUrl'],
    ])('refuses %s', async (_label, extra, path) => {
      const { apiKey } = await t.createAccount('alerts inputs');
      const res = await callTool(t, apiKey, 'service_alert_create', priceAlert(extra));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      expect(res.body.error.issues.map((i: { path: string }) => i.path)).toContain(path);
    });
  });

  describe('404', () => {
    it("another account's alert or an unknown id is not found, and untouched", async () => {
      const owner = await t.createAccount('alerts owner');
      const other = await t.createAccount('alerts other');
      const created = (await callTool(t, owner.apiKey, 'service_alert_create', priceAlert())).body.data;
      const foreign = await callTool(t, other.apiKey, 'service_alert_delete', { id: created.id });
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.code).toBe('not_found');
      const unknown = await callTool(t, owner.apiKey, 'service_alert_delete', { id: randomUUID() });
      expect(unknown.status).toBe(404);
      expect((await callTool(t, other.apiKey, 'service_alert_list')).body.data.alerts).toEqual([]);
      expect((await callTool(t, owner.apiKey, 'service_alert_list')).body.data.alerts[0]).toMatchObject({ id: created.id, state: 'active' });
    });

    it('the admin view of an unknown account is 404, and it needs the admin scope', async () => {
      const unknown = await t.http().get(`/api/v1/admin/accounts/${randomUUID()}/alerts`).set('Authorization', `Bearer ${t.adminKey}`);
      expect(unknown.status).toBe(404);
      const { accountId, apiKey } = await t.createAccount('alerts admin scope');
      const forbidden = await t.http().get(`/api/v1/admin/accounts/${accountId}/alerts`).set('Authorization', `Bearer ${apiKey}`);
      expect(forbidden.status).toBe(403);
    });
  });
});
