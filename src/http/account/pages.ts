/**
 * The dashboard's pages: server-rendered HTML, no script at all, one inline style sheet allowed by
 * its CSP nonce, nothing fetched from elsewhere. Every value is escaped by `html` (html.ts).
 */
import type { Overview, Problem, UsagePage } from '../../application/dashboard.ts';
import type { IssuedKey } from '../../application/account-admin.ts';
import type { KeyRecord } from '../../application/ports/credit-store.ts';
import type { DashboardLang } from '../../application/ports/dashboard-store.ts';
import type { MonthlyStatement } from '../../domain/credits/statement.ts';
import { KEY_SCOPES } from '../../application/key-scopes.ts';
import { html, raw, type Html } from './html.ts';
import { fill, WORDS, type Words } from './words.ts';

const STYLE = `
body{font-family:system-ui,"Hiragino Sans","Noto Sans CJK JP","IPAexGothic",sans-serif;margin:0;color:#1d2330;background:#f6f5f2}
header{background:#2b3445;color:#fff;padding:.6rem 1rem;display:flex;flex-wrap:wrap;gap:1rem;align-items:center}
header a,header button{color:#fff}header .title{font-weight:700;margin-right:auto}
header form{display:inline;margin:0}header button{background:none;border:1px solid #fff8;border-radius:4px;padding:.2rem .6rem;cursor:pointer}
main{max-width:60rem;margin:1.5rem auto;padding:0 1rem}
section{background:#fff;border:1px solid #ddd;border-radius:6px;padding:1rem 1.2rem;margin-bottom:1.2rem}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:0}
label{display:block;margin:.6rem 0 .2rem;font-weight:600}
input[type=email],input[type=password],input[type=text],input[type=date],input[type=number]{width:100%;max-width:24rem;padding:.4rem;font-size:1rem;box-sizing:border-box}
fieldset{border:1px solid #ddd;max-width:30rem}fieldset label{font-weight:400;display:flex;gap:.4rem;align-items:center;margin:.2rem 0}
button.primary{margin-top:.8rem;background:#2b5fa8;color:#fff;border:0;border-radius:4px;padding:.5rem 1rem;font-size:1rem;cursor:pointer}
button.danger{background:#fff;color:#a3302a;border:1px solid #a3302a;border-radius:4px;padding:.2rem .6rem;cursor:pointer}
.problem{color:#a3302a;font-weight:600}.notice{color:#1f6b3a;font-weight:600}.hint{color:#555;font-size:.9rem}
table{border-collapse:collapse;width:100%;font-size:.92rem}th,td{border-bottom:1px solid #e3e3e3;padding:.35rem .4rem;text-align:left;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.scroll{overflow-x:auto}
code.key{display:block;padding:.6rem;background:#fff6d6;border:1px solid #e0c050;word-break:break-all;font-size:1rem;user-select:all}
svg text{font-size:12px;fill:#1d2330}
`;

export interface PageFrame {
  readonly lang: DashboardLang;
  /** The CSP nonce of this answer's style sheet. */
  readonly nonce: string;
  /** Signed in: the navigation and the log-out form with its CSRF token. */
  readonly csrf?: string | undefined;
  /** The path this page is at (its language switch links here). */
  readonly path: string;
}

function layout(frame: PageFrame, heading: string, body: Html): string {
  const w = WORDS[frame.lang];
  const other: DashboardLang = frame.lang === 'ja' ? 'en' : 'ja';
  const nav =
    frame.csrf === undefined
      ? html``
      : html`<nav>
            <a href="/account">${w.nav.overview}</a> · <a href="/account/keys">${w.nav.keys}</a> ·
            <a href="/account/usage">${w.nav.usage}</a>
          </nav>
          <form method="post" action="/account/logout">
            <input type="hidden" name="csrf" value="${frame.csrf}" /><button>${w.nav.logout}</button>
          </form>`;
  return html`<!doctype html>
    <html lang="${w.htmlLang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        <title>${heading} · ${w.title}</title>
        <style nonce="${frame.nonce}">
          ${raw(STYLE)}
        </style>
      </head>
      <body>
        <header>
          <span class="title">${w.title}</span>${nav}<a href="${frame.path}?lang=${other}" hreflang="${other}">${w.nav.other}</a>
        </header>
        <main>
          <h1>${heading}</h1>
          ${body}
        </main>
      </body>
    </html>`.markup;
}

export const problemText = (w: Words, problem: Problem): string => fill(w.problems[problem.code], problem.params);

const problemLine = (w: Words, problem: Problem | undefined) =>
  problem === undefined ? html`` : html`<p class="problem" role="alert">${problemText(w, problem)}</p>`;

/** A table with one header row (`testId` names it for the tests). */
function dataTable(heads: readonly string[], rows: Html | readonly Html[], testId?: string): Html {
  const head = html`<thead>
      <tr>
        ${heads.map((h) => html`<th>${h}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${rows}
    </tbody>`;
  return testId === undefined
    ? html`<table>
        ${head}
      </table>`
    : html`<table data-testid="${testId}">
        ${head}
      </table>`;
}

const csrfField = (token: string) => html`<input type="hidden" name="csrf" value="${token}" />`;

/** A time in Tokyo, `YYYY-MM-DD HH:mm`. */
const tokyo = (ms: number): string => new Date(ms + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

export function loginPage(frame: PageFrame, csrf: string, form: { email?: string; problem?: Problem; notice?: string } = {}): string {
  const w = WORDS[frame.lang];
  return layout(
    frame,
    w.login.heading,
    html`<section>
      ${form.notice === undefined ? html`` : html`<p class="notice">${form.notice}</p>`}${problemLine(w, form.problem)}
      <form method="post" action="/account/login">
        ${csrfField(csrf)} <label for="email">${w.email}</label
        ><input id="email" name="email" type="email" autocomplete="username" required value="${form.email ?? ''}" />
        <label for="password">${w.password}</label
        ><input id="password" name="password" type="password" autocomplete="current-password" required />
        <button class="primary" type="submit">${w.login.submit}</button>
      </form>
      <p><a href="/account/signup">${w.login.noAccount}</a> · <a href="/account/reset">${w.login.forgot}</a></p>
    </section>`,
  );
}

export function signupPage(
  frame: PageFrame,
  csrf: string,
  form: { email?: string; invite?: string | undefined; inviteOnly: boolean; problem?: Problem },
): string {
  const w = WORDS[frame.lang];
  const invite =
    form.inviteOnly && (form.invite === undefined || form.invite === '')
      ? html`<p class="hint">${w.signup.inviteOnly}</p>`
      : form.inviteOnly
        ? html`<input type="hidden" name="invite" value="${form.invite}" />`
        : html``;
  return layout(
    frame,
    w.signup.heading,
    html`<section>
      ${problemLine(w, form.problem)}
      <form method="post" action="/account/signup">
        ${csrfField(csrf)}${invite} <label for="email">${w.email}</label
        ><input id="email" name="email" type="email" autocomplete="email" required value="${form.email ?? ''}" />
        <label for="password">${w.password}</label
        ><input id="password" name="password" type="password" autocomplete="new-password" minlength="12" required />
        <p class="hint">${w.passwordHint}</p>
        <button class="primary" type="submit">${w.signup.submit}</button>
      </form>
      <p><a href="/account/login">${w.signup.haveAccount}</a></p>
    </section>`,
  );
}

export function messagePage(frame: PageFrame, heading: string, message: string, problem = false, links: Html = html``): string {
  return layout(
    frame,
    heading,
    html`<section>
      <p class="${problem ? 'problem' : 'notice'}" role="${problem ? 'alert' : 'status'}">${message}</p>
      ${links}
    </section>`,
  );
}

export function verifyPage(frame: PageFrame, csrf: string, token: string): string {
  const w = WORDS[frame.lang];
  return layout(
    frame,
    w.verify.heading,
    html`<section>
      <p>${w.verify.confirm}</p>
      <form method="post" action="/account/verify">
        ${csrfField(csrf)}<input type="hidden" name="token" value="${token}" />
        <button class="primary" type="submit">${w.verify.submit}</button>
      </form>
    </section>`,
  );
}

export function resetRequestPage(frame: PageFrame, csrf: string, form: { email?: string; problem?: Problem } = {}): string {
  const w = WORDS[frame.lang];
  return layout(
    frame,
    w.reset.heading,
    html`<section>
      ${problemLine(w, form.problem)}
      <form method="post" action="/account/reset">
        ${csrfField(csrf)} <label for="email">${w.email}</label
        ><input id="email" name="email" type="email" autocomplete="email" required value="${form.email ?? ''}" />
        <button class="primary" type="submit">${w.reset.submit}</button>
      </form>
    </section>`,
  );
}

export function resetConfirmPage(frame: PageFrame, csrf: string, token: string, problem?: Problem): string {
  const w = WORDS[frame.lang];
  return layout(
    frame,
    w.reset.confirmHeading,
    html`<section>
      ${problemLine(w, problem)}
      <form method="post" action="/account/reset/confirm">
        ${csrfField(csrf)}<input type="hidden" name="token" value="${token}" /> <label for="password">${w.newPassword}</label
        ><input id="password" name="password" type="password" autocomplete="new-password" minlength="12" required />
        <p class="hint">${w.passwordHint}</p>
        <button class="primary" type="submit">${w.reset.confirmSubmit}</button>
      </form>
    </section>`,
  );
}

/** This month's credits by operation as horizontal bars (inline SVG: no script). */
function operationChart(w: Words, rows: Overview['byOperation']): Html {
  if (rows.length === 0) return html`<p>${w.overview.none}</p>`;
  const most = Math.max(1, ...rows.map((r) => r.credits));
  const bars = rows.map(
    (r, i) =>
      html`<text x="0" y="${i * 26 + 17}">${r.operation}</text
        ><rect x="120" y="${i * 26 + 4}" height="18" width="${Math.max(1, Math.round((r.credits * 300) / most))}" fill="#2b5fa8"></rect
        ><text x="${126 + Math.round((r.credits * 300) / most)}" y="${i * 26 + 17}">${r.credits}</text>`,
  );
  return html`<svg viewBox="0 0 480 ${rows.length * 26 + 8}" width="480" role="img" aria-label="${w.overview.chart}">${bars}</svg>
    <div class="scroll">
      ${dataTable(
        [w.overview.operation, w.overview.calls, w.overview.credits],
        rows.map(
          (r) =>
            html`<tr>
              <td>${r.operation}</td>
              <td class="n">${r.calls}</td>
              <td class="n">${r.credits}</td>
            </tr>`,
        ),
      )}
    </div>`;
}

export function overviewPage(
  frame: PageFrame & { csrf: string },
  email: string,
  view: Overview,
  form: { problem?: Problem | undefined; notice?: string | undefined } = {},
): string {
  const w = WORDS[frame.lang];
  const a = view.account;
  const o = w.overview;
  const suspended = a.status === 'active' ? html`` : html`<p class="problem" role="alert">${o.suspended}</p>`;
  return layout(
    frame,
    o.heading,
    html`${suspended}
      <section>
        <h2>${o.account}</h2>
        <table>
          <tbody>
            <tr>
              <th>${w.email}</th>
              <td>${email}</td>
            </tr>
            <tr>
              <th>ID</th>
              <td><code>${a.accountId}</code></td>
            </tr>
            <tr>
              <th>${o.plan}</th>
              <td>${a.plan}</td>
            </tr>
            <tr>
              <th>${o.status}</th>
              <td>${o.statuses[a.status] ?? a.status}</td>
            </tr>
            <tr>
              <th>${o.monthly}</th>
              <td class="n" data-testid="monthly">${a.monthlyCredits} / ${a.monthlyAllowance}</td>
            </tr>
            <tr>
              <th>${o.auto}</th>
              <td class="n" data-testid="auto">${a.autoCredits}</td>
            </tr>
            <tr>
              <th>${o.total}</th>
              <td class="n" data-testid="total">${a.monthlyCredits + a.autoCredits}</td>
            </tr>
          </tbody>
        </table>
      </section>
      <section>
        <h2>${fill(o.month, { month: view.month })}</h2>
        ${operationChart(w, view.byOperation)}
      </section>
      <section>
        <h2>${o.autocharge}</h2>
        <p class="hint">${fill(o.autochargeHelp, { threshold: view.autochargeMax.threshold, amount: view.autochargeMax.amount })}</p>
        ${form.notice === undefined ? html`` : html`<p class="notice" role="status">${form.notice}</p>`}${problemLine(w, form.problem)}
        <form method="post" action="/account/autocharge">
          ${csrfField(frame.csrf)} <label for="threshold">${o.threshold}</label
          ><input
            id="threshold"
            name="threshold"
            type="number"
            min="0"
            max="${Math.max(view.autochargeMax.threshold, a.autocharge.threshold)}"
            required
            value="${a.autocharge.threshold}"
          />
          <label for="amount">${o.amount}</label
          ><input
            id="amount"
            name="amount"
            type="number"
            min="0"
            max="${Math.max(view.autochargeMax.amount, a.autocharge.amount)}"
            required
            value="${a.autocharge.amount}"
          />
          <button class="primary" type="submit">${o.save}</button>
        </form>
      </section>`,
  );
}

export function keysPage(
  frame: PageFrame & { csrf: string },
  keys: readonly KeyRecord[],
  nowMs: number,
  form: { problem?: Problem | undefined; notice?: string | undefined; issued?: IssuedKey | undefined; name?: string } = {},
): string {
  const w = WORDS[frame.lang];
  const k = w.keys;
  const issued =
    form.issued === undefined
      ? html``
      : html`<section>
          <h2>${k.newKey}: ${form.issued.name}</h2>
          <p class="problem">${k.shownOnce}</p>
          <code class="key" data-testid="new-key">${form.issued.apiKey}</code>
        </section>`;
  const rows = keys.map(
    (key) =>
      html`<tr>
        <td>${key.name}</td>
        <td><code>${key.keyId}</code></td>
        <td>${key.scopes === null ? k.allScopes : key.scopes.join(', ')}</td>
        <td>${tokyo(key.createdMs)}</td>
        <td>${key.lastUsedMs === null ? k.never : tokyo(key.lastUsedMs)}</td>
        <td>${key.expiresMs === null ? k.noExpiry : key.expiresMs <= nowMs ? k.expired : tokyo(key.expiresMs)}</td>
        <td>
          <form method="post" action="/account/keys/revoke">
            ${csrfField(frame.csrf)}<input type="hidden" name="key_id" value="${key.keyId}" /><button class="danger" type="submit">
              ${k.revoke}
            </button>
          </form>
        </td>
      </tr>`,
  );
  const scopes = KEY_SCOPES.map(
    (scope) => html`<label><input type="checkbox" name="scopes" value="${scope}" checked /> ${k.scopeHelp[scope] ?? scope}</label>`,
  );
  return layout(
    frame,
    k.heading,
    html`${issued}${form.notice === undefined ? html`` : html`<p class="notice" role="status">${form.notice}</p>`}
      <section>
        <div class="scroll">
          ${keys.length === 0 ? html`<p>${k.none}</p>` : dataTable([k.name, k.keyId, k.scopes, k.created, k.lastUsed, k.expires, ''], rows)}
        </div>
      </section>
      <section>
        <h2>${k.create}</h2>
        ${problemLine(w, form.problem)}
        <form method="post" action="/account/keys">
          ${csrfField(frame.csrf)} <label for="name">${k.name}</label
          ><input id="name" name="name" type="text" maxlength="64" required value="${form.name ?? ''}" />
          <fieldset>
            <legend>${k.scopes}</legend>
            ${scopes}
          </fieldset>
          <label for="expires">${k.expires}</label><input id="expires" name="expires" type="date" />
          <p class="hint">${k.expiresHelp}</p>
          <button class="primary" type="submit">${k.submit}</button>
        </form>
      </section>`,
  );
}

export function usagePage(frame: PageFrame & { csrf: string }, page: UsagePage, statements: readonly MonthlyStatement[]): string {
  const w = WORDS[frame.lang];
  const u = w.usage;
  const rows = page.entries.map(
    (e) =>
      html`<tr>
        <td>${tokyo(e.atMs)}</td>
        <td><code>${e.transactionId}</code></td>
        <td>${e.operation}</td>
        <td class="n">${e.cost}</td>
        <td class="n">${e.fromMonthly}</td>
        <td class="n">${e.fromAuto}</td>
        <td class="n">${e.autochargedAmount}</td>
        <td>${e.voided ? '✓' : ''}</td>
      </tr>`,
  );
  const months = statements.map(
    (s) =>
      html`<tr>
        <td>${s.month}</td>
        <td class="n">${s.calls}</td>
        <td class="n">${s.creditsFromMonthly}</td>
        <td class="n">${s.creditsFromAuto}</td>
        <td class="n">${s.autochargedCredits}</td>
        <td class="n">${s.voided}</td>
        <td><a href="/account/usage.csv?month=${s.month}" download>${u.csv}</a></td>
      </tr>`,
  );
  return layout(
    frame,
    u.heading,
    html`<section>
        <h2>${u.statements}</h2>
        <div class="scroll">${dataTable([u.month, u.calls, u.fromMonthly, u.fromAuto, u.autocharged, u.voided, ''], months)}</div>
      </section>
      <section>
        <div class="scroll">
          ${
            page.entries.length === 0
              ? html`<p>${u.none}</p>`
              : dataTable([u.at, u.transaction, u.operation, u.cost, u.fromMonthly, u.fromAuto, u.autocharged, u.voided], rows, 'ledger')
          }
        </div>
        ${page.next === null ? html`` : html`<p><a href="/account/usage?before=${page.next}">${u.older} →</a></p>`}
      </section>`,
  );
}
