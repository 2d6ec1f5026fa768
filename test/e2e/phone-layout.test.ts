/**
 * Every page at a phone's size (390×844), in a real headless Chromium against the real server
 * process (embedded store, mail through a real SMTP server): the landing page, /chart in each of its
 * languages with a whole chart drawn, and the dashboard's pages in both of its languages. No page
 * scrolls sideways (by its own metrics); the 命式表's pillars, the keys' Revoke buttons and the
 * statements' CSV links are on the screen; no name in the 命式表 is clipped. Screenshots are saved to
 * .test-artifacts/phone-*.png.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../src/domain/catalogue/lang.ts';
import { launchChromium, offlinePage } from '../support/browser.ts';
import { freePort } from '../support/redis-server.ts';
import { requireBinary } from '../support/require-binary.ts';
import { REPO_ROOT } from '../support/run-cli.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';
import { budgetMs } from '../support/time-budget.ts';

const chromiumPath = requireBinary('the phone layout browser test', 'chromium', 'chromium-browser');
const ARTIFACTS = `${REPO_ROOT}.test-artifacts`;
const PHONE = { width: 390, height: 844 };
const DEMO_KEY = 'fp_phone_layout_test_demo_key';
const PASSWORD = 'correct horse battery staple 42';
const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };

/** The page's own width against its window's: wider means the page scrolls sideways. */
const widths = (page: Page) => page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

/** The text of each element matching `selector` whose box runs past the window's left or right edge, and how many matched. */
const offScreen = (page: Page, selector: string) =>
  page.$$eval(selector, (elements) => ({
    count: elements.length,
    // Half a pixel for sub-pixel layout (a grid's fractions of the width).
    outside: elements
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.left < -0.5 || box.right > window.innerWidth + 0.5;
      })
      .map((element) => element.textContent?.trim()),
  }));

async function expectOnScreen(page: Page, selector: string): Promise<void> {
  const { count, outside } = await offScreen(page, selector);
  expect(count, selector).toBeGreaterThan(0);
  expect(outside, selector).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await widths(page);
  expect(innerWidth).toBe(PHONE.width);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(innerWidth);
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/phone-${name}.png`, fullPage: true });
}

describe.skipIf(chromiumPath === undefined)('every page on a phone (390×844, headless Chromium, offline)', () => {
  let smtp: TestSmtpServer;
  let server: ServerProcess;
  let baseUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = await startServerProcess(process.execPath, ['src/main.ts'], {
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      SMTP_URL: smtp.url,
      DEMO_API_KEY: DEMO_KEY,
      REDIS_URL: '',
      REDIS_CLUSTER_NODES: '',
      SIGNUP_MONTHLY_CREDITS: '1000',
      NODE_ENV: 'development',
    });
    browser = await launchChromium(chromiumPath!);
  }, budgetMs(120_000));

  afterAll(async () => {
    await browser?.close();
    server?.child.kill('SIGTERM');
    await smtp?.close();
  });

  it(
    '/: fits, and links the sign-up, the chart page, MCP, /llms.txt and the 鑑定書 docs, each of which answers',
    async () => {
      const { page, offsite, consoleErrors } = await offlinePage(browser, PHONE, 'ja-JP');
      await page.goto(`${baseUrl}/`);
      await expectNoSidewaysScroll(page);
      for (const href of ['/account/signup', '/chart', '/docs/mcp.md', '/llms.txt', '/docs/report.md']) {
        await expectOnScreen(page, `a[href="${href}"]`);
        expect((await fetch(`${baseUrl}${href}`)).status, href).toBe(200);
      }
      await shot(page, 'landing');
      expect(offsite).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await page.close();
    },
    budgetMs(60_000),
  );

  /** Fills in a birth that brings every section of the page: a lunar date (its note), two warnings, twelve 大運. */
  async function drawWholeChart(page: Page): Promise<void> {
    await page.selectOption('select[name=calendar]', 'LUNAR_KR');
    await page.fill('input[name=date]', '1997-01-01');
    await page.fill('input[name=time]', '23:30');
    await page.fill('input[name=location]', '126.98');
    await page.fill('input[name=timezone]', 'Asia/Seoul');
    await page.selectOption('select[name=gender]', 'FEMALE');
    await page.selectOption('select[name=luckCycles]', '12');
    await page.fill('input[name=key]', DEMO_KEY);
    await page.click('button[type=submit]');
    await page.waitForSelector('table.meishiki', { timeout: budgetMs(20_000) });
  }

  /** Names in the 命式表 whose text runs past their box, or past their cell. */
  const clippedNames = (page: Page) =>
    page.$$eval('table.meishiki .name', (names) =>
      names
        .filter((name) => {
          const box = name.getBoundingClientRect();
          const cell = name.closest('td')!.getBoundingClientRect();
          return name.scrollWidth > name.clientWidth || box.left < cell.left || box.right > cell.right;
        })
        .map((name) => name.textContent),
    );

  /** Names of one word (天徳貴人, Pomegranate) that the layout broke over two lines. */
  const brokenNames = (page: Page) =>
    page.$$eval('table.meishiki .name', (names) =>
      names
        .filter((name) => !name.textContent.includes(' '))
        .filter((name) => {
          const range = document.createRange();
          range.selectNodeContents(name);
          return new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size > 1;
        })
        .map((name) => name.textContent),
    );

  it.each(LANGS)(
    '/chart?lang=%s with a whole chart: fits, the four pillars on the screen, no name clipped or broken',
    async (lang) => {
      const { page, offsite, consoleErrors } = await offlinePage(browser, PHONE);
      await page.goto(`${baseUrl}/chart?lang=${lang}`);
      await drawWholeChart(page);
      for (const section of ['svg.elements', '.warnings li', 'table.luck tbody tr', '.credits']) {
        expect(await page.locator(section).count(), section).toBeGreaterThan(0);
      }
      await expectNoSidewaysScroll(page);
      expect(await page.locator('table.meishiki thead th[scope=col]').count()).toBe(4);
      await expectOnScreen(page, 'table.meishiki thead th[scope=col]');
      await expectOnScreen(page, 'table.meishiki td');
      await expectOnScreen(page, 'table.luck th, table.luck td');
      expect(await clippedNames(page)).toEqual([]);
      expect(await brokenNames(page)).toEqual([]);
      await shot(page, `chart-${lang}`);
      expect(offsite).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await page.close();
    },
    60_000,
  );

  it(
    '/account: sign-up, log-in, overview, keys and usage fit in Japanese and English; Revoke and CSV on the screen',
    async () => {
      const email = 'phone.layout.newcomer.with.a.long.address@example.com';
      const { page, offsite, consoleErrors } = await offlinePage(browser, PHONE, 'ja-JP');
      for (const lang of ['ja', 'en']) {
        for (const path of ['signup', 'login']) {
          await page.goto(`${baseUrl}/account/${path}?lang=${lang}`);
          await expectNoSidewaysScroll(page);
          await shot(page, `account-${path}-${lang}`);
        }
      }

      await page.goto(`${baseUrl}/account/signup`);
      await page.fill('#email', email);
      await page.fill('#password', PASSWORD);
      await page.click('button[type=submit]');
      await page.goto(linkIn(await smtp.waitForMail(email), `${baseUrl}/account/verify?token=`));
      await page.click('button[type=submit]');
      await page.goto(`${baseUrl}/account/login`);
      await page.fill('#email', email);
      await page.fill('#password', PASSWORD);
      await page.click('button[type=submit]');
      await page.waitForURL(`${baseUrl}/account`);

      // A name as long as the form allows, with nowhere to break a line: the key's card must still fit.
      await page.goto(`${baseUrl}/account/keys`);
      await page.fill('#name', 'a_key_name_without_spaces_as_long_as_the_form_allows_0123456789a');
      await page.click('form[action="/account/keys"] button[type=submit]');
      await page.fill('#name', 'phone');
      await page.click('form[action="/account/keys"] button[type=submit]');
      await expectNoSidewaysScroll(page);
      await shot(page, 'account-new-key');
      const apiKey = (await page.textContent('[data-testid=new-key]'))!.trim();
      for (const path of ['/api/v1/calculate', '/api/v1/compatibility']) {
        const body = path.endsWith('compatibility') ? { a: BIRTH, b: { ...BIRTH, year: 1988 } } : BIRTH;
        const answer = await fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(answer.status, path).toBe(200);
      }

      for (const lang of ['ja', 'en']) {
        await page.goto(`${baseUrl}/account?lang=${lang}`);
        expect(await page.getAttribute('html', 'lang')).toBe(lang);
        await expectNoSidewaysScroll(page);
        await shot(page, `account-overview-${lang}`);

        await page.goto(`${baseUrl}/account/keys?lang=${lang}`);
        await expectNoSidewaysScroll(page);
        expect(await page.locator('form[action="/account/keys/revoke"] button').count()).toBe(2);
        await expectOnScreen(page, 'form[action="/account/keys/revoke"] button');
        await shot(page, `account-keys-${lang}`);

        await page.goto(`${baseUrl}/account/usage?lang=${lang}`);
        await expectNoSidewaysScroll(page);
        await expectOnScreen(page, 'a[href^="/account/usage.csv"]');
        await expectOnScreen(page, '[data-testid=ledger] td');
        await shot(page, `account-usage-${lang}`);
      }
      expect(offsite).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await page.close();
    },
    budgetMs(120_000),
  );
});
