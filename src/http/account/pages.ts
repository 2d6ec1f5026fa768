/**
 * The dashboard's pages: server-rendered HTML, no script at all, one inline style sheet allowed by
 * its CSP nonce, nothing fetched from elsewhere. Every value is escaped by `html` (html.ts).
 */
import type { Overview } from '../../application/dashboard/billing.ts';
import type { DashboardReason } from '../../application/dashboard/refusal.ts';
import type { UsagePage } from '../../application/dashboard/statements.ts';
import type { IssuedKey } from '../../application/accounts/account-admin.ts';
import type { KeyRecord } from '../../application/ports/credit-store.ts';
import type { DashboardLang } from '../../application/ports/dashboard-store.ts';
import { TOKYO_OFFSET_MS } from '../../domain/credits/month.ts';
import type { MonthlyStatement } from '../../domain/credits/statement.ts';
import { keyScopes } from '../../application/key-scopes.ts';
import { hasExpired } from '../../application/accounts/rules.ts';
import { html, raw, type Html, type Value } from './html.ts';
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
svg{max-width:100%;height:auto}svg text{font-size:12px;fill:#1d2330}
@media (max-width:40rem){
main{margin-top:1rem;padding:0 .5rem}section{padding:.8rem}td{overflow-wrap:anywhere}
table.cards thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
table.cards,table.cards tbody,table.cards tr{display:block}
table.cards tr{border:1px solid #e3e3e3;border-radius:6px;padding:.3rem .6rem;margin-bottom:.6rem}
table.cards td{display:flex;gap:.6rem;border:0;padding:.15rem 0;text-align:left}
table.cards td::before{content:attr(data-label);flex:0 0 40%;color:#555}
table.cards td[data-label=""]::before{content:none}
}
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

export const problemText = (w: Words, problem: DashboardReason): string => fill(w.problems[problem.code], problem.params);

const problemLine = (w: Words, problem: DashboardReason | undefined) =>
  problem === undefined ? html`` : html`<p class="problem" role="alert">${problemText(w, problem)}</p>`;

/** A column of a data table: its head, and each row's cell in it. */
interface Column<Row> {
  readonly head: string;
  readonly cell: (row: Row) => Value;
  /** Right-aligned, in tabular figures. */
  readonly numeric?: boolean;
}

/**
 * A table with one header row (`testId` names it for the tests). Each cell carries its column's
 * head, so that `cards` turns each row into a card of labelled lines on a phone: a wide table
 * then needs no sideways scrolling to reach its last column.
 */
function dataTable<Row>(columns: readonly Column<Row>[], rows: readonly Row[], options: { testId?: string; cards?: boolean } = {}): Html {
  const attributes = html`${options.cards === true ? html` class="cards"` : ''}${
    options.testId === undefined ? '' : html` data-testid="${options.testId}"`
  }`;
  const cells = (row: Row) =>
    columns.map(
      (column) => html`<td data-label="${column.head}" ${column.numeric === true ? html` class="n"` : ''}>${column.cell(row)}</td>`,
    );
  return html`<table${attributes}>
    <thead>
      <tr>
        ${columns.map((column) => html`<th>${column.head}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        (row) =>
          html`<tr>
            ${cells(row)}
          </tr>`,
      )}
    </tbody>
  </table>`;
}

const csrfField = (token: string) => html`<input type="hidden" name="csrf" value="${token}" />`;

/** A time in Tokyo, `YYYY-MM-DD HH:mm`. */
const tokyo = (ms: number): string => new Date(ms + TOKYO_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

export function loginPage(
  frame: PageFrame,
  csrf: string,
  form: { email?: string; problem?: DashboardReason; notice?: string } = {},
): string {
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
  form: { email?: string; invite?: string | undefined; inviteOnly: boolean; problem?: DashboardReason },
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

export function resetRequestPage(frame: PageFrame, csrf: string, form: { email?: string; problem?: DashboardReason } = {}): string {
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

export function resetConfirmPage(frame: PageFrame, csrf: string, token: string, problem?: DashboardReason): string {
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
        [
          { head: w.overview.operation, cell: (r) => r.operation },
          { head: w.overview.calls, cell: (r) => r.calls, numeric: true },
          { head: w.overview.credits, cell: (r) => r.credits, numeric: true },
        ],
        rows,
      )}
    </div>`;
}

export function overviewPage(
  frame: PageFrame & { csrf: string },
  email: string,
  view: Overview,
  form: { problem?: DashboardReason | undefined; notice?: string | undefined } = {},
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
  form: { problem?: DashboardReason | undefined; notice?: string | undefined; issued?: IssuedKey | undefined; name?: string } = {},
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
  const columns: readonly Column<KeyRecord>[] = [
    { head: k.name, cell: (key) => key.name },
    { head: k.keyId, cell: (key) => html`<code>${key.keyId}</code>` },
    { head: k.scopes, cell: (key) => (key.scopes === null ? k.allScopes : key.scopes.join(', ')) },
    { head: k.created, cell: (key) => tokyo(key.createdMs) },
    { head: k.lastUsed, cell: (key) => (key.lastUsedMs === null ? k.never : tokyo(key.lastUsedMs)) },
    {
      head: k.expires,
      cell: (key) => (key.expiresMs === null ? k.noExpiry : hasExpired(key.expiresMs, nowMs) ? k.expired : tokyo(key.expiresMs)),
    },
    {
      head: '',
      cell: (key) =>
        html`<form method="post" action="/account/keys/revoke">
          ${csrfField(frame.csrf)}<input type="hidden" name="key_id" value="${key.keyId}" /><button class="danger" type="submit">
            ${k.revoke}
          </button>
        </form>`,
    },
  ];
  const scopes = keyScopes().map(
    (scope) => html`<label><input type="checkbox" name="scopes" value="${scope}" checked /> ${k.scopeHelp[scope] ?? scope}</label>`,
  );
  return layout(
    frame,
    k.heading,
    html`${issued}${form.notice === undefined ? html`` : html`<p class="notice" role="status">${form.notice}</p>`}
      <section>
        <div class="scroll">${keys.length === 0 ? html`<p>${k.none}</p>` : dataTable(columns, keys, { cards: true })}</div>
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
  const ledger: readonly Column<UsagePage['entries'][number]>[] = [
    { head: u.at, cell: (e) => tokyo(e.atMs) },
    { head: u.transaction, cell: (e) => html`<code>${e.transactionId}</code>` },
    { head: u.operation, cell: (e) => e.operation },
    { head: u.cost, cell: (e) => e.cost, numeric: true },
    { head: u.fromMonthly, cell: (e) => e.fromMonthly, numeric: true },
    { head: u.fromAuto, cell: (e) => e.fromAuto, numeric: true },
    { head: u.autocharged, cell: (e) => e.autochargedAmount, numeric: true },
    { head: u.voided, cell: (e) => (e.voided ? '✓' : '') },
  ];
  const months: readonly Column<MonthlyStatement>[] = [
    { head: u.month, cell: (s) => s.month },
    { head: u.calls, cell: (s) => s.calls, numeric: true },
    { head: u.fromMonthly, cell: (s) => s.creditsFromMonthly, numeric: true },
    { head: u.fromAuto, cell: (s) => s.creditsFromAuto, numeric: true },
    { head: u.autocharged, cell: (s) => s.autochargedCredits, numeric: true },
    { head: u.voided, cell: (s) => s.voided, numeric: true },
    { head: '', cell: (s) => html`<a href="/account/usage.csv?month=${s.month}" download>${u.csv}</a>` },
  ];
  return layout(
    frame,
    u.heading,
    html`<section>
        <h2>${u.statements}</h2>
        <div class="scroll">${dataTable(months, statements, { cards: true })}</div>
      </section>
      <section>
        <div class="scroll">
          ${page.entries.length === 0 ? html`<p>${u.none}</p>` : dataTable(ledger, page.entries, { testId: 'ledger', cards: true })}
        </div>
        ${page.next === null ? html`` : html`<p><a href="/account/usage?before=${page.next}">${u.older} →</a></p>`}
      </section>`,
  );
}
