/**
 * The 命式表: the traditional Japanese chart table, as data every presentation draws the
 * same way (the terminal table of `bazi chart --format table`, the SVG of `/v1/chart.svg` and
 * GraphQL `chartSvg`). Columns right to left as printed in Japan: 時柱 日柱 月柱 年柱 (no 時柱 when the
 * birth time is unknown, `time_unknown`); rows 天干, 地支, 蔵干, 通変星 of the stem and of the 蔵干, 十二運,
 * 納音, 空亡 (each pillar's own 旬空 pair), special stars; under it the true solar time, the 節 that bound
 * the chart and the line of 胎元・胎息・命宮・身宮 (./palaces.ts, by their default schools).
 */
import { STEMS } from '../calendar/stems.ts';
import { BRANCHES } from '../calendar/branches.ts';
import { ELEMENT_CODES, type ElementCode, type MeishikiRowCode, type PalaceCode } from '../vocabulary/codes.ts';
import type { Catalogue } from '../catalogue/index.ts';
import { lifeStageLabel } from '../catalogue/words.ts';
import { labelOf } from '../vocabulary/labels.ts';
import { nayinIndexOf } from '../calendar/nayin.ts';
import { branchOf, ganzhiName, stemOf } from '../calendar/sexagenary.ts';
import { voidBranchesOf } from '../calendar/shensha-rules.ts';
import { tableStarsOf } from '../stars/special-stars.ts';
import { termCalendarIndex, termStartMinuteUnixSec } from '../astronomy/solar-terms.ts';
import { formatCivilMinute, formatWall } from '../time/format.ts';
import { profileOf } from './analysis/profile.ts';
import { palacesOf } from './palaces.ts';
import type { ChartCore } from './chart-core.ts';

/** Pillar index (0 year … 3 hour) of each printed column. */
const COLUMN_PILLARS = [3, 2, 1, 0] as const;
const PILLAR_KEYS = ['year', 'month', 'day', 'hour'] as const;
/** The columns in printed order (right to left in time: hour first; a three-pillar chart has the last three), as the catalogue names them. */
const COLUMN_KEYS = ['hour', 'day', 'month', 'year'] as const;

export interface MeishikiRow {
  /** What the row holds (`row.stem`, `row.branch`, …): what a presenter compares. */
  readonly code: MeishikiRowCode;
  readonly label: string;
  /** One cell per column, hour first. */
  readonly cells: readonly string[];
}

export interface Meishiki {
  /** The birth as asked: civil date and time `YYYY-MM-DD HH:MM` (`YYYY-MM-DD 時刻不明` when unknown), and the longitude. */
  readonly birth: string;
  /** 時柱 日柱 月柱 年柱, or 日柱 月柱 年柱 for a three-pillar chart. */
  readonly columns: readonly string[];
  readonly rows: readonly MeishikiRow[];
  /** True solar time `YYYY-MM-DD HH:MM`; null when the birth time is unknown. */
  readonly trueSolarTime: string | null;
  /** A birth time was given; without one (and not said unknown) the hour pillar is the 12:00 default. */
  readonly timeGiven: boolean;
  /** The caller said the birth time is unknown: three pillars, no hour column. */
  readonly timeUnknown: boolean;
  /** The 節入り that opened the month pillar and the next one: name and local time `YYYY-MM-DD HH:MM`. */
  readonly terms: readonly { readonly name: string; readonly local: string }[];
  /** 五行 of the visible characters (8, or 6 in a three-pillar chart), 木火土金水. */
  readonly elements: readonly { readonly code: ElementCode; readonly element: string; readonly count: number }[];
  /** 胎元 胎息 命宮 身宮: name and pillar; 命宮 and 身宮 have none (null) when the birth time is unknown. */
  readonly palaces: readonly { readonly code: PalaceCode; readonly name: string; readonly ganzhi: string | null }[];
}

/** The table in the catalogue's words. */
export function meishikiOf(core: ChartCore, c: Catalogue): Meishiki {
  const profile = profileOf(core);
  const pillars = PILLAR_KEYS.map((key) => core.pillars[key]);
  const timeUnknown = core.pillars.hour === null;
  const columnPillars = timeUnknown ? COLUMN_PILLARS.slice(1) : COLUMN_PILLARS;
  const dayStem = stemOf(core.pillars.day);
  const stars = tableStarsOf(core.pillars, c);
  const starsOn = (pillar: number): string =>
    stars
      .filter((star) => star.positions.some((p) => p.pillar === PILLAR_KEYS[pillar]))
      .map((star) => star.name)
      .join(c.meishiki.listSeparator);
  const row = (code: MeishikiRowCode, cell: (pillar: number) => string): MeishikiRow => ({
    code,
    label: labelOf(c.labels, code),
    cells: columnPillars.map(cell),
  });
  const local = (unixSec: number): string => formatWall(unixSec + core.zone.offsetAt(unixSec), '-');
  const { request } = core;
  const longitude = c.meishiki.longitude(request.longitudeDeg);
  return {
    birth: `${
      timeUnknown
        ? `${formatCivilMinute(request.year, request.month, request.day, 0, 0).slice(0, 10)} ${c.meishiki.timeUnknown}`
        : formatCivilMinute(request.year, request.month, request.day, request.hour, request.minute)
    } ${longitude}`,
    columns: columnPillars.map((p) => c.meishiki.columns[COLUMN_KEYS[3 - p]!]),
    rows: [
      row('row.stem', (p) => STEMS[stemOf(pillars[p]!)]!),
      row('row.branch', (p) => BRANCHES[branchOf(pillars[p]!)]!),
      row('row.hidden_stem', (p) => STEMS[profile.zokanStems[p]!]!),
      // The day stem is the 日主 (day master) itself, not a ten god of it.
      row('row.ten_god', (p) => (p === 2 ? c.meishiki.dayMaster : c.meishiki.tenGods[profile.stemTenGods[p]!]!)),
      row('row.hidden_stem_ten_god', (p) => c.meishiki.tenGods[profile.zokanTenGods[p]!]!),
      row('row.life_stage', (p) => lifeStageLabel(c, dayStem, branchOf(pillars[p]!))),
      row('row.nayin', (p) => c.labels.nayin[nayinIndexOf(pillars[p]!)]!),
      row('row.void', (p) =>
        voidBranchesOf(pillars[p]!)
          .map((branch) => BRANCHES[branch]!)
          .join(''),
      ),
      row('row.special_stars', starsOn),
    ],
    trueSolarTime: timeUnknown ? null : formatWall(core.solarWallSec, '-'),
    timeGiven: core.request.timeGiven,
    timeUnknown,
    terms: [core.monthTermIndex, core.monthTermIndex + 2].map((i) => ({
      name: c.labels.jieqi[termCalendarIndex(i)]!,
      local: local(termStartMinuteUnixSec(i)),
    })),
    elements: c.labels.element.map((element, e) => ({ code: ELEMENT_CODES[e]!, element, count: profile.elementCounts[e]! })),
    palaces: palacesOf(core).map((palace) => ({
      code: palace.code,
      name: labelOf(c.labels, palace.code),
      ganzhi: palace.pillar === null ? null : ganzhiName(palace.pillar),
    })),
  };
}

/** The line under the table about the time: the true solar time, and how the hour pillar was read. */
export const solarTimeNote = (chart: Meishiki, c: Catalogue): string => c.meishiki.solarTimeNote(chart);

/** The lines under the table (page, SVG and terminal alike): the true solar time, the 節 that bound the chart, the palaces. */
export const meishikiNotes = (chart: Meishiki, c: Catalogue): readonly [string, string, string] => [
  solarTimeNote(chart, c),
  c.meishiki.termsNote(chart.terms[0]!, chart.terms[1]!),
  c.meishiki.palacesNote(chart.palaces),
];
