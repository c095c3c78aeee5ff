import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { TOOL_CATALOG } from '@scout/core';
import { SCALAR_VERSION } from '../src/docs/scalar-bundle';
import { describeInBrowser, launchChromium, RECORD_CSP_VIOLATIONS, watch } from './support/browser';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The API reference at /docs as a person sees it, in headless Chromium (Debian's `chromium`
 * package driven by playwright-core; no browser is downloaded): Scalar's API Reference, served by
 * Scout (from the build's copy or node_modules), renders /api/v1/openapi.json under the page's strict CSP (no console
 * error or warning, no CSP violation, no failed request); every area is a group with its
 * description; the search finds a tool by its name and by words of its description; the tool's
 * example answer and its shared ($ref) error answers and headers render; "Test Request" with a
 * pasted key gets a 200 from Scout, charged to that key's account, and the key is kept out of the
 * browser's storage. It also reports how many bytes of JavaScript the page loads.
 *
 * WRITE_SCREENSHOT=1 rewrites docs/api-reference.png (the tool's section, as the README shows it).
 * Without /usr/bin/chromium the test is skipped with a message, except in CI (CI=true), where it
 * fails: `.ci/run` installs the browser.
 */
const SCREENSHOT = process.env.WRITE_SCREENSHOT === '1' ? resolve(__dirname, '../../../docs/api-reference.png') : null;
/** The JavaScript a first visit loads (uncompressed; Scout serves it as is): the bundle entry and the chunks it imports. */
const JS_BUDGET_BYTES = 3_800_000;

const TOOL = 'service_wallet_age';
const OPERATION = `api-1/tag/wallets/GET/api/v1/tools/${TOOL}`;

/** Page-side code is run by the browser; these files compile without the DOM library. */
type Json = any;

interface OpenApi {
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, Json>>;
  components: { responses: Record<string, { description: string }>; headers: Record<string, { description: string }> };
}

const describeBrowser = describeInBrowser('docs page');

describeBrowser('the API reference at /docs in headless Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let doc: OpenApi;

  beforeAll(async () => {
    t = await startTestApp();
    doc = (await t.http().get('/api/v1/openapi.json')).body as OpenApi;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A fresh page on /docs, watched from its first request, once the reference has rendered the document. */
  async function openDocs(hash = '', before?: (page: Page) => void): Promise<{ page: Page } & ReturnType<typeof watch>> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    before?.(page);
    await page.addInitScript({ content: RECORD_CSP_VIOLATIONS });
    const watched = watch(page);
    const response = await page.goto(`${t.url}/docs${hash}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Scout API' }).waitFor({ state: 'visible', timeout: 30_000 });
    return { page, ...watched };
  }

  const section = (page: Page, id: string) => page.locator(`section[id="${id}"]`);

  it('renders every area as a group with its description, loading only Scout-served scripts, with no console error, CSP violation or failed request', async () => {
    const scripts: Array<{ url: string; body: Promise<Buffer> }> = [];
    const { page, problems, cspViolations } = await openDocs('', (opened) =>
      opened.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: response.body() });
      }),
    );
    expect(await page.title()).toBe('Scout API');
    const intro = await page.locator('.introduction-description').innerText();
    expect(intro).toContain('Credit-metered tools about crypto traders');
    // The path pattern is shown as written, not swallowed as an HTML tag.
    expect(intro).toContain('/api/v1/tools/<name>');

    // Every tag of the document is a group in the sidebar, among them every area that has tools.
    const groups = await page
      .locator('li[data-sidebar-id^="api-1/tag/"]')
      .evaluateAll((nodes: Json[]) =>
        nodes.map((n) => (n.getAttribute('data-sidebar-id') as string).slice('api-1/tag/'.length)).filter((id) => !id.includes('/')),
      );
    const areas = new Set(Object.values(TOOL_CATALOG).map((entry) => entry.area as string));
    expect(groups).toEqual(doc.tags.map((tag) => tag.name));
    expect(groups).toEqual(expect.arrayContaining([...areas]));
    // Each group's section opens with the tag's description.
    for (const tag of doc.tags) {
      await page.locator(`a[href="#tag/${tag.name}"]`).first().click();
      const heading = section(page, `api-1/tag/${tag.name}`);
      await expect(heading.locator('.markdown').first().innerText({ timeout: 10_000 })).resolves.toBe(tag.description);
    }

    // Every script came from Scout: the prelude, the bundle entry and its chunks, under the pinned version.
    const loaded = await Promise.all(scripts.map(async (s) => ({ path: new URL(s.url).pathname, origin: new URL(s.url).origin, body: await s.body })));
    expect(loaded.every((s) => s.origin === t.url)).toBe(true);
    expect(loaded.map((s) => s.path)).toEqual(expect.arrayContaining(['/docs/prelude.js', `/docs/assets/scalar-${SCALAR_VERSION}/standalone.esm.js`]));
    const jsBytes = loaded.reduce((sum, s) => sum + s.body.length, 0);
    const gzipped = loaded.reduce((sum, s) => sum + gzipSync(s.body).length, 0);
    process.stdout.write(
      `\n[docs page] first load: ${loaded.length} scripts, ${jsBytes} bytes of JavaScript as served (${gzipped} if gzipped; Scalar ${SCALAR_VERSION})\n`,
    );
    expect(jsBytes).toBeLessThan(JS_BUDGET_BYTES);

    expect(await cspViolations()).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it(`the search finds ${TOOL} by its name and by words of its description; its example answer and shared error answers and headers render`, async () => {
    const { page, problems, cspViolations } = await openDocs();
    const search = async (query: string) => {
      await page.getByRole('button', { name: 'Open Search' }).click();
      await page.getByRole('combobox', { name: 'Enter search query' }).fill(query);
      const results = page.getByRole('listbox', { name: 'Reference Search Results' }).getByRole('option');
      await results.first().waitFor({ state: 'visible', timeout: 10_000 });
      return results;
    };
    const operation = doc.paths[`/api/v1/tools/${TOOL}`].get;

    // By words of its description (not its summary nor its path): the tool is among the first results.
    const byWords = await search('lifetime count of transactions the wallet sent');
    expect(
      (await byWords.evaluateAll((nodes: Json[]) => nodes.slice(0, 5).map((n) => n.textContent as string))).some((text) =>
        text.includes(`/api/v1/tools/${TOOL}`),
      ),
    ).toBe(true);
    expect(operation.description).toContain('lifetime count of transactions the wallet sent');
    await page.keyboard.press('Escape');

    // By its name: its GET is the first result, and choosing it opens the tool's section.
    const byName = await search(TOOL);
    const first = byName.first();
    expect(await first.innerText()).toContain(`/api/v1/tools/${TOOL}`);
    expect(await first.innerText()).toMatch(/get/i);
    await first.click();
    await page.waitForURL(`**/docs#tag/wallets/GET/api/v1/tools/${TOOL}`);
    const tool = section(page, OPERATION);
    await expect(tool.getByRole('heading', { level: 3 }).innerText()).resolves.toBe(operation.summary);

    // Its real example answer (the document's `example` on the 200), some of its fields as written.
    const example = operation.responses['200'].content['application/json'].example;
    // (Its accessible name is its tab list's; its aria-label names it.)
    const card = tool.locator('[role="region"][aria-label="Example Responses"]');
    await expect(card.innerText()).resolves.toContain(`"wallet": "${example.data.wallet}"`);
    const shown = await card.innerText();
    expect(shown).toContain(`"outboundCount": ${example.data.summary.outboundCount}`);
    expect(shown).toContain(`"tool": "${TOOL}"`);

    // The shared answers, written once in components and used by $ref: each status with its own
    // description, and the 200's credit headers with theirs (Markdown: `code` shows as code).
    const asShown = (markdown: string) => markdown.replace(/`/g, '');
    for (const [status, ref] of Object.entries(operation.responses as Record<string, { $ref?: string }>)) {
      if (!ref.$ref) continue;
      const shared = doc.components.responses[ref.$ref.split('/').pop()!];
      await expect(tool.locator(`[id="${OPERATION}.responses.${status}"]`).innerText()).resolves.toContain(asShown(shared.description));
    }
    expect(operation.responses['402'].$ref).toBe('#/components/responses/out_of_credits');
    await tool.locator(`[id="${OPERATION}.responses.200"]`).click();
    const answered = tool.locator('li', { has: page.locator(`[id="${OPERATION}.responses.200"]`) });
    await answered.getByRole('button', { name: 'Headers', exact: true }).click();
    const headers = await answered.innerText();
    for (const name of ['x-credits-remaining', 'x-credits-cost', 'x-credits-used']) expect(headers).toContain(name);
    expect(headers).toContain(asShown(doc.components.headers.CreditsRemaining.description));

    if (SCREENSHOT) {
      // The tool's section at the top, its entry in the sidebar in view.
      await page.locator(`[id="${OPERATION}.responses.200"]`).click();
      await page.evaluate(`document.getElementById(${JSON.stringify(OPERATION)}).scrollIntoView({ block: 'start' })`);
      await page.locator(`li[data-sidebar-id="${OPERATION}"]`).evaluate((item: Json) => item.scrollIntoView({ block: 'center' }));
      mkdirSync(dirname(SCREENSHOT), { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
      const size = statSync(SCREENSHOT).size;
      process.stdout.write(`\n[docs page] wrote ${SCREENSHOT} (${size} bytes)\n`);
      expect(size).toBeLessThan(300_000);
    }

    expect(await cspViolations()).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('"Test Request" with a pasted key sends the call from the page to Scout and shows its 200, charged to that account', async () => {
    const holder = await t.createAccount('docs reader');
    const { page, problems, cspViolations } = await openDocs(`#tag/wallets/GET/api/v1/tools/${TOOL}`);
    await page.getByRole('button', { name: `Test Request (get /api/v1/tools/${TOOL})` }).click();
    const client = page.getByRole('dialog');
    await client.getByRole('button', { name: /Authentication/ }).click();
    await client.getByPlaceholder('Token').fill(holder.apiKey);

    const called = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1/tools/${TOOL}`, { timeout: 30_000 });
    await client
      .getByRole('button', { name: /Send get request to / })
      .filter({ visible: true })
      .first()
      .click();
    const call = await called;
    // Sent to this origin (the document's server is `/`), with the pasted key and the example inputs.
    expect(new URL(call.url()).origin).toBe(t.url);
    const wallet = new URL(call.url()).searchParams.get('wallet');
    expect(wallet).toMatch(/^0x[0-9a-f]{40}$/);
    expect(await call.request().headerValue('authorization')).toBe(`Bearer ${holder.apiKey}`);
    expect(call.status()).toBe(200);
    const answer: Json = await call.json();
    expect(answer.meta.tool).toBe(TOOL);

    // The client shows the status and the answer's body.
    await expect(client.getByText('200 OK').innerText({ timeout: 10_000 })).resolves.toBe('200 OK');
    await expect(client.locator('.cm-content').first().innerText({ timeout: 10_000 })).resolves.toContain(`"wallet": "${wallet}"`);
    // The call was the account's: one charged use, at the tool's price.
    expect(await t.usageEntryCount(holder.accountId)).toBe(1);
    const cost = String(doc.paths[`/api/v1/tools/${TOOL}`].get['x-credits']);
    expect(call.headers()).toMatchObject({ 'x-credits-cost': cost, 'x-credits-used': cost });
    // The pasted key stays in the page's memory: nothing in the browser's storage holds it.
    const stored = await page.evaluate<string>(
      'indexedDB.databases().then((dbs) => JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage), dbs]))',
    );
    expect(stored).not.toContain(holder.apiKey);

    expect(await cspViolations()).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
