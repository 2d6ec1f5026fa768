/**
 * The 鑑定書 described for its renderer (docs/report.md; the port: application/ports/report-renderer.ts):
 * A4, three pages — the 命式表 with its notes, the five elements and the warnings; the 大運 and the
 * year's 歳運 and 月運 with their relations; the classical analysis with its agreement lines — and,
 * for two births, the 相性. Here are the words, in the answer's language, and what they are set as
 * (sizes, weights, colours, the tables' columns); the renderer wraps them, breaks the pages and
 * draws them in Noto Sans JP, KR or SC by the language (each character from the first of the three
 * that has it).
 */
import {
  REPORT_CONTENT_WIDTH as CONTENT_WIDTH,
  type ReportBlock,
  type ReportDocument,
  type ReportScript,
  type ReportTextStyle,
} from '../application/ports/report-renderer.ts';
import type { Catalogue } from '../domain/catalogue/index.ts';
import type { Lang } from '../domain/catalogue/lang.ts';
import type { ChartCore } from '../domain/chart/chart-core.ts';
import { meishikiNotes, meishikiOf } from '../domain/chart/meishiki.ts';
import { analysisJson } from './present/analysis-json.ts';
import { warningsJson } from './present/certainty-json.ts';
import { verdictText } from './present/evidence-json.ts';
import { luckJson } from './present/luck-json.ts';
import { fiveGodsText, fill, REPORT_WORDS, type ReportWords } from './present/report-words.ts';
import type { AnswerVersion } from './answer-version.ts';

/** Which font a language reads first; the others fill in what it lacks. */
const FIRST_FONT: Readonly<Record<Lang, ReportScript>> = { ja: 'jp', en: 'jp', 'zh-Hant': 'jp', 'zh-Hans': 'sc', ko: 'kr' };

const INK = '#222222';
const GREY = '#666666';
const ELEMENT_COLOURS: Readonly<Record<string, string>> = {
  'element.wood': '#3a8a4a',
  'element.fire': '#c8423b',
  'element.earth': '#b8862b',
  'element.metal': '#8a8f99',
  'element.water': '#2f5fa8',
};
/** The longest element bar, in points (the element counted most). */
const BAR_POINTS = 260;

export interface ReportPdfInput {
  readonly core: ChartCore;
  readonly catalogue: Catalogue;
  /** The pillar year of the 歳運 and 月運. */
  readonly luckYear: number;
  readonly version: AnswerVersion;
  /** For two births: the 相性, in the catalogue's words. */
  readonly compatibility?: {
    readonly partnerBirth: string;
    readonly score: number;
    readonly level: string;
    readonly items: readonly { readonly text: string; readonly points: number }[];
  };
}

/** The blocks of a report, in order. */
class Blocks {
  readonly list: ReportBlock[] = [];
  page(): void {
    this.list.push({ kind: 'page' });
  }
  para(text: string, style?: ReportTextStyle, gap?: number): void {
    this.list.push({ kind: 'para', text, ...(style === undefined ? {} : { style }), ...(gap === undefined ? {} : { gap }) });
  }
  item(mark: string, text: string, style?: ReportTextStyle, gap?: number): void {
    this.list.push({ kind: 'item', mark, text, ...(style === undefined ? {} : { style }), ...(gap === undefined ? {} : { gap }) });
  }
  heading(text: string): void {
    this.list.push({ kind: 'heading', text });
  }
  table(
    widths: readonly number[],
    header: readonly string[],
    rows: readonly (readonly string[])[],
    style: { size?: number; big?: readonly number[] } = {},
  ): void {
    this.list.push({ kind: 'table', widths, header, rows, ...style });
  }
  space(points: number): void {
    this.list.push({ kind: 'space', points });
  }
}

/** The report's description: the same input and version give the same description, and so the same bytes. */
export function reportDocument(input: ReportPdfInput): ReportDocument {
  const { core, catalogue: c, luckYear, version } = input;
  const w = REPORT_WORDS[c.lang];
  const first = FIRST_FONT[c.lang];
  const blocks = new Blocks();
  blocks.page();
  chartPage(blocks, input, w);
  blocks.page();
  luckPage(blocks, core, c, luckYear, w);
  blocks.page();
  analysisPage(blocks, input, w);
  return {
    title: w.title,
    lang: c.page.htmlLang,
    fonts: [first, ...(['jp', 'sc', 'kr'] as const).filter((s) => s !== first)],
    // The version that made it, beside the page number.
    footer: fill(w.footer, { engine: version.engine, rules: version.rules }),
    blocks: blocks.list,
  };
}

function chartPage(pen: Blocks, input: ReportPdfInput, w: ReportWords): void {
  const { core, catalogue: c } = input;
  const m = meishikiOf(core, c);
  pen.para(w.title, { size: 22, bold: true }, 0);
  pen.para(w.subtitle, { size: 10, color: GREY }, 10);
  const place = core.request.place;
  pen.para(`${w.birth}: ${m.birth}`, { size: 11 }, place === undefined ? 6 : 1);
  if (place !== undefined) pen.para(`${w.birthplace}: ${placeLine(place, c)}`, { size: 11 }, 6);

  pen.heading(w.meishiki);
  const labelWidth = 92;
  const columnWidth = (CONTENT_WIDTH - labelWidth) / m.columns.length;
  const big = m.rows.flatMap((row, i) => (row.code === 'row.stem' || row.code === 'row.branch' ? [i] : []));
  pen.table(
    [labelWidth, ...m.columns.map(() => columnWidth)],
    ['', ...m.columns],
    m.rows.map((row) => [row.label, ...row.cells.map((cell) => cell.split(c.meishiki.listSeparator).join('\n'))]),
    { big },
  );
  for (const note of meishikiNotes(m, c)) pen.para(note, { size: 8.5, color: GREY }, 1);

  pen.heading(w.elements);
  const most = Math.max(1, ...m.elements.map((e) => e.count));
  for (const element of m.elements) {
    pen.list.push({
      kind: 'bar',
      label: element.element,
      value: String(element.count),
      length: (element.count / most) * BAR_POINTS,
      color: ELEMENT_COLOURS[element.code] ?? INK,
    });
  }

  pen.heading(w.warnings);
  const warnings = warningsJson(core, c);
  if (warnings.length === 0) pen.para(w.noWarnings, { size: 9.5 });
  for (const warning of warnings) {
    pen.para(`${c.warnings.titles[warning.code] ?? warning.code} — ${warning.message}`, { size: 9.5 }, 3);
  }
}

/** Country names in each language, from the runtime's CLDR data (a place carries only its ISO code). */
const COUNTRY_NAMES = new Map<Lang, Intl.DisplayNames>();
const countryName = (code: string, lang: Lang): string => {
  let names = COUNTRY_NAMES.get(lang);
  if (names === undefined) COUNTRY_NAMES.set(lang, (names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' })));
  return names.of(code) ?? code;
};

/** The birthplace as the request named it, in the reader's language where the gazetteer has its name: place, region, country. */
function placeLine(place: NonNullable<ChartCore['request']['place']>, c: Catalogue): string {
  const parts = [
    place.name,
    ...(place.region === place.name || place.region === '' ? [] : [place.region]),
    countryName(place.country, c.lang),
  ];
  return parts.join(REPORT_WORDS[c.lang].listSeparator);
}

/** What the report reads of the luck section's JSON (luck-json.ts). */
interface LuckPillarJson {
  readonly ganzhi: string;
  readonly stem_ten_god: string;
  readonly branch_ten_god: string;
  readonly life_stage: string;
  readonly nayin: string;
  readonly starts_at: string;
  readonly relations: readonly { readonly name: string }[];
}
interface LuckSectionJson {
  readonly direction: 'FORWARD' | 'BACKWARD' | null;
  readonly start_age_rounded: number | null;
  readonly starts_at: string | null;
  /** A three-pillar chart's: the start (and below, each cycle's start and ages) over the birth day, the single values null. */
  readonly start_range?: { readonly earliest: { readonly starts_at: string }; readonly latest: { readonly starts_at: string } };
  readonly cycles: readonly (Omit<LuckPillarJson, 'starts_at'> & {
    readonly starts_at: string | null;
    readonly age_from: number | null;
    readonly age_to: number | null;
    readonly start_range?: { readonly earliest: string; readonly latest: string };
    readonly age_range?: { readonly from: readonly number[]; readonly to: readonly number[]; readonly label: readonly number[] };
  })[];
  readonly years: readonly (LuckPillarJson & { readonly year: number })[];
  readonly months: readonly (LuckPillarJson & { readonly term: string })[] | null;
}

/** `2026-02-04T05:02:00+09:00` → `2026-02-04 05:02`. */
const localMinute = (iso: string): string => iso.slice(0, 16).replace('T', ' ');

function luckPage(pen: Blocks, core: ChartCore, c: Catalogue, luckYear: number, w: ReportWords): void {
  const luck = luckJson(
    core,
    core.request.luck,
    { cycles: 10, years: [luckYear, luckYear], months: luckYear },
    c,
  ) as unknown as LuckSectionJson;
  pen.heading(w.luck);
  if (luck.direction === null) pen.para(w.noGender, { size: 10 });
  else {
    const direction = luck.direction === 'FORWARD' ? w.forward : w.backward;
    // A three-pillar chart's start moves with the hour: its range over the birth day (the X歳運 as the first cycle's labels).
    const range = luck.start_range;
    const label = luck.cycles[0]?.age_range?.label ?? [];
    pen.para(
      range === undefined
        ? fill(w.luckStart, { age: luck.start_age_rounded ?? '', direction, date: (luck.starts_at ?? '').slice(0, 10) })
        : fill(w.luckStartRange, {
            age: [...new Set(label)].join('–'),
            direction,
            from: range.earliest.starts_at.slice(0, 10),
            to: range.latest.starts_at.slice(0, 10),
          }),
      { size: 10 },
      6,
    );
    const k = w.luckColumns;
    pen.table(
      [70, 70, 130, 90, CONTENT_WIDTH - 360],
      [k.ages, k.pillar, k.tenGod, k.stage, k.from],
      luck.cycles.map((cycle) => [
        // Over the birth day a cycle's ages are one of two spans: both, when they differ.
        cycle.age_range === undefined
          ? `${cycle.age_from}–${cycle.age_to}`
          : [...new Set(cycle.age_range.from.map((from, i) => `${from}–${cycle.age_range!.to[i]}`))].join(' / '),
        cycle.ganzhi,
        `${cycle.stem_ten_god} / ${cycle.branch_ten_god}`,
        cycle.life_stage,
        cycle.start_range === undefined
          ? (cycle.starts_at ?? '').slice(0, 10)
          : `${cycle.start_range.earliest.slice(0, 10)} – ${cycle.start_range.latest.slice(0, 10)}`,
      ]),
    );
  }

  pen.heading(fill(w.year, { year: luckYear }));
  const year = luck.years[0]!;
  pen.para(
    `${w.annual}: ${year.ganzhi}  ${year.stem_ten_god} / ${year.branch_ten_god}  ${year.life_stage}  ${year.nayin}`,
    { size: 11, bold: true },
    2,
  );
  if (year.relations.length > 0)
    pen.para(`${w.relations}: ${unique(year.relations.map((r) => r.name)).join(w.listSeparator)}`, { size: 9 }, 6);
  const k = w.monthColumns;
  pen.table(
    [52, 52, 110, 62, 100, CONTENT_WIDTH - 376],
    [k.term, k.pillar, k.tenGod, k.stage, k.from, w.relations],
    (luck.months ?? []).map((month) => [
      month.term,
      month.ganzhi,
      `${month.stem_ten_god} / ${month.branch_ten_god}`,
      month.life_stage,
      localMinute(month.starts_at),
      pairs(unique(month.relations.map((r) => r.name)), w.listSeparator),
    ]),
    { size: 8 },
  );
}

const unique = (names: readonly string[]): string[] => [...new Set(names)];
/** Names two to a line (the language's list separator between them), so that a month's row stays short. */
const pairs = (names: readonly string[], separator: string): string =>
  names.map((name, i) => (i === 0 ? name : i % 2 === 0 ? `\n${name}` : `${separator}${name}`)).join('');

/** Between the clauses of one line (the agreement, the five gods): each language's own. */
const CLAUSE_SEPARATOR: Readonly<Record<Lang, string>> = { ja: '　', 'zh-Hans': '；', 'zh-Hant': '；', en: '; ', ko: '; ' };
function analysisPage(pen: Blocks, input: ReportPdfInput, w: ReportWords): void {
  const c = input.catalogue;
  const a = analysisJson(input.core, c);
  const mark = w.bullet;
  pen.heading(w.analysis);
  pen.para(w.strength, { size: 11, bold: true }, 2);
  for (const method of a.strength) {
    pen.item(mark, `${method.name}: ${verdictText(c, method.verdict_label, 'grade_label' in method ? (method.grade_label ?? '') : '')}`, {
      size: 9.5,
    });
  }
  pen.space(4);
  pen.para(w.pattern, { size: 11, bold: true }, 2);
  for (const school of a.pattern) {
    const formation = 'inner' in school && school.inner !== null && school.inner !== undefined ? ` — ${school.inner.formation_label}` : '';
    pen.item(mark, `${school.name}: ${school.label}${formation}`, { size: 9.5 });
  }
  pen.space(4);
  pen.para(w.usefulGods, { size: 11, bold: true }, 2);
  const u = a.useful_gods;
  pen.item(mark, `${u.fuyi.name}: ${u.fuyi.element?.label ?? '—'}`, { size: 9.5 });
  pen.item(
    mark,
    `${w.tiaohou}: ${u.tiaohou.stems.join(' ')} (${u.tiaohou.elements.map((e) => e.label).join(w.listSeparator)})`,
    { size: 9.5 },
    4,
  );
  pen.para(w.fiveGods, { size: 10, bold: true }, 2);
  // Each element named with its role (用神 火、喜神 土 …): a bare list of five elements says nothing to a reader.
  for (const gods of u.five_gods) pen.item(mark, `${gods.name}: ${fiveGodsText(c, gods)}`, { size: 9.5 });
  pen.space(4);
  pen.para(w.agreement, { size: 11, bold: true }, 2);
  const says = (value: string) => (value === 'agree' ? w.agree : w.split);
  const agreement = [
    `${w.strength}: ${says(a.agreement.strength)}`,
    `${w.pattern}: ${says(a.agreement.pattern)}`,
    `${w.usefulGods}: ${says(a.agreement.useful_element)}`,
  ];
  pen.item(mark, agreement.join(CLAUSE_SEPARATOR[c.lang]), { size: 9.5 }, 6);
  const pair = input.compatibility;
  if (pair !== undefined) {
    pen.heading(w.compatibility);
    pen.para(`${w.birth}: ${pair.partnerBirth}`, { size: 10 }, 2);
    pen.para(fill(w.score, { score: pair.score, level: pair.level }), { size: 12, bold: true }, 4);
    // Each explanation ends with its points.
    for (const item of pair.items) pen.item(mark, item.text, { size: 9 });
  }
}
