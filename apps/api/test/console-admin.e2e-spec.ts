import { randomUUID } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { AUDIT_ACTIONS } from '@scout/audit';
import { buildConsole, describeInBrowser, launchChromium, RECORD_CSP_VIOLATIONS, seriousAccessibilityViolations, watch } from './support/browser';
import { callToolOverMcp } from './support/mcp-call';
import { connect, TestOAuthClient } from './support/oauth-client';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The admin console at /console in headless Chromium (Debian's `chromium` driven by playwright-core),
 * against a real API: an admin signs in with the admin key; the overview's charts hold exactly
 * GET /api/v1/admin/overview's figures and list the upstream sources; an account made through the
 * API is found by name, by key prefix and by id, and a new one is made on the page with its key
 * shown once; on the account's page the admin grants 10,000 credits (the balance and the "Last
 * change" box follow, and GET accounts/:id agrees), creates a key that answers a tool call, revokes
 * it (it then gets 401), revokes an OAuth grant (its token then gets 401), suspends and reactivates
 * (the key refused, then answering, each with its audit entry) and changes the plan; the usage
 * charts hold exactly GET accounts/:id/usage, the calls made in the test; the ledger pages as the
 * API does and its CSV export downloads (audited); the audit log filters by action, account
 * and actor and pages; a customer key is refused by the admin pages. Every page: no console error
 * or warning, no CSP violation, no failed request, and no serious or critical axe violation.
 *
 * WRITE_SCREENSHOT=1 rewrites docs/console-overview.png and docs/console-account-admin.png.
 * Without /usr/bin/chromium the test is skipped with a message, except in CI (CI=true).
 */
const SCREENSHOTS = process.env.WRITE_SCREENSHOT === '1';
const DOCS = resolve(__dirname, '../../../docs');
const TOOL = 'service_chain_health';
const REDIRECT = 'http://127.0.0.1:7793/callback';

/** Page-side code is run by the browser; these files compile without the DOM library. */
type Json = any;

interface ChartFigures {
  columns: string[];
  rows: Array<{ label: string; values: number[] }>;
}

const describeBrowser = describeInBrowser('admin console');

describeBrowser('the admin console at /console in headless Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  /** The account the test looks after, made through the API, and the calls it made. */
  let acme: { accountId: string; apiKey: string; keyId: string; name: string };
  let oauthToken: string;

  const admin = (path: string) => t.http().get(path).set('Authorization', `Bearer ${t.adminKey}`);
  const toolCall = (key: string) => t.http().get(`/api/v1/tools/${TOOL}`).set('Authorization', `Bearer ${key}`);

  beforeAll(async () => {
    buildConsole();
    t = await startTestApp({ atPublicUrl: true, env: { AUTH_CACHE_TTL_MS: '0', RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000' } });
    browser = await launchChromium();
    const name = `Acme Analytics ${randomUUID().slice(0, 8)}`;
    acme = { ...(await t.createAccount(name)), name };
    // The calls the usage charts must draw: three over REST, one over MCP.
    for (let i = 0; i < 3; i++) expect((await toolCall(acme.apiKey)).status).toBe(200);
    const mcp = await callToolOverMcp(t.url, { credential: acme.apiKey, tool: TOOL, argumentsText: '{}', requestId: randomUUID() });
    expect(mcp.status).toBe(200);
    expect(mcp.answer?.result?.isError).toBeFalsy();
    // An agent signed in with OAuth, for the admin to revoke.
    oauthToken = (await connect(`${t.url}/mcp`, new TestOAuthClient(REDIRECT, { name: 'Console test agent' }), acme.apiKey)).tokens.access_token;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A fresh page on /console signed in with `key`, watched from its first request. */
  async function signedIn(key: string, expectedStatus?: (status: number, url: string) => boolean) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript({ content: RECORD_CSP_VIOLATIONS });
    const watched = watch(page, expectedStatus);
    const response = await page.goto(`${t.url}/console`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 15_000 });
    return { page, ...watched };
  }

  const go = async (page: Page, hash: string) => {
    await page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
  };
  const accountPage = async (page: Page) => {
    await go(page, `#/admin/accounts/${acme.accountId}`);
    await page.getByRole('heading', { level: 1, name: acme.name }).waitFor({ timeout: 15_000 });
  };
  const figure = (page: Page, name: string) => page.locator(`[data-figure="${name}"] .value`);
  const waitText = (locator: Locator, text: string | RegExp) =>
    locator.filter({ hasText: typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : text }).waitFor({ timeout: 15_000 });
  const lastChange = (page: Page) => page.locator('[data-section="last-change"] [data-audit-entry]');
  const waitLastChange = (page: Page, action: string) => page.locator(`[data-section="last-change"] [data-action="${action}"]`).waitFor({ timeout: 15_000 });

  /** Opens a ConfirmButton's dialog, checks what it says, confirms, and waits for it to close. */
  async function confirm(page: Page, label: string, says: Array<string | RegExp>) {
    await page.getByRole('button', { name: label, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Confirm: ${label}` });
    await dialog.waitFor({ state: 'visible' });
    const text = await dialog.locator('.says').innerText();
    for (const part of says) expect(text).toMatch(part);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
  }

  /** A chart's figures as its data table holds them (`td[data-value]`). */
  const chartFigures = (page: Page, id: string): Promise<ChartFigures> =>
    page.locator(`table[data-chart-table="${id}"]`).evaluate((table: Json) => ({
      columns: [...table.querySelectorAll('thead th')].slice(1).map((th: Json) => th.textContent as string),
      rows: [...table.querySelectorAll('tbody tr')].map((tr: Json) => ({
        label: tr.querySelector('th').textContent as string,
        values: [...tr.querySelectorAll('td')].map((td: Json) => Number(td.dataset.value)),
      })),
    }));

  async function expectAccessible(page: Page, what: string) {
    const violations = await seriousAccessibilityViolations(page);
    if (violations.length) process.stdout.write(`\n[admin console] axe on ${what}: ${JSON.stringify(violations, null, 1)}\n`);
    expect(violations).toEqual([]);
  }

  /** The page from its top down to the end of `until` (the viewport when absent). */
  async function screenshot(page: Page, name: string, until?: Locator) {
    if (!SCREENSHOTS) return;
    const path = resolve(DOCS, name);
    mkdirSync(dirname(path), { recursive: true });
    const box = until ? await until.boundingBox() : null;
    const width = page.viewportSize()!.width;
    if (box) await page.screenshot({ path, fullPage: true, clip: { x: 0, y: 0, width, height: box.y + box.height + 16 } });
    else await page.screenshot({ path });
    process.stdout.write(`\n[admin console] wrote ${path} (${statSync(path).size} bytes)\n`);
    expect(statSync(path).size).toBeLessThan(400_000);
  }

  async function finish(watched: { page: Page; problems: string[]; cspViolations: () => Promise<string[]> }) {
    expect(await watched.cspViolations()).toEqual([]);
    expect(watched.problems).toEqual([]);
    await watched.page.close();
  }

  it('an admin signs in; the overview charts hold exactly /admin/overview, with the top accounts and the data sources', async () => {
    const watched = await signedIn(t.adminKey);
    const { page } = watched;
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.locator('table[data-chart-table="overview-calls-channel"]').waitFor({ state: 'attached', timeout: 15_000 });
    await page.locator('table[data-table="sources"]').waitFor({ state: 'attached', timeout: 15_000 });

    const overview = (await admin('/api/v1/admin/overview').expect(200)).body;
    const days: Json[] = overview.days;
    expect(days).toHaveLength(30);
    const charts: Array<[string, 'byChannel' | 'byArea', 'calls' | 'credits', string]> = [
      ['overview-calls-channel', 'byChannel', 'calls', 'channel'],
      ['overview-credits-channel', 'byChannel', 'credits', 'channel'],
      ['overview-calls-area', 'byArea', 'calls', 'area'],
      ['overview-credits-area', 'byArea', 'credits', 'area'],
    ];
    for (const [id, by, measure, name] of charts) {
      const shown = await chartFigures(page, id);
      expect(shown.columns).toEqual(days[0][by].map((row: Json) => row[name]));
      expect(shown.rows).toEqual(days.map((d) => ({ label: d.day, values: d[by].map((row: Json) => row[measure]) })));
    }
    // Today's column has this test's calls: three over REST, one over MCP.
    const today = days[29].byChannel;
    expect(today.find((c: Json) => c.channel === 'rest').calls).toBeGreaterThanOrEqual(3);
    expect(today.find((c: Json) => c.channel === 'mcp').calls).toBeGreaterThanOrEqual(1);
    expect(await page.locator('figure[data-chart="overview-calls-channel"] canvas').count()).toBeGreaterThan(0);

    // The top accounts, each linked to its own page. Which accounts they are depends on every
    // suite sharing the database (this test's account is among them only on a quiet one), so each
    // link is checked against the account it names.
    const top = page.locator('table[data-table="top-accounts"] tbody tr');
    expect(await top.count()).toBe(overview.topAccounts.length);
    const links: Array<{ name: string; href: string }> = await page
      .locator('table[data-table="top-accounts"] tbody tr a')
      .evaluateAll((nodes: Json[]) => nodes.map((a) => ({ name: a.textContent as string, href: a.getAttribute('href') as string })));
    expect(links).toHaveLength(overview.topAccounts.length);
    for (const { name, href } of links) {
      const id = /^#\/admin\/accounts\/([0-9a-f-]{36})$/.exec(href)?.[1];
      expect(id).toBeDefined();
      expect((await admin(`/api/v1/admin/accounts/${id}`).expect(200)).body.account.name).toBe(name);
    }

    // Every data source with its state, and the provider keys.
    const upstreams = (await admin('/api/v1/admin/upstreams').expect(200)).body;
    const sources = await page
      .locator('table[data-table="sources"] tbody tr')
      .evaluateAll((rows: Json[]) =>
        rows.map((r) => ({ name: r.dataset.source as string, state: (r.querySelector('td').textContent as string).split(',')[0] })),
      );
    expect(sources).toEqual(upstreams.sources.map((s: Json) => ({ name: s.name, state: s.state })));
    expect(await page.locator('table[data-table="provider-keys"] tbody tr').count()).toBe(Math.max(upstreams.keys.length, 1));
    // The totals of the 30 days, the accounts by status and the open holds, as the API counts them.
    const sum = (measure: 'calls' | 'credits') => days.reduce((total, d) => total + (d[measure] as number), 0).toLocaleString('en-US');
    expect(await figure(page, 'calls').innerText()).toBe(sum('calls'));
    expect(await figure(page, 'credits').innerText()).toBe(sum('credits'));
    expect(await figure(page, 'accounts').innerText()).toBe(`${overview.accounts.active} active, ${overview.accounts.suspended} suspended`);
    expect(await figure(page, 'holds').innerText()).toBe(`${overview.holds.count}, ${overview.holds.credits.toLocaleString('en-US')} credits`);

    await expectAccessible(page, 'the overview');
    await screenshot(page, 'console-overview.png');
    await finish(watched);
  }, 120_000);

  it('finds the account by name, by key prefix and by id; makes a new account whose key is shown once', async () => {
    const watched = await signedIn(t.adminKey);
    const { page } = watched;
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Accounts' }).click();
    const search = async (q: string) => {
      await page.getByLabel('Account id, name or key prefix').fill(q);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL(`**/console#/admin/accounts?q=${encodeURIComponent(q).replace(/%20/g, '+')}`);
      await page.getByRole('heading', { level: 2, name: `Accounts matching “${q}”` }).waitFor();
      await page.locator('table[data-table="accounts"][aria-busy="false"]').waitFor();
      return page.locator('table[data-table="accounts"] tbody tr').evaluateAll((rows: Json[]) => rows.map((r) => r.dataset.account as string));
    };
    const detail = (await admin(`/api/v1/admin/accounts/${acme.accountId}`).expect(200)).body;
    const prefix: string = detail.keys[0].prefix;

    expect(await search(acme.name.split(' ').pop()!)).toEqual([acme.accountId]);
    expect(await search(prefix)).toEqual([acme.accountId]);
    expect(await search(acme.accountId)).toEqual([acme.accountId]);
    expect(await search('Acme Analytics')).toContain(acme.accountId);
    await expectAccessible(page, 'the accounts search');

    // Its row links to its page.
    await search(acme.accountId);
    await page.locator('table[data-table="accounts"]').getByRole('link', { name: acme.name }).click();
    await page.getByRole('heading', { level: 1, name: acme.name }).waitFor();
    await page.goBack();

    // A new account, made on the page: its first key shown once, and it works.
    const name = `Console-made ${randomUUID().slice(0, 8)}`;
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await confirm(page, 'Create account', [`Creates the account “${name}” without a plan`]);
    const created = page.locator('[data-new-account]');
    await created.waitFor();
    const key = await created.locator('code[data-secret]').innerText();
    expect(key).toMatch(/^sc_/);
    await created.getByRole('button', { name: 'Copy the key' }).waitFor();
    const me = await t.http().get('/api/v1/me').set('Authorization', `Bearer ${key}`).expect(200);
    expect(me.body.account.name).toBe(name);
    expect(await created.getAttribute('data-new-account')).toBe(me.body.account.id);
    await finish(watched);
  }, 120_000);

  it('grants 10,000 credits on the account page: the balance and the last change follow, and GET accounts/:id agrees', async () => {
    const watched = await signedIn(t.adminKey);
    const { page } = watched;
    await accountPage(page);
    const before = (await admin(`/api/v1/admin/accounts/${acme.accountId}`).expect(200)).body.account.balance as number;
    await waitText(figure(page, 'balance'), before.toLocaleString('en-US'));
    await waitLastChange(page, 'account.create');
    await expectAccessible(page, 'an account page');

    await page.getByRole('spinbutton', { name: 'Credits', exact: true }).fill('10000');
    await page.getByRole('textbox', { name: 'Reason', exact: true }).fill('console test: goodwill');
    await confirm(page, 'Grant credits', [
      `Adds 10,000 credits (grant, never expiring) to “${acme.name}”`,
      `from ${before.toLocaleString('en-US')} to ${(before + 10_000).toLocaleString('en-US')}`,
      'console test: goodwill',
    ]);
    await waitText(figure(page, 'balance'), (before + 10_000).toLocaleString('en-US'));
    await waitLastChange(page, 'credits.grant');
    expect(await lastChange(page).innerText()).toContain('+10,000 credits (grant); reason: console test: goodwill');

    const after = (await admin(`/api/v1/admin/accounts/${acme.accountId}`).expect(200)).body;
    expect(after.account.balance).toBe(before + 10_000);
    const granted = after.grants.find((g: Json) => g.reason === 'console test: goodwill');
    expect(granted).toMatchObject({ kind: 'free', credits: 10_000, remaining: 10_000, expiresAt: null });
    // The grants table lists it first (newest first), with what is left of it and its expiry.
    const row = page.locator('table[data-table="grants"] tbody tr').first();
    expect(await row.getAttribute('data-grant-id')).toBe(granted.id);
    expect(await row.innerText()).toMatch(/free\s+10,000\s+10,000\s+never\s+console test: goodwill/);
    const entry = (await admin(`/api/v1/admin/audit?accountId=${acme.accountId}&limit=1`).expect(200)).body.entries[0];
    expect(entry).toMatchObject({ action: 'credits.grant', details: { kind: 'grant', credits: 10_000, reason: 'console test: goodwill' } });
    expect(await lastChange(page).getAttribute('data-audit-entry')).toBe(String(entry.id));
    await finish(watched);
  }, 120_000);

  it('creates a key on the page that answers a tool call, revokes it there and it gets 401; revokes the OAuth grant and its token gets 401', async () => {
    const watched = await signedIn(t.adminKey);
    const { page } = watched;
    await accountPage(page);
    await page.getByRole('textbox', { name: 'Label (optional)', exact: true }).fill('console test key');
    await confirm(page, 'Create a key', [`Creates a key for “${acme.name}” with the scopes tools, labelled “console test key”`]);
    const shown = page.locator('[data-new-key]');
    const key = await shown.locator('code[data-secret]').innerText();
    await waitLastChange(page, 'key.create');
    expect((await toolCall(key).expect(200)).body.meta.tool).toBe(TOOL);

    const prefix = (await lastChange(page).innerText()).match(/Key (\S+)… created/)![1];
    const row = page.locator(`table[data-table="keys"] tr[data-prefix="${prefix}"]`);
    await confirm(page, `Revoke ${prefix}…`, [`Revokes the key ${prefix}… (“console test key”) of “${acme.name}”: every request with it gets 401`]);
    await waitText(row.locator('td').last(), /^revoked /);
    // Its one use is its last use (to the minute).
    expect(await row.locator('td').nth(3).innerText()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    await waitLastChange(page, 'key.revoke');
    const refused = await toolCall(key);
    expect(refused.status).toBe(401);
    // The first key still works.
    expect((await toolCall(acme.apiKey)).status).toBe(200);

    // The OAuth grant: listed with its app, revoked on the page, its token refused.
    const grant = page.locator('table[data-table="oauth-grants"] tbody tr').first();
    expect(await grant.innerText()).toContain('Console test agent');
    await confirm(page, 'Revoke Console test agent', ['Revokes the OAuth grant of Console test agent', 'stop working at once']);
    await waitText(grant.locator('td').last(), /^revoked .*\(admin\)$/);
    await waitLastChange(page, 'oauth_grant.revoke');
    const viaToken = await callToolOverMcp(t.url, { credential: oauthToken, tool: TOOL, argumentsText: '{}', requestId: randomUUID() });
    expect(viaToken.status).toBe(401);
    await finish(watched);

    // The revoked key cannot sign in to the console: the page says Scout refused it.
    const page2 = await browser.newPage();
    await page2.addInitScript({ content: RECORD_CSP_VIOLATIONS });
    const second = watch(page2, (status, url) => status === 401 && new URL(url).pathname === '/api/v1/me');
    await page2.goto(`${t.url}/console`);
    await page2.getByLabel('API key').fill(key);
    await page2.getByRole('button', { name: 'Sign in' }).click();
    await waitText(page2.getByRole('alert'), /\(401 /);
    await finish({ page: page2, ...second });
  }, 120_000);

  it("the account's usage charts draw the calls made in the test: their figures equal GET accounts/:id/usage", async () => {
    const watched = await signedIn(t.adminKey);
    const { page } = watched;
    await accountPage(page);
    await page.locator('table[data-chart-table="usage-tool"]').waitFor({ state: 'attached', timeout: 15_000 });
    const usage = (await admin(`/api/v1/admin/accounts/${acme.accountId}/usage`).expect(200)).body;
    // Three REST calls and one MCP call with the first key, one with the key made on the page, one more with the first key.
    expect(usage.total.calls).toBe(6);
    expect(usage.byChannel).toEqual([expect.objectContaining({ channel: 'rest', calls: 5 }), expect.objectContaining({ channel: 'mcp', calls: 1 })]);

    const byTool = await chartFigures(page, 'usage-tool');
    expect(byTool.columns).toEqual(['calls', 'credits']);
    expect(byTool.rows).toEqual(usage.byTool.map((u: Json) => ({ label: u.tool, values: [u.calls, u.credits] })));
    const byChannel = await chartFigures(page, 'usage-channel');
    expect(byChannel.rows).toEqual(usage.byChannel.map((u: Json) => ({ label: u.channel, values: [u.calls, u.credits] })));
    const byDay = await chartFigures(page, 'usage-day');
    expect(byDay.rows.filter((r) => r.values[0] !== 0)).toEqual(usage.byDay.map((d: Json) => ({ label: d.day, values: [d.calls] })));
    expect(byDay.rows.length).toBeGreaterThanOrEqual(30);
    for (const id of ['usage-tool', 'usage-channel', 'usage-day']) expect(await page.locator(`figure[data-chart="${id}"] canvas`).count()).toBeGreaterThan(0);
    await waitText(figure(page, 'usage-calls'), '6');

    await screenshot(page, 'console-account-admin.png', page.locator('[data-section="usage"]'));
    await finish(watched);
  }, 120_000);

  it('suspends, then reactivates the account on the page: its key refused, then answering, each change with its audit entry', async () => {
    const watched = await signedIn(t.adminKey);
    const { page } = watched;
    await accountPage(page);
    await page.getByRole('form', { name: 'Suspend the account' }).getByRole('textbox', { name: 'Reason (optional)' }).fill('console test: unpaid invoice');
    await confirm(page, 'Suspend the account', [`Suspends “${acme.name}”: its status goes from active to suspended`, 'get 401']);
    await waitText(figure(page, 'status'), 'suspended');
    await waitLastChange(page, 'account.suspend');
    expect(await lastChange(page).innerText()).toContain('active → suspended; reason: console test: unpaid invoice');
    expect((await toolCall(acme.apiKey)).status).toBe(401);
    expect((await admin(`/api/v1/admin/accounts/${acme.accountId}`).expect(200)).body.account.status).toBe('suspended');

    await confirm(page, 'Reactivate the account', [`Reactivates “${acme.name}”: its status goes from suspended to active`]);
    await waitText(figure(page, 'status'), 'active');
    await waitLastChange(page, 'account.reactivate');
    expect((await toolCall(acme.apiKey)).status).toBe(200);
    const entries = (await admin(`/api/v1/admin/audit?accountId=${acme.accountId}&limit=2`).expect(200)).body.entries;
    expect(entries.map((e: Json) => e.action)).toEqual(['account.reactivate', 'account.suspend']);
    expect(entries[1].details).toEqual({ reason: 'console test: unpaid invoice' });
    expect(await lastChange(page).getAttribute('data-audit-entry')).toBe(String(entries[0].id));
    await finish(watched);
  }, 120_000);

  it('changes the plan on the page; the ledger pages as the API does and its CSV export downloads, each with its audit entry', async () => {
    const watched = await signedIn(t.adminKey);
    const { page } = watched;
    await accountPage(page);
    await page.getByLabel('Plan', { exact: true }).selectOption('starter');
    await confirm(page, 'Change the plan', [`Changes the plan of “${acme.name}” from no plan to starter: a new period starts now`]);
    await waitText(figure(page, 'plan'), 'starter');
    await waitLastChange(page, 'plan.change');
    expect(await lastChange(page).innerText()).toContain('Plan none → starter');
    const detail = (await admin(`/api/v1/admin/accounts/${acme.accountId}`).expect(200)).body;
    expect(detail.plan.id).toBe('starter');
    expect(await page.locator('[data-section="plan"]').innerText()).toContain(
      `This period: ${detail.period.startsAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}`,
    );

    // The ledger: the newest 20 entries as the API pages them, then the next page.
    const ledgerIds = () => page.locator('table[data-table="ledger"] tbody tr').evaluateAll((rows: Json[]) => rows.map((r) => Number(r.dataset.entry)));
    const apiLedger = async (before?: number) =>
      (await admin(`/api/v1/admin/accounts/${acme.accountId}/ledger?limit=20${before ? `&before=${before}` : ''}`).expect(200)).body;
    const first = await apiLedger();
    await page.locator(`table[data-table="ledger"] tr[data-entry="${first.entries[0].id}"]`).waitFor();
    expect(await ledgerIds()).toEqual(first.entries.map((e: Json) => e.id));
    if (first.nextCursor !== null) {
      await page.getByRole('button', { name: 'Older entries' }).click();
      const second = await apiLedger(first.nextCursor);
      await page.locator(`table[data-table="ledger"] tr[data-entry="${second.entries[0].id}"]`).waitFor();
      expect(await ledgerIds()).toEqual(second.entries.map((e: Json) => e.id));
    }

    // The CSV of this month: fetched with the key in its header, handed to the browser as a file.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the CSV' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^ledger-${acme.accountId}-\\d{4}-\\d\\d-01-\\d{4}-\\d\\d-01\\.csv$`));
    const csv = await readFile(await file.path(), 'utf8');
    expect(csv).toContain('console test: goodwill');
    await waitLastChange(page, 'ledger.export');
    await finish(watched);
  }, 120_000);

  it('the audit log filters by action, account and actor, shows what each entry changed, and pages', async () => {
    // More entries than a page holds, for an account of their own.
    const busy = await t.createAccount(`Audit pager ${randomUUID().slice(0, 8)}`);
    for (let i = 1; i <= 26; i++) {
      await t
        .http()
        .post(`/api/v1/admin/accounts/${busy.accountId}/credits`)
        .set('Authorization', `Bearer ${t.adminKey}`)
        .send({ credits: i, kind: 'grant', reason: `pager ${i}` })
        .expect(201);
    }
    const watched = await signedIn(t.adminKey);
    const { page } = watched;
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const options = await page
      .getByLabel('Action', { exact: true })
      .locator('option')
      .evaluateAll((nodes: Json[]) => nodes.map((n) => n.value as string));
    expect(options).toEqual(['', ...AUDIT_ACTIONS]);
    const shownIds = async () => {
      await page.locator('ol.audit-log[aria-busy="false"]').waitFor();
      return page.locator('ol.audit-log [data-audit-entry]').evaluateAll((nodes: Json[]) => nodes.map((n) => Number(n.dataset.auditEntry)));
    };
    const apiIds = async (q: string) => (await admin(`/api/v1/admin/audit?${q}`).expect(200)).body.entries.map((e: Json) => e.id as number);

    // By action and account: the grant of the test, with what it changed.
    await page.getByLabel('Action', { exact: true }).selectOption('credits.grant');
    await page.getByLabel('Account id', { exact: true }).fill(acme.accountId);
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(`**/console#/admin/audit?action=credits.grant&accountId=${acme.accountId}`);
    await page.getByRole('heading', { level: 2, name: `Entries where action is credits.grant and accountId is ${acme.accountId}` }).waitFor();
    expect(await shownIds()).toEqual(await apiIds(`action=credits.grant&accountId=${acme.accountId}`));
    const grant = page.locator('ol.audit-log [data-audit-entry]').first();
    expect(await grant.innerText()).toContain('+10,000 credits (grant); reason: console test: goodwill');
    await expectAccessible(page, 'the audit log');

    // By actor: the entry's actor link filters on it.
    const actor = (await admin(`/api/v1/admin/audit?accountId=${acme.accountId}&limit=1`).expect(200)).body.entries[0].actor as string;
    await grant.getByRole('link', { name: actor }).click();
    await page.waitForURL(`**/console#/admin/audit?actor=${encodeURIComponent(actor)}`);
    await page.getByRole('heading', { level: 2, name: `Entries where actor is ${actor}` }).waitFor();
    expect(await page.getByLabel('Actor (key:<id>)', { exact: true }).inputValue()).toBe(actor);
    expect(await shownIds()).toEqual(await apiIds(`actor=${encodeURIComponent(actor)}&limit=25`));

    // Paged: 27 entries of the busy account, 25 then 2, and back.
    await go(page, `#/admin/audit?accountId=${busy.accountId}`);
    await page.getByRole('heading', { level: 2, name: `Entries where accountId is ${busy.accountId}` }).waitFor();
    const first = await apiIds(`accountId=${busy.accountId}&limit=25`);
    await page.locator(`ol.audit-log [data-audit-entry="${first[0]}"]`).waitFor();
    expect(await shownIds()).toEqual(first);
    await page.getByRole('button', { name: 'Older entries' }).click();
    await page.getByText('Page 2').waitFor();
    const second = await apiIds(`accountId=${busy.accountId}&limit=25&before=${first[24]}`);
    expect(second).toHaveLength(2);
    await page.locator(`ol.audit-log [data-audit-entry="${second[0]}"]`).waitFor();
    expect(await shownIds()).toEqual(second);
    expect(await page.getByRole('button', { name: 'Older entries' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Newer entries' }).click();
    await page.locator(`ol.audit-log [data-audit-entry="${first[0]}"]`).waitFor();
    await finish(watched);
  }, 120_000);

  it('a customer key is refused by the admin pages: the page says so and no admin data is asked for or shown', async () => {
    const watched = await signedIn(acme.apiKey);
    const { page } = watched;
    const adminRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/v1/admin')) adminRequests.push(request.url());
    });
    expect(await page.getByRole('navigation', { name: 'Pages' }).getByRole('link').allInnerTexts()).toEqual(['Account']);
    for (const hash of ['#/admin', '#/admin/accounts?q=Acme', `#/admin/accounts/${acme.accountId}`, '#/admin/audit']) {
      await go(page, hash);
      await waitText(page.locator('main p[role="alert"]'), /^The admin pages need a key with the admin scope; this key has only tools\.$/);
      expect(await page.locator('main table, main h1').count()).toBe(0);
    }
    expect(adminRequests).toEqual([]);
    // The API refuses it too.
    expect((await t.http().get('/api/v1/admin/overview').set('Authorization', `Bearer ${acme.apiKey}`)).status).toBe(403);
    await finish(watched);
  }, 120_000);
});
