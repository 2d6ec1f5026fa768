/**
 * 任鐵樵's school (滴天髓闡微, Source: [ditiansui]): the day master's 旺衰 with its extremes, the 外格 as
 * he reads them (真從 and 假從, 從勢, 真化 and 假化, 一行得氣, 兩氣成象) and the 用 that follows, with his
 * own five-gods definition. Each rule carries its quote and chapter (DTS_RULES); where the text gives
 * no number, the number is ours and says so.
 *
 * 旺衰 (衰旺, 寒暖, 燥濕): the elements weighed from the stems and the branches' hidden stems, the month
 * branch counted twice (the 提綱 commands the season), with his seasonal discounts: an exposed stem
 * without a root anywhere is 虛浮 (counted 0.6); 辰 and 丑 are 濕土, whose earth is 虛 in winter and
 * spring (counted half: "辰乃濕土，木之餘氣"); 未 and 戌 are 燥土, which does not feed metal outside winter
 * (their earth counted half as a metal day master's 印: "燥土不能生金"; in winter it dries the damp and
 * helps: "所喜者支中重重燥土，足以去其濕氣"). The share of the day master's side (比劫 and
 * 印) grades it, and 衰旺's ten reversals read the extremes:
 * - 旺極 (the side at least 70 % and nothing opposing in the branches, one opposing stem at most: "全無
 *   克洩") 似 what it would control next and wants its 印 ("木旺極者似火，喜水之克");
 * - 太旺 (at least 62 %, no rooted 官殺) wants its 食傷 ("木太旺者似金，喜火之煉");
 * - 衰極 (under 20 %, no root) wants the 食傷 that feeds the 財 it resembles ("木衰極者似土，宜火以生之");
 * - 太衰 (under 34 %, no heavy root) wants the 官殺 that feeds the 印 it resembles ("木太衰者似水，宜金以生之").
 * Between them, 旺 (55 % and over) wants what drains or controls it (a clear or rooted 官殺 first: "身旺
 * 足以用殺", then 食傷, then 財), 衰 (under 45 %) what helps it (印 against 官殺 and 食傷: "助之則吉", 比劫
 * against 財: "幫之則有功"), 中和 the 格's own 用 or the 通關.
 */
import { HIDDEN_STEMS_BY_BRANCH } from '../calendar/hidden-stems.ts';
import { LIFE_STAGE_BY_STEM } from '../calendar/life-stages.ts';
import { isClash } from '../calendar/relations.ts';
import { tenGodIndex } from '../calendar/ten-gods.ts';
import { CARDINALS, EARTH_STORES, ELEMENT_PATTERNS, HUA_PATTERNS, OUTER_PATTERNS } from './pattern.ts';
import { phaseOf, rootOf } from './roots.ts';
import type { PillarParts } from './strength.ts';
import type { Transformation } from './transformations.ts';

/** 任's grades of the day master, strongest first. */
export const DTS_GRADES = [
  'dts.wang_ji',
  'dts.tai_wang',
  'dts.wang',
  'dts.zhong_he',
  'dts.shuai',
  'dts.tai_shuai',
  'dts.shuai_ji',
] as const;
export type DtsGrade = (typeof DTS_GRADES)[number];

/** The 外格 as 任 reads them (a 假 one is the same pattern, not genuine). */
export const DTS_OUTER = [...OUTER_PATTERNS, 'pattern.liang_qi'] as const;
export type DtsOuter = (typeof DTS_OUTER)[number];

/** What 任's 用 rests on. */
export const DTS_BASES = [
  'hua',
  'one_element',
  'two_elements',
  'follow_strong',
  'follow_weak',
  'extreme',
  'fuyi',
  'tongguan',
  'climate',
  'pattern',
] as const;
export type DtsBasis = (typeof DTS_BASES)[number];

export interface DitiansuiReading {
  /** The share of the day master's side (比劫 and 印) of all the weighed points, 0–100, one decimal. */
  readonly share: number;
  readonly grade: DtsGrade;
  readonly verdict: 'strong' | 'balanced' | 'weak';
  /** Element points as weighed (0 木 … 4 水), two decimals. */
  readonly elementPoints: readonly number[];
  /** The 外格 he reads, or null; `genuine` false for 假從 and 假化. */
  readonly outer: { readonly pattern: DtsOuter; readonly genuine: boolean } | null;
  /** The 用 element and what it rests on; null for a 中和 chart with neither 格 nor 通關 to give one. */
  readonly yong: number | null;
  readonly basis: DtsBasis | null;
  /** The 用 is in excess (有餘) or short (不足): his five gods turn on it. */
  readonly surplus: boolean;
  /** The rules that decided, by id (DTS_RULES). */
  readonly ruleIds: readonly string[];
}

/** Each rule with the chapter of 滴天髓闡微 it comes from and its words. */
export const DTS_RULES: Readonly<Record<string, { readonly chapter: string; readonly quote: string }>> = {
  'DTS-weigh': { chapter: '衰旺', quote: '能知衰旺之真機，其於三命之奧，思過半矣' },
  'DTS-xu-tu': { chapter: '燥濕', quote: '辰乃濕土，木之餘氣' },
  'DTS-zao-tu': { chapter: '燥濕', quote: '戌乃燥土，火之本根' },
  'DTS-wang-ji': { chapter: '衰旺', quote: '木旺極者似火，喜水之克' },
  'DTS-tai-wang': { chapter: '衰旺', quote: '木太旺者似金，喜火之煉' },
  'DTS-shuai-ji': { chapter: '衰旺', quote: '木衰極者似土，宜火以生之' },
  'DTS-tai-shuai': { chapter: '衰旺', quote: '木太衰者似水，宜金以生之' },
  'DTS-wang': { chapter: '衰旺', quote: '旺則宜洩宜傷' },
  'DTS-shuai': { chapter: '衰旺', quote: '衰則喜幫喜助' },
  'DTS-cold': { chapter: '寒暖', quote: '得氣之寒，遇暖而發' },
  'DTS-warm': { chapter: '寒暖', quote: '暖雖至而寒有根' },
  'DTS-zhonghe': { chapter: '中和', quote: '既識中和之正理，而於五行之妙，有全能焉' },
  'DTS-tongguan': { chapter: '通關', quote: '關內有織女，關外有牛郎，此關若通也，相邀入洞房' },
  'DTS-hua-true': { chapter: '化象', quote: '合神真實，乃謂真化' },
  'DTS-hua-false': { chapter: '假化', quote: '假化之人亦多貴，孤兒異姓能出類' },
  'DTS-hua-surplus': { chapter: '化象', quote: '化氣有餘。餘則宜洩' },
  'DTS-hua-short': { chapter: '化象', quote: '化神洩氣不足' },
  'DTS-one-element': { chapter: '形象', quote: '獨象喜行化地，而化神要昌' },
  'DTS-two-elements': { chapter: '形象', quote: '兩氣合而成象，象不可破也' },
  'DTS-follow-strong': { chapter: '從象', quote: '旺之極矣，從其旺神' },
  'DTS-follow-weak': { chapter: '從象', quote: '從得真者只論從，從神又有吉和凶' },
  'DTS-follow-false': { chapter: '假從', quote: '假從亦可發其身' },
  'DTS-follow-momentum': { chapter: '從象', quote: '日主休囚無根，惟官星當令，須從官星之勢' },
  'DTS-follow-output': { chapter: '順局', quote: '從兒不論身強弱' },
  'DTS-drain-strong': { chapter: '形象', quote: '從其強勢…所謂洩之有益，傷之有害也' },
  'DTS-five-gods': { chapter: '閒神', quote: '用神有餘，喜神為用之所生；用神不足，喜神為生用之物' },
};

const DAY = 2;
/** The share of each hidden stem of a branch by how many it hides. */
const HIDDEN_WEIGHTS = [[], [1], [0.7, 0.3], [0.6, 0.3, 0.1]] as const;
const MONTH_FACTOR = 2;
const FLOATING = 0.6;
/** 辰 丑 (濕土) and 未 戌 (燥土). */
const WET_EARTH = [4, 1];
const DRY_EARTH = [7, 10];
const WINTER_SPRING = [11, 0, 1, 2, 3, 4];
const WINTER = [11, 0, 1];

/**
 * The grades' cut points on the side's share (judgement: 任 gives the reversals, not numbers). 中和 is
 * the house band of the points methods (45–55 %); a wider one fitted to the first book corpus did worse
 * on the held-out one.
 */
const CUTS = { wangJi: 70, taiWang: 62, wang: 55, shuai: 45, taiShuai: 34, shuaiJi: 20 } as const;

/** Elements weighed with 任's seasonal discounts. */
export function dtsElementPoints({ stems, branches }: PillarParts): number[] {
  const points = [0, 0, 0, 0, 0];
  const dayElement = stems[DAY]! >> 1;
  const month = branches[1]!;
  stems.forEach((stem, slot) => {
    const rooted = slot === DAY || anyRoot(stem, branches);
    points[stem >> 1]! += rooted ? 1 : FLOATING;
  });
  branches.forEach((branch, slot) => {
    const hidden = HIDDEN_STEMS_BY_BRANCH[branch]!;
    const weights: readonly number[] = HIDDEN_WEIGHTS[hidden.length];
    hidden.forEach((stem, i) => {
      let weight = weights[i]! * (slot === 1 ? MONTH_FACTOR : 1);
      const element = stem >> 1;
      if (element === 2 && WET_EARTH.includes(branch) && WINTER_SPRING.includes(month)) weight /= 2; // 虛土
      if (element === 2 && DRY_EARTH.includes(branch) && dayElement === 3 && !WINTER.includes(month)) weight /= 2; // 燥土不生金 (in winter it dries the damp)
      points[element]! += weight;
    });
  });
  return points;
}

const categoryOf = (dayStem: number, stem: number): number => tenGodIndex(dayStem, stem) >> 1;
const elementOf = (dayElement: number, category: number): number => (dayElement + category) % 5;

/**
 * Per stem × branch, as bits: 1 the branch roots the stem; 2 the root holds (祿 or 旺, or a branch
 * 本気 of its element — a 長生 does not hold for 任: "戊土雖生猶死", 戊 on its 長生 寅 among three 寅 is no
 * help); 4 it is not the stem's 長生 (a seat that serves: "癸水坐下餘氣，竟可作用").
 */
const ROOT_BITS = Uint8Array.from({ length: 120 }, (_, i) => {
  const stem = Math.floor(i / 12);
  const branch = i % 12;
  const root = rootOf(stem, branch, 0);
  if (root === null) return 0;
  const stage = LIFE_STAGE_BY_STEM[stem]![branch]!;
  return (
    1 |
    (root.qi === 'main' || stage === 3 || stage === 4 ? 2 : 0) |
    (stage !== 0 ? 4 : 0) |
    (root.qi === 'main' || root.qi === 'middle' ? 8 : 0)
  );
});
const ROOTED = 1;
const HOLDS = 2;
const SEATED = 4;
const DEEP = 8;

/** The stem has a root of this kind among the branches. */
function rootIn(stem: number, branches: readonly number[], kind: number): boolean {
  for (const branch of branches) if ((ROOT_BITS[stem * 12 + branch]! & kind) !== 0) return true;
  return false;
}
const heavyRoot = (stem: number, branches: readonly number[]): boolean => rootIn(stem, branches, HOLDS);
/** How many branches hide the stem's element as 本気 or 中気 (壬 on three 申 lives; 戊 on the 余気 of four 寅 does not). */
function deepRoots(stem: number, branches: readonly number[]): number {
  let n = 0;
  for (const branch of branches) if ((ROOT_BITS[stem * 12 + branch]! & DEEP) !== 0) n++;
  return n;
}
const anyRoot = (stem: number, branches: readonly number[]): boolean => rootIn(stem, branches, ROOTED);

/** The four 三合 and their elements (a 方 does not take a branch from its element). */
const TRIADS: readonly (readonly [element: number, branches: readonly number[]])[] = [
  [4, [8, 0, 4]],
  [0, [11, 3, 7]],
  [1, [2, 6, 10]],
  [3, [5, 9, 1]],
];

/** The slots (as bits) of branches in a complete 三合 of an element other than `element`. */
function takenSlots(branches: readonly number[], element: number): number {
  let taken = 0;
  for (const [triadElement, triad] of TRIADS) {
    if (triadElement === element || !triad.every((b) => branches.includes(b))) continue;
    for (let slot = 0; slot < branches.length; slot++) if (triad.includes(branches[slot]!)) taken |= 1 << slot;
  }
  return taken;
}

/** A stem rooted in its own pillar's branch, other than at its 長生 ("癸水坐下餘氣，竟可作用"). */
const seatedRoot = (stem: number, branch: number): boolean => (ROOT_BITS[stem * 12 + branch]! & (ROOTED | SEATED)) === (ROOTED | SEATED);

/** A stem is bound by a 合 with a neighbour. */
const boundAt = (stems: readonly number[], slot: number): boolean =>
  (slot > 0 && Math.abs(stems[slot - 1]! - stems[slot]!) === 5) ||
  (slot + 1 < stems.length && Math.abs(stems[slot + 1]! - stems[slot]!) === 5);

/** The frames of each element: its 三合 and its 方 (土: the four stores). */
const FRAMES: Readonly<Record<number, readonly (readonly number[])[]>> = { ...CARDINALS, 2: [EARTH_STORES] };
const ONE_ELEMENT: readonly DtsOuter[] = ELEMENT_PATTERNS;
const HUA: readonly DtsOuter[] = HUA_PATTERNS;

/** The rule ids of each way a reading ends, made once: the weighing first, the five gods last. */
const ids = (...decided: string[]): readonly string[] => Object.freeze(['DTS-weigh', ...decided, 'DTS-five-gods']);
const ENDS = {
  huaTrueSurplus: ids('DTS-hua-true', 'DTS-hua-surplus'),
  huaTrueShort: ids('DTS-hua-true', 'DTS-hua-short'),
  huaFalseSurplus: ids('DTS-hua-false', 'DTS-hua-surplus'),
  huaFalseShort: ids('DTS-hua-false', 'DTS-hua-short'),
  twoElements: ids('DTS-two-elements'),
  oneElement: ids('DTS-one-element'),
  followStrong: ids('DTS-follow-strong'),
  followStrongDrained: ids('DTS-follow-strong', 'DTS-drain-strong'),
  wangJi: ids('DTS-wang-ji'),
  followOutput: ids('DTS-follow-output'),
  followWeak: ids('DTS-follow-weak'),
  followFalse: ids('DTS-follow-false'),
  followWeakMomentum: ids('DTS-follow-weak', 'DTS-follow-momentum'),
  followFalseMomentum: ids('DTS-follow-false', 'DTS-follow-momentum'),
  cold: ids('DTS-cold'),
  warm: ids('DTS-warm'),
  taiWang: ids('DTS-tai-wang'),
  shuaiJi: ids('DTS-shuai-ji'),
  taiShuai: ids('DTS-tai-shuai'),
  wang: ids('DTS-wang'),
  shuai: ids('DTS-shuai'),
  zhongheTongguan: ids('DTS-zhonghe', 'DTS-tongguan'),
  zhonghe: ids('DTS-zhonghe'),
} as const;
/** Every way a reading ends, in order (a presenter keys what it makes once by it). */
export const DTS_ENDS: readonly (readonly string[])[] = Object.values(ENDS);

/** 任鐵樵's reading of a chart. */
export function ditiansuiOf(
  parts: PillarParts,
  transformations: readonly Transformation[],
  tongguan: number | null,
  patternYong: number | null,
): DitiansuiReading {
  const { stems, branches } = parts;
  const dayStem = stems[DAY]!;
  const day = dayStem >> 1;
  const month = branches[1]!;
  const points = dtsElementPoints(parts);
  const total = points[0]! + points[1]! + points[2]! + points[3]! + points[4]!;
  const sideShare = ((points[day]! + points[(day + 4) % 5]!) / total) * 100;
  /** Points of each ten-god category (0 比劫 … 4 印). */
  const companions = points[day]!;
  const output = points[(day + 1) % 5]!;
  const wealth = points[(day + 2) % 5]!;
  const officer = points[(day + 3) % 5]!;
  const resource = points[(day + 4) % 5]!;

  // One pass over the pillars: each stem's and branch 本気's category, and the facts read from them.
  const counts = [0, 0, 0, 0, 0];
  const mainCategories = [0, 0, 0, 0];
  let companionStems = 0;
  let resourceStems = 0;
  let officerStem = false;
  let opposingStems = 0;
  let opposingMains = 0;
  let officerRooted = false;
  // A 官殺 stem that is free and has a root of any depth ("官清"; an unrooted one "無根為忌").
  let officerClear = false;
  // A free 食傷 stem with a root: it drains a strong side ("洩之有益") and controls a 殺 ("足以盤根制殺").
  let outputRooted = false;
  // A free 印 stem with a root: it takes the 食傷's food, so no 從兒 (the book's 「洩盡月乾，乙木凋枯」 still reads it weak, not followed).
  let resourceRooted = false;
  // An 印 that helps: a 印 stem not bound with a root that holds or a seat that serves; or a branch whose 本気 is 印, not clashed.
  let effectiveResource = false;
  for (let slot = 0; slot < stems.length; slot++) {
    if (slot === DAY) continue;
    const stem = stems[slot]!;
    const category = categoryOf(dayStem, stem);
    counts[category]!++;
    const bound = boundAt(stems, slot);
    if (category === 0) companionStems++;
    else if (category === 4) {
      resourceStems++;
      if (!bound && anyRoot(stem, branches)) resourceRooted = true;
      if (
        !bound &&
        (heavyRoot(stem, branches) || (slot < branches.length && seatedRoot(stem, branches[slot]!)) || deepRoots(stem, branches) >= 2)
      )
        effectiveResource = true;
    } else {
      if (!bound) opposingStems++;
      if (category === 1 && !bound && anyRoot(stem, branches)) outputRooted = true;
      if (category === 3) {
        officerStem = true;
        if (heavyRoot(stem, branches)) officerRooted = true;
        if (!bound && anyRoot(stem, branches)) officerClear = true;
      }
    }
  }
  for (let slot = 0; slot < branches.length; slot++) {
    const branch = branches[slot]!;
    const category = categoryOf(dayStem, HIDDEN_STEMS_BY_BRANCH[branch]![0]);
    mainCategories[slot] = category;
    counts[category]!++;
    if (category >= 1 && category <= 3) opposingMains++;
    if (category === 3) officerRooted = true;
    // A 燥土 未・戌 under more fire than earth does not feed metal ("燥土不能生金"; where the earth
    // outweighs the fire it dries the damp and helps: "所喜者支中重重燥土"); a 濕土 辰・丑 in winter or
    // spring is 虛 and feeds no metal either.
    const barren =
      day === 3 &&
      ((DRY_EARTH.includes(branch) && !WINTER.includes(month) && points[1]! > points[2]!) ||
        (WET_EARTH.includes(branch) && WINTER_SPRING.includes(month)));
    if (category === 4 && !effectiveResource && !barren) {
      let clashed = false;
      for (let other = 0; other < branches.length; other++) if (other !== slot && isClash(branches[other]!, branch)) clashed = true;
      if (!clashed) effectiveResource = true;
    }
  }
  // The day master's roots that hold: not a 濕土 辰・丑 in winter or spring (虛土: "格取從官，非身衰論也"
  // of 戊 on 辰 in 卯), not a branch a complete 三合 of another element has taken ("未土又會木局").
  const taken = takenSlots(branches, day);
  const xuTu = day === 2 && WINTER_SPRING.includes(month);
  let dayHeavyRoot = false;
  let dayAnyRoot = false;
  for (let slot = 0; slot < branches.length; slot++) {
    const b = branches[slot]!;
    if ((taken & (1 << slot)) !== 0 || (xuTu && WET_EARTH.includes(b))) continue;
    const bits = ROOT_BITS[dayStem * 12 + b]!;
    if ((bits & ROOTED) !== 0) dayAnyRoot = true;
    if ((bits & HOLDS) !== 0) dayHeavyRoot = true;
  }

  const grade: DtsGrade =
    sideShare >= CUTS.wangJi && opposingMains === 0 && opposingStems <= 1
      ? 'dts.wang_ji'
      : sideShare >= CUTS.taiWang && !officerRooted
        ? 'dts.tai_wang'
        : sideShare >= CUTS.wang
          ? 'dts.wang'
          : sideShare >= CUTS.shuai
            ? 'dts.zhong_he'
            : sideShare < CUTS.shuaiJi && !dayAnyRoot
              ? 'dts.shuai_ji'
              : sideShare < CUTS.taiShuai && !dayHeavyRoot
                ? 'dts.tai_shuai'
                : 'dts.shuai';
  const verdict = grade === 'dts.zhong_he' ? 'balanced' : DTS_GRADES.indexOf(grade) < 3 ? 'strong' : 'weak';
  const share = (element: number): number => (points[element]! / total) * 100;
  const done = (
    yong: number | null,
    basis: DtsBasis | null,
    outer: DitiansuiReading['outer'],
    ruleIds: readonly string[],
  ): DitiansuiReading => ({
    share: Math.round(sideShare * 10) / 10,
    grade,
    verdict,
    elementPoints: points.map((p) => Math.round(p * 100) / 100),
    outer,
    yong,
    basis,
    // 有餘: the 用 holds the season (旺 or 相) and a fifth of the points; else 不足 (a judgement: 閒神 gives no measure).
    surplus: yong !== null && phaseOf(yong, month) <= 1 && share(yong) >= 20,
    ruleIds,
  });

  // 化: the day master's own 合 with a neighbour, the 化神 strong in the chart (爭合・妒合 no breaker: 任 calls it 謬論).
  const own = transformations.find((t) => t.dayMaster && t.adjacent);
  if (own !== undefined) {
    const e = own.element;
    const exposedRooted = stems.some((s, slot) => slot !== DAY && !own.slots.includes(slot) && s >> 1 === e && anyRoot(s, branches));
    const seasoned = phaseOf(e, month) <= 1;
    // The 化神 holds the season or stands exposed and rooted, and outweighs the day master's own element.
    let huaMains = 0;
    for (const b of branches) if (HIDDEN_STEMS_BY_BRANCH[b]![0] >> 1 === e) huaMains++;
    // The 化神 holds the season or stands exposed and rooted, and outweighs the day master's own element;
    // or it holds the season and two branches as their 本気 ("合神真實") and is not the day master's own element.
    if (((seasoned || exposedRooted || own.dragon) && points[e]! > points[day]!) || (seasoned && huaMains >= 2 && e !== day)) {
      // 真化: the day master has no root that holds and no 印 that helps; else 假化 (日主有根).
      const genuine = !dayHeavyRoot && !effectiveResource;
      // 化神有餘 → what it generates (洩); 不足 → what generates it (助).
      const surplusHua = seasoned && share(e) >= 35;
      return done(
        surplusHua ? (e + 1) % 5 : (e + 4) % 5,
        'hua',
        { pattern: HUA[e]!, genuine },
        genuine ? (surplusHua ? ENDS.huaTrueSurplus : ENDS.huaTrueShort) : surplusHua ? ENDS.huaFalseSurplus : ENDS.huaFalseShort,
      );
    }
  }

  // 兩氣成象: the stems and branch 本気 of two elements only, half and half.
  let shownMask = 0;
  for (const st of stems) shownMask |= 1 << (st >> 1);
  for (const br of branches) shownMask |= 1 << (HIDDEN_STEMS_BY_BRANCH[br]![0] >> 1);
  const sameStems = stems.every((st) => st === dayStem);
  const restMask = shownMask & (shownMask - 1);
  if (stems.length === 4 && !sameStems && restMask !== 0 && (restMask & (restMask - 1)) === 0) {
    const a = 31 - Math.clz32(shownMask & -shownMask);
    const b = 31 - Math.clz32(shownMask);
    let countA = 0;
    for (const st of stems) if (st >> 1 === a) countA++;
    for (const br of branches) if (HIDDEN_STEMS_BY_BRANCH[br]![0] >> 1 === a) countA++;
    if (countA === 4) {
      // Generating pair: the generated element (秀氣); controlling pair: the day master's 食傷 when it is
      // the one controlled (制殺), its 財 when it controls (一才一用).
      const generating = (a + 1) % 5 === b ? b : (b + 1) % 5 === a ? a : null;
      const controller = (a + 2) % 5 === b ? a : b;
      const controlled = controller === a ? b : a;
      const yong = generating ?? (controller !== day ? (day + 1) % 5 : controlled);
      return done(yong, 'two_elements', { pattern: 'pattern.liang_qi', genuine: true }, ENDS.twoElements);
    }
  }

  // 一行得氣: the day master rules the month and the branches complete its frame, no 官殺 beside the frame's own branches.
  const frame = FRAMES[day]!.find((set) => set.every((b) => branches.includes(b)));
  if (frame !== undefined && phaseOf(day, month) === 0) {
    const frameOfficers = frame.filter((b) => categoryOf(dayStem, HIDDEN_STEMS_BY_BRANCH[b]![0]) === 3).length;
    if (counts[3]! - frameOfficers === 0) {
      // 獨象喜行化地: its 食傷 where the chart has one, else its own element.
      const flows = counts[1]! > 0 || stems.some((s) => s >> 1 === (day + 1) % 5);
      return done(flows ? (day + 1) % 5 : day, 'one_element', { pattern: ONE_ELEMENT[day]!, genuine: true }, ENDS.oneElement);
    }
  }

  // 從旺 / 從強: 旺極 — the side overwhelming, nothing opposing in the branches.
  // 從強 (印 over 比劫) with a free 食傷 stem that has a root takes it: 泄其菁華 ("洩之有益，傷之有害");
  // 從旺 keeps its 印 (衰旺: "木旺極者似火", the 旺極 chart that "若逢木運，名利兩全").
  if (grade === 'dts.wang_ji') {
    const strong = resourceStems > companionStems;
    return done(
      strong && outputRooted ? (day + 1) % 5 : strong ? day : (day + 4) % 5,
      'follow_strong',
      { pattern: strong ? 'pattern.cong_qiang' : 'pattern.cong_wang', genuine: true },
      strong ? (outputRooted ? ENDS.followStrongDrained : ENDS.followStrong) : ENDS.wangJi,
    );
  }

  // 從兒 (不論身強弱): 食傷 outnumber the day master's side, no 印 that helps or stands rooted, no 官殺 stem.
  if (
    counts[1]! >= 3 &&
    output > companions + resource &&
    output >= Math.max(wealth, officer) &&
    !effectiveResource &&
    !resourceRooted &&
    !officerStem
  ) {
    const yong = counts[2]! > 0 ? elementOf(day, 2) : elementOf(day, 1);
    return done(yong, 'follow_weak', { pattern: 'pattern.cong_er', genuine: true }, ENDS.followOutput);
  }

  // 從財・從殺・從勢: no heavy root, no 印 that helps; 假從 when a root or an 印 is there but the side is still overwhelmed.
  if (sideShare < CUTS.taiShuai) {
    const genuine = !dayHeavyRoot && !effectiveResource;
    if (genuine || sideShare < CUTS.shuaiJi) {
      // The side followed: the one that outweighs the others by a fifth; else 從勢 (the month's, if opposing).
      const opposing = [output, wealth, officer];
      let first = 0;
      for (let i = 1; i < 3; i++) if (opposing[i]! > opposing[first]!) first = i;
      let second = first === 0 ? 1 : 0;
      for (let i = 0; i < 3; i++) if (i !== first && opposing[i]! > opposing[second]!) second = i;
      const monthCategory = mainCategories[1]!;
      const followed = opposing[first]! >= opposing[second]! * 1.2 ? first + 1 : null;
      const pattern: DtsOuter =
        followed === 2 ? 'pattern.cong_cai' : followed === 3 ? 'pattern.cong_sha' : followed === 1 ? 'pattern.cong_er' : 'pattern.cong_shi';
      const yong = elementOf(day, followed ?? (monthCategory >= 1 && monthCategory <= 3 ? monthCategory : 2));
      // A 殺 that a rooted 食傷 controls is not followed ("乾透兩丁，足以盤根制殺"): 扶抑 reads the chart.
      // Nor 食傷 under a rooted 印 (the 從兒 rule above).
      if ((followed !== 3 || !outputRooted) && (followed !== 1 || !resourceRooted))
        return done(
          yong,
          'follow_weak',
          { pattern, genuine },
          genuine
            ? followed === null
              ? ENDS.followWeakMomentum
              : ENDS.followWeak
            : followed === null
              ? ENDS.followFalseMomentum
              : ENDS.followFalse,
        );
    }
  }

  // 寒暖: a cold chart (winter, 金・水・木 day) warmed by a rooted 火 stem takes it ("得氣之寒，遇暖而發");
  // a hot one (summer, 火・木・土 day) with a rooted 水 stem takes it ("暖雖至而寒有根"). Rootless, the
  // other side is no help ("寒甚而暖無氣，反以無暖為美").
  if (grade !== 'dts.shuai_ji' && grade !== 'dts.tai_shuai') {
    const rootedStemOf = (element: number) => stems.some((s, slot) => slot !== DAY && s >> 1 === element && anyRoot(s, branches));
    if ([11, 0, 1].includes(month) && [0, 3, 4].includes(day) && rootedStemOf(1)) return done(1, 'climate', null, ENDS.cold);
    if ([5, 6, 7].includes(month) && [0, 1, 2].includes(day) && rootedStemOf(4)) return done(4, 'climate', null, ENDS.warm);
  }

  // The ten reversals, then 扶抑.
  switch (grade) {
    case 'dts.tai_wang':
      // 印 heavier than 比劫: the 財 that breaks it ("水勢猖狂，獨戊土以培之").
      if (resource > companions && counts[2]! > 0) return done(elementOf(day, 2), 'fuyi', null, ENDS.wang);
      return done(elementOf(day, 1), 'extreme', null, ENDS.taiWang);
    case 'dts.shuai_ji':
      return done(elementOf(day, 1), 'extreme', null, ENDS.shuaiJi);
    case 'dts.tai_shuai':
      return done(elementOf(day, 3), 'extreme', null, ENDS.taiShuai);
    case 'dts.wang': {
      const category = officerClear || officerRooted ? 3 : counts[1]! > 0 ? 1 : counts[2]! > 0 ? 2 : 1;
      // 印 heavier than 比劫: 財 breaks the 印.
      const resourceHeavy = counts[4]! > counts[0]! + 1 && counts[2]! > 0;
      return done(elementOf(day, resourceHeavy ? 2 : category), 'fuyi', null, ENDS.wang);
    }
    case 'dts.shuai': {
      // 財 heaviest: 比劫 (幫); 官殺 or 食傷: 印 (助).
      let heaviest = 2;
      for (const c of [1, 3]) if (counts[c]! > counts[heaviest]!) heaviest = c;
      return done(elementOf(day, heaviest === 2 ? 0 : 4), 'fuyi', null, ENDS.shuai);
    }
    case 'dts.zhong_he':
      if (tongguan !== null) return done(tongguan, 'tongguan', null, ENDS.zhongheTongguan);
      return done(patternYong, patternYong === null ? null : 'pattern', null, ENDS.zhonghe);
  }
}

/** 任鐵樵's five gods (閒神): 用 in excess — 喜 what 用 generates, 忌 what controls 用, 仇 what generates 用; 用 short — 喜 what generates 用, 忌 what 用 controls, 仇 what controls 用; 閒 the one left. */
export function renFiveGods(yong: number, surplus: boolean): { yong: number; xi: number; ji: number; chou: number; xian: number } {
  return surplus
    ? { yong, xi: (yong + 1) % 5, ji: (yong + 3) % 5, chou: (yong + 4) % 5, xian: (yong + 2) % 5 }
    : { yong, xi: (yong + 4) % 5, ji: (yong + 2) % 5, chou: (yong + 3) % 5, xian: (yong + 1) % 5 };
}
