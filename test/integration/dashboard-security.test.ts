/**
 * The dashboard tested as a bank's log-in page would be: CSRF on every form, session
 * fixation, throttling without telling which addresses exist, idle and absolute timeouts, cookie
 * flags, the Content-Security-Policy, and HTML or script in every field rendered inert. The real
 * app on a real HTTP server (embedded stores), mails captured from the console mailer, a clock the
 * test moves.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Argon2Hasher, CHEAP_ARGON2ID } from '../../src/adapters/argon2-hasher.ts';
import { silentLogger } from '../../src/application/ports/logger.ts';
import { compose, type ComposeOptions } from '../../src/composition.ts';
import { createHttpServer } from '../../src/http/server.ts';
import { FakeClock } from '../contract/credit-store.contract.ts';
import { pollWithin } from '../support/time-budget.ts';

const PASSWORD = 'a long enough passphrase 1';
const ADMIN_TOKEN = 'dashboard-test-admin-token-0123456789';

/** A cheap argon2id that counts its password checks. */
const verifications = new (class extends Argon2Hasher {
  count = 0;
  override verify(phc: string, password: string): Promise<boolean> {
    this.count += 1;
    return super.verify(phc, password);
  }
})(CHEAP_ARGON2ID);
const XSS = `"><script>alert(1)</script><img src=x onerror=alert(2)>'`;

/** A visitor: a cookie jar and the last page's CSRF token. */
class Visitor {
  readonly cookies = new Map<string, string>();
  csrf = '';
  readonly base: string;
  readonly headers: Record<string, string>;
  constructor(base: string, headers: Record<string, string> = {}) {
    this.base = base;
    this.headers = headers;
  }

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (/Max-Age=0/.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(path: string): Promise<{ status: number; text: string; response: Response }> {
    const response = await fetch(`${this.base}${path}`, { redirect: 'manual', headers: { cookie: this.cookieHeader(), ...this.headers } });
    this.remember(response);
    const text = await response.text();
    const token = /name="csrf" value="([^"]+)"/.exec(text);
    if (token !== null) this.csrf = token[1]!;
    return { status: response.status, text, response };
  }

  async post(
    path: string,
    fields: Record<string, string | string[]>,
    options: { csrf?: string | null; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; text: string; response: Response }> {
    const form = new URLSearchParams();
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    if (csrf !== null) form.append('csrf', csrf);
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
    const response = await fetch(`${this.base}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: this.cookieHeader(),
        ...this.headers,
        ...options.headers,
      },
      body: form.toString(),
    });
    this.remember(response);
    const text = await response.text();
    const token = /name="csrf" value="([^"]+)"/.exec(text);
    if (token !== null) this.csrf = token[1]!;
    return { status: response.status, text, response };
  }
}

/** The real app on a real HTTP server (embedded stores, a cheap argon2id), with `PUBLIC_URL` as given. */
async function startDashboardApp(
  publicUrl: string,
  options: Pick<ComposeOptions, 'clock' | 'print'> = {},
): Promise<{ base: string; close: () => Promise<void> }> {
  const composition = await compose({
    env: {
      ALLOW_EMBEDDED_STORE: '1',
      RATE_LIMIT_PER_SECOND: '0',
      ANON_RATE_LIMIT_PER_SECOND: '0',
      PUBLIC_URL: publicUrl,
      ADMIN_TOKEN,
    },
    logger: silentLogger,
    passwordHasher: verifications,
    ...options,
  });
  const server = createHttpServer(composition.app, composition.config.http);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await composition.close();
    },
  };
}

describe('/account security', () => {
  const clock = new FakeClock(Date.parse('2026-11-27T03:00:00Z'));
  const printed: string[] = [];
  let base: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ base, close } = await startDashboardApp('http://127.0.0.1:1', { clock, print: (line) => printed.push(line) }));
  });
  // The clock only moves forward: a failure recorded by one test must not land in another's future.
  afterAll(() => close?.());

  /** Mails printed for `email` so far. */
  const mailsTo = (email: string): number => printed.filter((line) => line.startsWith(`mail to ${email}:`)).length;

  /**
   * The last link printed for `email` whose path starts with `path` (sign-up mails after its answer:
   * wait a moment), in a mail after the first `after` ones.
   */
  function mailedLink(email: string, path: string, after = 0): Promise<string> {
    return vi.waitFor(() => {
      const mail = printed
        .filter((line) => line.startsWith(`mail to ${email}:`))
        .slice(after)
        .at(-1);
      const link = mail?.match(/http:\/\/127\.0\.0\.1:1(\/\S+)/g)?.find((l) => l.includes(path));
      if (link === undefined) throw new Error(`no ${path} link mailed to ${email}`);
      return link.replace('http://127.0.0.1:1', '');
    }, pollWithin(2000));
  }

  /** Opens the mailed verification link and presses its button. */
  async function verify(visitor: Visitor, email: string, after = 0): Promise<void> {
    const link = await mailedLink(email, '/account/verify', after);
    const page = await visitor.get(link);
    expect(page.text).not.toContain('confirmed');
    const token = new URL(link, base).searchParams.get('token')!;
    expect((await visitor.post('/account/verify', { token })).status).toBe(200);
  }

  async function member(email: string): Promise<Visitor> {
    const mailed = mailsTo(email);
    const visitor = new Visitor(base);
    await visitor.get('/account/signup');
    expect((await visitor.post('/account/signup', { email, password: PASSWORD })).status).toBe(200);
    await verify(visitor, email, mailed);
    await visitor.get('/account/login');
    const login = await visitor.post('/account/login', { email, password: PASSWORD });
    expect(login.status).toBe(303);
    await visitor.get('/account');
    return visitor;
  }

  it('autocharge buys credits: a new customer cannot turn it on; within the operator ceiling they can; lowering always; every change audited', async () => {
    const email = 'autocharge@example.com';
    const visitor = await member(email);
    const operator = async (method: string, path: string, json?: unknown) => {
      const response = await fetch(`${base}/admin/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    };
    const found = await operator('GET', `/accounts?q=${encodeURIComponent(email)}`);
    const accountId = found.body['accounts'][0].account_id as string;
    const account = async () => (await operator('GET', `/accounts/${accountId}`)).body;
    const set = async (threshold: number, amount: number) => {
      await visitor.get('/account');
      return visitor.post('/account/autocharge', { threshold: String(threshold), amount: String(amount) });
    };

    // Open sign-up: the plan's ceiling is 0, so the attack of the report (10,000 / 10,000) mints nothing.
    expect((await account())['autocharge_ceiling']).toEqual({ threshold: 0, amount: 0, set_for: 'plan' });
    const refused = await set(10_000, 10_000);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('オートチャージはクレジットの購入です');
    expect((await account())['autocharge']).toEqual({ threshold: 0, amount: 0 });
    expect((await account())['auto_credits']).toBe(0);

    // The operator says the account can pay, up to a ceiling.
    const raised = await operator('PATCH', `/accounts/${accountId}`, { autocharge_ceiling: { threshold: 500, amount: 1000 } });
    expect(raised.status).toBe(200);
    expect(raised.body['autocharge_ceiling']).toEqual({ threshold: 500, amount: 1000, set_for: 'account' });
    expect((await set(300, 800)).status).toBe(200);
    const over = await set(300, 1001);
    expect(over.status).toBe(400);
    expect(over.text).toContain('0 から 1000 まで');
    expect((await set(501, 800)).status).toBe(400);
    expect((await account())['autocharge']).toEqual({ threshold: 300, amount: 800 });

    // Back to the plan's ceiling (0): lowering and turning off stay allowed, raising does not.
    expect((await operator('PATCH', `/accounts/${accountId}`, { autocharge_ceiling: null })).body['autocharge_ceiling']).toEqual({
      threshold: 0,
      amount: 0,
      set_for: 'plan',
    });
    expect((await set(200, 500)).status).toBe(200);
    expect((await set(200, 600)).status).toBe(400);
    expect((await set(250, 500)).status).toBe(400);
    expect((await set(0, 0)).status).toBe(200);
    expect((await set(10, 10)).status).toBe(400);
    expect((await account())['autocharge']).toEqual({ threshold: 0, amount: 0 });

    // Every change is in the audit log: the customer's by their user, the operator's by its token.
    const audit = (await operator('GET', `/audit?account=${accountId}`)).body['entries'] as {
      action: string;
      actor: string;
      details: any;
    }[];
    const changes = audit.filter((entry) => entry.action.startsWith('account.autocharge')).reverse();
    expect(changes.map((entry) => [entry.action, entry.actor.split(':')[0]])).toEqual([
      ['account.autocharge_ceiling', 'admin-token'],
      ['account.autocharge', 'user'],
      ['account.autocharge_ceiling', 'admin-token'],
      ['account.autocharge', 'user'],
      ['account.autocharge', 'user'],
    ]);
    expect(changes[1]!.details).toMatchObject({ threshold: 300, amount: 800, previous: { threshold: 0, amount: 0 } });
  });

  it('every page has a strict CSP with a fresh nonce, no script, no framing, no referrer to other sites, no caching', async () => {
    const visitor = new Visitor(base);
    const seen = new Set<string>();
    for (const path of ['/account/login', '/account/signup', '/account/reset', '/account/reset/confirm?token=x', '/account/nowhere']) {
      const { response, text } = await visitor.get(path);
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).not.toContain('unsafe-inline');
      const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
      expect(text).toContain(`<style nonce="${nonce}">`);
      // The style sheet is markup this code wrote: not escaped (an escaped quote breaks the font rule).
      expect(text).toContain('font-family:system-ui,"Hiragino Sans"');
      seen.add(nonce);
      expect(text).not.toMatch(/<script/i);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    expect(seen.size).toBe(5);
  });

  it('cookies are HttpOnly and SameSite=Lax; outside localhost they are Secure with the __Host- prefix', async () => {
    const local = await new Visitor(base).get('/account/login');
    const line = local.response.headers.getSetCookie().find((c) => c.startsWith('fp_csrf='))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).not.toMatch(/Secure/);

    const port = new URL(base).port;
    const setCookies = await new Promise<string[]>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/account/login', headers: { host: 'bazi.example.com' } }, (res) => {
        res.resume();
        resolve(res.headers['set-cookie'] ?? []);
      });
      req.on('error', reject);
      req.end();
    });
    const secure = setCookies.find((c) => c.startsWith('__Host-fp_csrf='))!;
    expect(secure).toMatch(/; Secure/);
    expect(secure).toMatch(/; Path=\//);
    expect(secure).not.toMatch(/Domain=/);
  });

  it('refuses a form without its CSRF token, with another token, or from another site', async () => {
    const visitor = new Visitor(base);
    await visitor.get('/account/login');
    expect((await visitor.post('/account/login', { email: 'a@example.com', password: PASSWORD }, { csrf: null })).status).toBe(403);
    expect((await visitor.post('/account/login', { email: 'a@example.com', password: PASSWORD }, { csrf: 'x'.repeat(43) })).status).toBe(
      403,
    );
    const crossOrigin = await visitor.post(
      '/account/login',
      { email: 'a@example.com', password: PASSWORD },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(crossOrigin.status).toBe(403);
    const crossSite = await visitor.post(
      '/account/login',
      { email: 'a@example.com', password: PASSWORD },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(crossSite.status).toBe(403);

    const signedIn = await member('csrf@example.com');
    const anonymousToken = signedIn.cookies.get('fp_csrf')!;
    for (const csrf of [null, anonymousToken, 'y'.repeat(43)]) {
      const refused = await signedIn.post('/account/keys', { name: 'forged', scopes: 'chart' }, { csrf });
      expect(refused.status).toBe(403);
    }
    expect((await signedIn.post('/account/autocharge', { threshold: '1', amount: '1' }, { csrf: null })).status).toBe(403);
    expect((await signedIn.post('/account/logout', {}, { csrf: null })).status).toBe(403);
    const keys = await signedIn.get('/account/keys');
    expect(keys.text).not.toContain('forged');
    // A JSON body is not a form: refused before anything is read.
    const json = await fetch(`${base}/account/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `fp_session=${signedIn.cookies.get('fp_session')!}` },
      body: JSON.stringify({ name: 'json', csrf: signedIn.csrf }),
    });
    expect(json.status).toBe(415);
  });

  it('issues a new session id at log-in: a planted id is worth nothing, and the previous session ends', async () => {
    const first = await member('fixation@example.com');
    const firstSession = first.cookies.get('fp_session')!;

    const attacker = 'A'.repeat(43);
    const victim = new Visitor(base);
    victim.cookies.set('fp_session', attacker);
    await victim.get('/account/login');
    expect((await victim.post('/account/login', { email: 'fixation@example.com', password: PASSWORD })).status).toBe(303);
    expect(victim.cookies.get('fp_session')).not.toBe(attacker);
    const planted = new Visitor(base);
    planted.cookies.set('fp_session', attacker);
    expect((await planted.get('/account')).status).toBe(303);

    // Logging in again from the first browser replaces its session.
    await first.get('/account/login');
    expect((await first.post('/account/login', { email: 'fixation@example.com', password: PASSWORD })).status).toBe(303);
    expect(first.cookies.get('fp_session')).not.toBe(firstSession);
    const old = new Visitor(base);
    old.cookies.set('fp_session', firstSession);
    expect((await old.get('/account')).status).toBe(303);
    expect((await first.get('/account')).status).toBe(200);
  });

  it('ends a session after 30 idle minutes and after 12 hours whatever the activity', async () => {
    const visitor = await member('timeouts@example.com');
    clock.advance(29 * 60_000);
    expect((await visitor.get('/account')).status).toBe(200);
    clock.advance(31 * 60_000);
    expect((await visitor.get('/account')).status).toBe(303);

    const busy = await member('busy@example.com');
    for (let i = 0; i < 12 * 3 - 1; i++) {
      clock.advance(20 * 60_000);
      expect((await busy.get('/account')).status).toBe(200);
    }
    clock.advance(20 * 60_000);
    expect((await busy.get('/account')).status).toBe(303);
  });

  it('locks an address out after 5 failures, with the same words whether it has an account or not', async () => {
    await member('locked@example.com');
    const texts: string[] = [];
    for (const email of ['locked@example.com', 'nobody-here@example.com']) {
      const visitor = new Visitor(base);
      await visitor.get('/account/login');
      for (let i = 0; i < 5; i++) {
        const failed = await visitor.post('/account/login', { email, password: `wrong password number ${i}` });
        expect(failed.status).toBe(401);
        expect(failed.text).toContain('メールアドレスかパスワードが違います');
      }
      const locked = await visitor.post('/account/login', { email, password: PASSWORD });
      expect(locked.status).toBe(429);
      texts.push(/<p class="problem"[^>]*>([^<]*)<\/p>/.exec(locked.text)![1]!);
    }
    expect(texts[0]).toBe(texts[1]);
    expect(texts[0]).toContain('15 分後');
    clock.advance(15 * 60_000 + 1);
    const visitor = new Visitor(base);
    await visitor.get('/account/login');
    expect((await visitor.post('/account/login', { email: 'locked@example.com', password: PASSWORD })).status).toBe(303);
  });

  it('counts a burst of parallel guesses before checking them: at most 5 are tried', async () => {
    await member('burst@example.com');
    clock.advance(16 * 60_000);
    const visitor = new Visitor(base);
    await visitor.get('/account/login');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        visitor.post('/account/login', { email: 'burst@example.com', password: `guess number ${i} xx` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    clock.advance(16 * 60_000);
  });

  it('counts a parallel burst across e-mails from one address before checking: at most 20 passwords are tried', async () => {
    clock.advance(16 * 60_000);
    const visitor = new Visitor(base);
    await visitor.get('/account/login');
    const checksBefore = verifications.count;
    // The report's attack: 60 parallel log-ins from one address, each for another e-mail.
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        visitor.post('/account/login', { email: `parallel${i}@example.com`, password: 'not the password' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    expect(verifications.count - checksBefore).toBe(20);
    clock.advance(16 * 60_000);
  });

  it('a right password is taken back from the address count: 30 good log-ins in a row stay allowed', async () => {
    clock.advance(61 * 60_000); // the hour's sign-up forms of this address, used by the tests before
    await member('regular@example.com');
    for (let i = 0; i < 30; i++) {
      const visitor = new Visitor(base);
      await visitor.get('/account/login');
      expect((await visitor.post('/account/login', { email: 'regular@example.com', password: PASSWORD })).status).toBe(303);
    }
    clock.advance(16 * 60_000);
  });

  it('a reset voids every other reset link still out and every session', async () => {
    clock.advance(61 * 60_000);
    const email = 'twolinks@example.com';
    const signedIn = await member(email);
    const asker = new Visitor(base);
    await asker.get('/account/reset');
    const before = mailsTo(email);
    expect((await asker.post('/account/reset', { email })).status).toBe(200);
    const first = await mailedLink(email, '/account/reset/confirm', before);
    clock.advance(6 * 60_000); // one mail of a kind to an address per 5 minutes; the first link lasts an hour
    expect((await asker.post('/account/reset', { email })).status).toBe(200);
    const second = await mailedLink(email, '/account/reset/confirm', before + 1);
    expect(second).not.toBe(first);
    const use = async (link: string, password: string) => {
      const visitor = new Visitor(base);
      await visitor.get(link);
      return visitor.post('/account/reset/confirm', { token: new URL(link, base).searchParams.get('token')!, password });
    };
    expect((await use(second, 'the newer link sets this one')).status).toBe(200);
    // The report: the older link still worked after the newer one had reset the password.
    expect((await use(first, 'the older link must not work')).status).toBe(400);
    expect((await signedIn.get('/account')).status).toBe(303);
    const login = new Visitor(base);
    await login.get('/account/login');
    expect((await login.post('/account/login', { email, password: 'the newer link sets this one' })).status).toBe(303);
  });

  it('30 parallel key creations leave at most 20 keys', async () => {
    clock.advance(61 * 60_000);
    const visitor = await member('manykeys@example.com');
    await visitor.get('/account/keys');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => visitor.post('/account/keys', { name: `key ${i}`, scopes: ['chart'], expires: '' })),
    );
    // The report: 21 keys were left (limit 20).
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(20);
    expect(answers.filter((answer) => answer.status === 400 && answer.text.includes('20'))).toHaveLength(10);
    const page = await visitor.get('/account/keys');
    // Key ids end in any of A–Z a–z 0–9 _ -, so no \b: the next character is simply not one of them.
    expect(new Set(page.text.match(/fp_[A-Za-z0-9_-]{8}(?![A-Za-z0-9_-])/g)).size).toBe(20);
  });

  it('a deleted account frees its e-mail: the address signs up again to a new account, the old log-in stays dead', async () => {
    clock.advance(61 * 60_000);
    const email = 'comeback@example.com';
    await member(email);
    const operator = (method: string, path: string) =>
      fetch(`${base}/admin/v1${path}`, { method, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }).then(
        async (response) => (await response.json()) as Record<string, any>,
      );
    const oldId = (await operator('GET', `/accounts?q=${encodeURIComponent(email)}`))['accounts'][0].account_id as string;
    await operator('DELETE', `/accounts/${oldId}`);
    clock.advance(6 * 60_000); // one verification mail to an address per 5 minutes
    const again = await member(email);
    expect((await again.get('/account')).status).toBe(200);
    const hits = (await operator('GET', `/accounts?q=${encodeURIComponent(email)}`))['accounts'] as {
      account_id: string;
      status: string;
    }[];
    const newId = hits.find((hit) => hit.status === 'active')!.account_id;
    expect(newId).not.toBe(oldId);
    // The deleted account keeps its user (and its ledger), under an address no log-in matches.
    expect(hits.find((hit) => hit.account_id === oldId)).toMatchObject({ status: 'deleted' });
  });

  it('locks out one address after 20 failures across e-mails', async () => {
    // The suite's requests all come from 127.0.0.1: earlier tests' failures count too, so start clean.
    clock.advance(16 * 60_000);
    const visitor = new Visitor(base);
    await visitor.get('/account/login');
    for (let i = 0; i < 20; i++) {
      expect((await visitor.post('/account/login', { email: `spray${i}@example.com`, password: 'not the password at all' })).status).toBe(
        401,
      );
    }
    expect((await visitor.post('/account/login', { email: 'spray-new@example.com', password: 'not the password at all' })).status).toBe(
      429,
    );
    clock.advance(16 * 60_000);
  });

  it('says the same to a sign-up or a reset for an address that exists and one that does not', async () => {
    await member('taken@example.com');
    const visitor = new Visitor(base);
    await visitor.get('/account/signup');
    const again = await visitor.post('/account/signup', { email: 'taken@example.com', password: PASSWORD });
    const fresh = await visitor.post('/account/signup', { email: 'fresh@example.com', password: PASSWORD });
    const strip = (text: string) => text.replace(/nonce-[^']+|nonce="[^"]+"|value="[^"]*"/g, '');
    expect(again.status).toBe(fresh.status);
    expect(strip(again.text)).toBe(strip(fresh.text));
    await expect
      .poll(() => printed.some((line) => line.startsWith('mail to taken@example.com:') && line.includes('登録済み')), pollWithin(1000))
      .toBe(true);
    // Sent again and again, the form mails the address once within five minutes: no mail bombing.
    for (let i = 0; i < 5; i++) await visitor.post('/account/signup', { email: 'taken@example.com', password: PASSWORD });
    // Time for a second mail to go out, were one sent: nothing may come.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(printed.filter((line) => line.startsWith('mail to taken@example.com:') && line.includes('登録済み'))).toHaveLength(1);

    await visitor.get('/account/reset');
    const known = await visitor.post('/account/reset', { email: 'taken@example.com' });
    const unknown = await visitor.post('/account/reset', { email: 'unknown@example.com' });
    expect(strip(known.text)).toBe(strip(unknown.text));
  });

  it('refuses weak passwords naming the rule', async () => {
    const visitor = new Visitor(base, { 'accept-language': 'en' });
    await visitor.get('/account/signup');
    const cases: [string, string][] = [
      ['short1', 'at least 12 characters'],
      ['password1234', 'too common'],
      ['aaaaaaaaaaaaaaaa', 'too common'],
      ['weak.person.x@example.comXYZ', 'must not contain your e-mail'],
    ];
    for (const [password, rule] of cases) {
      const refused = await visitor.post('/account/signup', { email: 'weak.person.x@example.com', password });
      expect(refused.status).toBe(400);
      expect(refused.text).toContain(rule);
    }
  });

  it('renders HTML and script sent in every field and parameter inert', async () => {
    const visitor = await member('xss@example.com');
    const pages = [
      await visitor.post('/account/keys', { name: XSS, scopes: ['chart', XSS] }),
      await visitor.post('/account/keys', { name: XSS, scopes: 'chart', expires: XSS }),
      await visitor.post('/account/keys', { name: XSS, scopes: 'chart' }),
      await visitor.get('/account/keys'),
      await visitor.post('/account/keys/revoke', { key_id: XSS }),
      await visitor.post('/account/autocharge', { threshold: XSS, amount: XSS }),
      await visitor.get(`/account/usage?before=${encodeURIComponent(XSS)}`),
      await visitor.get(`/account/usage.csv?month=${encodeURIComponent(XSS)}`),
      await visitor.get(`/account?lang=${encodeURIComponent(XSS)}`),
    ];
    const anonymous = new Visitor(base);
    await anonymous.get('/account/signup');
    pages.push(
      await anonymous.post('/account/signup', { email: XSS, password: XSS, invite: XSS }),
      await anonymous.post('/account/signup', { email: `${XSS}@example.com`, password: PASSWORD }),
      await anonymous.post('/account/login', { email: XSS, password: XSS }),
      await anonymous.post('/account/reset', { email: XSS }),
      await anonymous.post('/account/reset/confirm', { token: XSS, password: XSS }),
      await anonymous.get(`/account/reset/confirm?token=${encodeURIComponent(XSS)}`),
      await anonymous.get(`/account/signup?invite=${encodeURIComponent(XSS)}`),
      await anonymous.get(`/account/verify?token=${encodeURIComponent(XSS)}`),
      await anonymous.get(`/account/${encodeURIComponent(XSS)}`),
    );
    for (const page of pages) {
      expect(page.text).not.toMatch(/<script/i);
      expect(page.text).not.toMatch(/<img src=x/i);
      expect(page.text).not.toMatch(/"><script/);
    }
    // The key whose name is the probe is listed with the probe as text.
    expect(pages[3]!.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The same probe as a key name was accepted once (names are free text) and shown escaped.
    expect(pages[2]!.status).toBe(201);
  });

  it('a key issued for some scopes or until a date is refused outside them, over REST, with its own message', async () => {
    const visitor = await member('scopes@example.com');
    const issue = async (fields: Record<string, string | string[]>) => {
      const page = await visitor.post('/account/keys', fields);
      expect(page.status).toBe(201);
      return /data-testid="new-key">([^<]+)</.exec(page.text)![1]!;
    };
    const compatibilityOnly = await issue({ name: 'compat', scopes: 'compatibility' });
    const call = (key: string) =>
      fetch(`${base}/api/v1/calculate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ year: 1990, month: 5, day: 15, location: 139.69 }),
      });
    const outside = await call(compatibilityOnly);
    expect(outside.status).toBe(401);
    expect(((await outside.json()) as { message: string }).message).toContain('lacks the scope "chart"');

    const tomorrow = new Date(clock.now() + 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
    const shortLived = await issue({ name: 'short', scopes: ['chart'], expires: tomorrow });
    expect((await call(shortLived)).status).toBe(200);
    clock.advance(3 * 86_400_000);
    const expired = await call(shortLived);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { message: string }).message).toContain('expired');
  });
});

describe('/account behind a proxy that rewrites Host (PUBLIC_URL https)', () => {
  let base: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ base, close } = await startDashboardApp('https://bazi.example.com'));
  });
  afterAll(() => close?.());

  it('sets Secure __Host- cookies though Host is loopback, and takes forms from the public origin only', async () => {
    const visitor = new Visitor(base);
    const page = await visitor.get('/account/signup');
    const csrfCookie = page.response.headers.getSetCookie().find((line) => line.startsWith('__Host-fp_csrf='));
    expect(csrfCookie).toMatch(/; Secure/);
    const fields = { email: 'proxied@example.com', password: 'a long enough passphrase 1' };
    expect((await visitor.post('/account/signup', fields, { headers: { origin: 'https://bazi.example.com' } })).status).toBe(200);
    expect((await visitor.post('/account/signup', fields, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
  });
});
