/**
 * The 命式表 (issue 17): the traditional Japanese chart table, as data every presentation draws the
 * same way (the terminal table of `bazi chart --format table`, the SVG of `/v1/chart.svg` and
 * GraphQL `chartSvg`). Columns right to left as printed in Japan: 時柱 日柱 月柱 年柱; rows 天干, 地支,
 * 蔵干, 通変星 of the stem and of the 蔵干, 十二運, 納音, special stars.
 */
import { BRANCHES } from '../calendar/branches.ts';
import { lifeStageName } from '../calendar/life-stages.ts';
import { NAYIN_NAMES, nayinIndexOf } from '../calendar/nayin.ts';
import { branchOf, stemOf } from '../calendar/sexagenary.ts';
import { ELEMENTS, STEMS } from '../calendar/stems.ts';
import { TEN_GODS } from '../calendar/ten-gods.ts';
import { specialStarsOf } from '../stars/special-stars.ts';
import { termName, termStartMinuteUnixSec } from '../astronomy/solar-terms.ts';
import { formatCivilMinute, formatWall } from '../time/format.ts';
import { profileOf } from './analysis/profile.ts';
import type { ChartCore } from './chart-core.ts';

/** Columns in printed order (right to left in time: hour first). */
export const MEISHIKI_COLUMNS = ['時柱', '日柱', '月柱', '年柱'] as const;
/** Pillar index (0 year … 3 hour) of each printed column. */
const COLUMN_PILLARS = [3, 2, 1, 0] as const;
const PILLAR_KEYS = ['year', 'month', 'day', 'hour'] as const;

export interface MeishikiRow {
  readonly label: string;
  /** One cell per column, in {@link MEISHIKI_COLUMNS} order. */
  readonly cells: readonly string[];
}

export interface Meishiki {
  /** The birth as asked: civil date and time `YYYY-MM-DD HH:MM`, and the longitude. */
  readonly birth: string;
  readonly columns: typeof MEISHIKI_COLUMNS;
  readonly rows: readonly MeishikiRow[];
  /** True solar time `YYYY-MM-DD HH:MM`, and whether a birth time was given (else the hour pillar is the 12:00 default). */
  readonly trueSolarTime: string;
  readonly timeGiven: boolean;
  /** The 節入り that opened the month pillar and the next one: name and local time `YYYY-MM-DD HH:MM`. */
  readonly terms: readonly { readonly name: string; readonly local: string }[];
  /** 五行 of the 8 visible characters, 木火土金水. */
  readonly elements: readonly { readonly element: string; readonly count: number }[];
}

export function meishikiOf(core: ChartCore): Meishiki {
  const profile = profileOf(core);
  const pillars = PILLAR_KEYS.map((key) => core.pillars[key]);
  const dayStem = stemOf(core.pillars.day);
  const stars = specialStarsOf(core.pillars);
  const starsOn = (pillar: number): string =>
    stars
      .filter((star) => star.positions.some((p) => p.pillar === PILLAR_KEYS[pillar]))
      .map((star) => star.name)
      .join('・');
  const row = (label: string, cell: (pillar: number) => string): MeishikiRow => ({ label, cells: COLUMN_PILLARS.map(cell) });
  const local = (unixSec: number): string => formatWall(unixSec + core.zone.offsetAt(unixSec), '-');
  const { request } = core;
  const longitude = `${request.longitudeDeg < 0 ? '西経' : '東経'}${Math.abs(request.longitudeDeg)}°`;
  return {
    birth: `${formatCivilMinute(request.year, request.month, request.day, request.hour, request.minute)} ${longitude}`,
    columns: MEISHIKI_COLUMNS,
    rows: [
      row('天干', (p) => STEMS[stemOf(pillars[p]!)]!),
      row('地支', (p) => BRANCHES[branchOf(pillars[p]!)]!),
      row('蔵干', (p) => STEMS[profile.zokanStems[p]!]!),
      // The day stem is the 日主 (day master) itself, not a ten god of it.
      row('通変星', (p) => (p === 2 ? '日主' : TEN_GODS[profile.stemTenGods[p]!]!)),
      row('蔵干通変星', (p) => TEN_GODS[profile.zokanTenGods[p]!]!),
      row('十二運', (p) => lifeStageName(dayStem, branchOf(pillars[p]!))),
      row('納音', (p) => NAYIN_NAMES[nayinIndexOf(pillars[p]!)]!),
      row('特殊星', starsOn),
    ],
    trueSolarTime: formatWall(core.solarWallSec, '-'),
    timeGiven: core.request.timeGiven,
    terms: [core.monthTermIndex, core.monthTermIndex + 2].map((i) => ({ name: termName(i), local: local(termStartMinuteUnixSec(i)) })),
    elements: ELEMENTS.map((element, e) => ({ element, count: profile.elementCounts[e]! })),
  };
}
