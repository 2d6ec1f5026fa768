/**
 * The /chart page as a person uses it: the real server process (embedded store, demo
 * key), a real headless Chromium, offline. The form is filled in and submitted; the page asks the
 * public GraphQL API and draws the 命式表, whose four pillars must be the chart's. Screenshots (a
 * desktop and a phone-sized window) are saved to .test-artifacts/.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, offlinePage } from '../support/browser.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/run-cli.ts';
import { CATALOGUES } from '../../src/domain/catalogue/catalogues.ts';
import { requireBinary } from '../support/require-binary.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { budgetMs } from '../support/time-budget.ts';

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
  }, budgetMs(60_000));

  afterAll(async () => {
    await browser?.close();
    server?.child.kill('SIGTERM');
  });

  async function open(viewport: { width: number; height: number }): Promise<{ page: Page; offsite: string[]; consoleErrors: string[] }> {
    // A Japanese browser: the page follows its Accept-Language when the address names no language.
    const { page, offsite, consoleErrors } = await offlinePage(browser, viewport, 'ja-JP');
    const response = await page.goto(`${baseUrl}/chart`, { waitUntil: 'load' });
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
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

  it(
    'fills in a birth, submits, and draws the 命式表 with the chart’s four pillars, the five elements and the 大運',
    async () => {
      const { page, offsite, consoleErrors } = await open({ width: 1100, height: 1400 });
      await page.fill('input[name=date]', '1990-05-15');
      await page.fill('input[name=time]', '10:30');
      await page.fill('input[name=location]', '139.69');
      await page.selectOption('select[name=gender]', 'FEMALE');
      await page.fill('input[name=key]', DEMO_KEY);
      await page.click('button[type=submit]');
      await page.waitForSelector('table.meishiki', { timeout: budgetMs(20_000) });
      // 1990-05-15 10:30 at 139.69°E: 庚午 辛巳 庚辰 辛巳 (year to hour); the table runs hour first.
      expect(await rowCells(page, '天干')).toEqual(['辛', '庚', '辛', '庚']);
      expect(await rowCells(page, '地支')).toEqual(['巳', '辰', '巳', '午']);
      expect(await page.locator('table.meishiki thead th').allInnerTexts()).toEqual(['', '時柱', '日柱', '月柱', '年柱']);
      expect(await rowCells(page, '通変星')).toEqual(['劫財', '日主', '劫財', '比肩']);
      // Each pillar's own 旬空: 辛巳 and 庚辰 of the 甲戌 旬 (申酉), 庚午 of the 甲子 旬 (戌亥).
      expect(await rowCells(page, '空亡')).toEqual(['申酉', '申酉', '申酉', '戌亥']);
      expect(await page.locator('svg.elements rect').count()).toBe(5);
      expect(await page.locator('table.luck tbody tr').count()).toBe(10);
      // Twelve 大運, as every protocol allows: the page asks for them when chosen.
      await page.selectOption('select[name=luckCycles]', '12');
      await page.click('button[type=submit]');
      await expect.poll(() => page.locator('table.luck tbody tr').count(), { timeout: budgetMs(20_000) }).toBe(12);
      // One age convention: the rows are labelled from the heading's X歳運, 10 years apart.
      const heading = await page.locator('h2', { hasText: '大運' }).innerText();
      const startAge = Number(/（(\d+)歳運/.exec(heading)![1]);
      const ages = await page.locator('table.luck tbody tr td:nth-child(5)').allInnerTexts();
      expect(ages.slice(0, 2)).toEqual([`${startAge}–${startAge + 9}歳`, `${startAge + 10}–${startAge + 19}歳`]);
      await expect.poll(() => page.locator('.credits').innerText()).toContain('消費 10');
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: `${ARTIFACTS}/chart-page.png`, fullPage: true });
      // The southern convention: 巳 (辛巳) reads its 対冲 亥, the stem by 五虎遁 of the 庚 year: 丁亥.
      await page.selectOption('select[name=hemisphere]', 'SOUTH');
      await page.click('button[type=submit]');
      await expect.poll(() => rowCells(page, '地支'), { timeout: budgetMs(20_000) }).toEqual(['巳', '辰', '亥', '午']);
      expect(await rowCells(page, '天干')).toEqual(['辛', '庚', '丁', '庚']);
      expect(offsite).toEqual([]);
      expect(consoleErrors).toEqual([]);
    },
    budgetMs(90_000),
  );

  it(
    'on a phone (390×844) with 時刻不明: three pillars, the result brought into view, whole star names, Japanese warnings and errors',
    async () => {
      const { page, consoleErrors } = await open({ width: 390, height: 844 });
      await page.fill('input[name=date]', '2021-01-03');
      await page.check('input[name=unknownTime]');
      await page.selectOption('select[name=gender]', 'FEMALE');
      await page.fill('input[name=key]', DEMO_KEY);
      await page.click('button[type=submit]');
      await page.waitForSelector('table.meishiki', { timeout: budgetMs(20_000) });
      // Without a time the 大運 start is the range over the birth day, never one day from an assumed 12:00.
      const luckHeading = await page.locator('h2', { hasText: '大運' }).innerText();
      expect(luckHeading).toMatch(/2029-12-27 – 2030-04-26/);
      expect(await page.locator('table.luck tbody tr').first().innerText()).toContain('2029-12-27 – 2030-04-26');
      // No hour column (the page once drew a 甲午 hour with 天乙貴人 on it).
      expect(await page.locator('table.meishiki thead th').allInnerTexts()).toEqual(['', '日柱', '月柱', '年柱']);
      expect(await rowCells(page, '天干')).toEqual(['辛', '戊', '庚']);
      expect(await page.locator('#out').innerText()).toContain('時刻不明：時柱を立てない三柱の命式');
      expect(await page.locator('.warnings li').first().innerText()).toContain('出生時刻不明（三柱）');
      expect(await page.locator('.warnings').innerText()).not.toMatch(/[A-Z]{4,}_[A-Z]/);
      // The result starts inside the screen (it began 870 px below the top, under the form).
      const top = await page.evaluate(() => document.querySelector('#out h2')!.getBoundingClientRect().top);
      expect(top).toBeGreaterThan(-1); // sub-pixel layout
      expect(top).toBeLessThan(844 / 2);
      // A four-character star name is one line, never 天徳貴/人.
      const brokenNames = await page.evaluate(() =>
        [...document.querySelectorAll('table.meishiki .name')]
          .filter((name) => name.getClientRects().length > 1)
          .map((name) => name.textContent),
      );
      expect(brokenNames).toEqual([]);
      expect(await page.locator('table.meishiki .name', { hasText: '文昌貴人' }).count()).toBeGreaterThan(0);
      // The page itself does not scroll sideways (on a phone neither does the table: test/e2e/phone-layout.test.ts).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: `${ARTIFACTS}/chart-page-phone.png` });
      await page.screenshot({ path: `${ARTIFACTS}/chart-page-phone-full.png`, fullPage: true });

      await page.fill('input[name=key]', 'fp_not_a_key');
      await page.click('button[type=submit]');
      await expect.poll(() => page.locator('.error').innerText(), { timeout: budgetMs(20_000) }).toContain('API キーが正しくありません');
      await page.fill('input[name=key]', DEMO_KEY);
      await page.fill('input[name=timezone]', 'Asia/Tokio');
      await page.click('button[type=submit]');
      await expect
        .poll(() => page.locator('.error').innerText(), { timeout: budgetMs(20_000) })
        .toContain('入力に誤りがあります。（タイムゾーン）');
      expect(consoleErrors).toEqual([]);
    },
    budgetMs(90_000),
  );

  it(
    'a lunar birth date: the date becomes a text field, the chart is cast for its Gregorian date, a leap month the year lacks is refused',
    async () => {
      const { page, consoleErrors } = await open({ width: 1024, height: 900 });
      await page.selectOption('select[name=calendar]', 'LUNAR_KR');
      expect(await page.getAttribute('input[name=date]', 'type')).toBe('text');
      // Lunar New Year 1997 in Korea: 1997-02-08 (in China it was 02-07).
      await page.fill('input[name=date]', '1997-01-01');
      await page.fill('input[name=time]', '10:00');
      await page.fill('input[name=location]', '126.98');
      await page.fill('input[name=timezone]', 'Asia/Seoul');
      await page.fill('input[name=key]', DEMO_KEY);
      await page.click('button[type=submit]');
      await page.waitForSelector('table.meishiki', { timeout: budgetMs(20_000) });
      expect(await page.locator('#out').innerText()).toContain('旧暦の生年月日を新暦 1997-02-08 として計算しました。');
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: `${ARTIFACTS}/chart-page-lunar.png`, fullPage: true });
      // 2017 has no leap 5th month in China (its leap month is the 6th).
      await page.selectOption('select[name=calendar]', 'LUNAR_CN');
      await page.fill('input[name=date]', '2017-05-01');
      await page.check('input[name=leapMonth]');
      await page.click('button[type=submit]');
      await expect
        .poll(() => page.locator('.error').innerText(), { timeout: budgetMs(20_000) })
        .toContain('入力に誤りがあります。（閏月）');
      expect(await page.locator('.error small').innerText()).toContain('lunar_cn 2017 has no leap month 5 (its leap month is 6)');
      await page.selectOption('select[name=calendar]', 'GREGORIAN');
      expect(await page.getAttribute('input[name=date]', 'type')).toBe('date');
      expect(consoleErrors).toEqual([]);
    },
    budgetMs(90_000),
  );

  /** What each language's page must show: its table heads, its ten god for the year stem, the word for the 大運 heading. */
  const LANGUAGES = [
    {
      lang: 'zh-Hans',
      columns: ['时柱', '日柱', '月柱', '年柱'],
      tenGodRow: '十神',
      tenGods: ['劫财', '日主', '劫财', '比肩'],
      luck: '大运',
    },
    {
      lang: 'zh-Hant',
      columns: ['時柱', '日柱', '月柱', '年柱'],
      tenGodRow: '十神',
      tenGods: ['劫財', '日主', '劫財', '比肩'],
      luck: '大運',
    },
    {
      lang: 'en',
      columns: ['Hour Pillar', 'Day Pillar', 'Month Pillar', 'Year Pillar'],
      tenGodRow: 'Ten God',
      tenGods: ['Rob Wealth', 'Day Master', 'Rob Wealth', 'Companion'],
      luck: 'Luck',
    },
    {
      lang: 'ko',
      columns: ['시주', '일주', '월주', '연주'],
      tenGodRow: '십성',
      tenGods: ['겁재', '일간', '겁재', '비견'],
      luck: '대운',
    },
  ] as const;

  it.each(LANGUAGES)(
    'in $lang: the form, the 命式表, the luck table, the warnings and the errors in that language, no kana',
    async (expected) => {
      const { page, offsite, consoleErrors } = await offlinePage(browser, { width: 1100, height: 1400 });
      await page.goto(`${baseUrl}/chart?lang=${expected.lang}`, { waitUntil: 'load' });
      expect(await page.getAttribute('html', 'lang')).toBe(expected.lang);
      expect(await page.inputValue('select[name=lang]')).toBe(expected.lang);
      await page.fill('input[name=date]', '1990-05-15');
      await page.fill('input[name=time]', '10:30');
      await page.fill('input[name=location]', '139.69');
      await page.fill('input[name=timezone]', 'Asia/Tokyo');
      await page.selectOption('select[name=gender]', 'FEMALE');
      await page.fill('input[name=key]', DEMO_KEY);
      await page.click('button[type=submit]');
      await page.waitForSelector('table.meishiki', { timeout: budgetMs(20_000) });
      expect(await page.locator('table.meishiki thead th').allInnerTexts()).toEqual(['', ...expected.columns]);
      expect(await rowCells(page, expected.tenGodRow)).toEqual(expected.tenGods);
      expect(await page.locator('table.luck tbody tr').count()).toBe(10);
      expect(await page.locator('h2', { hasText: expected.luck }).count()).toBe(1);
      // The language selector names each language in its own script; the rest is in this one.
      const text = (await page.locator('body').innerText()).replace(await page.locator('select[name=lang]').innerText(), '');
      expect(text).not.toMatch(/[\u3040-\u30ff]/u);
      if (expected.lang !== 'ko') expect(text).not.toMatch(/[\uac00-\ud7af]/u);
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: `${ARTIFACTS}/chart-page-${expected.lang}.png`, fullPage: true });
      await page.fill('input[name=key]', 'fp_not_a_key');
      await page.click('button[type=submit]');
      await expect
        .poll(() => page.locator('.error').innerText(), { timeout: budgetMs(20_000) })
        .toContain(CATALOGUES[expected.lang].page.errors.UNAUTHENTICATED);
      expect(await page.locator('.error').innerText()).not.toMatch(/[\u3040-\u30ff]/u);
      // The selector switches the page's language.
      await page.selectOption('select[name=lang]', 'ja');
      await page.waitForURL(/lang=ja/);
      expect(await page.getAttribute('html', 'lang')).toBe('ja');
      expect(offsite).toEqual([]);
      expect(consoleErrors).toEqual([]);
    },
    90_000,
  );
});
