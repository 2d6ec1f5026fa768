import { mkdirSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type RunningApp } from '../support/app-server.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { requireBinary } from '../support/require-binary.js';

const chromiumPath = requireBinary('the GraphiQL browser test', 'chromium', 'chromium-browser');
const ARTIFACTS = `${REPO_ROOT}.test-artifacts`;

describe.skipIf(chromiumPath === undefined)('GraphiQL in headless Chromium (offline, loopback only)', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startAppServer();
    browser = await chromium.launch({
      executablePath: chromiumPath!,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('loads with no request leaving localhost, runs a typed calculate mutation and shows the result', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const offsite: string[] = [];
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === 'data:' || url.protocol === 'blob:' || url.hostname === '127.0.0.1') return route.continue();
      offsite.push(url.href);
      return route.abort();
    });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    await page.goto(`${app.baseUrl}/graphql`, { waitUntil: 'load' });
    await page.waitForSelector('.graphiql-container', { timeout: 30_000 });

    const editor = page.locator('.graphiql-query-editor .monaco-editor, .graphiql-query-editor .cm-editor, .graphiql-query-editor').first();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(
      'mutation { calculate(input: {year: 2024, month: 2, day: 4, time: "17:27", location: 139.69}, variant: A) ' +
        '{ __typename ... on VariantAResponse { creditsConsumed result { yearGanzhi monthGanzhi dayGanzhi timeGanzhi } } } }',
    );

    await page
      .getByRole('button', { name: /headers/i })
      .first()
      .click();
    const headersEditor = page.locator('.graphiql-editor-tool .graphiql-editor:visible').last();
    await headersEditor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(JSON.stringify({ Authorization: `Bearer ${app.apiKey}` }));

    await page.locator('.graphiql-execute-button').click();
    const response = page.locator('.graphiql-response');
    await expect.poll(async () => response.innerText(), { timeout: 20_000 }).toContain('VariantAResponse');
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}/graphiql.png` });
    const text = (await response.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('甲辰');
    expect(text).toMatch(/"creditsConsumed": 10\b/);
    expect(offsite).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }, 90_000);
});
