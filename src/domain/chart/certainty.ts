/**
 * How sure a chart is: what a birth time known only to a window could change.
 *
 * - {@link chartWarnings}: the birth sits near a boundary the chart depends on (a 節 or 立春, an
 *   hour-branch edge, the day change, a 蔵干 switch day), or its wall time was read with a choice
 *   (a clock change, summer time, no time at all, a zone far from the longitude); with no time at
 *   all, the 大運 start is a range over the birth day.
 * - {@link chartAlternatives}: every distinct chart (four pillars and 蔵干) a birth instant within
 *   ± the window gives, each with its sub-window, found from the chart rule itself (sampled, then
 *   each change narrowed to the second), so the boundaries are exactly the chart's.
 * - {@link conventionDifferences}: the chart fields another setting of a convention would change.
 */
import type { WarningTexts } from '../catalogue/ja/warnings.ts';
import { lunarInputJson } from './lunar-input.ts';
import { SOLAR_TERMS } from '../astronomy/solar-term-names.ts';
import { termCalendarIndex, termStartMinuteUnixSec } from '../astronomy/solar-terms.ts';
import { zokanStem } from '../calendar/hidden-stems.ts';
import { branchOf, ganzhiName, mod } from '../calendar/sexagenary.ts';
import { STEMS, type StemIndex } from '../calendar/stems.ts';
import { SEC_PER_DAY, wallSecondsOf } from '../time/civil.ts';
import { formatWall } from '../time/format.ts';
import { chartCoreAt, type ChartCore } from './chart-core.ts';
import { DAY_BOUNDARIES, SOLAR_TIME_MODES, ZOKAN_COUNTS, ZOKAN_TABLES, type ChartConventions } from './conventions.ts';
import { withHour, type PillarsWithHour } from './pillars.ts';
import { DEFAULT_UNCERTAINTY_MINUTES } from './request.ts';
import { luckRangeOf } from '../luck/luck-range.ts';

/** The chart fields a warning or a convention difference names (GraphQL spelling; REST writes snake_case). */
export const CHART_FIELDS = [
  'yearGanzhi',
  'monthGanzhi',
  'dayGanzhi',
  'timeGanzhi',
  'zokan.year',
  'zokan.month',
  'zokan.day',
  'zokan.time',
  'trueSolarTime',
] as const;
export type ChartField = (typeof CHART_FIELDS)[number];

export const WARNING_CODES = [
  'TIME_NOT_GIVEN',
  'TIME_UNKNOWN',
  'NEAR_SOLAR_TERM',
  'NEAR_HOUR_EDGE',
  'NEAR_DAY_EDGE',
  'ZI_HOUR_CONVENTION',
  'NEAR_ZOKAN_SWITCH',
  'NONEXISTENT_LOCAL_TIME',
  'AMBIGUOUS_LOCAL_TIME',
  'SUMMER_TIME_IN_EFFECT',
  'LONGITUDE_FAR_FROM_ZONE',
  'LUNAR_CALENDARS_DISAGREE',
  'LUNAR_MONTH_UNCERTAIN',
  'LUCK_START_RANGE',
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

export interface ChartWarning {
  readonly code: WarningCode;
  /** What it means for this chart, in Japanese. */
  readonly message: string;
  /** The chart fields that may be wrong because of it. */
  readonly fields: readonly ChartField[];
  /** Signed seconds from the boundary to the birth (positive: the birth is after it); null when there is no boundary. */
  readonly distanceSeconds: number | null;
}

/** The window in minutes either side of the birth time: the request's, else the default. */
export const uncertaintyMinutesOf = (core: ChartCore): number => core.request.uncertaintyMinutes ?? DEFAULT_UNCERTAINTY_MINUTES;

/** A longitude more than this far (in solar seconds: 30°) from the zone's standard meridian is suspicious. */
const FAR_FROM_ZONE_SEC = 2 * 3600;
const HOUR = 3600;
const ZOKAN_FIELDS = ['zokan.year', 'zokan.month', 'zokan.day', 'zokan.time'] as const satisfies readonly ChartField[];
const PILLAR_ORDER = ['year', 'month', 'day', 'hour'] as const;

const clock = (wallSec: number): string => formatWall(wallSec, '-').slice(11);
const zoneClock = (core: ChartCore, unixSec: number): string => formatWall(unixSec + core.zone.offsetAt(unixSec), '-');

/** The 蔵干 of each pillar's branch for a day count (three in a three-pillar chart). */
const zokanOf = (core: ChartCore, dayCount = core.zokanDayCount): StemIndex[] =>
  PILLAR_ORDER.flatMap((p) => {
    const pillar = core.pillars[p];
    return pillar === null ? [] : [zokanStem(core.zokanTable, branchOf(pillar), dayCount)];
  });

/**
 * The instants a birth of this chart can have: ± the window around the birth time, or, when the time
 * is unknown (`time_unknown`), the whole civil birth day [00:00, next 00:00) in the request zone.
 */
export function birthWindowOf(core: ChartCore, uncertaintyMinutes = uncertaintyMinutesOf(core)): { from: number; to: number } {
  const { request, zone, birthUnixSec } = core;
  if (request.timeUnknown !== true) return { from: birthUnixSec - uncertaintyMinutes * 60, to: birthUnixSec + uncertaintyMinutes * 60 };
  const midnight = wallSecondsOf({ year: request.year, month: request.month, day: request.day }, 0, 0);
  return { from: zone.instantOf(midnight), to: zone.instantOf(midnight + SEC_PER_DAY) };
}

/** The same request with a time: what the chart at any instant of the window reads (its hour pillar included). */
const withTimeKnown = (core: ChartCore): ChartCore['request'] => {
  if (core.request.timeUnknown !== true) return core.request;
  const { timeUnknown: _unknown, ...request } = core.request;
  return request;
};

/** Fields a three-pillar chart does not have: a warning never names them. */
const HOUR_FIELDS: ReadonlySet<ChartField> = new Set(['timeGanzhi', 'zokan.time', 'trueSolarTime']);

/** The warnings of a chart, their messages in `texts` (a catalogue's `warnings`). */
export function chartWarnings(core: ChartCore, texts: WarningTexts, uncertaintyMinutes = uncertaintyMinutesOf(core)): ChartWarning[] {
  if (core.pillars.hour !== null) return [...fourPillarWarnings(core, uncertaintyMinutes, texts), ...lunarWarnings(core, texts)];
  return [
    ...[...threePillarWarnings(core, texts), ...lunarWarnings(core, texts)].map((warning) => ({
      ...warning,
      fields: warning.fields.filter((field) => !HOUR_FIELDS.has(field)),
    })),
    ...luckStartWarnings(core, texts),
  ];
}

/**
 * A three-pillar chart with a gender: its 大運 start is not one instant but the range over the birth
 * day (luck-range.ts); the warning gives its first and last dates. It names no chart field: the
 * luck section's own fields are null beside their ranges.
 */
function luckStartWarnings(core: ChartCore, texts: WarningTexts): ChartWarning[] {
  const range = core.request.luck === undefined ? undefined : luckRangeOf(core, core.request.luck);
  if (range === undefined) return [];
  const { earliest, latest } = range.startsAt;
  return [
    {
      code: 'LUCK_START_RANGE',
      message: texts.luckStartRange({ earliest: earliest.slice(0, 10), latest: latest.slice(0, 10) }),
      fields: [],
      distanceSeconds: null,
    },
  ];
}

/**
 * A birth date given in a lunar calendar: the other calendars put the same lunar date on another day,
 * or its month's start is uncertain (docs/fields.md, "Lunar dates").
 */
function lunarWarnings(core: ChartCore, texts: WarningTexts): ChartWarning[] {
  const lunar = core.request.lunarInput;
  if (lunar === undefined) return [];
  const echo = lunarInputJson(lunar, core.request);
  const warnings: ChartWarning[] = [];
  if (echo.calendars_disagree) {
    const days = echo.other_calendars.map((o) =>
      o.gregorian_date === null ? Infinity : Math.abs(Date.parse(o.gregorian_date) - Date.parse(echo.gregorian_date)) / 86_400_000,
    );
    warnings.push({
      code: 'LUNAR_CALENDARS_DISAGREE',
      message: texts.lunarDisagree({
        calendar: lunar.calendar,
        date: echo.gregorian_date,
        others: echo.other_calendars.map((o) => ({ calendar: o.calendar, date: o.gregorian_date })),
      }),
      // A day apart moves the day pillar (and the hour stem with it); further, the month and year may move too.
      fields:
        Math.max(...days) <= 1 ? ['dayGanzhi', 'timeGanzhi'] : ['yearGanzhi', 'monthGanzhi', 'dayGanzhi', 'timeGanzhi', ...ZOKAN_FIELDS],
      distanceSeconds: null,
    });
  }
  if (echo.month_start_uncertain) {
    warnings.push({
      code: 'LUNAR_MONTH_UNCERTAIN',
      message: texts.lunarUncertain({ calendar: lunar.calendar, date: echo.gregorian_date }),
      fields: ['dayGanzhi', 'timeGanzhi'],
      distanceSeconds: null,
    });
  }
  return warnings;
}

/**
 * A three-pillar chart (`time_unknown`): the birth may be at any time of the civil day, so the boundaries
 * that matter are those inside that day — a 節 (month, and at 立春 year) and the change of the solar
 * day (the day pillar) — and the longitude's distance from the zone. Hour edges and the reading of a
 * wall-clock time do not apply: no time was read.
 */
function threePillarWarnings(core: ChartCore, texts: WarningTexts): ChartWarning[] {
  const { request, birthUnixSec } = core;
  const { from, to } = birthWindowOf(core);
  const warnings: ChartWarning[] = [
    {
      code: 'TIME_UNKNOWN',
      message: texts.timeUnknown(),
      fields: [],
      distanceSeconds: null,
    },
  ];
  for (const termIndex of [core.monthTermIndex, core.monthTermIndex + 2]) {
    const start = termStartMinuteUnixSec(termIndex);
    if (start <= from || start >= to) continue;
    const { code } = SOLAR_TERMS[termCalendarIndex(termIndex)]!;
    const risshun = code === 'jieqi.li_chun';
    warnings.push({
      code: 'NEAR_SOLAR_TERM',
      message: texts.termOnBirthDay({
        time: zoneClock(core, start).slice(11),
        term: code,
        birthAfter: start > birthUnixSec,
        yearToo: risshun,
      }),
      fields: risshun ? ['yearGanzhi', 'monthGanzhi', ...ZOKAN_FIELDS] : ['monthGanzhi', ...ZOKAN_FIELDS],
      distanceSeconds: birthUnixSec - start,
    });
  }
  // The day pillar changes at solar 0:00 (or 23:00 under 子初換日): where that falls inside the civil day.
  const solarShift = core.solarWallSec - birthUnixSec;
  const solarDayStart = Math.floor(core.solarWallSec / SEC_PER_DAY) * SEC_PER_DAY;
  const changeHour = request.conventions.dayBoundary === '23:00' ? 23 * HOUR : 0;
  for (const change of [solarDayStart - SEC_PER_DAY + changeHour, solarDayStart + changeHour, solarDayStart + SEC_PER_DAY + changeHour]) {
    const at = change - solarShift;
    if (at <= from || at >= to) continue;
    warnings.push({
      code: 'NEAR_DAY_EDGE',
      message: texts.solarDayChangeOnBirthDay({
        time: zoneClock(core, at).slice(11),
        solarTime: clock(change),
        birthAfter: at > birthUnixSec,
      }),
      fields: ['dayGanzhi', 'zokan.day'],
      distanceSeconds: Math.round(birthUnixSec - at),
    });
  }
  const farFromZone = longitudeWarning(core, texts);
  if (farFromZone !== undefined) warnings.push(farFromZone);
  return warnings;
}

function fourPillarWarnings(core: ChartCore, uncertaintyMinutes: number, texts: WarningTexts): ChartWarning[] {
  const warnings: ChartWarning[] = [];
  const window = uncertaintyMinutes * 60;
  const { request, zone, birthUnixSec } = core;
  const hour = withHour(core.pillars).hour;

  if (!request.timeGiven) {
    warnings.push({
      code: 'TIME_NOT_GIVEN',
      message: texts.timeNotGiven(),
      fields: ['timeGanzhi', 'zokan.time', 'trueSolarTime'],
      distanceSeconds: null,
    });
  }

  // 節 (month pillar) and 立春 (year pillar too): the one that opened the month and the next one.
  for (const termIndex of [core.monthTermIndex, core.monthTermIndex + 2]) {
    const distance = birthUnixSec - termStartMinuteUnixSec(termIndex);
    // The window is [birth − window, birth + window): a boundary exactly `window` away is not reached (as the alternatives).
    if (Math.abs(distance) >= window) continue;
    const { code } = SOLAR_TERMS[termCalendarIndex(termIndex)]!;
    const risshun = code === 'jieqi.li_chun';
    warnings.push({
      code: 'NEAR_SOLAR_TERM',
      message: texts.nearTerm({
        term: code,
        at: zoneClock(core, termStartMinuteUnixSec(termIndex)),
        distanceSec: distance,
        yearToo: risshun,
      }),
      fields: risshun ? ['yearGanzhi', 'monthGanzhi', ...ZOKAN_FIELDS] : ['monthGanzhi', ...ZOKAN_FIELDS],
      distanceSeconds: distance,
    });
  }

  // Hour-branch edges (odd hours of the corrected solar time) and the day change.
  const solar = core.solarWallSec;
  const dayStart = Math.floor(solar / SEC_PER_DAY) * SEC_PER_DAY;
  const sinceOddHour = (solar - dayStart - HOUR) % (2 * HOUR);
  const previousEdge = solar - sinceOddHour;
  const edge = sinceOddHour <= HOUR ? previousEdge : previousEdge + 2 * HOUR;
  const edgeDistance = solar - edge;
  const dayChangesAtEdge =
    request.conventions.dayBoundary === '23:00' && Math.round(edge - Math.floor(edge / SEC_PER_DAY) * SEC_PER_DAY) === 23 * HOUR;
  if (Math.abs(edgeDistance) < window) {
    warnings.push({
      code: 'NEAR_HOUR_EDGE',
      message: texts.nearHourEdge({ solar: clock(solar), edge: clock(edge), distanceSec: edgeDistance, dayToo: dayChangesAtEdge }),
      fields: dayChangesAtEdge ? ['dayGanzhi', 'timeGanzhi', 'zokan.day', 'zokan.time'] : ['timeGanzhi', 'zokan.time'],
      distanceSeconds: Math.round(edgeDistance),
    });
  }
  if (request.conventions.dayBoundary === '00:00') {
    const midnight = solar - dayStart < SEC_PER_DAY / 2 ? dayStart : dayStart + SEC_PER_DAY;
    const midnightDistance = solar - midnight;
    if (Math.abs(midnightDistance) < window) {
      warnings.push({
        code: 'NEAR_DAY_EDGE',
        message: texts.nearMidnight({ solar: clock(solar), distanceSec: midnightDistance }),
        fields: ['dayGanzhi', 'zokan.day'],
        distanceSeconds: Math.round(midnightDistance),
      });
    }
  }

  // The 子 hour: the other day_boundary convention.
  const solarHour = Math.floor((solar - dayStart) / HOUR);
  if (solarHour === 23 || solarHour === 0) {
    const dayBoundary = request.conventions.dayBoundary === '00:00' ? '23:00' : '00:00';
    const other = chartCoreAt({ ...request, conventions: { ...request.conventions, dayBoundary } }, zone, birthUnixSec);
    const otherHour = withHour(other.pillars).hour;
    if (other.pillars.day !== core.pillars.day || otherHour !== hour) {
      warnings.push({
        code: 'ZI_HOUR_CONVENTION',
        message: texts.ziHour({
          solar: clock(solar),
          dayBoundary,
          day: ganzhiName(other.pillars.day),
          hour: ganzhiName(otherHour),
          thisDay: ganzhiName(core.pillars.day),
          thisHour: ganzhiName(hour),
        }),
        fields: ['dayGanzhi', 'timeGanzhi', 'zokan.day'],
        distanceSeconds: Math.round(solar - (dayStart + 23 * HOUR - (solarHour === 0 ? SEC_PER_DAY : 0))),
      });
    }
  }

  // 蔵干: a day count on which the chosen table switches stems (the switch is at a standard-time midnight).
  const n = core.zokanDayCount;
  const here = zokanOf(core, n);
  const switchedToday = n > 1 ? zokanOf(core, n - 1).map((stem, i) => stem !== here[i]) : [false, false, false, false];
  const switchesTomorrow = zokanOf(core, n + 1).map((stem, i) => stem !== here[i]);
  if (switchedToday.some(Boolean) || switchesTomorrow.some(Boolean)) {
    const elapsed = request.conventions.zokanCount === 'elapsed';
    const standardOffset = zone.standardOffsetAt(birthUnixSec);
    // Where day n began: a standard-time midnight, or (elapsed) the 節入り minute + (n − 1) days.
    const todayStart = elapsed
      ? termStartMinuteUnixSec(core.monthTermIndex) + (n - 1) * SEC_PER_DAY
      : Math.floor((birthUnixSec + standardOffset) / SEC_PER_DAY) * SEC_PER_DAY - standardOffset;
    const distances = [
      ...(switchedToday.some(Boolean) ? [birthUnixSec - todayStart] : []),
      ...(switchesTomorrow.some(Boolean) ? [birthUnixSec - (todayStart + SEC_PER_DAY)] : []),
    ];
    const distance = distances.reduce((a, b) => (Math.abs(b) < Math.abs(a) ? b : a));
    const fields = ZOKAN_FIELDS.filter((_, i) => switchedToday[i] || switchesTomorrow[i]);
    const dayBefore = !switchedToday.some(Boolean);
    warnings.push({
      code: 'NEAR_ZOKAN_SWITCH',
      message: texts.zokanSwitch({
        n,
        table: request.conventions.zokanTable === 'nijuhachigen' ? 'nijuhachigen' : 'gettsu',
        dayBefore,
        pillars: PILLAR_ORDER.filter((_, i) => switchedToday[i] || switchesTomorrow[i]),
        elapsed: elapsed
          ? {
              termAt: zoneClock(core, termStartMinuteUnixSec(core.monthTermIndex)),
              switchAt: zoneClock(core, todayStart + (dayBefore ? SEC_PER_DAY : 0)),
            }
          : undefined,
      }),
      fields,
      distanceSeconds: distance,
    });
  }

  // The wall time as the zone's clock read it.
  const wall = wallSecondsOf({ year: request.year, month: request.month, day: request.day }, request.hour, request.minute);
  const before = zone.offsetAt(wall - SEC_PER_DAY);
  const after = zone.offsetAt(wall + SEC_PER_DAY);
  if (before !== after) {
    const candidates = [wall - Math.max(before, after), wall - Math.min(before, after)].filter((t) => zone.offsetAt(t) + t === wall);
    const asked = formatWall(wall, '-');
    const offset = offsetText(zone.offsetAt(birthUnixSec));
    if (candidates.length === 0) {
      warnings.push({
        code: 'NONEXISTENT_LOCAL_TIME',
        message: texts.nonexistentTime({ asked, read: zoneClock(core, birthUnixSec), offset }),
        fields: ['yearGanzhi', 'monthGanzhi', 'dayGanzhi', 'timeGanzhi', ...ZOKAN_FIELDS, 'trueSolarTime'],
        distanceSeconds: null,
      });
    } else if (candidates.length === 2 && candidates[0] !== candidates[1]) {
      warnings.push({
        code: 'AMBIGUOUS_LOCAL_TIME',
        message: texts.ambiguousTime({ asked, offset, laterMinutes: Math.abs(candidates[1]! - candidates[0]!) / 60 }),
        fields: ['timeGanzhi', 'dayGanzhi', 'zokan.time', 'trueSolarTime'],
        distanceSeconds: null,
      });
    }
  }

  const offset = zone.offsetAt(birthUnixSec);
  const standard = zone.standardOffsetAt(birthUnixSec);
  if (offset > standard) {
    warnings.push({
      code: 'SUMMER_TIME_IN_EFFECT',
      message: texts.summerTime({ offset: offsetText(offset), standard: offsetText(standard), shiftSec: offset - standard }),
      fields: ['timeGanzhi', 'dayGanzhi', 'zokan.time', 'trueSolarTime'],
      distanceSeconds: null,
    });
  }

  const farFromZone = longitudeWarning(core, texts);
  if (farFromZone !== undefined) warnings.push(farFromZone);
  return warnings;
}

/**
 * How far the meridian is, wrapped to ±12 h (a zone east of 180° meets longitudes west of it:
 * Samoa, Tonga); the shift the chart applies is not wrapped: it is what trueSolarTime shows (74°W
 * read in Tokyo is 13 h 56 min earlier, not "10 h 4 min later" as a wrapped shift once said).
 */
function longitudeWarning({ request, zone, birthUnixSec }: ChartCore, texts: WarningTexts): ChartWarning | undefined {
  const standard = zone.standardOffsetAt(birthUnixSec);
  const shift = request.longitudeDeg * 240 - standard;
  const fromMeridian = mod(shift + SEC_PER_DAY / 2, SEC_PER_DAY) - SEC_PER_DAY / 2;
  if (Math.abs(fromMeridian) <= FAR_FROM_ZONE_SEC) return undefined;
  return {
    code: 'LONGITUDE_FAR_FROM_ZONE',
    message: texts.longitudeFar({
      longitude: request.longitudeDeg,
      zone: request.conventions.timezone,
      meridian: mod(standard / 240 + 180, 360) - 180,
      degrees: Math.abs(fromMeridian / 240),
      shiftSec: shift,
    }),
    fields: ['trueSolarTime', 'dayGanzhi', 'timeGanzhi'],
    distanceSeconds: Math.round(shift),
  };
}

function offsetText(offsetSec: number): string {
  const abs = Math.abs(offsetSec);
  return `${offsetSec < 0 ? '-' : '+'}${String(Math.floor(abs / 3600)).padStart(2, '0')}:${String(Math.floor((abs % 3600) / 60)).padStart(2, '0')}`;
}

/** A chart a birth in the window could have: its sub-window [from, to) and its share of the window. */
export interface ChartAlternative {
  readonly fromUnixSec: number;
  readonly toUnixSec: number;
  /** Share of the whole window, 0–1 (1 for a window of 0 minutes). */
  readonly share: number;
  /** Always with an hour: the alternatives of a three-pillar chart are what each time of the day gives. */
  readonly pillars: PillarsWithHour;
  /** 蔵干 of the year, month, day and hour branches. */
  readonly zokan: readonly StemIndex[];
  /** The chart the birth time itself gives (for an unknown time: the one 12:00 gives, whose three pillars the chart shows). */
  readonly isBirthChart: boolean;
}

/** Coarse step of the scan; each change found between two samples is narrowed to the second. */
const SCAN_STEP_SEC = 300;

interface Reading {
  readonly pillars: PillarsWithHour;
  readonly zokan: readonly StemIndex[];
  readonly key: string;
}

export function chartAlternatives(core: ChartCore, uncertaintyMinutes = uncertaintyMinutesOf(core)): ChartAlternative[] {
  const request = withTimeKnown(core);
  const read = (unixSec: number): Reading => {
    const at = chartCoreAt(request, core.zone, unixSec);
    const zokan = zokanOf(at);
    return {
      pillars: withHour(at.pillars),
      zokan,
      key: `${at.pillars.year},${at.pillars.month},${at.pillars.day},${at.pillars.hour},${zokan.join(',')}`,
    };
  };
  const birth = core.birthUnixSec;
  const { from, to } = birthWindowOf(core, uncertaintyMinutes);
  const own = read(birth);
  if (from === to) return [{ fromUnixSec: birth, toUnixSec: birth, share: 1, pillars: own.pillars, zokan: own.zokan, isBirthChart: true }];

  // Every change in (from, to]: the first second of each new chart.
  const changes: { at: number; reading: Reading }[] = [];
  const narrow = (t0: number, r0: Reading, t1: number, r1: Reading): void => {
    if (r0.key === r1.key) return;
    if (t1 - t0 <= 1) {
      // The window is [from, to): a chart that starts at its very end is not reachable.
      if (t1 < to) changes.push({ at: t1, reading: r1 });
      return;
    }
    const mid = Math.floor((t0 + t1) / 2);
    const rm = mid === birth ? own : read(mid);
    narrow(t0, r0, mid, rm);
    narrow(mid, rm, t1, r1);
  };
  let t = from;
  let r = read(from);
  const first = r;
  while (t < to) {
    const next = Math.min(t + SCAN_STEP_SEC, to);
    const rn = next === birth ? own : read(next);
    narrow(t, r, next, rn);
    [t, r] = [next, rn];
  }

  const span = to - from;
  const starts = [{ at: from, reading: first }, ...changes];
  return starts.map(({ at, reading }, i) => {
    const end = i + 1 < starts.length ? starts[i + 1]!.at : to;
    return {
      fromUnixSec: at,
      toUnixSec: end,
      share: (end - at) / span,
      pillars: reading.pillars,
      zokan: reading.zokan,
      isBirthChart: at <= birth && birth < end,
    };
  });
}

export const CONVENTIONS = ['day_boundary', 'solar_time', 'zokan_table', 'zokan_count'] as const;
export type ConventionName = (typeof CONVENTIONS)[number];

export interface ConventionDifference {
  readonly field: ChartField;
  readonly convention: ConventionName;
  /** Each setting of the convention with the field's value under it (the request's own setting marked). */
  readonly values: readonly { readonly setting: string; readonly value: string; readonly requested: boolean }[];
}

const SETTINGS: Readonly<
  Record<ConventionName, { readonly key: keyof ChartConventions; readonly values: readonly string[]; readonly absent?: string }>
> = {
  day_boundary: { key: 'dayBoundary', values: DAY_BOUNDARIES },
  solar_time: { key: 'solarTime', values: SOLAR_TIME_MODES },
  zokan_table: { key: 'zokanTable', values: ZOKAN_TABLES },
  // Absent from a request's conventions when it is the default.
  zokan_count: { key: 'zokanCount', values: ZOKAN_COUNTS, absent: 'date' },
};

/** The chart fields (pillars, 蔵干) whose value another setting of a convention changes. */
export function conventionDifferences(core: ChartCore): ConventionDifference[] {
  const fieldValues = (at: ChartCore): Record<ChartField, string> => {
    const zokan = zokanOf(at);
    return {
      yearGanzhi: ganzhiName(at.pillars.year),
      monthGanzhi: ganzhiName(at.pillars.month),
      dayGanzhi: ganzhiName(at.pillars.day),
      timeGanzhi: at.pillars.hour === null ? '' : ganzhiName(at.pillars.hour),
      'zokan.year': STEMS[zokan[0]!]!,
      'zokan.month': STEMS[zokan[1]!]!,
      'zokan.day': STEMS[zokan[2]!]!,
      'zokan.time': zokan.length > 3 ? STEMS[zokan[3]!]! : '',
      // The solar time itself always moves with solar_time; only the pillars and 蔵干 are compared.
      trueSolarTime: '',
    };
  };
  const differences: ConventionDifference[] = [];
  for (const convention of CONVENTIONS) {
    const { key, values, absent } = SETTINGS[convention];
    const requested = core.request.conventions[key] ?? absent;
    const charts = values.map((setting) => ({
      setting,
      fields: fieldValues(
        setting === requested
          ? core
          : chartCoreAt({ ...core.request, conventions: { ...core.request.conventions, [key]: setting } }, core.zone, core.birthUnixSec),
      ),
    }));
    for (const field of CHART_FIELDS) {
      if (charts.every((chart) => chart.fields[field] === charts[0]!.fields[field])) continue;
      differences.push({
        field,
        convention,
        values: charts.map((chart) => ({ setting: chart.setting, value: chart.fields[field], requested: chart.setting === requested })),
      });
    }
  }
  return differences;
}
