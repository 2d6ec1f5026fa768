/**
 * 調候 (climate adjustment): the stems 窮通宝鑑 names for each day stem in each month, in the text's
 * order, unconditional statements only (Source: [qiongtong-baojian], Wikisource revision 2294674, as
 * reduced sentence by sentence: a season-wide statement counts where the month has none of its own;
 * 或/若/如无 conditions are left out). Four months are split at their 中気 (上半月 / 下半月, 白露后 /
 * 秋分后, 清明后 / 谷雨后): `before / after`. 丁 in 午 has no unconditional stem ("不宜乱用甲木"; the text
 * only names stems under conditions on 火局 and water): an empty list.
 */

/** Rows 甲..癸, columns 子..亥 (branch order); each cell the stems in order, `/` between the halves of a split month. */
// prettier-ignore
const TABLE: readonly (readonly string[])[] = [
  // 子       丑        寅       卯       辰       巳         午          未       申       酉        戌        亥
  ['丁庚丙', '庚丁', '丙癸', '庚戊', '庚壬', '癸丁', '癸丁庚', '丁庚', '丁庚', '丁丙庚', '丁壬癸', '庚丁丙'], // 甲
  ['丙', '丙', '丙癸', '丙癸', '癸丙', '癸丙庚辛', '癸/癸丙', '丙癸', '丙癸', '癸/丙癸', '癸辛', '丙戊'], // 乙
  ['壬戊', '壬甲', '壬庚辛', '壬', '壬甲', '壬', '壬', '壬庚', '壬', '壬', '甲壬', '甲戊庚'], // 丙
  ['甲庚癸戊', '甲庚癸戊', '庚甲', '庚甲', '甲庚', '甲庚', '', '甲壬', '甲庚', '甲丙庚', '甲庚', '甲庚癸戊'], // 丁
  ['丙甲', '丙甲', '丙甲癸', '丙甲癸', '甲丙癸', '甲丙癸', '壬甲丙', '癸丙甲', '丙癸甲', '丙癸', '甲癸', '甲丙'], // 戊
  ['丙甲', '丙甲', '丙', '甲癸', '丙癸甲', '癸丙', '癸丙', '癸丙', '癸丙辛', '癸丙辛', '癸丙辛甲', '丙甲戊'], // 己
  ['丁甲丙', '丙丁甲', '丙甲丁', '丁甲庚', '甲丁', '壬戊丙', '壬癸', '丁甲', '丁甲', '丁甲丙', '甲壬', '丁丙'], // 庚
  ['壬丙', '丙壬戊己', '己壬庚', '壬甲', '壬甲', '壬', '壬己', '壬庚', '壬甲戊', '壬', '壬甲', '壬丙'], // 辛
  ['戊丙', '丙/丙甲', '庚丙戊', '戊辛庚', '甲庚', '壬辛庚', '癸庚', '辛甲癸', '戊丁', '甲庚', '甲丙', '戊丙庚'], // 壬
  ['丙辛', '丙', '辛庚丙', '庚辛', '丙/丙辛甲', '辛', '庚辛壬', '庚辛', '丁', '辛丙', '辛甲', '庚辛'], // 癸
];

const STEMS = '甲乙丙丁戊己庚辛壬癸';

export interface TiaohouCell {
  /** Stem indices in the text's order (for a split month, the half the birth is in). */
  readonly stems: readonly number[];
  /** The month is split at its 中気 and the birth is after it (null: not split). */
  readonly afterMidTerm: boolean | null;
}

/** The table parsed once at load: per cell its halves (one, or two for a split month) as stem indices. */
const PARSED: readonly (readonly (readonly (readonly number[])[])[])[] = TABLE.map((row) =>
  row.map((cell) => cell.split('/').map((half) => Array.from(half, (ch) => STEMS.indexOf(ch)))),
);

/** The 調候 stems for `dayStem` in the month of `monthBranch`; `afterMidTerm` chooses the half of a split month. */
export function tiaohouOf(dayStem: number, monthBranch: number, afterMidTerm: boolean): TiaohouCell {
  const halves = PARSED[dayStem]![monthBranch]!;
  return halves.length === 2 ? { stems: halves[afterMidTerm ? 1 : 0]!, afterMidTerm } : { stems: halves[0]!, afterMidTerm: null };
}

/** Every cell as written (tests). */
export const TIAOHOU_TABLE = TABLE;
