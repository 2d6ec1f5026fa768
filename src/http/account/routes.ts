/**
 * `/account/…`: the customers' dashboard over node:http (docs/dashboard.md). Server-rendered forms,
 * no script. Every answer carries a strict Content-Security-Policy (no script at all; the one style
 * sheet by nonce), denies framing, sends no referrer to other sites (links in mails carry tokens; `no-referrer` would make browsers send `Origin: null` with every form) and is not cached.
 *
 * Cookies: the session (`__Host-fp_session` outside localhost: Secure, Path=/, no Domain) is
 * HttpOnly and SameSite=Lax, issued anew at every log-in, and ends after the idle and absolute
 * timeouts. Every form carries a CSRF token: the session's when signed in, else a random token also
 * set as a cookie (double submit); a POST whose token does not match, or whose Origin is another
 * site's, is a 403.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { Dashboard } from '../../application/dashboard/dashboard.ts';
import type { DashboardReason } from '../../application/dashboard/refusal.ts';
import { csrfMatches } from '../../application/dashboard/secrets.ts';
import type { SignedIn } from '../../application/dashboard/session.ts';
import { isDomainError } from '../../application/errors.ts';
import type { DashboardLang } from '../../application/ports/dashboard-store.ts';
import type { RequestIdentity } from '../../application/paid/request-identity.ts';
import { refusals } from '../../application/refusals.ts';
import { readBody } from '../../wire/body.ts';
import { sendError } from '../../wire/respond.ts';
import { formList, formOptional, formText, readFormFields } from '../input.ts';
import { pathOf, shownPath, type Route, type RouteHandler } from '../route-table.ts';
import { clientAddress, type TrustedProxies } from '../client-limits.ts';
import { html } from './html.ts';
import {
  keysPage,
  loginPage,
  messagePage,
  overviewPage,
  problemText,
  resetConfirmPage,
  resetRequestPage,
  signupPage,
  usagePage,
  verifyPage,
  type PageFrame,
} from './pages.ts';
import { fill, WORDS } from './words.ts';

export const ACCOUNT_PATH = '/account';

export interface DashboardHttpOptions {
  readonly trustedProxies: TrustedProxies;
  /**
   * `PUBLIC_URL`: behind a proxy that rewrites `Host`, forms from this origin are still same-site, and
   * an https origin makes every cookie Secure (`__Host-`) whatever `Host` says.
   */
  readonly publicUrl?: string;
  /** Now, for the keys page's "expired" marks. */
  readonly now?: () => number;
}

interface Visit {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly lang: DashboardLang;
  /** Cookies must be Secure (`__Host-`): anything but a loopback host. */
  readonly secure: boolean;
  readonly cookies: ReadonlyMap<string, string>;
  readonly nonce: string;
  readonly address: string;
  /** Set-Cookie lines of this answer. */
  readonly setCookies: string[];
}

const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d{1,5})?$/i;
const SESSION_COOKIE = 'fp_session';
const CSRF_COOKIE = 'fp_csrf';
const LANG_COOKIE = 'fp_lang';
/** Months of statements on the usage page. */
const STATEMENT_MONTHS = 6;

const cookieName = (visit: Pick<Visit, 'secure'>, name: string) => (visit.secure ? `__Host-${name}` : name);

function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    // The first of a name wins: a cookie planted for a path or a parent domain comes after ours.
    if (!cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
}

function setCookie(visit: Visit, name: string, value: string, options: { maxAgeSeconds?: number; httpOnly?: boolean } = {}): void {
  const parts = [`${cookieName(visit, name)}=${value}`, 'Path=/', 'SameSite=Lax'];
  if (options.httpOnly !== false) parts.push('HttpOnly');
  if (visit.secure) parts.push('Secure');
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  visit.setCookies.push(parts.join('; '));
}

function langOf(req: IncomingMessage, query: URLSearchParams, cookies: ReadonlyMap<string, string>): DashboardLang {
  const asked = query.get('lang') ?? cookies.get(LANG_COOKIE);
  if (asked === 'ja' || asked === 'en') return asked;
  const accepted = (req.headers['accept-language'] ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return accepted.startsWith('en') ? 'en' : 'ja';
}

function headersOf(visit: Visit): Record<string, string | string[]> {
  return {
    'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${visit.nonce}'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'same-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cache-Control': 'no-store',
    ...(visit.setCookies.length === 0 ? {} : { 'Set-Cookie': visit.setCookies }),
  };
}

function sendPage(visit: Visit, status: number, page: string): void {
  const body = Buffer.from(page, 'utf8');
  visit.res.writeHead(status, { ...headersOf(visit), 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
  visit.res.end(body);
}

function redirect(visit: Visit, location: string): void {
  visit.res.writeHead(303, { ...headersOf(visit), Location: location, 'Content-Length': 0 });
  visit.res.end();
}

/** The language link goes to a known page, never to a path the request made up. */
const frameOf = (visit: Visit, csrf?: string): PageFrame => ({
  lang: visit.lang,
  nonce: visit.nonce,
  csrf,
  path: KNOWN_PATHS.has(visit.path) ? visit.path : ACCOUNT_PATH,
});

/** The anonymous forms' CSRF token: the cookie's, or a new one set now. */
function anonymousCsrf(visit: Visit): string {
  const existing = visit.cookies.get(cookieName(visit, CSRF_COOKIE));
  if (existing !== undefined && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  setCookie(visit, CSRF_COOKIE, token);
  return token;
}

/** A POST from another site (Origin or Sec-Fetch-Site say so) is refused whatever its token. */
function crossSite(req: IncomingMessage, publicUrl: string | undefined): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  if (publicUrl !== undefined && origin === publicUrl) return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}

class FormRefused extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`form refused (${status})`);
    this.status = status;
  }
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw new FormRefused(415);
  const body = await readBody(req);
  return new URLSearchParams(body.toString('utf8'));
}

/** Each form's fields, declared once: read by `readFormFields` (the first value of each, `''` when not sent). */
const FORMS = {
  csrf: z.object({ csrf: formOptional() }),
  login: z.object({ email: formText(), password: formText() }),
  verify: z.object({ token: formText() }),
  signup: z.object({ email: formText(), password: formText(), invite: formOptional() }),
  reset: z.object({ email: formText() }),
  resetConfirm: z.object({ token: formText(), password: formText() }),
  autocharge: z.object({ threshold: formText(), amount: formText() }),
  createKey: z.object({ name: formText(), scopes: formList(), expires: formText() }),
  revokeKey: z.object({ key_id: formText() }),
};

const csrfOf = (form: URLSearchParams): string | undefined => readFormFields(FORMS.csrf, form).csrf;

async function handleDashboard(
  req: IncomingMessage,
  res: ServerResponse,
  dashboard: Dashboard,
  identity: RequestIdentity,
  options: DashboardHttpOptions,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const cookies = parseCookies(req.headers.cookie);
  const visit: Visit = {
    req,
    res,
    path: url.pathname,
    query: url.searchParams,
    lang: langOf(req, url.searchParams, cookies),
    secure: options.publicUrl?.startsWith('https://') === true || !LOOPBACK_HOST.test(req.headers.host ?? ''),
    cookies,
    nonce: randomBytes(16).toString('base64'),
    address: clientAddress(req, options.trustedProxies),
    setCookies: [],
  };
  const asked = url.searchParams.get('lang');
  if (asked === 'ja' || asked === 'en') setCookie(visit, LANG_COOKIE, asked, { maxAgeSeconds: 365 * 86_400 });
  const w = WORDS[visit.lang];
  try {
    await route(visit, dashboard, options, identity);
  } catch (error) {
    if (res.headersSent) throw error;
    if (error instanceof FormRefused) {
      sendPage(visit, error.status, messagePage(frameOf(visit), w.title, w.forbidden, true));
      return;
    }
    if (isDomainError(error) && error.code === 'PAYLOAD_TOO_LARGE') {
      sendPage(visit, 413, messagePage(frameOf(visit), w.title, error.message, true));
      return;
    }
    if (isDomainError(error) && error.code === 'STORE_UNAVAILABLE') {
      identity.note({ error: `STORE_UNAVAILABLE: ${error.message}` });
      sendPage(visit, 503, messagePage(frameOf(visit), w.title, w.unavailable, true));
      return;
    }
    throw error;
  }
}

const ANONYMOUS_GET = new Set(['/account/login', '/account/signup', '/account/reset', '/account/reset/confirm', '/account/verify']);
const ANONYMOUS_POST = new Set(['/account/login', '/account/signup', '/account/reset', '/account/reset/confirm', '/account/verify']);
const SIGNED_IN_GET = new Set(['/account', '/account/keys', '/account/usage', '/account/usage.csv']);
const SIGNED_IN_POST = new Set(['/account/logout', '/account/keys', '/account/keys/revoke', '/account/autocharge']);
const KNOWN_PATHS: ReadonlySet<string> = new Set([...ANONYMOUS_GET, ...ANONYMOUS_POST, ...SIGNED_IN_GET, ...SIGNED_IN_POST]);

/** A page's methods, in `Allow`'s order. */
const methodsOf = (path: string): string[] => [
  ...(ANONYMOUS_GET.has(path) || SIGNED_IN_GET.has(path) ? ['GET', 'HEAD'] : []),
  ...(ANONYMOUS_POST.has(path) || SIGNED_IN_POST.has(path) ? ['POST'] : []),
];

const DASHBOARD_OFF = 'the account dashboard is off (DASHBOARD=off, or Redis without a database: docs/dashboard.md)';

/**
 * The dashboard's entries of the route table, every one labelled `/account`: each page with its
 * methods, then the family's other paths. The dashboard answers a wrong method and an unknown path
 * with its own page (405 with `Allow`, 404), in the visitor's language; off, every path of it says so.
 */
export function dashboardRoutes(dashboard: () => Dashboard | undefined, options: DashboardHttpOptions): Route<RequestIdentity>[] {
  const serve: RouteHandler<RequestIdentity> = (req, res, identity) => {
    const served = dashboard();
    if (served === undefined) return sendError(req, res, refusals.featureOff(shownPath(pathOf(req.url)), DASHBOARD_OFF));
    return handleDashboard(req, res, served, identity, options);
  };
  const family = { label: ACCOUNT_PATH, handle: serve, wrongMethod: serve };
  return [
    ...[...KNOWN_PATHS].map((path): Route<RequestIdentity> => ({ ...family, path, methods: methodsOf(path) })),
    { ...family, path: `${ACCOUNT_PATH}/*`, methods: 'any' },
  ];
}

async function route(visit: Visit, dashboard: Dashboard, options: DashboardHttpOptions, identity: RequestIdentity): Promise<void> {
  const { req, path } = visit;
  const w = WORDS[visit.lang];
  const method = req.method ?? 'GET';
  const get = method === 'GET' || method === 'HEAD';
  // The page of the path as the URL parser reads it (the route table matched the path as sent).
  if (!KNOWN_PATHS.has(path)) return sendPage(visit, 404, messagePage(frameOf(visit), w.title, w.notFound, true));
  const allowed = methodsOf(path);
  if (!allowed.includes(method)) {
    visit.setCookies.length = 0;
    visit.res.setHeader('Allow', allowed.join(', '));
    return sendPage(visit, 405, messagePage(frameOf(visit), w.title, w.notFound, true));
  }

  const signedIn = SIGNED_IN_GET.has(path) || SIGNED_IN_POST.has(path) ? await dashboard.signedIn(sessionOf(visit)) : null;
  if (signedIn !== null) identity.note({ accountId: signedIn.user.accountId });
  if (get && ANONYMOUS_GET.has(path)) return anonymousPage(visit, dashboard);
  if (!get && ANONYMOUS_POST.has(path)) {
    const form = await readForm(req);
    if (crossSite(req, options.publicUrl) || !csrfMatches(anonymousCsrf(visit), csrfOf(form))) throw new FormRefused(403);
    return anonymousPost(visit, dashboard, form);
  }
  if (signedIn === null) {
    if (!get) await readForm(req).catch(() => undefined);
    if (!get && path === '/account/logout') return redirect(visit, '/account/login');
    return redirect(visit, '/account/login');
  }
  if (get) return signedInPage(visit, dashboard, signedIn, options);
  const form = await readForm(req);
  if (crossSite(req, options.publicUrl) || !csrfMatches(signedIn.session.csrfToken, csrfOf(form))) throw new FormRefused(403);
  return signedInPost(visit, dashboard, signedIn, form, options);
}

const sessionOf = (visit: Visit): string | undefined => visit.cookies.get(cookieName(visit, SESSION_COOKIE));

async function anonymousPage(visit: Visit, dashboard: Dashboard): Promise<void> {
  const frame = frameOf(visit);
  switch (visit.path) {
    case '/account/login':
      return sendPage(visit, 200, loginPage(frame, anonymousCsrf(visit)));
    case '/account/signup':
      return sendPage(
        visit,
        200,
        signupPage(frame, anonymousCsrf(visit), {
          inviteOnly: dashboard.signupMode === 'invite',
          invite: visit.query.get('invite') ?? undefined,
        }),
      );
    case '/account/reset':
      return sendPage(visit, 200, resetRequestPage(frame, anonymousCsrf(visit)));
    case '/account/reset/confirm':
      return sendPage(visit, 200, resetConfirmPage(frame, anonymousCsrf(visit), visit.query.get('token') ?? ''));
    case '/account/verify':
      // A button to press: a mail scanner that fetches the link must not spend it.
      return sendPage(visit, 200, verifyPage(frame, anonymousCsrf(visit), visit.query.get('token') ?? ''));
  }
}

async function anonymousPost(visit: Visit, dashboard: Dashboard, form: URLSearchParams): Promise<void> {
  const w = WORDS[visit.lang];
  const frame = frameOf(visit);
  const csrf = anonymousCsrf(visit);
  switch (visit.path) {
    case '/account/login': {
      const { email, password } = readFormFields(FORMS.login, form);
      const session = await dashboard.logIn({
        email,
        password,
        address: visit.address,
        replacing: sessionOf(visit),
      });
      if (!session.ok) {
        return sendPage(visit, session.error.httpStatus, loginPage(frame, csrf, { email, problem: session.error.reason }));
      }
      setCookie(visit, SESSION_COOKIE, session.value.sessionId);
      return redirect(visit, '/account');
    }
    case '/account/verify': {
      const verified = await dashboard.verify(readFormFields(FORMS.verify, form).token);
      const links = html`<p><a href="/account/login">${w.login.heading}</a></p>`;
      return verified.ok
        ? sendPage(visit, 200, messagePage(frame, w.verify.heading, fill(w.verify.done, { email: verified.value.email }), false, links))
        : sendPage(visit, verified.error.httpStatus, messagePage(frame, w.verify.heading, w.verify.again, true, links));
    }
    case '/account/signup': {
      const { email, password, invite } = readFormFields(FORMS.signup, form);
      const done = await dashboard.signUp({ email, password, lang: visit.lang, invite, address: visit.address });
      if (!done.ok)
        return sendPage(
          visit,
          done.error.httpStatus,
          signupPage(frame, csrf, { email, invite, inviteOnly: dashboard.signupMode === 'invite', problem: done.error.reason }),
        );
      return sendPage(visit, 200, messagePage(frame, w.signup.heading, w.signup.done));
    }
    case '/account/reset': {
      const { email } = readFormFields(FORMS.reset, form);
      const done = await dashboard.requestReset(email, visit.address);
      if (!done.ok) return sendPage(visit, done.error.httpStatus, resetRequestPage(frame, csrf, { email, problem: done.error.reason }));
      return sendPage(visit, 200, messagePage(frame, w.reset.heading, w.reset.sent));
    }
    case '/account/reset/confirm': {
      const { token, password } = readFormFields(FORMS.resetConfirm, form);
      const done = await dashboard.resetPassword(token, password);
      if (!done.ok) {
        if (done.error.reason.code === 'token_invalid')
          return sendPage(visit, done.error.httpStatus, messagePage(frame, w.reset.heading, problemText(w, done.error.reason), true));
        return sendPage(visit, done.error.httpStatus, resetConfirmPage(frame, csrf, token, done.error.reason));
      }
      return sendPage(
        visit,
        200,
        messagePage(frame, w.reset.heading, w.reset.done, false, html`<p><a href="/account/login">${w.login.heading}</a></p>`),
      );
    }
  }
}

async function signedInPage(visit: Visit, dashboard: Dashboard, who: SignedIn, options: DashboardHttpOptions): Promise<void> {
  const frame = { ...frameOf(visit, who.session.csrfToken), csrf: who.session.csrfToken };
  switch (visit.path) {
    case '/account':
      return sendPage(visit, 200, overviewPage(frame, who.user.email, await dashboard.overview(who)));
    case '/account/keys':
      return sendPage(visit, 200, keysPage(frame, await dashboard.keys(who), (options.now ?? Date.now)()));
    case '/account/usage': {
      const [page, statements] = await Promise.all([
        dashboard.usage(who, visit.query.get('before') ?? undefined),
        dashboard.statements(who, STATEMENT_MONTHS),
      ]);
      return sendPage(visit, 200, usagePage(frame, page, statements));
    }
    case '/account/usage.csv': {
      const month = visit.query.get('month') ?? '';
      const csv = await dashboard.csv(who, month);
      if (!csv.ok)
        return sendPage(
          visit,
          csv.error.httpStatus,
          messagePage(frame, WORDS[visit.lang].usage.heading, problemText(WORDS[visit.lang], csv.error.reason), true),
        );
      const body = Buffer.from(csv.value, 'utf8');
      visit.res.writeHead(200, {
        ...headersOf(visit),
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="usage-${month}.csv"`,
        'Content-Length': body.length,
      });
      visit.res.end(body);
      return;
    }
  }
}

async function signedInPost(
  visit: Visit,
  dashboard: Dashboard,
  who: SignedIn,
  form: URLSearchParams,
  options: DashboardHttpOptions,
): Promise<void> {
  const w = WORDS[visit.lang];
  const frame = { ...frameOf(visit, who.session.csrfToken), csrf: who.session.csrfToken };
  const now = (options.now ?? Date.now)();
  switch (visit.path) {
    case '/account/logout': {
      const session = sessionOf(visit);
      if (session !== undefined) await dashboard.logOut(session);
      setCookie(visit, SESSION_COOKIE, '', { maxAgeSeconds: 0 });
      return redirect(visit, '/account/login');
    }
    case '/account/autocharge': {
      const saved = await dashboard.setAutocharge(who, readFormFields(FORMS.autocharge, form), visit.address);
      const view = await dashboard.overview(who);
      return saved.ok
        ? sendPage(visit, 200, overviewPage(frame, who.user.email, view, { notice: w.overview.saved }))
        : sendPage(visit, saved.error.httpStatus, overviewPage(frame, who.user.email, view, { problem: saved.error.reason }));
    }
    case '/account/keys': {
      const { name, scopes, expires } = readFormFields(FORMS.createKey, form);
      const issued = await dashboard.createKey(who, { name, scopes, expires }, visit.address);
      const keys = await dashboard.keys(who);
      return issued.ok
        ? sendPage(visit, 201, keysPage(frame, keys, now, { issued: issued.value }))
        : sendPage(visit, issued.error.httpStatus, keysPage(frame, keys, now, { problem: issued.error.reason, name }));
    }
    case '/account/keys/revoke': {
      const { key_id: keyId } = readFormFields(FORMS.revokeKey, form);
      const revoked = await dashboard.revokeKey(who, keyId, visit.address);
      const keys = await dashboard.keys(who);
      const problem: DashboardReason | undefined = revoked.ok ? undefined : revoked.error.reason;
      return sendPage(
        visit,
        revoked.ok ? 200 : revoked.error.httpStatus,
        keysPage(frame, keys, now, revoked.ok ? { notice: fill(w.keys.revoked, { keyId }) } : { problem }),
      );
    }
  }
}
