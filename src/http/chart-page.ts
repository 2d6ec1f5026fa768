/**
 * `GET /chart`: a page that draws the 命式表 for a birth. It is a client of the public
 * GraphQL API like any other (the key typed in stays in the browser's localStorage), with nothing
 * loaded from elsewhere: its style and script are inline, its fonts named, not fetched. It fits a
 * phone: the table scrolls sideways on a narrow screen and the form stacks.
 */
import type { DomainErrorCode } from '../application/errors.ts';
import { WARNING_TITLES_JA } from '../domain/chart/certainty.ts';
import { JAPANESE_FONT_STACK } from '../domain/chart/meishiki-svg.ts';

/** What the page says for each refusal, in Japanese; the API's own (English) rule follows in small print. */
const ERROR_TEXTS_JA: Readonly<Record<DomainErrorCode, string>> = {
  BAD_USER_INPUT: '入力に誤りがあります。',
  UNAUTHENTICATED: 'API キーが正しくありません。ダッシュボードで発行したキーを入れてください。',
  INSUFFICIENT_CREDITS: 'クレジットが足りません。',
  NOT_FOUND: '見つかりません。',
  METHOD_NOT_ALLOWED: 'この操作はできません。',
  REQUEST_TIMEOUT: '時間内に送信が終わりませんでした。もう一度お試しください。',
  IDEMPOTENCY_CONFLICT: '同じ再送キーで別の内容が送られました。',
  PAYLOAD_TOO_LARGE: '送信内容が大きすぎます。',
  UNSUPPORTED_MEDIA_TYPE: '送信形式が正しくありません。',
  REQUEST_HEADERS_TOO_LARGE: '送信ヘッダーが大きすぎます。',
  RATE_LIMITED: 'アクセスが集中しています。少し待ってからお試しください。',
  STORE_UNAVAILABLE: 'ただいまクレジットを確認できません。少し待ってからお試しください（クレジットは消費されていません）。',
  INTERNAL: 'サーバーで問題が起きました（クレジットは消費されていません）。',
};

/** The form's labels by GraphQL input field, to name a refused field the way the page does. */
const FIELD_LABELS_JA: Readonly<Record<string, string>> = {
  year: '生年月日',
  month: '生年月日',
  day: '生年月日',
  time: '時刻',
  location: '経度',
  timezone: 'タイムゾーン',
  solarTime: '真太陽時',
  dayBoundary: '日の境',
  zokanTable: '蔵干表',
  zokanCount: '蔵干の日数',
  gender: '性別',
};

/** What the page asks for: the table, the warnings, and the luck cycles when a gender is chosen. */
const QUERY = `mutation Chart($input: CalculateInput!, $withLuck: Boolean!) {
  calculate(input: $input) {
    ... on VariantBResponse {
      creditsConsumed creditsRemaining
      result {
        meishiki { birth columns rows { code label cells } trueSolarTime timeGiven timeUnknown terms { name local } elements { code element count } }
        warnings { code message }
        luck @include(if: $withLuck) { direction startsAt startAgeRounded cycles(count: 10) { index ganzhi stemTenGod lifeStage labelAge startsAt } }
      }
    }
  }
}`;

const SCRIPT = `
const QUERY = ${JSON.stringify(QUERY)};
const WARNING_TITLES = ${JSON.stringify(WARNING_TITLES_JA)};
const ERROR_TEXTS = ${JSON.stringify(ERROR_TEXTS_JA)};
const FIELD_LABELS = ${JSON.stringify(FIELD_LABELS_JA)};
const COLOURS = { 'element.wood': '#3a8a4a', 'element.fire': '#c8423b', 'element.earth': '#b8862b', 'element.metal': '#8a8f99', 'element.water': '#2f5fa8' };
const form = document.getElementById('birth');
const out = document.getElementById('out');
const keyField = form.elements.namedItem('key');
keyField.value = localStorage.getItem('fourPillarsKey') || '';
form.elements.namedItem('unknownTime').addEventListener('change', (e) => { form.elements.namedItem('time').disabled = e.target.checked; });
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
function table(m) {
  const head = '<tr><th></th>' + m.columns.map((c) => '<th scope="col">' + esc(c) + '</th>').join('') + '</tr>';
  const rows = m.rows.map((r) => '<tr class="' + (r.code === 'row.stem' || r.code === 'row.branch' ? 'pillar' : '') + '"><th scope="row">' + esc(r.label) + '</th>' +
    r.cells.map((c) => '<td>' + (c === '' ? '—' : c.split('・').map((name) => '<span class="name">' + esc(name) + '</span>').join('<br>')) + '</td>').join('') + '</tr>').join('');
  return '<table class="meishiki" aria-label="命式表"><thead>' + head + '</thead><tbody>' + rows + '</tbody></table>';
}
function elements(list) {
  const most = Math.max(1, ...list.map((e) => e.count));
  const bars = list.map((e, i) => '<text x="0" y="' + (i * 26 + 17) + '">' + e.element + '</text><rect x="28" y="' + (i * 26 + 4) +
    '" height="18" width="' + (e.count * 220 / most) + '" fill="' + COLOURS[e.code] + '"></rect><text x="' + (34 + e.count * 220 / most) + '" y="' + (i * 26 + 17) + '">' + e.count + '</text>').join('');
  return '<svg class="elements" viewBox="0 0 280 132" role="img" aria-label="五行のバランス">' + bars + '</svg>';
}
function luck(l) {
  if (!l) return '';
  const rows = l.cycles.map((c) => '<tr><td>' + c.index + '</td><td class="gz">' + esc(c.ganzhi) + '</td><td>' + esc(c.stemTenGod) + '</td><td>' + esc(c.lifeStage) +
    '</td><td>' + c.labelAge + '–' + (c.labelAge + 9) + '歳</td><td>' + esc(c.startsAt.slice(0, 10)) + '</td></tr>').join('');
  return '<h2>大運（' + l.startAgeRounded + '歳運、' + (l.direction === 'FORWARD' ? '順行' : '逆行') + '、' + esc(l.startsAt.slice(0, 10)) + ' 交運）</h2><div class="scroll"><table class="luck"><thead><tr><th>#</th><th>大運</th><th>通変星</th><th>十二運</th><th>年齢</th><th>開始</th></tr></thead><tbody>' + rows + '</tbody></table></div>';
}
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const f = form.elements;
  const [year, month, day] = f.namedItem('date').value.split('-').map(Number);
  const input = { year, month, day, location: Number(f.namedItem('location').value), timezone: f.namedItem('timezone').value || 'Asia/Tokyo',
    solarTime: f.namedItem('solarTime').value, dayBoundary: f.namedItem('dayBoundary').value, zokanTable: f.namedItem('zokanTable').value, zokanCount: f.namedItem('zokanCount').value };
  if (f.namedItem('unknownTime').checked) input.timeUnknown = true;
  else if (f.namedItem('time').value) input.time = f.namedItem('time').value;
  if (f.namedItem('gender').value) input.gender = f.namedItem('gender').value;
  const key = keyField.value.trim();
  localStorage.setItem('fourPillarsKey', key);
  out.innerHTML = '<p class="status">計算中…</p>';
  try {
    const response = await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + key },
      body: JSON.stringify({ query: QUERY, variables: { input, withLuck: Boolean(input.gender) } }) });
    const answer = await response.json();
    if (answer.errors) { show(errors(answer.errors)); return; }
    const c = answer.data.calculate, m = c.result.meishiki;
    show('<h2 tabindex="-1">命式表 <small>' + esc(m.birth) + '</small></h2><div class="scroll">' + table(m) + '</div>' +
      '<p>' + (m.timeUnknown ? '時刻不明：時柱を立てない三柱の命式です' : '真太陽時 ' + esc(m.trueSolarTime) + (m.timeGiven ? '' : '（時刻の指定なし：時柱は 12:00 として）')) +
      '<br>節入り ' + m.terms.map((t) => '<span class="nw">' + esc(t.name + ' ' + t.local) + '</span>').join(' → ') + '</p>' +
      '<h2>五行</h2>' + elements(m.elements) +
      (c.result.warnings.length ? '<h2>注意</h2><ul class="warnings">' + c.result.warnings.map((w) => '<li><strong>' + esc(WARNING_TITLES[w.code] || w.code) + '</strong> ' + esc(w.message) + '</li>').join('') + '</ul>' : '') +
      luck(c.result.luck) + '<p class="credits">消費 ' + c.creditsConsumed + ' クレジット、残り ' + c.creditsRemaining + '</p>');
  } catch (error) {
    show('<p class="error" role="alert">通信できませんでした。接続を確かめてもう一度お試しください。<small>' + esc(error.message) + '</small></p>');
  }
});
/** The refusal in Japanese: what happened, the form fields it names, and the API's own rule in small print. */
function errors(list) {
  return list.map((e) => {
    const code = e.extensions && e.extensions.code;
    const fields = ((e.extensions && e.extensions.issues) || []).map((i) => FIELD_LABELS[i.path[i.path.length - 1]] || i.path.join('.'));
    const named = fields.length ? '（' + [...new Set(fields)].map(esc).join('・') + '）' : '';
    return '<p class="error" role="alert">' + esc(ERROR_TEXTS[code] || 'エラーが起きました。') + named + '<small>' + esc(e.message) + '</small></p>';
  }).join('');
}
/** Puts the answer in place and brings it into view (on a phone the form fills the screen). */
function show(html) {
  out.innerHTML = html;
  out.scrollIntoView({ block: 'start' });
  const heading = out.querySelector('h2');
  if (heading) heading.focus({ preventScroll: true });
}
`;

export const CHART_PAGE = `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>命式表 — Four Pillars</title>
<style>
  body { font-family: ${JAPANESE_FONT_STACK}; margin: 0 auto; max-width: 46rem; padding: 1rem; line-height: 1.6; color: #222; }
  h1 { font-size: 1.4rem; margin: .5rem 0 1rem; }
  h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
  form { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: .6rem 1rem; }
  label { display: flex; flex-direction: column; font-size: .9rem; }
  label.inline { flex-direction: row; align-items: center; gap: .4rem; }
  input, select, button { font: inherit; padding: .35rem; }
  button { grid-column: 1 / -1; background: #333; color: #fff; border: 0; border-radius: 4px; padding: .6rem; cursor: pointer; }
  .scroll { overflow-x: auto; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 1px solid #bbb; padding: .3rem .5rem; text-align: center; vertical-align: top; }
  tbody th { text-align: left; color: #555; font-weight: normal; white-space: nowrap; }
  tr.pillar td { font-size: 1.6rem; }
  .elements { max-width: 20rem; font-size: 14px; }
  .error { color: #b00020; }
  .error small { display: block; color: #666; font-size: .8rem; }
  td .name, .nw { white-space: nowrap; }
  h2:focus { outline: none; }
  .credits, .status { color: #555; font-size: .9rem; }
  @media (max-width: 30rem) { tr.pillar td { font-size: 1.3rem; } th, td { padding: .25rem; } }
</style>
</head>
<body>
<h1>命式表 <small>四柱推命</small></h1>
<form id="birth">
  <label>生年月日 <input name="date" type="date" required min="1900-01-01" max="2100-12-31"></label>
  <label>時刻 <input name="time" type="time"></label>
  <label class="inline"><input name="unknownTime" type="checkbox"> 時刻不明</label>
  <label>経度（東経 +） <input name="location" type="number" step="0.01" min="-180" max="180" value="139.69" required></label>
  <label>タイムゾーン <input name="timezone" value="Asia/Tokyo"></label>
  <label>真太陽時 <select name="solarTime"><option value="MEAN">平均太陽時</option><option value="APPARENT">視太陽時（均時差）</option></select></label>
  <label>日の境 <select name="dayBoundary"><option value="MIDNIGHT">0:00（夜子時）</option><option value="ZI_HOUR">23:00（子初換日）</option></select></label>
  <label>蔵干表 <select name="zokanTable"><option value="GETSURITSU">月律分野</option><option value="NIJUHACHIGEN">二十八元</option></select></label>
  <label>蔵干の日数 <select name="zokanCount"><option value="DATE">日付で数える</option><option value="ELAPSED">節入り時刻からの経過</option></select></label>
  <label>性別（大運） <select name="gender"><option value="">指定しない</option><option value="MALE">男性</option><option value="FEMALE">女性</option></select></label>
  <label>API キー <input name="key" type="password" autocomplete="off" required placeholder="fp_…"></label>
  <button type="submit">命式を出す（1 回の計算でクレジットを消費します）</button>
</form>
<div id="out" aria-live="polite"></div>
<script>${SCRIPT}</script>
</body>
</html>
`;
