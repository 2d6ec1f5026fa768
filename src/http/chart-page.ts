/**
 * `GET /chart`: a page that draws the 命式表 for a birth. It is a client of the public
 * GraphQL API like any other (the key typed in stays in the browser's localStorage), with nothing
 * loaded from elsewhere: its style and script are inline, its fonts named, not fetched. It fits a
 * phone without sideways scrolling: the form stacks, the table's row labels move above their rows so
 * the pillars share the screen's width, and names wrap rather than run off. It speaks each
 * language of the catalogues (`?lang=`, else the browser's `Accept-Language`), and asks the API for
 * the chart in that language.
 */
import { catalogueFor } from '../domain/catalogue/catalogues.ts';
import type { Catalogue } from '../domain/catalogue/index.ts';
import { DEFAULT_LANG, LANGS, langOf, type Lang } from '../domain/catalogue/lang.ts';
import { FONT_STACKS } from '../wire/present/meishiki-svg.ts';

/** What the page asks for: the table, the warnings, and the luck cycles (8, 10 or 12, as every protocol allows up to 12) when a gender is chosen. */
const QUERY = `mutation Chart($input: CalculateInput!, $withLuck: Boolean!, $cycles: Int!) {
  calculate(input: $input) {
    ... on VariantBResponse {
      creditsConsumed creditsRemaining
      result {
        meishiki { birth columns rows { code label cells } notes elements { code element count } }
        warnings { code message }
        lunarInput { gregorianDate }
        luck @include(if: $withLuck) { direction startsAt startAgeRounded startRange { earliest { startsAt } latest { startsAt } } cycles(count: $cycles) { index ganzhi stemTenGod lifeStage labelAge startsAt startRange { earliest latest } ageRange { label } } }
      }
    }
  }
}`;

/** The script, with the words of one catalogue as data (`{name}` marks where a value goes). */
const script = (c: Catalogue): string => `
const QUERY = ${JSON.stringify(QUERY)};
const LANG = ${JSON.stringify(c.lang)};
const T = ${JSON.stringify(c.page)};
const WARNING_TITLES = ${JSON.stringify(c.warnings.titles)};
const SEPARATOR = ${JSON.stringify(c.meishiki.listSeparator)};
const COLOURS = { 'element.wood': '#3a8a4a', 'element.fire': '#c8423b', 'element.earth': '#b8862b', 'element.metal': '#8a8f99', 'element.water': '#2f5fa8' };
const form = document.getElementById('birth');
const out = document.getElementById('out');
const keyField = form.elements.namedItem('key');
keyField.value = localStorage.getItem('fourPillarsKey') || '';
form.elements.namedItem('unknownTime').addEventListener('change', (e) => { form.elements.namedItem('time').disabled = e.target.checked; });
const fill = (template, values) => template.replace(/\\{(\\w+)\\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
form.elements.namedItem('lang').addEventListener('change', (e) => { const url = new URL(location.href); url.searchParams.set('lang', e.target.value); location.href = url.href; });
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
function table(m) {
  const head = '<tr><th></th>' + m.columns.map((c) => '<th scope="col">' + esc(c) + '</th>').join('') + '</tr>';
  const rows = m.rows.map((r) => '<tr class="' + (r.code === 'row.stem' || r.code === 'row.branch' ? 'pillar' : '') + '"><th scope="row">' + esc(r.label) + '</th>' +
    r.cells.map((c) => '<td>' + (c === '' ? '—' : c.split(SEPARATOR).map((name) => '<span class="name">' + esc(name) + '</span>').join('')) + '</td>').join('') + '</tr>').join('');
  // The number of pillars (three when the time is unknown) sets the phone layout's columns.
  return '<table class="meishiki" style="--pillars: ' + m.columns.length + '" aria-label="' + esc(T.title) + '"><thead>' + head + '</thead><tbody>' + rows + '</tbody></table>';
}
function elements(list) {
  const most = Math.max(1, ...list.map((e) => e.count));
  const LABEL = Math.max(28, ...list.map((e) => 8 + [...e.element].reduce((w, ch) => w + (ch.codePointAt(0) >= 0x1100 ? 14 : 8.5), 0)));
  const bars = list.map((e, i) => '<text x="0" y="' + (i * 26 + 17) + '">' + esc(e.element) + '</text><rect x="' + LABEL + '" y="' + (i * 26 + 4) +
    '" height="18" width="' + (e.count * 220 / most) + '" fill="' + COLOURS[e.code] + '"></rect><text x="' + (LABEL + 6 + e.count * 220 / most) + '" y="' + (i * 26 + 17) + '">' + e.count + '</text>').join('');
  return '<svg class="elements" viewBox="0 0 ' + (LABEL + 252) + ' 132" role="img" aria-label="' + esc(T.elementsChart) + '">' + bars + '</svg>';
}
// Without a birth time the 大運 start is a range over the birth day (startRange, ageRange): both ends shown.
const day = (iso) => iso.slice(0, 10);
const between = (a, b) => (a === b ? String(a) : a + '–' + b);
function luck(l) {
  if (!l) return '';
  const agesOf = (c) => {
    const [lo, hi] = c.ageRange ? c.ageRange.label : [c.labelAge, c.labelAge];
    return [...new Set([lo, hi])].map((a) => fill(T.ages, { from: a, to: a + 9 })).join(' / ');
  };
  const startOf = (c) => (c.startRange ? day(c.startRange.earliest) + ' – ' + day(c.startRange.latest) : day(c.startsAt));
  const rows = l.cycles.map((c) => '<tr><td>' + c.index + '</td><td class="gz">' + esc(c.ganzhi) + '</td><td>' + esc(c.stemTenGod) + '</td><td>' + esc(c.lifeStage) +
    '</td><td>' + esc(agesOf(c)) + '</td><td>' + esc(startOf(c)) + '</td></tr>').join('');
  const r = l.startRange;
  const heading = fill(T.luckHeading, {
    age: r ? between(...l.cycles[0].ageRange.label) : l.startAgeRounded,
    direction: l.direction === 'FORWARD' ? T.forward : T.backward,
    date: r ? day(r.earliest.startsAt) + ' – ' + day(r.latest.startsAt) : day(l.startsAt),
  });
  const k = T.luckColumns;
  return '<h2>' + esc(heading) + '</h2><div class="scroll"><table class="luck"><thead><tr>' + [k.index, k.pillar, k.tenGod, k.lifeStage, k.ages, k.starts].map((h) => '<th>' + esc(h) + '</th>').join('') + '</tr></thead><tbody>' + rows + '</tbody></table></div>';
}
// A lunar date may be a day 30 no date picker offers: a lunar calendar makes the date a text field (YYYY-MM-DD).
form.elements.namedItem('calendar').addEventListener('change', (event) => {
  const date = form.elements.namedItem('date');
  const lunar = event.target.value !== 'GREGORIAN';
  date.type = lunar ? 'text' : 'date';
  date.pattern = lunar ? '\\\\d{4}-\\\\d{1,2}-\\\\d{1,2}' : '';
  date.placeholder = lunar ? 'YYYY-MM-DD' : '';
});
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const f = form.elements;
  const [year, month, day] = f.namedItem('date').value.split('-').map(Number);
  const calendar = f.namedItem('calendar').value;
  const input = { year, month, day, location: Number(f.namedItem('location').value), timezone: f.namedItem('timezone').value || 'Asia/Tokyo',
    solarTime: f.namedItem('solarTime').value, dayBoundary: f.namedItem('dayBoundary').value, zokanTable: f.namedItem('zokanTable').value, zokanCount: f.namedItem('zokanCount').value };
  if (calendar !== 'GREGORIAN') input.calendar = calendar;
  if (f.namedItem('hemisphere').value === 'SOUTH') input.hemisphere = 'SOUTH';
  if (calendar !== 'GREGORIAN' && f.namedItem('leapMonth').checked) input.leapMonth = true;
  if (f.namedItem('unknownTime').checked) input.timeUnknown = true;
  else if (f.namedItem('time').value) input.time = f.namedItem('time').value;
  if (f.namedItem('gender').value) input.gender = f.namedItem('gender').value;
  if (LANG !== 'ja') input.lang = LANG.replace('-', '_').toUpperCase();
  const key = keyField.value.trim();
  localStorage.setItem('fourPillarsKey', key);
  out.innerHTML = '<p class="status">' + esc(T.computing) + '</p>';
  try {
    const response = await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + key },
      body: JSON.stringify({ query: QUERY, variables: { input, withLuck: Boolean(input.gender), cycles: Number(f.namedItem('luckCycles').value) } }) });
    const answer = await response.json();
    if (answer.errors) { show(errors(answer.errors)); return; }
    const c = answer.data.calculate, m = c.result.meishiki;
    show('<h2 tabindex="-1">' + esc(T.title) + ' <small>' + esc(m.birth) + '</small></h2><div class="scroll">' + table(m) + '</div>' +
      '<p>' + m.notes.map(esc).join('<br>') + (c.result.lunarInput ? '<br>' + esc(fill(T.lunarNote, { date: c.result.lunarInput.gregorianDate })) : '') + '</p>' +
      '<h2>' + esc(T.elements) + '</h2>' + elements(m.elements) +
      (c.result.warnings.length ? '<h2>' + esc(T.warnings) + '</h2><ul class="warnings">' + c.result.warnings.map((w) => '<li><strong>' + esc(WARNING_TITLES[w.code] || w.code) + '</strong> ' + esc(w.message) + '</li>').join('') + '</ul>' : '') +
      luck(c.result.luck) + '<p class="credits">' + esc(fill(T.credits, { used: c.creditsConsumed, left: c.creditsRemaining })) + '</p>');
  } catch (error) {
    show('<p class="error" role="alert">' + esc(T.networkError) + '<small>' + esc(error.message) + '</small></p>');
  }
});
/** The refusal in the page's language: what happened, the form fields it names, and the API's own rule in small print. */
function errors(list) {
  return list.map((e) => {
    const code = e.extensions && e.extensions.code;
    const fields = ((e.extensions && e.extensions.issues) || []).map((i) => T.fields[i.path[i.path.length - 1]] || i.path.join('.'));
    const named = fields.length ? T.namedFields.open + [...new Set(fields)].map(esc).join(T.namedFields.separator) + T.namedFields.close : '';
    return '<p class="error" role="alert">' + esc(T.errors[code] || T.otherError) + named + '<small>' + esc(e.message) + '</small></p>';
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

const render = (c: Catalogue): string => {
  const t = c.page;
  const f = t.form;
  const e = escapeHtml;
  return `<!doctype html>
<html lang="${c.page.htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(t.title)} — Four Pillars</title>
<style>
  body { font-family: ${FONT_STACKS[c.lang]}; margin: 0 auto; max-width: 46rem; padding: 1rem; line-height: 1.6; color: #222; }
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
  /* A name is one block: a CJK name never breaks inside (天徳貴/人), a name in words wraps between them. */
  td .name { display: block; word-break: keep-all; overflow-wrap: break-word; }
  /* A gap between names, so that a name wrapped over two lines does not read as two. */
  td .name + .name { margin-top: .3em; }
  h2:focus { outline: none; }
  .credits, .status { color: #555; font-size: .9rem; }
  @media (max-width: 30rem) {
    body { padding: .75rem; }
    tr.pillar td { font-size: 1.3rem; }
    th, td { padding: .25rem; }
    /* Each row's label goes above its cells, so the pillars share the whole width: no sideways scrolling. */
    table.meishiki, table.meishiki thead, table.meishiki tbody { display: block; }
    table.meishiki { border: 1px solid #bbb; border-bottom: 0; font-size: .9rem; }
    /* An English word can be wider than a quarter of the screen at that size (Pomegranate, Combination). */
    table.meishiki:lang(en) { font-size: .75rem; }
    table.meishiki tr { display: grid; grid-template-columns: repeat(var(--pillars), minmax(0, 1fr)); gap: 1px; background: #bbb; border-bottom: 1px solid #bbb; }
    table.meishiki th, table.meishiki td { border: 0; background: #fff; }
    table.meishiki thead th:first-child { display: none; }
    table.meishiki tbody th { grid-column: 1 / -1; background: #f3f3f3; font-size: .8rem; white-space: normal; }
    table.luck { font-size: .85rem; }
  }
</style>
</head>
<body>
<h1>${e(t.title)} <small>${e(t.subtitle)}</small></h1>
<p class="lang"><label>${e(t.language)} <select name="lang" form="birth">${LANGS.map((lang) => `<option value="${lang}"${lang === c.lang ? ' selected' : ''}>${e(LANGUAGE_LABELS[lang])}</option>`).join('')}</select></label></p>
<form id="birth">
  <label>${e(f.calendar)} <select name="calendar"><option value="GREGORIAN">${e(f.gregorian)}</option><option value="LUNAR_CN">${e(f.lunarCn)}</option><option value="LUNAR_KR">${e(f.lunarKr)}</option><option value="LUNAR_JP">${e(f.lunarJp)}</option></select></label>
  <label>${e(f.date)} <input name="date" type="date" required min="1900-01-01" max="2100-12-31"></label>
  <label class="inline"><input name="leapMonth" type="checkbox"> ${e(f.leapMonth)}</label>
  <label>${e(f.time)} <input name="time" type="time"></label>
  <label class="inline"><input name="unknownTime" type="checkbox"> ${e(f.unknownTime)}</label>
  <label>${e(f.location)} <input name="location" type="number" step="0.01" min="-180" max="180" value="${DEFAULT_PLACES[c.lang].longitude}" required></label>
  <label>${e(f.timezone)} <input name="timezone" value="${DEFAULT_PLACES[c.lang].timezone}"></label>
  <label>${e(f.solarTime)} <select name="solarTime"><option value="MEAN">${e(f.solarMean)}</option><option value="APPARENT">${e(f.solarApparent)}</option></select></label>
  <label>${e(f.dayBoundary)} <select name="dayBoundary"><option value="MIDNIGHT">${e(f.midnight)}</option><option value="ZI_HOUR">${e(f.ziHour)}</option></select></label>
  <label>${e(f.zokanTable)} <select name="zokanTable"><option value="GETSURITSU">${e(f.getsuritsu)}</option><option value="NIJUHACHIGEN">${e(f.nijuhachigen)}</option></select></label>
  <label>${e(f.zokanCount)} <select name="zokanCount"><option value="DATE">${e(f.countByDate)}</option><option value="ELAPSED">${e(f.countElapsed)}</option></select></label>
  <label>${e(f.hemisphere)} <select name="hemisphere"><option value="NORTH">${e(f.northern)}</option><option value="SOUTH">${e(f.southern)}</option></select></label>
  <label>${e(f.gender)} <select name="gender"><option value="">${e(f.genderNone)}</option><option value="MALE">${e(f.male)}</option><option value="FEMALE">${e(f.female)}</option></select></label>
  <label>${e(f.luckCycles)} <select name="luckCycles">${[8, 10, 12].map((n) => `<option value="${n}"${n === 10 ? ' selected' : ''}>${n}</option>`).join('')}</select></label>
  <label>${e(f.key)} <input name="key" type="password" autocomplete="off" required placeholder="fp_…"></label>
  <button type="submit">${e(f.submit)}</button>
</form>
<div id="out" aria-live="polite"></div>
<script>${script(c)}</script>
</body>
</html>
`;
};

/** `<`, `>`, `&` and quotes as entities: catalogue text placed in the page's HTML. */
const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** Each language in its own words, for the selector. */
const LANGUAGE_LABELS: Readonly<Record<Lang, string>> = {
  ja: '日本語',
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  en: 'English',
  ko: '한국어',
};

/** Where the form starts: the capital of the language's largest market (longitude, zone). */
const DEFAULT_PLACES: Readonly<Record<Lang, { readonly longitude: number; readonly timezone: string }>> = {
  ja: { longitude: 139.69, timezone: 'Asia/Tokyo' },
  'zh-Hans': { longitude: 116.4, timezone: 'Asia/Shanghai' },
  'zh-Hant': { longitude: 121.56, timezone: 'Asia/Taipei' },
  en: { longitude: 139.69, timezone: 'Asia/Tokyo' },
  ko: { longitude: 126.98, timezone: 'Asia/Seoul' },
};

/** The page in each language, made once. */
const PAGES = new Map<Lang, string>();
export function chartPage(lang: Lang): string {
  let page = PAGES.get(lang);
  if (page === undefined) PAGES.set(lang, (page = render(catalogueFor(lang))));
  return page;
}

/**
 * The page's language: `?lang=` when given (undefined when it names no language: a 400), else the
 * first language of `Accept-Language` the catalogues speak (by weight; `zh-TW`, `zh-HK` and `zh-MO`
 * read as traditional Chinese, any other `zh` as simplified), else Japanese.
 */
export function pageLang(query: string | null, acceptLanguage: string | undefined): Lang | undefined {
  if (query !== null) return langOf(query);
  const ranges = (acceptLanguage ?? '')
    .split(',')
    .map((part, order) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { range: range.trim().toLowerCase(), weight: q === undefined ? 1 : Number(q.slice(2)), order };
    })
    .filter((r) => r.range !== '' && r.weight > 0 && !Number.isNaN(r.weight))
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { range } of ranges) {
    const lang = langOf(range) ?? BROADER[range.split('-')[0]!];
    if (lang === undefined) continue;
    if (lang === 'zh-Hans' && /^zh-(hant|tw|hk|mo)\b/.test(range)) return 'zh-Hant';
    return lang;
  }
  return DEFAULT_LANG;
}
const BROADER: Readonly<Record<string, Lang>> = { ja: 'ja', zh: 'zh-Hans', en: 'en', ko: 'ko' };
