/**
 * 相性: the worked examples (57 and 100), each scoring item against tables typed
 * here (pair classes, relation tables), symmetry over random pairs, the
 * three-pillar rule without a birth time, and the level bands.
 */
import { describe, expect, it } from 'vitest';
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { compatibilityDistribution } from '../../../scripts/lib/compatibility-distribution.ts';
import { BRANCHES } from '../../../src/domain/calendar/branches.ts';
import { cycleIndexOf } from '../../../src/domain/calendar/sexagenary.ts';
import { STEMS } from '../../../src/domain/calendar/stems.ts';
import { computeChartCore } from '../../../src/domain/chart/chart-core.ts';
import { parseChartRequest } from '../../../src/domain/chart/request.ts';
import {
  branchRelations,
  COMPATIBILITY_LEVELS,
  compatibilityOf,
  type CompatibilityChart,
} from '../../../src/domain/compatibility/compatibility.ts';
import { mulberry32, randomInt } from '../../support/prng.ts';

const g = (name: string) => STEMS.indexOf(name as (typeof STEMS)[number]);
const z = (name: string) => BRANCHES.indexOf(name as (typeof BRANCHES)[number]);
const pillar = (name: string) => cycleIndexOf(g(name[0]!), z(name[1]!));
/** A chart from its pillars as written, year first; three pillars = no birth time. */
const chart = (text: string): CompatibilityChart => {
  const [year, month, day, hour] = text.split(' ');
  return {
    pillars: { year: pillar(year!), month: pillar(month!), day: pillar(day!), hour: pillar(hour ?? '甲子') },
    timeKnown: hour !== undefined,
  };
};
const pointsByCode = (a: CompatibilityChart, b: CompatibilityChart) =>
  Object.fromEntries(compatibilityOf(a, b, JA_CATALOGUE.compatibility).items.map((item) => [item.code, item.points]));

describe('the worked examples', () => {
  it('senmyou’s good couple, 1973-12-19 (man, 己) and 1973-10-13 (woman, 壬), dates only: 良い (67); 59 without the genders', () => {
    const birth = (month: number, day: number, gender?: 'male' | 'female'): CompatibilityChart => {
      const parsed = parseChartRequest({ year: 1973, month, day, location: 139.69 });
      if (!parsed.ok) throw new Error('bad request');
      return { pillars: computeChartCore(parsed.request).pillars, timeKnown: false, gender };
    };
    const [a, b] = [birth(12, 19), birth(10, 13)];
    expect([a.pillars.year, a.pillars.month, a.pillars.day]).toEqual([pillar('癸丑'), pillar('甲子'), pillar('己丑')]);
    expect([b.pillars.year, b.pillars.month, b.pillars.day]).toEqual([pillar('癸丑'), pillar('壬戌'), pillar('壬午')]);
    const result = compatibilityOf(a, b, JA_CATALOGUE.compatibility);
    expect(result.items.map(({ code, points }) => [code, points])).toEqual([
      ['day_stems_seizai_seikan', 16],
      ['day_branches_gai', -6],
      ['year_branches_same', 1],
      // A's year 丑 against B's day 午 (害), B's year 丑 against A's day 丑 (the same branch): half weight.
      ['year_day_branches_gai', -3],
      ['year_day_branches_same', 1],
      ['five_elements', 4],
      ['kuubou_a', -4],
    ]);
    expect(result).toMatchObject({ score: 59, rawScore: 59, pillarsCompared: 3, level: '普通' });
    expect(result.items[0]!.explanation).toBe(
      '日干 A 己 から見た B 壬 は正財、B 壬 から見た A 己 は正官：正財・正官（干合ではない、有情の剋）（+16）',
    );
    expect(result.items[5]!.explanation).toContain('A 木1 火0 土3 金0 水2、B 木0 火1 土2 金0 水3');
    // As printed: the man (己) sees the woman as 正財, his wife star; she sees him as 正官, her husband star.
    const couple = compatibilityOf(birth(12, 19, 'male'), birth(10, 13, 'female'), JA_CATALOGUE.compatibility);
    expect(couple.items[1]).toEqual({
      code: 'spouse_stars',
      points: 8,
      explanation: '男性 A の日干 己 から見た女性 B の日干 壬 は正財（妻の星）、女性から見た男性は正官（夫の星）：互いが配偶者の星（+8）',
    });
    expect(couple).toMatchObject({ score: 67, level: '良い' });
    // The genders the other way round: he sees her as 正官, not a wife star; nothing is added.
    expect(compatibilityOf(birth(12, 19, 'female'), birth(10, 13, 'male'), JA_CATALOGUE.compatibility).score).toBe(59);
  });

  it('甲子 丙寅 甲子 with 乙丑 戊寅 己丑: 干合 + 支合 + 天地徳合, raw 115, clamped to 100', () => {
    const result = compatibilityOf(chart('甲子 丙寅 甲子'), chart('乙丑 戊寅 己丑'), JA_CATALOGUE.compatibility);
    expect(result.items.map(({ code, points }) => [code, points])).toEqual([
      ['day_stems_kango', 20],
      ['day_branches_shigo', 10],
      ['year_branches_shigo', 5],
      ['year_day_branches_shigo', 5],
      ['year_day_branches_shigo', 5],
      ['tenchi_tokugo', 10],
      ['five_elements', 10],
    ]);
    expect(result).toMatchObject({ rawScore: 115, score: 100, level: '非常に良い' });
  });
});

describe('each item on its own, against tables typed from the note', () => {
  // As printed: the 干合 pairs, and the 正財・正官 pairs that are not 干合.
  const KANGO = ['甲己', '乙庚', '丙辛', '丁壬', '戊癸'];
  const SEIZAI_SEIKAN_NOT_KANGO = ['乙戊', '丁庚', '己壬', '辛甲', '癸丙'];
  const ELEMENT_OF_STEM = '木木火火土土金金水水';
  const GENERATES = { 木: '火', 火: '土', 土: '金', 金: '水', 水: '木' } as Record<string, string>;
  const CONTROLS = { 木: '土', 土: '水', 水: '火', 火: '金', 金: '木' } as Record<string, string>;
  /** The class of a stem pair from the elements' 生 and 剋 cycles and the stems' polarity. */
  const expectedClass = (a: number, b: number): string => {
    const pair = STEMS[a]! + STEMS[b]!;
    const reverse = STEMS[b]! + STEMS[a]!;
    if (KANGO.includes(pair) || KANGO.includes(reverse)) return 'kango';
    if (SEIZAI_SEIKAN_NOT_KANGO.includes(pair) || SEIZAI_SEIKAN_NOT_KANGO.includes(reverse)) return 'seizai_seikan';
    const [ea, eb] = [ELEMENT_OF_STEM[a]!, ELEMENT_OF_STEM[b]!];
    const samePolarity = a % 2 === b % 2;
    if (a === b) return 'same';
    if (ea === eb) return 'kyozai';
    if (GENERATES[ea] === eb || GENERATES[eb] === ea) return samePolarity ? 'shokujin_hen_in' : 'shokan_inju';
    if (CONTROLS[ea] === eb || CONTROLS[eb] === ea) return samePolarity ? 'henzai_henkan' : 'impossible';
    return 'none';
  };
  const POINTS: Record<string, number> = {
    kango: 20,
    seizai_seikan: 16,
    shokujin_hen_in: 8,
    shokan_inju: 6,
    same: 4,
    kyozai: 0,
    henzai_henkan: -8,
  };

  it('S1: every pair of day stems (10 × 10) gets its class and points', () => {
    for (let a = 0; a < 10; a++) {
      for (let b = 0; b < 10; b++) {
        const cls = expectedClass(a, b);
        // Day pillars 甲子-decade stems on 子 / 寅 branches: no branch relation other than the ones S1 ignores.
        const points = pointsByCode(
          chart(`甲子 甲子 ${STEMS[a]}${a % 2 === 0 ? '子' : '丑'}`),
          chart(`甲子 甲子 ${STEMS[b]}${b % 2 === 0 ? '子' : '丑'}`),
        );
        expect(points[`day_stems_${cls}`], `${STEMS[a]}${STEMS[b]}`).toBe(POINTS[cls]);
        expect(Object.keys(points).filter((code) => code.startsWith('day_stems_'))).toHaveLength(1);
      }
    }
  });

  // The relation tables as printed (unordered pairs), and the worked example's points.
  const PAIRS = (text: string) => new Set(text.split(' ').flatMap(([x, y]) => [`${x}${y}`, `${y}${x}`]));
  const SHIGO = PAIRS('子丑 寅亥 卯戌 辰酉 巳申 午未');
  const CHU = PAIRS('子午 丑未 寅申 卯酉 辰戌 巳亥');
  const GAI = PAIRS('子未 丑午 寅巳 卯辰 申亥 酉戌');
  const HA = PAIRS('子酉 丑辰 寅亥 卯午 巳申 未戌');
  const KEI = PAIRS('子卯 寅巳 巳申 寅申 丑戌 戌未 丑未');
  const HANKAI = PAIRS('申子 子辰 亥卯 卯未 寅午 午戌 巳酉 酉丑');
  const SANGO = PAIRS('申辰 亥未 寅戌 巳丑');
  const JIKEI = '辰午酉亥';

  it('B1 and B2: every relation of every pair of branches (12 × 12), day weight 1 and year weight ½', () => {
    for (let x = 0; x < 12; x++) {
      for (let y = 0; y < 12; y++) {
        const pair = BRANCHES[x]! + BRANCHES[y]!;
        const expected: [string, number][] = [];
        if (SHIGO.has(pair)) expected.push(['shigo', 10]);
        if (HANKAI.has(pair)) expected.push(['hankai', 8]);
        if (SANGO.has(pair)) expected.push(['sango', 4]);
        if (x === y) expected.push(JIKEI.includes(BRANCHES[x]!) ? ['same_jikei', -4] : ['same', 2]);
        if (CHU.has(pair)) expected.push(['chu', -12]);
        if (KEI.has(pair)) expected.push(['kei', -6]);
        if (GAI.has(pair)) expected.push(['gai', -6]);
        if (HA.has(pair)) expected.push(['ha', -3]);
        expect(branchRelations(x, y), pair).toEqual(expected.map(([code]) => code));
        // Placed on the day branches (years 甲子 / 丙寅: no year relation but none to mind) and on the year branches.
        const dayPair = pointsByCode(
          chart(`甲子 甲子 甲${BRANCHES[x]}`.replace(/甲([丑卯巳未酉亥])$/, '乙$1')),
          chart(`丙寅 甲子 甲${BRANCHES[y]}`.replace(/甲([丑卯巳未酉亥])$/, '乙$1')),
        );
        for (const [code, points] of expected) expect(dayPair[`day_branches_${code}`], `${pair} ${code}`).toBe(points);
        const yearPair = pointsByCode(
          chart(`甲${BRANCHES[x]} 甲子 甲子`.replace(/^甲([丑卯巳未酉亥])/, '乙$1')),
          chart(`甲${BRANCHES[y]} 甲子 丙寅`.replace(/^甲([丑卯巳未酉亥])/, '乙$1')),
        );
        for (const [code, points] of expected) expect(yearPair[`year_branches_${code}`], `${pair} ${code}`).toBe(points / 2);
        const yearCodes = Object.keys(yearPair).filter((code) => code.startsWith('year_branches_'));
        expect(yearCodes).toHaveLength(expected.length);
      }
    }
  });

  it('P2 天剋地冲: day stems 偏財・七殺 and day branches 冲, reported with both readings and no points of its own (its 剋 and 冲 count)', () => {
    const result = compatibilityOf(chart('甲子 甲子 甲子'), chart('甲子 甲子 庚午'), JA_CATALOGUE.compatibility);
    expect(pointsByCode(chart('甲子 甲子 甲子'), chart('甲子 甲子 庚午'))).toMatchObject({
      tenkoku_chichu: 0,
      day_stems_henzai_henkan: -8,
      day_branches_chu: -12,
    });
    expect(result.items.find((item) => item.code === 'tenkoku_chichu')?.explanation).toContain('縁が深く強く惹かれ合う');
    expect(pointsByCode(chart('甲子 甲子 甲子'), chart('甲子 甲子 辛未'))['tenkoku_chichu']).toBeUndefined();
    expect(pointsByCode(chart('甲子 甲子 乙丑'), chart('甲子 甲子 辛未'))['tenkoku_chichu']).toBe(0);
  });

  it('G 五行: +4 for an element the other has twice or more, +2 once, 0 when neither has it; capped at +12', () => {
    // A 甲寅 甲寅 甲寅 is 木6 and lacks 火 土 金 水; B 丙午 戊辰 庚申 has 火2 土2 金2 and lacks 木 水:
    // A's three lacks are supplied twice each (+12), B's 木 by A's six (+4), 水 by nobody: 16, capped at 12.
    expect(pointsByCode(chart('甲寅 甲寅 甲寅'), chart('丙午 戊辰 庚申'))['five_elements']).toBe(12);
    // A 甲寅 乙卯 丙午 丁巳 (木4 火4) lacks 土 金 水; B 甲寅 乙卯 丙午 戊寅 (木5 火2 土1) supplies 土 once: +2.
    expect(pointsByCode(chart('甲寅 乙卯 丙午 丁巳'), chart('甲寅 乙卯 丙午 戊寅'))['five_elements']).toBe(2);
    // Both lack the same elements: nothing is supplied.
    expect(pointsByCode(chart('甲寅 乙卯 丙午 丁巳'), chart('甲寅 乙卯 丙午 丁巳'))['five_elements']).toBe(0);
  });

  it('K 空亡: the partner’s day branch in my 空亡 is −4, each way; the same 空亡 is a flag without points', () => {
    // 甲子 day: 空亡 戌亥. Partner day 壬戌 (甲寅旬, 空亡 子丑) holds 戌; A's day branch 子 is in B's 空亡 → both ways.
    expect(pointsByCode(chart('甲子 甲子 甲子'), chart('甲子 甲子 壬戌'))).toMatchObject({ kuubou_a: -4, kuubou_b: -4 });
    // 甲子 and 乙丑 share the 甲子旬: same 空亡 (戌亥), reported with 0 points.
    expect(pointsByCode(chart('甲子 甲子 甲子'), chart('甲子 甲子 乙丑'))).toMatchObject({ kuubou_same: 0 });
    expect(pointsByCode(chart('甲子 甲子 甲子'), chart('甲子 甲子 乙丑'))['kuubou_a']).toBeUndefined();
  });
});

describe('rules that hold for every pair', () => {
  const random = mulberry32(15);
  const randomChart = (): CompatibilityChart => ({
    pillars: {
      year: randomInt(random, 0, 59),
      month: randomInt(random, 0, 59),
      day: randomInt(random, 0, 59),
      hour: randomInt(random, 0, 59),
    },
    timeKnown: random() < 0.8,
  });
  const pairs = Array.from({ length: 5_000 }, () => [randomChart(), randomChart()] as const);

  it('symmetry: swapping the charts keeps the score and every item’s points (codes with A and B swapped)', () => {
    const swap = (code: string) => (code === 'kuubou_a' ? 'kuubou_b' : code === 'kuubou_b' ? 'kuubou_a' : code);
    for (const [a, b] of pairs) {
      const [ab, ba] = [compatibilityOf(a, b, JA_CATALOGUE.compatibility), compatibilityOf(b, a, JA_CATALOGUE.compatibility)];
      expect(ba.score).toBe(ab.score);
      expect(ba.rawScore).toBe(ab.rawScore);
      const points = (items: typeof ab.items, rename = (c: string) => c) =>
        items.map((item) => `${rename(item.code)}:${item.points}`).toSorted();
      expect(points(ba.items, swap)).toEqual(points(ab.items));
    }
  });

  it('the score is 50 + the items, rounded half up and clamped; three pillars whenever a time is missing', () => {
    for (const [a, b] of pairs) {
      const result = compatibilityOf(a, b, JA_CATALOGUE.compatibility);
      expect(result.rawScore).toBe(50 + result.items.reduce((sum, item) => sum + item.points, 0));
      expect(result.score).toBe(Math.min(100, Math.max(0, Math.round(result.rawScore))));
      expect(result.pillarsCompared).toBe(a.timeKnown && b.timeKnown ? 4 : 3);
      expect(COMPATIBILITY_LEVELS.find((band) => result.score >= band.from)!.level).toBe(result.level);
    }
  });

  it('without a birth time the hour pillars change nothing', () => {
    for (const [a, b] of pairs.slice(0, 1_000)) {
      const dateOnly = { ...a, timeKnown: false };
      const otherHour = { ...dateOnly, pillars: { ...a.pillars, hour: (a.pillars.hour! + 7) % 60 } };
      expect(compatibilityOf(otherHour, b, JA_CATALOGUE.compatibility)).toEqual(compatibilityOf(dateOnly, b, JA_CATALOGUE.compatibility));
    }
  });

  it('every level holds 5–35 % of 5,000 random pairs of births (another sample than the one the cuts were chosen on)', () => {
    const { levels } = compatibilityDistribution(5_000, 2);
    expect(levels.map(([level]) => level)).toEqual(COMPATIBILITY_LEVELS.map((band) => band.level));
    for (const [level, share] of levels) {
      expect(share, level).toBeGreaterThanOrEqual(0.05);
      expect(share, level).toBeLessThanOrEqual(0.35);
    }
  });
});
