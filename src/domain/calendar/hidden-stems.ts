/**
 * 蔵干 (hidden stems).
 * Static lists (本気, 中気, 余気), Source: [lunar-javascript] LunarUtil.ZHI_HIDE_GAN.
 * One stem per branch by day count n (節入り date = day 1; docs/fields.md, "How `zokan` is chosen"):
 * J1 四柱推命 月律分野蔵干表, Sources: [sityuu], [kantei-fortune], [muryonet] (申–亥 rows by the same
 * 生支/庫支/旺支 pattern, 申 余気 written 戊); J2 算命学 二十八元, Sources: [sanmeigaku-academy], [soukijyuku].
 * Stems are indices 0..9 (甲..癸).
 */
import type { BranchIndex } from './branches.ts';
import type { StemIndex } from './stems.ts';

const [甲, 乙, 丙, 丁, 戊, 己, 庚, 辛, 壬, 癸] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** All hidden stems of each branch, in lunar-javascript's order 本気, 中気, 余気. */
// prettier-ignore
export const HIDDEN_STEMS_BY_BRANCH = [
  [癸], [己, 癸, 辛], [甲, 丙, 戊], [乙], [戊, 乙, 癸], [丙, 庚, 戊],
  [丁, 己], [己, 丁, 乙], [庚, 壬, 戊], [辛], [戊, 辛, 丁], [壬, 甲],
] as const satisfies readonly (readonly StemIndex[])[];

/** A segment: the stem that rules from the previous segment's last day + 1 through `lastDay`. */
type ZokanSegments = readonly (readonly [stem: StemIndex, lastDay: number])[];
const REST_OF_MONTH = 99;

/**
 * J1 月律分野蔵干表, rows 子..亥. 子–未: Source: [sityuu] 四柱推命の蔵干, verbatim; to the hour in
 * [kantei-fortune]. 申–亥 are a school choice (the published table stops at 未): the 生支/旺支/庫支 day
 * pattern of the rows above with the stem lists of Source: [kaiundou] (申 余気 戊; some books write 己).
 */
// prettier-ignore
export const ZOKAN_GETSURITSU_DAYS = [
  [[壬, 10], [癸, REST_OF_MONTH]],
  [[癸, 9], [辛, 12], [己, REST_OF_MONTH]],
  [[戊, 7], [丙, 14], [甲, REST_OF_MONTH]],
  [[甲, 10], [乙, REST_OF_MONTH]],
  [[乙, 9], [癸, 12], [戊, REST_OF_MONTH]],
  [[戊, 7], [庚, 14], [丙, REST_OF_MONTH]],
  [[丙, 10], [己, 20], [丁, REST_OF_MONTH]],
  [[丁, 9], [乙, 12], [己, REST_OF_MONTH]],
  [[戊, 7], [壬, 14], [庚, REST_OF_MONTH]],
  [[庚, 10], [辛, REST_OF_MONTH]],
  [[辛, 9], [丁, 12], [戊, REST_OF_MONTH]],
  [[戊, 7], [甲, 14], [壬, REST_OF_MONTH]],
] as const satisfies readonly ZokanSegments[];

/**
 * J2 算命学 二十八元, rows 子..亥. Sources: [sanmeigaku-academy] (2017-10-13), [soukijyuku] (2013-05-28),
 * which agree on every row. 戌's switch to 戊 on day 13 is a school choice ([lumbermill] switches on day 14).
 */
// prettier-ignore
export const ZOKAN_NIJUHACHIGEN_DAYS = [
  [[癸, REST_OF_MONTH]],
  [[癸, 9], [辛, 12], [己, REST_OF_MONTH]],
  [[戊, 7], [丙, 14], [甲, REST_OF_MONTH]],
  [[乙, REST_OF_MONTH]],
  [[乙, 9], [癸, 12], [戊, REST_OF_MONTH]],
  [[戊, 5], [庚, 14], [丙, REST_OF_MONTH]],
  [[己, 19], [丁, REST_OF_MONTH]],
  [[丁, 9], [乙, 12], [己, REST_OF_MONTH]],
  [[戊, 10], [壬, 13], [庚, REST_OF_MONTH]],
  [[辛, REST_OF_MONTH]],
  [[辛, 9], [丁, 12], [戊, REST_OF_MONTH]],
  [[甲, 12], [壬, REST_OF_MONTH]],
] as const satisfies readonly ZokanSegments[];

/** A month between two 節 lasts at most 32 civil days; longer counts clamp to the last stem. */
const MAX_DAY_COUNT = 32;

function expand(table: readonly ZokanSegments[]): readonly Uint8Array[] {
  return table.map((segments) =>
    Uint8Array.from({ length: MAX_DAY_COUNT + 1 }, (_, day) => {
      const segment = segments.find(([, lastDay]) => Math.max(day, 1) <= lastDay) ?? segments[segments.length - 1]!;
      return segment[0];
    }),
  );
}

const GETSURITSU_BY_DAY = expand(ZOKAN_GETSURITSU_DAYS);
const NIJUHACHIGEN_BY_DAY = expand(ZOKAN_NIJUHACHIGEN_DAYS);

/** The one hidden stem of `branch` for day count n (1 = 節入り date) under J1 or J2. */
export function zokanStem(table: 'getsuritsu' | 'nijuhachigen', branch: BranchIndex, dayCount: number): StemIndex {
  const rows = table === 'nijuhachigen' ? NIJUHACHIGEN_BY_DAY : GETSURITSU_BY_DAY;
  const day = dayCount < 1 ? 1 : dayCount > MAX_DAY_COUNT ? MAX_DAY_COUNT : dayCount;
  return rows[branch]![day]!;
}
