/**
 * Special stars (神殺) against their sources. Every rule's table is typed below literally as its source
 * prints it (the sources below; the shensha six from
 * shensha six), parsed here, and turned into the positions a chart must show by a small oracle written
 * in this file. Charts are built so that every key value (10 day stems, 12 month branches, 12 year or
 * day branches, 60 year pillars) meets every candidate target at every pillar, then 2,000 random charts
 * more; the module must report exactly the oracle's positions.
 */
import { describe, expect, it } from 'vitest';
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import type { AnalysisInput } from '../../../src/domain/chart/analysis-input.ts';
import { shensha } from '../../../src/domain/chart/analysis/shensha.ts';
import type { FourPillars } from '../../../src/domain/chart/pillars.ts';
import { buildVariantBResult } from '../../../src/domain/chart/variants.ts';
import {
  SPECIAL_STAR_CATALOGUE,
  SPECIAL_STAR_OPTION_DEFAULTS,
  SPECIAL_STAR_OPTIONS,
  specialStarsOf,
  type SpecialStar,
  type SpecialStarOptions,
} from '../../../src/domain/stars/special-stars.ts';
import { chartOf, pillarsOf } from '../../support/chart.ts';
import { mulberry32, randomInt } from '../../support/prng.ts';

const STEM_CHARS = '甲乙丙丁戊己庚辛壬癸';
const BRANCH_CHARS = '子丑寅卯辰巳午未申酉戌亥';
const PILLARS = ['year', 'month', 'day', 'hour'] as const;
const [YEAR, MONTH, DAY] = [0, 1, 2];
/** Canonical position order: year → hour, stem before branch. */
const SLOTS = PILLARS.flatMap((pillar) => [`${pillar}.stem`, `${pillar}.branch`]);

/** Sexagenary index of a stem–branch pair (甲子 = 0), found by search, not by formula. */
const cycleOf = (stem: number, branch: number): number => {
  const found = Array.from({ length: 60 }, (_, i) => i).find((i) => i % 10 === stem && i % 12 === branch);
  if (found === undefined) throw new Error(`no pillar ${stem}/${branch}`);
  return found;
};
const nameOf = (pillar: number): string => STEM_CHARS[pillar % 10]! + BRANCH_CHARS[pillar % 12]!;
const indexOfName = (name: string): number => cycleOf(STEM_CHARS.indexOf(name[0]!), BRANCH_CHARS.indexOf(name[1]!));
const pillarsFrom = (text: string): FourPillars => {
  const [year, month, day, hour] = text.split(' ').map(indexOfName);
  return { year: year!, month: month!, day: day!, hour: hour! };
};
const asList = (p: FourPillars): number[] => [p.year, p.month, p.day, p.hour!];
const slotsOf = (star: SpecialStar | undefined): string[] => (star ? star.positions.map(({ pillar, part }) => `${pillar}.${part}`) : []);
const find = (stars: readonly SpecialStar[], code: string): SpecialStar | undefined => stars.find((star) => star.code === code);

/** 納音 in cycle order , for the element of the year pillar's 納音 (its last character). */
const NAYIN =
  '海中金 炉中火 大林木 路傍土 剣鋒金 山頭火 澗下水 城頭土 白鑞金 楊柳木 井泉水 屋上土 霹靂火 松柏木 長流水 沙中金 山下火 平地木 壁上土 金箔金 覆燈火 天河水 大駅土 釵釧金 桑柘木 大渓水 沙中土 天上火 石榴木 大海水'.split(
    ' ',
  );

/**
 * A source table as printed: "甲卯 丙午 …" (key, then its targets) or "申子辰→酉; 寅午戌→卯" (keys → targets,
 * targets may be joined by ・). A key of more than one character ends in 旬 (空亡).
 */
function parseTable(text: string): Map<string, string[]> {
  const table = new Map<string, string[]>();
  for (const token of text.split(/[\s,;]+/).filter(Boolean)) {
    if (token.includes('→')) {
      const [left, right] = token.split('→') as [string, string];
      const targets = right.replaceAll('・', '').split('');
      if (left.endsWith('旬')) table.set(left.slice(0, -1), targets);
      else for (const key of left) table.set(key, [...(table.get(key) ?? []), ...targets]);
    } else {
      table.set(token[0]!, [...(table.get(token[0]!) ?? []), ...token.slice(1).split('')]);
    }
  }
  return table;
}

/** 魁罡 lists whole day pillars; every other table is parsed by parseTable. */
const tableOf = (c: StarCase): Map<string, string[]> =>
  c.family === 'kuigang' ? new Map(c.table.split(' ').map((name) => [name, [name]])) : parseTable(c.table);

type Family = 'day_stem' | 'month' | 'branches' | 'year_nayin' | 'void' | 'kuigang';
interface StarCase {
  readonly code: string;
  readonly name: string;
  readonly family: Family;
  readonly source: string;
  readonly table: string;
  readonly options?: Partial<SpecialStarOptions>;
  /** For 'branches': the reference pillars (0 year, 1 month, 2 day). */
  readonly references?: readonly number[];
}

/** The positions the source table gives for a chart: the oracle. */
function expectedSlots(c: StarCase, table: Map<string, string[]>, pillars: FourPillars, options: SpecialStarOptions): string[] {
  const list = asList(pillars);
  const stems = list.map((p) => STEM_CHARS[p % 10]!);
  const branches = list.map((p) => BRANCH_CHARS[p % 12]!);
  const found = new Set<string>();
  const branchHits = (targets: readonly string[] | undefined, skip: number) => {
    branches.forEach((branch, p) => {
      if (p !== skip && targets?.includes(branch)) found.add(`${PILLARS[p]}.branch`);
    });
  };
  const self = (reference: number) => (options.selfMatch ? -1 : reference);
  switch (c.family) {
    case 'day_stem':
      branchHits(table.get(stems[DAY]!), -1);
      break;
    case 'month': {
      const targets = table.get(branches[MONTH]!);
      stems.forEach((stem, p) => {
        if (targets?.includes(stem)) found.add(`${PILLARS[p]}.stem`);
      });
      if (options.heavenlyVirtue === 'stem_or_branch') branchHits(targets, self(MONTH));
      break;
    }
    case 'branches':
      for (const r of c.references ?? []) branchHits(table.get(branches[r]!), self(r));
      break;
    case 'year_nayin':
      branchHits(table.get(NAYIN[Math.floor(pillars.year / 2)]!.at(-1)!), self(YEAR));
      break;
    case 'void':
      branchHits(table.get(nameOf(pillars.day - (pillars.day % 10))), DAY);
      break;
    case 'kuigang':
      if (table.has(nameOf(pillars.day))) ['day.stem', 'day.branch'].forEach((slot) => found.add(slot));
      break;
  }
  return SLOTS.filter((slot) => found.has(slot));
}

/** The value a case is keyed on, to check that the charts met every key of the table. */
function keyOf(c: StarCase, pillars: FourPillars, reference: number): string {
  const list = asList(pillars);
  if (c.family === 'day_stem') return STEM_CHARS[pillars.day % 10]!;
  if (c.family === 'month') return BRANCH_CHARS[pillars.month % 12]!;
  if (c.family === 'year_nayin') return NAYIN[Math.floor(pillars.year / 2)]!.at(-1)!;
  if (c.family === 'void') return nameOf(pillars.day - (pillars.day % 10));
  if (c.family === 'kuigang') return nameOf(pillars.day);
  return BRANCH_CHARS[list[reference]! % 12]!;
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const chart = (year: number, month: number, day: number, hour: number): FourPillars => ({ year, month, day, hour });

/** Charts in which every key value meets every target value at every pillar (pillar i has branch i mod 12). */
function sweep(family: Family): FourPillars[] {
  switch (family) {
    case 'day_stem':
      // day stem s with each of its 6 branches; year, month, hour run through all 12 branches, out of step.
      return range(10).flatMap((s) =>
        range(12).flatMap((v) => range(6).map((k) => chart(v, (v + 4) % 12, cycleOf(s, (s % 2) + 2 * k), (v + 8) % 12))),
      );
    case 'month':
      // month branch m with each of its 5 stems; the other pillars run through all 60 pillars, out of step.
      return range(12).flatMap((m) =>
        range(60).flatMap((i) => range(5).map((k) => chart(i, cycleOf((m % 2) + 2 * k, m), (i + 7) % 60, (i + 29) % 60))),
      );
    case 'branches':
      return range(12).flatMap((y) => range(12).flatMap((d) => range(12).map((v) => chart(y, v, d, (v + 5) % 12))));
    case 'year_nayin':
      return range(60).flatMap((y) => range(12).map((v) => chart(y, v, (v + 4) % 12, (v + 8) % 12)));
    case 'void':
      return range(60).flatMap((d) => range(12).map((v) => chart(v, (v + 4) % 12, d, (v + 8) % 12)));
    case 'kuigang':
      return range(60).map((d) => chart(0, 1, d, 2));
  }
}

function randomCharts(count: number, seed: number): FourPillars[] {
  const random = mulberry32(seed);
  return range(count).map(() =>
    chart(randomInt(random, 0, 59), randomInt(random, 0, 59), randomInt(random, 0, 59), randomInt(random, 0, 59)),
  );
}
const RANDOM_CHARTS = randomCharts(2000, 6_001);

/** Charts where the module and the oracle disagree, and the table keys the charts actually hit. */
function compare(c: StarCase, table: Map<string, string[]>) {
  const options = { ...SPECIAL_STAR_OPTION_DEFAULTS, ...c.options };
  const mismatches: string[] = [];
  const keysHit = new Set<string>();
  for (const pillars of [...sweep(c.family), ...RANDOM_CHARTS]) {
    const expected = expectedSlots(c, table, pillars, options);
    const actual = slotsOf(find(specialStarsOf(pillars, JA_CATALOGUE, c.options), c.code));
    if (expected.join() !== actual.join())
      mismatches.push(`${asList(pillars).map(nameOf).join(' ')}: ${actual.join()} ≠ ${expected.join()}`);
    for (const r of c.references ?? [YEAR]) {
      const fromOne = c.family === 'branches' ? expectedSlots({ ...c, references: [r] }, table, pillars, options) : expected;
      if (fromOne.length > 0) keysHit.add(keyOf(c, pillars, r));
    }
  }
  return { mismatches, keysHit };
}

const YEAR_AND_DAY = [YEAR, DAY];
const starCase = (
  code: string,
  name: string,
  family: Family,
  table: string,
  source: string,
  options?: Partial<SpecialStarOptions>,
): StarCase => ({
  code,
  name,
  family,
  table,
  source,
  ...(options && { options }),
});
const fromBranches = (references: readonly number[], base: StarCase): StarCase => ({ ...base, references });
const withSelfMatch = (cases: readonly StarCase[]): StarCase[] =>
  cases.flatMap((c) => [c, { ...c, options: { ...c.options, selfMatch: true } }]);

// Sources: M Brhiza/mingyu src/utils/bazi/baziShenSha.ts (snapshot 9959927); S 三命通會 (docs/sources.md [sanming-shensha]); R5 cantian-ai/bazi-mcp src/lib/god.ts; R7 the-red/yorozu-uranai
// src/suimei/models/tokushusei/*.ts; R8 MnrUchida/sichusuimei spec/models/jikkan_spec.rb; P42 淵海子平 quotation;
// mawentao/bazi bazi_analyze_shensha.php for the shensha six.
// prettier-ignore
const DAY_STEM_CASES: StarCase[] = [
  starCase('tenotsu_kijin', '天乙貴人', 'day_stem', '甲戊庚→丑・未; 乙己→子・申; 丙丁→亥・酉; 壬癸→卯・巳; 辛→午・寅', 'mawentao-bazi'),
  starCase('bunshou_kijin', '文昌貴人', 'day_stem', '甲巳 乙午 丙申 丁酉 戊申 己酉 庚亥 辛子 壬寅 癸卯', 'mawentao-bazi'),
  starCase('youjin', '羊刃', 'day_stem', '甲卯 丙午 戊午 庚酉 壬子 乙辰 丁未 己未 辛戌 癸丑', 'R7 nikkan-shi.ts 羊刃; R8'),
  starCase('youjin', '羊刃', 'day_stem', '甲卯 丙午 戊午 庚酉 壬子', 'P42 淵海子平, yang stems only', { yangBlade: 'yang_only' }),
  starCase('youjin', '羊刃', 'day_stem', '甲卯 乙寅 丙午 丁巳 戊午 己巳 庚酉 辛申 壬子 癸亥', 'R5 羊刃', { yangBlade: 'prosperity' }),
  starCase('hijin', '飛刃', 'day_stem', '甲酉 乙戌 丙子 丁丑 戊子 己丑 庚卯 辛辰 壬午 癸未', 'R7 nikkan-shi.ts 飛刃'),
  starCase('hijin', '飛刃', 'day_stem', '甲酉 丙子 戊子 庚卯 壬午', 'R7 飛刃, yang stems only', { yangBlade: 'yang_only' }),
  starCase('hijin', '飛刃', 'day_stem', '甲酉 乙申 丙子 丁亥 戊子 己亥 庚卯 辛寅 壬午 癸巳', 'R5 飞刃', { yangBlade: 'prosperity' }),
  starCase('hijin', '飛刃', 'day_stem', '甲酉 乙申 丙子 丁亥 戊子 己亥 庚卯 辛寅 壬午 癸巳', 'M 飞刃 (羊刃 帝旺 map, then its clash)', { yangBlade: 'prosperity' }),
  starCase('jikkanroku', '十干禄', 'day_stem', '甲寅 乙卯 丙巳 丁午 戊巳 己午 庚申 辛酉 壬亥 癸子', 'R7 十干禄; R8 干禄'),
  starCase('kinyo', '金輿', 'day_stem', '甲辰 乙巳 丙未 丁申 戊未 己申 庚戌 辛亥 壬丑 癸寅', 'R7 金与禄; R8 金輿禄'),
  starCase('anroku', '暗禄', 'day_stem', '甲亥 乙戌 丙申 丁未 戊申 己未 庚巳 辛辰 壬寅 癸丑', 'R7 暗禄; R8 暗禄'),
  starCase('kouen', '紅艶', 'day_stem', '甲午 乙申 丙寅 丁未 戊辰 己辰 庚戌 辛酉 壬子 癸申', 'R7 紅艶殺'),
  starCase('kouen', '紅艶', 'day_stem', '甲午 乙午 丙寅 丁未 戊辰 己辰 庚戌 辛酉 壬子 癸申', 'R5 红艳', { redBlossom: 'cantian' }),
  starCase('tenchu_kijin', '天厨貴人', 'day_stem', '甲巳 乙午 丙巳 丁午 戊申 己酉 庚亥 辛子 壬寅 癸卯', 'R7 天厨貴人; R8'),
  starCase('tenkan_kijin', '天官貴人', 'day_stem', '甲未 乙辰 丙巳 丁酉 戊戌 己卯 庚亥 辛申 壬寅 癸午', 'R7 天官貴人; R8'),
  starCase('ryuuka', '流霞', 'day_stem', '甲酉 乙戌 丙未 丁申 戊巳 己午 庚辰 辛卯 壬亥 癸寅', 'R7 流霞殺; R5 流霞'),
  starCase('ryuuka', '流霞', 'day_stem', '甲酉 乙戌 丙未 丁申 戊巳 己午 庚辰 辛卯 壬亥 癸寅', 'M 流霞'),
  starCase('gakudou', '学堂', 'day_stem', '甲亥 乙午 丙寅 丁酉 戊寅 己酉 庚巳 辛子 壬申 癸卯', 'R8 富貴学童'),
];

const HEAVENLY_VIRTUE = '寅丁 卯申 辰壬 巳辛 午亥 未甲 申癸 酉寅 戌丙 亥乙 子巳 丑庚';
const HEAVENLY_VIRTUE_COMBINATION = '寅壬 卯巳 辰丁 巳丙 午寅 未己 申戊 酉亥 戌辛 亥庚 子申 丑乙';
// prettier-ignore
const MONTH_CASES: StarCase[] = [
  ...withSelfMatch([
    starCase('tentoku_kijin', '天徳貴人', 'month', HEAVENLY_VIRTUE, 'R7 gesshi-kanshi.ts 天徳貴人'),
    starCase('tentoku_gou', '天徳合', 'month', HEAVENLY_VIRTUE_COMBINATION, 'R7 gesshi-kanshi.ts 天徳合'),
  ]),
  starCase('tentoku_kijin', '天徳貴人', 'month', HEAVENLY_VIRTUE, 'R5 天德贵人, stems only', { heavenlyVirtue: 'stem_only' }),
  starCase('tentoku_gou', '天徳合', 'month', HEAVENLY_VIRTUE_COMBINATION, 'R5 天德合, stems only', { heavenlyVirtue: 'stem_only' }),
  starCase('gettoku_kijin', '月徳貴人', 'month', '寅丙 卯甲 辰壬 巳庚 午丙 未甲 申壬 酉庚 戌丙 亥甲 子壬 丑庚', 'R7 月徳貴人; R5 月德贵人'),
  starCase('gettoku_gou', '月徳合', 'month', '寅辛 卯己 辰丁 巳乙 午辛 未己 申丁 酉乙 戌辛 亥己 子丁 丑乙', 'R5 月德合'),
  starCase('gettoku_gou', '月徳合', 'month', '寅辛 午辛 戌辛 申丁 子丁 辰丁 亥己 卯己 未己 巳乙 酉乙 丑乙', 'M 月德合 (月德 stem, then its 干合)'),
];

// prettier-ignore
const BRANCH_CASES: StarCase[] = withSelfMatch([
  fromBranches(YEAR_AND_DAY, starCase('touka', '桃花', 'branches', '申子辰→酉; 寅午戌→卯; 巳酉丑→午; 亥卯未→子', 'mawentao-bazi')),
  fromBranches(YEAR_AND_DAY, starCase('kagai', '華蓋', 'branches', '申子辰→辰; 寅午戌→戌; 巳酉丑→丑; 亥卯未→未', 'mawentao-bazi')),
  fromBranches([MONTH], starCase('kagai', '華蓋', 'branches', '寅戌 卯未 辰辰 巳丑 午戌 未未 申辰 酉丑 戌戌 亥未 子辰 丑丑', 'R7 gesshi-shi.ts 華蓋', { canopyKey: 'month' })),
  fromBranches(YEAR_AND_DAY, starCase('ekiba', '駅馬', 'branches', '子寅 丑亥 寅申 卯巳 辰寅 巳亥 午申 未巳 申寅 酉亥 戌申 亥巳', 'R7 nenshi_nisshi-shi.ts 駅馬')),
  fromBranches(YEAR_AND_DAY, starCase('gousatsu', '劫殺', 'branches', '子巳 丑寅 寅亥 卯申 辰巳 巳寅 午亥 未申 申巳 酉寅 戌亥 亥申', 'R7 劫殺')),
  fromBranches(YEAR_AND_DAY, starCase('boushin', '亡神', 'branches', '寅巳 午巳 戌巳 申亥 子亥 辰亥 亥寅 卯寅 未寅 巳申 酉申 丑申', 'R5 亡神')),
  fromBranches(YEAR_AND_DAY, starCase('boushin', '亡神', 'branches', '申亥 子亥 辰亥 寅巳 午巳 戌巳 巳申 酉申 丑申 亥寅 卯寅 未寅', 'S 論劫煞亡神 「亡在五行臨官」')),
  fromBranches(YEAR_AND_DAY, starCase('gousatsu', '劫殺', 'branches', '申巳 子巳 辰巳 寅亥 午亥 戌亥 巳寅 酉寅 丑寅 亥申 卯申 未申', 'S 論劫煞亡神 「劫在五行絕處」')),
  fromBranches(YEAR_AND_DAY, starCase('koshin', '孤辰', 'branches', '子寅 丑寅 寅巳 卯巳 辰巳 巳申 午申 未申 申亥 酉亥 戌亥 亥寅', 'R7 孤辰')),
  fromBranches([YEAR], starCase('koshin', '孤辰', 'branches', '寅巳 卯巳 辰巳 巳申 午申 未申 申亥 酉亥 戌亥 亥寅 子寅 丑寅', 'R5 孤辰, year only', { lonelyKey: 'year' })),
  fromBranches(YEAR_AND_DAY, starCase('kashuku', '寡宿', 'branches', '子戌 丑戌 寅丑 卯丑 辰丑 巳辰 午辰 未辰 申未 酉未 戌未 亥戌', 'R7 寡宿')),
  fromBranches([YEAR], starCase('kashuku', '寡宿', 'branches', '寅丑 卯丑 辰丑 巳辰 午辰 未辰 申未 酉未 戌未 亥戌 子戌 丑戌', 'R5 寡宿, year only', { lonelyKey: 'year' })),
  fromBranches(YEAR_AND_DAY, starCase('ketsujin', '血刃', 'branches', '子戌 丑酉 寅申 卯未 辰午 巳巳 午辰 未卯 申寅 酉丑 戌子 亥亥', 'R7 血刃', { bloodBlade: true })),
  starCase('gakudou', '学堂', 'year_nayin', '金巳 木亥 水申 土申 火寅', 'R5 学堂 (year 納音)', { academy: 'year_nayin' }),
]);

// prettier-ignore
const DAY_PILLAR_CASES: StarCase[] = [
  starCase('kuubou', '空亡', 'void', '甲子旬→戌亥; 甲戌旬→申酉; 甲申旬→午未; 甲午旬→辰巳; 甲辰旬→寅卯; 甲寅旬→子丑', 'mawentao-bazi'),
  starCase('kaikou', '魁罡', 'kuigang', '壬辰 庚戌 庚辰 戊戌', 'mawentao-bazi 「壬辰庚戌與庚辰，戊戌魁罡四座神」'),
];
const ALL_CASES = [...DAY_STEM_CASES, ...MONTH_CASES, ...BRANCH_CASES, ...DAY_PILLAR_CASES];
const label = (c: StarCase) => `${c.name} ${JSON.stringify(c.options ?? {})} = ${c.source}: ${c.table}`;

describe('each star equals its source table over every key value', () => {
  it.each(ALL_CASES.map((c) => [label(c), c] as const))('%s', (_, c) => {
    const table = tableOf(c);
    const { mismatches, keysHit } = compare(c, table);
    expect(mismatches.slice(0, 5)).toEqual([]);
    // With stem_only, a 天徳 entry that is a branch can never be found.
    const findable = (target: string) => c.options?.heavenlyVirtue !== 'stem_only' || STEM_CHARS.includes(target);
    const keysWithTargets = [...table].filter(([, targets]) => targets.some(findable)).map(([key]) => key);
    expect([...keysHit].sort(), 'every key of the table was met with its target').toEqual(keysWithTargets.sort());
  });

  it('a one-entry change to a source table is caught (羊刃 甲辰 instead of 甲卯; 天徳 卯酉 instead of 卯申)', () => {
    const blade = DAY_STEM_CASES.find((c) => c.code === 'youjin')!;
    expect(compare(blade, parseTable(blade.table.replace('甲卯', '甲辰'))).mismatches.length).toBeGreaterThan(0);
    const virtue = MONTH_CASES.find((c) => c.code === 'tentoku_kijin')!;
    expect(compare(virtue, parseTable(virtue.table.replace('卯申', '卯酉'))).mismatches.length).toBeGreaterThan(0);
  });

  it('月徳合 follows cantian (子→丁), not yorozu’s 子→辛 (R7 gesshi-kanshi.ts, a data error)', () => {
    const yorozu = parseTable('寅辛 卯己 辰丁 巳乙 午辛 未己 申丁 酉乙 戌辛 亥己 子辛 丑乙');
    const c = MONTH_CASES.find((x) => x.code === 'gettoku_gou')!;
    expect(compare(c, yorozu).mismatches.length).toBeGreaterThan(0);
    expect(slotsOf(find(specialStarsOf(pillarsFrom('丁卯 丙子 丁酉 辛亥'), JA_CATALOGUE), 'gettoku_gou'))).toEqual([
      'year.stem',
      'day.stem',
    ]);
  });

  it('亡神 follows the 三合 groups (R5, 三命通會); yorozu’s 酉→寅 and 亥→申 (its 劫殺 entries) are not followed', () => {
    const stars = specialStarsOf(pillarsFrom('癸亥 乙卯 壬寅 辛亥'), JA_CATALOGUE);
    expect(find(stars, 'boushin')).toMatchObject({ positions: [{ pillar: 'day', part: 'branch' }], rule: '年支 亥 → 地支 寅' });
  });

  it('mingyu swaps 劫煞 and 亡神 for the 巳酉丑 and 亥卯未 groups (三命通會: 劫 at the 絶, 亡 at the 臨官); not followed', () => {
    // Typed from mingyu's two maps: they differ from ours in exactly those six keys, each way.
    const mingyuLost = parseTable('申亥 子亥 辰亥 亥申 卯申 未申 寅巳 午巳 戌巳 巳寅 酉寅 丑寅');
    const mingyuRobbery = parseTable('申巳 子巳 辰巳 亥寅 卯寅 未寅 寅亥 午亥 戌亥 巳申 酉申 丑申');
    const lost = BRANCH_CASES.find((c) => c.code === 'boushin')!;
    const robbery = BRANCH_CASES.find((c) => c.code === 'gousatsu')!;
    const swapped = [...mingyuLost]
      .filter(([key, targets]) => parseTable(lost.table).get(key)!.join() !== targets.join())
      .map(([key]) => key);
    expect(swapped.sort()).toEqual(['亥', '卯', '未', '巳', '酉', '丑'].sort());
    for (const key of swapped) expect(mingyuLost.get(key)).toEqual(parseTable(robbery.table).get(key));
    for (const key of swapped) expect(mingyuRobbery.get(key)).toEqual(parseTable(lost.table).get(key));
    expect(compare(lost, mingyuLost).mismatches.length).toBeGreaterThan(0);
  });
});

describe('options', () => {
  it('血刃 is off by default and under every other option', () => {
    for (const pillars of [...sweep('branches'), ...RANDOM_CHARTS]) {
      expect(find(specialStarsOf(pillars, JA_CATALOGUE), 'ketsujin')).toBeUndefined();
      expect(
        find(specialStarsOf(pillars, JA_CATALOGUE, { selfMatch: true, canopyKey: 'month', lonelyKey: 'year' }), 'ketsujin'),
      ).toBeUndefined();
    }
  });

  it('selfMatch: a 辰 year has 華蓋 on itself only with selfMatch; 血刃 亥→亥 likewise (yorozu vs cantian)', () => {
    const p = pillarsFrom('甲辰 丙寅 戊戌 辛酉');
    expect(find(specialStarsOf(p, JA_CATALOGUE), 'kagai')).toBeUndefined();
    expect(find(specialStarsOf(p, JA_CATALOGUE, { selfMatch: true }), 'kagai')).toEqual({
      code: 'kagai',
      name: '華蓋',
      reading: 'かがい',
      positions: [
        { pillar: 'year', part: 'branch' },
        { pillar: 'day', part: 'branch' },
      ],
      rule: '年支 辰 → 地支 辰、日支 戌 → 地支 戌',
    });
    const q = pillarsFrom('癸亥 乙卯 壬寅 辛亥');
    expect(slotsOf(find(specialStarsOf(q, JA_CATALOGUE, { bloodBlade: true }), 'ketsujin'))).toEqual(['hour.branch']);
    expect(slotsOf(find(specialStarsOf(q, JA_CATALOGUE, { bloodBlade: true, selfMatch: true }), 'ketsujin'))).toEqual([
      'year.branch',
      'hour.branch',
    ]);
  });

  it('天徳貴人 of a 卯 month is the branch 申: found with stem_or_branch, not with stem_only (yorozu Tokushusei.test.ts, 2023-03-15)', () => {
    const p = pillarsFrom(pillarsOf({ year: 2023, month: 3, day: 15, time: '11:41', location: 135 }));
    expect(asList(p).map(nameOf).join(' ')).toBe('癸卯 乙卯 壬申 丙午');
    expect(find(specialStarsOf(p, JA_CATALOGUE), 'tentoku_kijin')).toMatchObject({
      positions: [{ pillar: 'day', part: 'branch' }],
      rule: '月支 卯 → 地支 申',
    });
    expect(find(specialStarsOf(p, JA_CATALOGUE, { heavenlyVirtue: 'stem_only' }), 'tentoku_kijin')).toBeUndefined();
  });

  it('an option given as undefined keeps its default', () => {
    for (const pillars of RANDOM_CHARTS.slice(0, 200)) {
      expect(specialStarsOf(pillars, JA_CATALOGUE, { yangBlade: undefined, selfMatch: undefined })).toEqual(
        specialStarsOf(pillars, JA_CATALOGUE),
      );
    }
  });

  it('SPECIAL_STAR_OPTIONS lists every option once, with its default among its values, and a description and a source', () => {
    expect(SPECIAL_STAR_OPTIONS.map((o) => o.name).sort()).toEqual(Object.keys(SPECIAL_STAR_OPTION_DEFAULTS).sort());
    expect(SPECIAL_STAR_OPTION_DEFAULTS).toEqual({
      yangBlade: 'japanese',
      redBlossom: 'japanese',
      academy: 'day_stem',
      lonelyKey: 'year_and_day',
      heavenlyVirtue: 'stem_or_branch',
      canopyKey: 'year_and_day',
      selfMatch: false,
      bloodBlade: false,
      generalKey: 'year_and_day',
      luanKey: 'year',
      goldenSpirit: 'hour',
    });
    for (const option of SPECIAL_STAR_OPTIONS) {
      expect(option.default).toBe(SPECIAL_STAR_OPTION_DEFAULTS[option.name]);
      expect(option.values).toContain(option.default);
      expect(option.values.length).toBeGreaterThan(1);
      expect(option.description).toMatch(/^[A-Z].+\.$/);
      expect(option.source.length).toBeGreaterThan(0);
    }
  });

  it('every non-default option value changes the answer for some chart', () => {
    for (const option of SPECIAL_STAR_OPTIONS) {
      for (const value of option.values.filter((v) => v !== option.default)) {
        const changed = [...sweep('branches'), ...sweep('day_stem'), ...RANDOM_CHARTS].some(
          (p) =>
            JSON.stringify(specialStarsOf(p, JA_CATALOGUE, { [option.name]: value })) !== JSON.stringify(specialStarsOf(p, JA_CATALOGUE)),
        );
        expect(changed, `${option.name} = ${String(value)}`).toBe(true);
      }
    }
  });
});

describe('catalogue and answer shape', () => {
  it('the catalogue is the shensha six then the further stars in a fixed order, with unique snake_case codes and hiragana readings', () => {
    expect(SPECIAL_STAR_CATALOGUE.map((s) => s.name).join(' ')).toBe(
      '天乙貴人 文昌貴人 桃花 華蓋 空亡 魁罡 羊刃 飛刃 十干禄 金輿 暗禄 紅艶 天厨貴人 天官貴人 流霞 学堂 天徳貴人 天徳合 月徳貴人 月徳合 駅馬 劫殺 亡神 孤辰 寡宿 血刃 ' +
        '将星 災殺 六厄 白虎 紅鸞 天喜 勾絞 喪門 弔客 披麻 元辰 天羅 地網 天医 太極貴人 国印貴人 福星貴人 徳秀貴人 三奇 天赦 四廃 十悪大敗 陰差陽錯 孤鸞 六秀 十霊 八専 日徳 日貴 金神',
    );
    expect(new Set(SPECIAL_STAR_CATALOGUE.map((s) => s.code)).size).toBe(SPECIAL_STAR_CATALOGUE.length);
    for (const entry of SPECIAL_STAR_CATALOGUE) {
      expect(entry.code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(entry.reading).toMatch(/^[\u3041-\u309f]+$/);
      expect(entry.key).toMatch(/^(日干|月支|年支|日柱|年柱|三柱|時柱)/);
    }
  });

  it('answers follow catalogue order, one entry per star, positions non-empty in year→hour stem→branch order', () => {
    const order = SPECIAL_STAR_CATALOGUE.map((s) => s.code);
    for (const pillars of RANDOM_CHARTS) {
      const stars = specialStarsOf(pillars, JA_CATALOGUE, { bloodBlade: true });
      const indices = stars.map((s) => order.indexOf(s.code));
      expect(indices.every((i, k) => i >= 0 && (k === 0 || i > indices[k - 1]!))).toBe(true);
      for (const star of stars) {
        const slots = slotsOf(star);
        expect(slots.length).toBeGreaterThan(0);
        expect(slots).toEqual(SLOTS.filter((slot) => slots.includes(slot)));
        expect(star.rule).toMatch(/^(日干|月支|年支|日支|日柱|年柱|天干|時柱) /);
      }
    }
  });
});

describe('the shensha six agree with the existing shensha section', () => {
  const SHENSHA_CODES = {
    tianyi_guiren: 'tenotsu_kijin',
    wenchang_guiren: 'bunshou_kijin',
    taohua: 'touka',
    huagai: 'kagai',
    kongwang: 'kuubou',
  } as const;
  const PILLAR_LABELS = { 年柱: 'year', 月柱: 'month', 日柱: 'day', 時柱: 'hour' } as const;

  function expectAgreement(pillars: FourPillars, section: ReturnType<typeof shensha>) {
    const stars = specialStarsOf(pillars, JA_CATALOGUE);
    for (const [key, code] of Object.entries(SHENSHA_CODES) as [keyof typeof SHENSHA_CODES, string][]) {
      const theirs = section[key].locations.map((location) => `${PILLAR_LABELS[location.pillar as keyof typeof PILLAR_LABELS]}.branch`);
      expect(slotsOf(find(stars, code)), `${key} ${asList(pillars).map(nameOf).join(' ')}`).toEqual(theirs);
    }
    expect(find(stars, 'kaikou') !== undefined).toBe(section.kuigang.present);
  }

  it('on 3,000 random charts (shensha())', () => {
    const random = mulberry32(6_002);
    for (let i = 0; i < 3000; i++) {
      const pillars = chart(randomInt(random, 0, 59), randomInt(random, 0, 59), randomInt(random, 0, 59), randomInt(random, 0, 59));
      const input: AnalysisInput = {
        pillars,
        dayPillarJdn: 2_451_545 + i,
        zokanDayCount: randomInt(random, 1, 30),
        zokanTable: 'getsuritsu',
      };
      expectAgreement(pillars, shensha(input, JA_CATALOGUE));
    }
  });

  it('on 300 random births (computeChartCore → buildVariantBResult)', () => {
    const random = mulberry32(6_003);
    for (let i = 0; i < 300; i++) {
      const core = chartOf({
        year: randomInt(random, 1901, 2099),
        month: randomInt(random, 1, 12),
        day: randomInt(random, 1, 28),
        hour: randomInt(random, 0, 23),
        minute: randomInt(random, 0, 59),
        location: 135,
      });
      expectAgreement(core.pillars, buildVariantBResult(core, JA_CATALOGUE).shensha);
    }
  });
});

describe('whole charts', () => {
  const summary = (stars: readonly SpecialStar[]) => stars.map((s) => `${s.name} ${slotsOf(s).join(',')} ${s.rule}`);

  it('2024-02-04 17:27 JST = 甲辰 丙寅 戊戌 辛酉 (the shensha worked example), default options', () => {
    const p = pillarsFrom(pillarsOf({ year: 2024, month: 2, day: 4, time: '17:27', location: 135 }));
    expect(asList(p).map(nameOf).join(' ')).toBe('甲辰 丙寅 戊戌 辛酉');
    expect(summary(specialStarsOf(p, JA_CATALOGUE))).toEqual([
      '桃花 hour.branch 年支 辰 → 地支 酉',
      '空亡 year.branch 日柱 戊戌 → 地支 辰',
      '魁罡 day.stem,day.branch 日柱 戊戌',
      '紅艶 year.branch 日干 戊 → 地支 辰',
      '天官貴人 day.branch 日干 戊 → 地支 戌',
      '学堂 month.branch 日干 戊 → 地支 寅',
      '月徳貴人 month.stem 月支 寅 → 天干 丙',
      '月徳合 hour.stem 月支 寅 → 天干 辛',
      '駅馬 month.branch 年支 辰 → 地支 寅',
      '六厄 hour.branch 日支 戌 → 地支 酉',
      '弔客 month.branch 年支 辰 → 地支 寅',
      '天羅 day.branch 年柱 甲辰 覆燈火 → 地支 戌',
      '太極貴人 year.branch,day.branch 日干 戊 → 地支 辰・戌',
      '徳秀貴人 month.stem,day.stem 月支 寅 → 天干 丙・戊',
      '十悪大敗 day.stem,day.branch 日柱 戊戌',
      '八専 day.stem,day.branch 日柱 戊戌',
    ]);
  });

  it('1939-02-06 12:00 = 己卯 丙寅 甲戌 庚午 (yorozu Tokushusei.test.ts): defaults, and 華蓋 on the day with canopyKey month', () => {
    const p = pillarsFrom(pillarsOf({ year: 1939, month: 2, day: 6, time: '12:00', location: 135 }));
    expect(asList(p).map(nameOf).join(' ')).toBe('己卯 丙寅 甲戌 庚午');
    expect(summary(specialStarsOf(p, JA_CATALOGUE))).toEqual([
      '桃花 year.branch 日支 戌 → 地支 卯',
      '羊刃 year.branch 日干 甲 → 地支 卯',
      '十干禄 month.branch 日干 甲 → 地支 寅',
      '紅艶 hour.branch 日干 甲 → 地支 午',
      '月徳貴人 month.stem 月支 寅 → 天干 丙',
      '亡神 month.branch 年支 卯 → 地支 寅',
      '将星 hour.branch 日支 戌 → 地支 午',
      '六厄 hour.branch 年支 卯 → 地支 午',
      '白虎 hour.branch 日支 戌 → 地支 午',
      '天喜 hour.branch 年支 卯 → 地支 午',
      '勾絞 hour.branch 年支 卯 → 地支 午',
      '太極貴人 hour.branch 日干 甲 → 地支 午',
      '国印貴人 day.branch 日干 甲 → 地支 戌',
      '福星貴人 month.branch 日干 甲 → 地支 寅',
    ]);
    expect(summary(specialStarsOf(p, JA_CATALOGUE, { canopyKey: 'month' }))).toContain('華蓋 day.branch 月支 寅 → 地支 戌');
  });

  it('1983-03-15 22:23 = 癸亥 乙卯 壬寅 辛亥 with yorozu’s options (selfMatch, 血刃, month 華蓋): its Tokushusei.test.ts list, plus 天乙・文昌 and 亡神', () => {
    const p = pillarsFrom(pillarsOf({ year: 1983, month: 3, day: 15, time: '22:23', location: 135 }));
    expect(asList(p).map(nameOf).join(' ')).toBe('癸亥 乙卯 壬寅 辛亥');
    // yorozu: 年 [十干禄, 流霞殺, 劫殺, 血刃]; 月 [咸池]; 日 [天官貴人, 天厨貴人, 暗禄, 孤辰]; 時 [十干禄, 流霞殺, 劫殺, 血刃].
    // It has no 天乙・文昌, and its 亡神 table (亥→申) misses the day's 寅.
    expect(summary(specialStarsOf(p, JA_CATALOGUE, { selfMatch: true, bloodBlade: true, canopyKey: 'month' }))).toEqual([
      '天乙貴人 month.branch 日干 壬 → 地支 卯',
      '文昌貴人 day.branch 日干 壬 → 地支 寅',
      '桃花 month.branch 日支 寅 → 地支 卯',
      '十干禄 year.branch,hour.branch 日干 壬 → 地支 亥',
      '暗禄 day.branch 日干 壬 → 地支 寅',
      '天厨貴人 day.branch 日干 壬 → 地支 寅',
      '天官貴人 day.branch 日干 壬 → 地支 寅',
      '流霞 year.branch,hour.branch 日干 壬 → 地支 亥',
      '劫殺 year.branch,hour.branch 日支 寅 → 地支 亥',
      '亡神 day.branch 年支 亥 → 地支 寅',
      '孤辰 day.branch 年支 亥 → 地支 寅',
      '血刃 year.branch,hour.branch 年支 亥 → 地支 亥',
      '将星 month.branch 年支 亥 → 地支 卯',
      '勾絞 day.branch 年支 亥 → 地支 寅',
      '天医 day.branch 月支 卯 → 地支 寅',
      '徳秀貴人 month.stem,day.stem 月支 卯 → 天干 乙・壬',
      '十霊 day.stem,day.branch 日柱 壬寅',
    ]);
  });
});
