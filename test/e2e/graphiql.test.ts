/**
 * GraphiQL as a newcomer meets it: the real server process started as the README starts it (embedded
 * store, demo account), a real Chromium, offline. The first Run on the unchanged starter document
 * answers a chart; a typed-in mutation with other headers answers too.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, offlinePage } from '../support/browser.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/run-cli.ts';
import { requireBinary } from '../support/require-binary.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { budgetMs } from '../support/time-budget.ts';

const chromiumPath = requireBinary('the GraphiQL browser test', 'chromium', 'chromium-browser');
const ARTIFACTS = `${REPO_ROOT}.test-artifacts`;
const DEMO_KEY = 'fp_graphiql_test_demo_key';

describe.skipIf(chromiumPath === undefined)('GraphiQL in headless Chromium (offline, loopback only)', () => {
  let server: ServerProcess;
  let baseUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServerProcess(process.execPath, ['src/main.ts'], {
      DEMO_API_KEY: DEMO_KEY,
      REDIS_URL: '',
      REDIS_CLUSTER_NODES: '',
      NODE_ENV: 'development',
      GRAPHIQL: '',
    });
    baseUrl = `http://127.0.0.1:${server.port}`;
    browser = await launchChromium(chromiumPath!);
  }, budgetMs(60_000));

  afterAll(async () => {
    await browser?.close();
    server?.child.kill('SIGTERM');
  });

  /** A page that refuses every request off this machine and records console errors. */
  async function openGraphiQL(): Promise<{ page: Page; offsite: string[]; consoleErrors: string[]; encoding: string | undefined }> {
    const { page, offsite, consoleErrors } = await offlinePage(browser, { width: 1400, height: 900 });
    const response = await page.goto(`${baseUrl}/graphql`, { waitUntil: 'load' });
    await page.waitForSelector('.graphiql-container', { timeout: budgetMs(30_000) });
    return { page, offsite, consoleErrors, encoding: (await response?.allHeaders())?.['content-encoding'] };
  }

  /** An element's text with Monaco's non-breaking spaces and line breaks as plain spaces. */
  const textOf = async (page: Page, selector: string): Promise<string> => (await page.locator(selector).innerText()).replace(/\s+/g, ' ');
  const responseText = (page: Page): Promise<string> => textOf(page, '.graphiql-response');

  it(
    'opens compressed with the variables and the demo key filled in, and the first Run answers a chart',
    async () => {
      const { page, offsite, consoleErrors, encoding } = await openGraphiQL();
      expect(encoding).toBe('br');
      // The Variables pane is open and holds the starter variables; the Headers pane the demo key.
      await expect.poll(async () => textOf(page, '.graphiql-editor-tool'), { timeout: budgetMs(20_000) }).toContain('"location": 139.69');
      await page
        .getByRole('button', { name: /headers/i })
        .first()
        .click();
      await expect.poll(async () => textOf(page, '.graphiql-editor-tool'), { timeout: budgetMs(20_000) }).toContain(`Bearer ${DEMO_KEY}`);

      await page.locator('.graphiql-execute-button').click();
      await expect.poll(async () => responseText(page), { timeout: budgetMs(20_000) }).toContain('VariantBResponse');
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: `${ARTIFACTS}/graphiql-first-run.png` });
      const text = await responseText(page);
      // 2024-02-04 17:27 at 139.69°E: after 立春 (16:27 JST), so the year is 甲辰 and the month 丙寅.
      expect(text).toContain('"yearGanzhi": "甲辰"');
      expect(text).toContain('"monthGanzhi": "丙寅"');
      expect(text).toMatch(/"creditsConsumed": 10\b/);
      expect(text).not.toContain('"errors"');
      expect(offsite).toEqual([]);
      expect(consoleErrors).toEqual([]);
    },
    budgetMs(90_000),
  );

  it(
    'runs a typed-in Variant A mutation with the headers typed in',
    async () => {
      const { page, offsite, consoleErrors } = await openGraphiQL();
      const editor = page
        .locator('.graphiql-query-editor .monaco-editor, .graphiql-query-editor .cm-editor, .graphiql-query-editor')
        .first();
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
      await page.keyboard.insertText(JSON.stringify({ 'X-API-Key': DEMO_KEY }));

      await page.locator('.graphiql-execute-button').click();
      await expect.poll(async () => responseText(page), { timeout: budgetMs(20_000) }).toContain('VariantAResponse');
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: `${ARTIFACTS}/graphiql.png` });
      const text = await responseText(page);
      expect(text).toContain('甲辰');
      expect(text).toMatch(/"creditsConsumed": 10\b/);
      expect(offsite).toEqual([]);
      expect(consoleErrors).toEqual([]);
    },
    budgetMs(90_000),
  );
});
