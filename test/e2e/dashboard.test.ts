/**
 * The account dashboard as a newcomer uses it, in a real headless Chromium against the
 * real server process, with mail through a real SMTP server: sign up, follow the mailed link, log
 * in, create a key, make a paid REST call with it, see the call in the usage and the balance drop,
 * download the CSV, revoke the key and see the next call refused. Once on the embedded store
 * (`npm start` as it comes) and once on Redis + PostgreSQL, each started by the test.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, offlinePage } from '../support/browser.ts';
import { requirePostgresServer, startPostgresServer, type PostgresServer } from '../support/postgres-server.ts';
import { freePort, requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { requireBinary } from '../support/require-binary.ts';
import { REPO_ROOT } from '../support/run-cli.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';
import { budgetMs } from '../support/time-budget.ts';

const chromiumPath = requireBinary('the account dashboard browser test', 'chromium', 'chromium-browser');
const ARTIFACTS = `${REPO_ROOT}.test-artifacts`;
const PASSWORD = 'correct horse battery staple 42';
const CHART = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };

interface Deployment {
  readonly name: string;
  readonly env: () => Promise<Record<string, string>>;
  readonly dispose: () => Promise<void>;
}

function embedded(): Deployment {
  return { name: 'embedded', env: () => Promise.resolve({ REDIS_URL: '', REDIS_CLUSTER_NODES: '' }), dispose: () => Promise.resolve() };
}

function redisAndPostgres(): Deployment {
  let redis: RedisServer | undefined;
  let postgres: PostgresServer | undefined;
  return {
    name: 'redis+postgres',
    async env() {
      redis = await startRedisServer();
      postgres = await startPostgresServer();
      return { REDIS_URL: redis.url, LEDGER_DATABASE_URL: postgres.url };
    },
    async dispose() {
      await redis?.dispose();
      await postgres?.dispose();
    },
  };
}

const deployments = [
  embedded(),
  ...(requireRedisServer('dashboard e2e on Redis') && requirePostgresServer('dashboard e2e on PostgreSQL') ? [redisAndPostgres()] : []),
];

for (const deployment of deployments) {
  describe.skipIf(chromiumPath === undefined)(`/account in Chromium, mail over SMTP: ${deployment.name}`, () => {
    let smtp: TestSmtpServer;
    let server: ServerProcess;
    let baseUrl: string;
    let browser: Browser;

    beforeAll(async () => {
      smtp = await startSmtpServer();
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      server = await startServerProcess(process.execPath, ['src/main.ts'], {
        ...(await deployment.env()),
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        SMTP_URL: smtp.url,
        SIGNUP_MONTHLY_CREDITS: '100',
        NODE_ENV: 'development',
      });
      browser = await launchChromium(chromiumPath!);
    }, budgetMs(120_000));

    afterAll(async () => {
      await browser?.close();
      server?.child.kill('SIGTERM');
      await smtp?.close();
      await deployment.dispose();
    });

    const restCall = (key: string) =>
      fetch(`${baseUrl}/api/v1/calculate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(CHART),
      });

    async function shot(page: Page, name: string): Promise<void> {
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: `${ARTIFACTS}/dashboard-${deployment.name}-${name}.png`, fullPage: true });
    }

    it(
      'signs up, verifies by mail, logs in, makes and revokes a key; usage, balance and CSV follow',
      async () => {
        const email = `newcomer+${deployment.name}@example.com`;
        const { page, offsite, consoleErrors } = await offlinePage(browser, { width: 1100, height: 900 }, 'en-US');

        await page.goto(`${baseUrl}/account/signup`);
        expect(await page.getAttribute('html', 'lang')).toBe('en');
        await page.fill('#email', email);
        await page.fill('#password', PASSWORD);
        await page.click('button[type=submit]');
        await expect.poll(() => page.textContent('main')).toContain('We sent you a mail');

        const mail = await smtp.waitForMail(email);
        expect(mail.subject).toContain('confirm your e-mail');
        const verify = linkIn(mail, `${baseUrl}/account/verify?token=`);
        // Opening the link spends nothing (a mail scanner may fetch it): the button does.
        await page.goto(verify);
        await page.goto(verify);
        await page.click('button[type=submit]');
        expect(await page.textContent('main')).toContain(`The address ${email} is confirmed`);
        // The link works once.
        await page.goto(verify);
        const again = page.waitForResponse((response) => response.request().method() === 'POST');
        await page.click('button[type=submit]');
        expect((await again).status()).toBe(400);

        await page.goto(`${baseUrl}/account/login`);
        await page.fill('#email', email);
        await page.fill('#password', PASSWORD);
        await page.click('button[type=submit]');
        await page.waitForURL(`${baseUrl}/account`);
        expect(await page.textContent('[data-testid=monthly]')).toBe('100 / 100');
        const cookies = await page.context().cookies();
        const session = cookies.find((cookie) => cookie.name === 'fp_session');
        expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

        await page.click('a[href="/account/keys"]');
        await page.fill('#name', 'my first key');
        await page.click('form[action="/account/keys"] button[type=submit]');
        const apiKey = (await page.textContent('[data-testid=new-key]'))!.trim();
        expect(apiKey).toMatch(/^fp_[A-Za-z0-9_-]{43}$/);
        await shot(page, 'new-key');

        const answer = await restCall(apiKey);
        expect(answer.status).toBe(200);
        const body = (await answer.json()) as { credits_consumed: number; transaction_id: string };
        expect(body.credits_consumed).toBe(10);

        await page.goto(`${baseUrl}/account`);
        expect(await page.textContent('[data-testid=monthly]')).toBe('90 / 100');
        expect(await page.textContent('main')).toContain('chart');
        await page.goto(`${baseUrl}/account/keys`);
        expect(await page.textContent('main')).toContain(apiKey.slice(0, 11));
        expect(await page.textContent('main')).not.toContain(apiKey);

        await page.goto(`${baseUrl}/account/usage`);
        const ledger = await page.textContent('[data-testid=ledger]');
        expect(ledger).toContain(body.transaction_id);
        await shot(page, 'usage');

        const [download] = await Promise.all([page.waitForEvent('download'), page.click('a[href^="/account/usage.csv"]')]);
        const csv = readFileSync(await download.path(), 'utf8')
          .trim()
          .split('\r\n');
        expect(csv[0]).toBe('transaction_id,at,operation,cost,from_monthly,from_auto,autocharged,voided,log_id');
        expect(csv.slice(1)).toHaveLength(1);
        expect(csv[1]).toContain(`${body.transaction_id},`);
        expect(csv[1]).toContain(',chart,10,10,0,0,false,');

        await page.goto(`${baseUrl}/account/keys`);
        await page.click('form[action="/account/keys/revoke"] button');
        expect(await page.textContent('main')).toContain(`Key ${apiKey.slice(0, 11)} is revoked`);
        const refused = await restCall(apiKey);
        expect(refused.status).toBe(401);
        await page.goto(`${baseUrl}/account`);
        expect(await page.textContent('[data-testid=monthly]')).toBe('90 / 100');

        await page.click('header button');
        await page.waitForURL(`${baseUrl}/account/login`);
        await page.goto(`${baseUrl}/account`);
        expect(page.url()).toBe(`${baseUrl}/account/login`);

        expect(offsite).toEqual([]);
        // The second visit of the verification link answers 400, which the browser reports; nothing else may.
        expect(consoleErrors.filter((error) => !error.includes('status of 400'))).toEqual([]);
        await page.close();
      },
      budgetMs(120_000),
    );

    it(
      'answers in Japanese to a Japanese browser, and resets a password through the mailed link',
      async () => {
        const email = `reset+${deployment.name}@example.jp`;
        const { page } = await offlinePage(browser, { width: 390, height: 844 }, 'ja-JP');
        await page.goto(`${baseUrl}/account/signup`);
        expect(await page.getAttribute('html', 'lang')).toBe('ja');
        await page.fill('#email', email);
        await page.fill('#password', PASSWORD);
        await page.click('button[type=submit]');
        await expect.poll(() => page.textContent('main')).toContain('確認のメールを送りました');
        const verify = linkIn(await smtp.waitForMail(email), `${baseUrl}/account/verify?token=`);
        await page.goto(verify);
        await page.click('button[type=submit]');
        await expect.poll(() => page.textContent('main')).toContain('確認しました');

        await page.goto(`${baseUrl}/account/reset`);
        await page.fill('#email', email);
        await page.click('button[type=submit]');
        await expect.poll(() => page.textContent('main')).toContain('再設定のリンクを送りました');
        const reset = await smtp.waitForMail(email, { skip: 1 });
        expect(reset.subject).toBe('四柱推命 API: パスワードの再設定');
        await page.goto(linkIn(reset, `${baseUrl}/account/reset/confirm?token=`));
        await page.fill('#password', 'short');
        // The browser's own minlength check would stop the form: let the server's rule speak.
        await page.$eval('#password', (input) => input.removeAttribute('minlength'));
        await page.click('button[type=submit]');
        expect(await page.textContent('.problem')).toContain('12 文字以上');
        await page.fill('#password', 'a brand new passphrase 7');
        await page.click('button[type=submit]');
        await expect.poll(() => page.textContent('main')).toContain('パスワードを変えました');

        await page.goto(`${baseUrl}/account/login`);
        await page.fill('#email', email);
        await page.fill('#password', PASSWORD);
        await page.click('button[type=submit]');
        expect(await page.textContent('.problem')).toContain('メールアドレスかパスワードが違います');
        await page.fill('#password', 'a brand new passphrase 7');
        await page.click('button[type=submit]');
        await page.waitForURL(`${baseUrl}/account`);
        await shot(page, 'overview-ja-phone');
        await page.close();
      },
      budgetMs(120_000),
    );
  });
}
