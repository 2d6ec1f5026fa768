/**
 * The /chart page as a person uses it (issue 17): the real server process (embedded store, demo
 * key), a real headless Chromium, offline. The form is filled in and submitted; the page asks the
 * public GraphQL API and draws the 命式表, whose four pillars must be the chart's. Screenshots (a
 * desktop and a phone-sized window) are saved to .test-artifacts/.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, offlinePage } from '../support/browser.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/run-cli.ts';
import { requireBinary } from '../support/require-binary.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

const chromiumPath = requireBinary('the /chart page browser test', 'chromium', 'chromium-browser');
const ARTIFACTS = `${REPO_ROOT}.test-artifacts`;
const DEMO_KEY = 'fp_chart_page_test_demo_key';

describe.skipIf(chromiumPath === undefined)('/chart in headless Chromium (offline, loopback only)', () => {
  let server: ServerProcess;
  let baseUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServerProcess(process.execPath, ['src/main.ts'], {
      DEMO_API_KEY: DEMO_KEY,
      REDIS_URL: '',
      REDIS_CLUSTER_NODES: '',
      NODE_ENV: 'development',
    });
    baseUrl = `http://127.0.0.1:${server.port}`;
    browser = await launchChromium(chromiumPath!);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.child.kill('SIGTERM');
  });

  async function open(viewport: { width: number; height: number }): Promise<{ page: Page; offsite: string[]; consoleErrors: string[] }> {
    const { page, offsite, consoleErrors } = await offlinePage(browser, viewport);
    const response = await page.goto(`${baseUrl}/chart`, { waitUntil: 'load' });
    // The page's form spends credits with a key kept in the browser: no other site may frame it.
    expect((await response?.allHeaders())?.['content-security-policy']).toBe("frame-ancestors 'none'");
    return { page, offsite, consoleErrors };
  }

  /** The cells of a row of the drawn table, by its label. */
  const rowCells = (page: Page, label: string) =>
    page
      .locator('table.meishiki tbody tr', { has: page.locator(`th:text-is("${label}")`) })
      .locator('td')
      .allInnerTexts();

  it('fills in a birth, submits, and draws the 命式表 with the chart’s four pillars, the five elements and the 大運', async () => {
    const { page, offsite, consoleErrors } = await open({ width: 1100, height: 1400 });
    await page.fill('input[name=date]', '1990-05-15');
    await page.fill('input[name=time]', '10:30');
    await page.fill('input[name=location]', '139.69');
    await page.selectOption('select[name=gender]', 'FEMALE');
    await page.fill('input[name=key]', DEMO_KEY);
    await page.click('button[type=submit]');
    await page.waitForSelector('table.meishiki', { timeout: 20_000 });
    // 1990-05-15 10:30 at 139.69°E: 庚午 辛巳 庚辰 辛巳 (year to hour); the table runs hour first.
    expect(await rowCells(page, '天干')).toEqual(['辛', '庚', '辛', '庚']);
    expect(await rowCells(page, '地支')).toEqual(['巳', '辰', '巳', '午']);
    expect(await page.locator('table.meishiki thead th').allInnerTexts()).toEqual(['', '時柱', '日柱', '月柱', '年柱']);
    expect(await rowCells(page, '通変星')).toEqual(['劫財', '日主', '劫財', '比肩']);
    expect(await page.locator('svg.elements rect').count()).toBe(5);
    expect(await page.locator('table.luck tbody tr').count()).toBe(10);
    await expect.poll(() => page.locator('.credits').innerText()).toContain('消費 10');
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}/chart-page.png`, fullPage: true });
    expect(offsite).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }, 90_000);

  it('works on a phone-sized screen, with the time unknown, and shows a refusal as an error', async () => {
    const { page, consoleErrors } = await open({ width: 375, height: 812 });
    await page.fill('input[name=date]', '1975-10-23');
    await page.check('input[name=unknownTime]');
    await page.fill('input[name=key]', DEMO_KEY);
    await page.click('button[type=submit]');
    await page.waitForSelector('table.meishiki', { timeout: 20_000 });
    expect(await page.locator('#out').innerText()).toContain('時刻の指定なし');
    expect(await page.locator('.warnings li').first().innerText()).toContain('TIME_NOT_GIVEN');
    // The page itself does not scroll sideways; the table may, inside its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}/chart-page-phone.png`, fullPage: true });

    await page.fill('input[name=key]', 'fp_not_a_key');
    await page.click('button[type=submit]');
    await expect.poll(() => page.locator('.error').innerText(), { timeout: 20_000 }).toContain('API key');
    expect(consoleErrors).toEqual([]);
  }, 90_000);
});
