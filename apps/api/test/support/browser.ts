import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Headless Chromium for the page tests (Debian's `chromium` driven by playwright-core; no browser
 * is downloaded): launching it, watching a page for anything that went wrong, and axe-core's
 * accessibility check. Without /usr/bin/chromium a page test is skipped with a message, except in
 * CI (CI=true), where it fails: `.ci/run` installs the browser.
 */
export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const MISSING_CHROMIUM = `${CHROMIUM} is missing (Debian: apt-get install -y chromium)`;

/** `describe`, or `describe.skip` with a message when there is no browser outside CI. */
export function describeInBrowser(name: string): jest.Describe {
  const skipped = !existsSync(CHROMIUM) && process.env.CI !== 'true';
  if (skipped) process.stdout.write(`\n[${name}] skipped: ${MISSING_CHROMIUM}; in CI (CI=true) this test fails instead\n`);
  return skipped ? describe.skip : describe;
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${MISSING_CHROMIUM}: the page cannot be checked in a browser`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** Records the page's CSP violation reports from before its own scripts run (an init script is not subject to its CSP). */
export const RECORD_CSP_VIOLATIONS = `
  window.cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) =>
    window.cspViolations.push(e.violatedDirective + ': ' + e.blockedURI + ' at ' + e.sourceFile + ':' + e.lineNumber));
`;

export interface Watched {
  /** Console errors and warnings, uncaught errors, failed loads, answers of 400 and more (unless expected). */
  problems: string[];
  cspViolations: () => Promise<string[]>;
}

/**
 * Watches a page from now on. `expectedStatus` lets a test say which refusals it provokes on
 * purpose (a revoked key's 401): those answers, and the console line Chromium writes for each,
 * are not problems.
 */
export function watch(page: Page, expectedStatus: (status: number, url: string) => boolean = () => false): Watched {
  const problems: string[] = [];
  const expectedUrls = new Set<string>();
  page.on('response', (response) => {
    if (response.status() < 400) return;
    if (expectedStatus(response.status(), response.url())) expectedUrls.add(response.url());
    else problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const url = message.location().url;
    if (/^Failed to load resource/.test(message.text()) && expectedUrls.has(url)) return;
    problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A download the page hands to the browser ends as an aborted blob: request; nothing failed.
    if (request.url().startsWith('blob:')) return;
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`);
  });
  return { problems, cspViolations: () => page.evaluate<string[]>('window.cspViolations') };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

const AXE_SOURCE = () => readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG 2.x A and AA rules on the page as it stands; returns the serious and critical
 * violations. axe is evaluated through the DevTools protocol, which the page's CSP does not govern,
 * so the page keeps its real CSP while it is checked.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE());
  const found = await page.evaluate<AxeViolation[]>(`
    axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }).then((r) =>
      r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) })))
  `);
  return found;
}

/** Builds the console into dist/console unless it is up to date (scripts/build-console.mjs), as `npm run build` does. */
export function buildConsole(): void {
  execFileSync(process.execPath, ['scripts/build-console.mjs'], { cwd: resolve(__dirname, '../../../..'), stdio: 'pipe', timeout: 120_000 });
}
