/**
 * The thirty stars added after the first twenty-six, against their sources. Each source's table is typed
 * below as the source prints it (see the key before each table; docs/sources.md), parsed here and turned
 * into the positions a chart must show by an oracle written in this file — not from the module's tables.
 * Charts are built so that every key value meets every target at every pillar, then 3,000 random charts;
 * the module must report exactly the oracle's positions. Then: the sources' own example charts, the
 * policy on the reference pillar of each star, and the catalogue (at least 55 stars, five languages).
 */
import { describe, expect, it } from 'vitest';
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { CATALOGUES } from '../../../src/domain/catalogue/catalogues.ts';
import { LANGS } from '../../../src/domain/catalogue/lang.ts';
import type { FourPillars } from '../../../src/domain/chart/pillars.ts';
import type { Gender } from '../../../src/domain/luck/luck-request.ts';
import {
  SPECIAL_STAR_CATALOGUE,
  SPECIAL_STAR_OPTION_DEFAULTS,
  specialStarsOf,
  type SpecialStar,
  type SpecialStarOptions,
} from '../../../src/domain/stars/special-stars.ts';
import { mulberry32, randomInt } from '../../support/prng.ts';

const STEM_CHARS = '甲乙丙丁戊己庚辛壬癸';
const BRANCH_CHARS = '子丑寅卯辰巳午未申酉戌亥';
const PILLARS = ['year', 'month', 'day', 'hour'] as const;
const SLOTS = PILLARS.flatMap((pillar) => [`${pillar}.stem`, `${pillar}.branch`]);
const [YEAR, MONTH, DAY, HOUR] = [0, 1, 2, 3];

/** Sexagenary index of a stem–branch pair (甲子 = 0), by search. */
const cycleOf = (stem: number, branch: number): number => {
  const found = Array.from({ length: 60 }, (_, i) => i).find((i) => i % 10 === stem && i % 12 === branch);
  if (found === undefined) throw new Error(`no pillar ${stem}/${branch}`);
  return found;
};
const nameOf = (pillar: number): string => STEM_CHARS[pillar % 10]! + BRANCH_CHARS[pillar % 12]!;
const indexOfName = (name: string): number => cycleOf(STEM_CHARS.indexOf(name[0]!), BRANCH_CHARS.indexOf(name[1]!));
const pillarsFrom = (text: string): FourPillars => {
  const [year, month, day, hour] = text.split(' ').map(indexOfName);
  return { year: year!, month: month!, day: day!, hour: hour ?? null };
};
const listOf = (p: FourPillars): number[] => (p.hour === null ? [p.year, p.month, p.day] : [p.year, p.month, p.day, p.hour]);
const slotsOf = (star: SpecialStar | undefined): string[] => (star ? star.positions.map(({ pillar, part }) => `${pillar}.${part}`) : []);
const find = (stars: readonly SpecialStar[], code: string) => stars.find((star) => star.code === code);
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const chart = (year: number, month: number, day: number, hour: number): FourPillars => ({ year, month, day, hour });

/** 納音 in cycle order; the last character is the element. */
const NAYIN =
  '海中金 炉中火 大林木 路傍土 剣鋒金 山頭火 澗下水 城頭土 白鑞金 楊柳木 井泉水 屋上土 霹靂火 松柏木 長流水 沙中金 山下火 平地木 壁上土 金箔金 覆燈火 天河水 大駅土 釵釧金 桑柘木 大渓水 沙中土 天上火 石榴木 大海水'.split(
    ' ',
  );
const nayinElement = (pillar: number): string => NAYIN[Math.floor(pillar / 2)]!.at(-1)!;
/** 春 寅卯辰, 夏 巳午未, 秋 申酉戌, 冬 亥子丑. */
const SEASON_OF: Readonly<Record<string, string>> = {
  寅: '春',
  卯: '春',
  辰: '春',
  巳: '夏',
  午: '夏',
  未: '夏',
  申: '秋',
  酉: '秋',
  戌: '秋',
  亥: '冬',
  子: '冬',
  丑: '冬',
};

/** "子卯 丑寅 …" or "申子辰→子; 寅→午" or "火→戌・亥": key (one character, or several keys) → targets. */
function parseTable(text: string): Map<string, string[]> {
  const table = new Map<string, string[]>();
  for (const token of text.split(/[\s;]+/).filter(Boolean)) {
    const [left, right] = token.includes('→') ? (token.split('→') as [string, string]) : [token[0]!, token.slice(1)];
    for (const key of left) table.set(key, [...(table.get(key) ?? []), ...right.replaceAll('・', '').split('')]);
  }
  return table;
}

type Family = 'branches' | 'day_stem' | 'year_nayin' | 'gender' | 'virtue_grace' | 'marvels' | 'day_pillar' | 'seasonal' | 'hour_pillar';
interface StarCase {
  readonly code: string;
  readonly name: string;
  readonly family: Family;
  /** As the source prints it; for 元辰 two tables joined by ' / ': yang man or yin woman, then the others. */
  readonly table: string;
  readonly source: string;
  /** For 'branches': the reference pillars (0 year, 1 month, 2 day). */
  readonly references?: readonly number[];
  readonly options?: Partial<SpecialStarOptions>;
}
const c = (code: string, name: string, family: Family, table: string, source: string, references?: readonly number[]): StarCase => ({
  code,
  name,
  family,
  table,
  source,
  ...(references && { references }),
});

/** The positions the source table gives: the oracle. */
function expectedSlots(k: StarCase, pillars: FourPillars, options: SpecialStarOptions, gender: Gender | null): string[] {
  const list = listOf(pillars);
  const stems = list.map((p) => STEM_CHARS[p % 10]!);
  const branches = list.map((p) => BRANCH_CHARS[p % 12]!);
  const found = new Set<string>();
  const self = (reference: number) => (options.selfMatch ? -1 : reference);
  const branchHits = (targets: readonly string[] | undefined, skip: number) =>
    branches.forEach((branch, p) => {
      if (p !== skip && targets?.includes(branch)) found.add(`${PILLARS[p]}.branch`);
    });
  const whole = (p: number) => [`${PILLARS[p]}.stem`, `${PILLARS[p]}.branch`].forEach((slot) => found.add(slot));
  const names = k.table.split(/[\s;]+/);
  switch (k.family) {
    case 'branches': {
      const table = parseTable(k.table);
      for (const r of k.references!) branchHits(table.get(branches[r]!), self(r));
      break;
    }
    case 'day_stem':
      branchHits(parseTable(k.table).get(stems[DAY]!), -1);
      break;
    case 'year_nayin':
      branchHits(parseTable(k.table).get(nayinElement(pillars.year)), self(YEAR));
      break;
    case 'gender': {
      if (gender === null) break;
      const [forward, backward] = k.table.split(' / ').map(parseTable);
      const yang = STEM_CHARS.indexOf(stems[YEAR]!) % 2 === 0;
      branchHits((yang === (gender === 'male') ? forward : backward)!.get(branches[YEAR]!), self(YEAR));
      break;
    }
    case 'virtue_grace': {
      // "寅午戌: 徳丙丁 秀戊癸; …"
      const row = k.table.split('; ').find((r) => r.split(':')[0]!.includes(branches[MONTH]!))!;
      const [virtue, grace] = row
        .split(': ')[1]!
        .split(' ')
        .map((part) => part.slice(1));
      stems.forEach((stem, i) => {
        const other = (set: string) => stems.some((s, j) => j !== i && set.includes(s));
        if ((virtue!.includes(stem) && other(grace!)) || (grace!.includes(stem) && other(virtue!))) found.add(`${PILLARS[i]}.stem`);
      });
      break;
    }
    case 'marvels':
      for (let first = 0; first + 3 <= stems.length; first++) {
        if (names.includes(stems.slice(first, first + 3).join('')))
          [first, first + 1, first + 2].forEach((p) => found.add(`${PILLARS[p]}.stem`));
      }
      break;
    case 'day_pillar':
      if (names.includes(nameOf(pillars.day))) whole(DAY);
      break;
    case 'seasonal': {
      // "春 戊寅; 夏 甲午; …"
      const row = k.table.split('; ').find((r) => r.startsWith(SEASON_OF[branches[MONTH]!]!))!;
      if (row.split(' ').slice(1).includes(nameOf(pillars.day))) whole(DAY);
      break;
    }
    case 'hour_pillar':
      if (pillars.hour !== null && names.includes(nameOf(pillars.hour))) whole(HOUR);
      break;
  }
  return SLOTS.filter((slot) => found.has(slot));
}

/** Charts in which every key value meets every target at every pillar. */
function sweep(family: Family): FourPillars[] {
  switch (family) {
    case 'branches':
      return range(12).flatMap((y) => range(12).flatMap((d) => range(12).map((v) => chart(y, v, d, (v + 5) % 12))));
    case 'day_stem':
      return range(10).flatMap((s) =>
        range(12).flatMap((v) => range(6).map((k) => chart(v, (v + 4) % 12, cycleOf(s, (s % 2) + 2 * k), (v + 8) % 12))),
      );
    case 'year_nayin':
    case 'gender':
      return range(60).flatMap((y) => range(12).map((v) => chart(y, v, (v + 4) % 12, (v + 8) % 12)));
    case 'virtue_grace':
      return range(12).flatMap((m) =>
        range(60).flatMap((i) => range(5).map((k) => chart(i, cycleOf((m % 2) + 2 * k, m), (i * 7) % 60, (i * 13 + 29) % 60))),
      );
    case 'marvels':
      // every three stems on year–month–day, and on month–day–hour.
      return range(1000).flatMap((n) => {
        const [a, b, d] = [Math.floor(n / 100), Math.floor(n / 10) % 10, n % 10];
        return [
          chart(cycleOf(a, a % 2), cycleOf(b, b % 2), cycleOf(d, d % 2), 59),
          chart(59, cycleOf(a, a % 2), cycleOf(b, b % 2), cycleOf(d, d % 2)),
        ];
      });
    case 'day_pillar':
    case 'seasonal':
      // cycle index v (0..11) has the branch v: every day pillar in every month.
      return range(60).flatMap((d) => range(12).map((v) => chart((d + 17) % 60, v, d, (d + 31) % 60)));
    case 'hour_pillar':
      return range(60).map((h) => chart(0, 2, 4, h));
  }
}

const random = mulberry32(6_101);
const RANDOM_CHARTS = range(3000).map(() =>
  chart(randomInt(random, 0, 59), randomInt(random, 0, 59), randomInt(random, 0, 59), randomInt(random, 0, 59)),
);
const GENDERS: readonly (Gender | null)[] = ['male', 'female', null];

const YEAR_AND_DAY = [YEAR, DAY];
// Sources are docs/sources.md keys; the tables are those sources' own, typed as they print them.
// prettier-ignore
const CASES: StarCase[] = [
  // [bazi-mcp] god.ts 将星 (year and day branch), [destiny-core] derive_test.go 「以三合中位謂之將星」
  c('shousei', '将星', 'branches', '寅午 午午 戌午 申子 子子 辰子 亥卯 卯卯 未卯 巳酉 酉酉 丑酉', '[bazi-mcp] 将星', YEAR_AND_DAY),
  // [mingyu] baziShenSha.ts 灾煞; [sanming-shensha] 論災煞 「申子辰將星在子，午卻去衝子」
  c('saisatsu', '災殺', 'branches', '申午 子午 辰午 亥酉 卯酉 未酉 寅子 午子 戌子 巳卯 酉卯 丑卯', '[mingyu] 灾煞', YEAR_AND_DAY),
  // [bazi-mcp] god.ts 六厄
  c('rokuyaku', '六厄', 'branches', '寅酉 午酉 戌酉 申卯 子卯 辰卯 亥午 卯午 未午 巳子 酉子 丑子', '[bazi-mcp] 六厄', YEAR_AND_DAY),
  // [yorozu-uranai] nenshi_nisshi-shi.ts 白虎
  c('byakko', '白虎', 'branches', '子申 丑酉 寅戌 卯亥 辰子 巳丑 午寅 未卯 申辰 酉巳 戌午 亥未', '[yorozu-uranai] 白虎', YEAR_AND_DAY),
  // [bazi-mcp] god.ts 红鸾 and 天喜; [saju] sinsals.ts RED_PHOENIX_MAP, HEAVENLY_JOY_MAP
  c('kouran', '紅鸞', 'branches', '子卯 丑寅 寅丑 卯子 辰亥 巳戌 午酉 未申 申未 酉午 戌巳 亥辰', '[bazi-mcp] 红鸾', [YEAR]),
  c('tenki', '天喜', 'branches', '子酉 丑申 寅未 卯午 辰巳 巳辰 午卯 未寅 申丑 酉子 戌亥 亥戌', '[bazi-mcp] 天喜', [YEAR]),
  // [sanming-shensha] 論勾絞 「甲子陽命人，卯為勾，酉為絞」 (命前三辰・命後三辰), every year branch
  c('koukou', '勾絞', 'branches', '子卯酉 丑辰戌 寅巳亥 卯午子 辰未丑 巳申寅 午酉卯 未戌辰 申亥巳 酉子午 戌丑未 亥寅申', '[sanming-shensha] 論勾絞', [YEAR]),
  // [bazi-mcp] god.ts 丧门, 吊客, 披麻
  c('soumon', '喪門', 'branches', '子寅 丑卯 寅辰 卯巳 辰午 巳未 午申 未酉 申戌 酉亥 戌子 亥丑', '[bazi-mcp] 丧门', [YEAR]),
  c('choukaku', '弔客', 'branches', '子戌 丑亥 寅子 卯丑 辰寅 巳卯 午辰 未巳 申午 酉未 戌申 亥酉', '[bazi-mcp] 吊客', [YEAR]),
  c('hima', '披麻', 'branches', '子酉 丑戌 寅亥 卯子 辰丑 巳寅 午卯 未辰 申巳 酉午 戌未 亥申', '[bazi-mcp] 披麻', [YEAR]),
  // [jiemenglao] 元辰 (after 三命通會 論元辰): 陽男陰女 子年見未 丑年見申 …; 陰男陽女 子年見巳 丑年見午 …
  c('genshin', '元辰', 'gender', '子未 丑申 寅酉 卯戌 辰亥 巳子 午丑 未寅 申卯 酉辰 戌巳 亥午 / 子巳 丑午 寅未 卯申 辰酉 巳戌 午亥 未子 申丑 酉寅 戌卯 亥辰', '[jiemenglao] 元辰'),
  // [sanming-shensha] 論天羅地網 「火命人有天羅，水、土命人有地網，余金木二命無之」; 戌亥 天羅, 辰巳 地網
  c('tenra', '天羅', 'year_nayin', '火→戌・亥', '[sanming-shensha] 論天羅地網'),
  c('chimou', '地網', 'year_nayin', '水→辰・巳; 土→辰・巳', '[sanming-shensha] 論天羅地網'),
  // [saju] sinsals.ts HEAVENLY_DOCTOR_MAP (month branch)
  c('ten_i', '天医', 'branches', '子亥 丑子 寅丑 卯寅 辰卯 巳辰 午巳 未午 申未 酉申 戌酉 亥戌', '[saju] 천의', [MONTH]),
  // [saju] sinsals.ts TAIJI_NOBLE_MAP; [destiny-core] (五行精紀 「庚辛寅亥祿盈豐」)
  c('taikyoku_kijin', '太極貴人', 'day_stem', '甲子午 乙子午 丙卯酉 丁卯酉 戊辰戌丑未 己辰戌丑未 庚寅亥 辛寅亥 壬巳申 癸巳申', '[saju] 태극귀인'),
  // [mingyu] baziShenSha.ts 国印贵人
  c('kokuin_kijin', '国印貴人', 'day_stem', '甲戌 乙亥 丙丑 丁寅 戊丑 己寅 庚辰 辛巳 壬未 癸申', '[mingyu] 国印贵人'),
  // [destiny-core] 神峰通考 「甲丙相邀入虎鄉，更逢鼠穴最高強。戊申己未丁亥遇，乙癸逢牛福祿昌。庚趕馬頭辛帶巳，壬騎龍背喜非常」
  c('fukusei_kijin', '福星貴人', 'day_stem', '甲寅子 丙寅子 戊申 己未 丁亥 乙丑 癸丑 庚午 辛巳 壬辰', '[destiny-core] 神峰通考'),
  // [bazi-mcp] god.ts DEXIU; [destiny-core] 三命通會 論德秀
  c('tokushuu_kijin', '徳秀貴人', 'virtue_grace', '寅午戌: 徳丙丁 秀戊癸; 申子辰: 徳壬癸戊己 秀丙辛甲己; 巳酉丑: 徳庚辛 秀乙庚; 亥卯未: 徳甲乙 秀丁壬', '[bazi-mcp] DEXIU'),
  // [bazi-mcp] god.ts SANQI
  c('sanki', '三奇', 'marvels', '甲戊庚 乙丙丁 壬癸辛', '[bazi-mcp] SANQI'),
  // [destiny-core] 天赦 「春戊寅、夏甲午、秋戊申、冬甲子」
  c('tensha', '天赦', 'seasonal', '春 戊寅; 夏 甲午; 秋 戊申; 冬 甲子', '[destiny-core] 天赦'),
  // [destiny-core] 五行精紀 〈四廢日〉 「春庚申、辛酉，夏壬子、癸亥，秋甲寅、乙卯，冬丙午、丁巳」
  c('shihai', '四廃', 'seasonal', '春 庚申 辛酉; 夏 壬子 癸亥; 秋 甲寅 乙卯; 冬 丙午 丁巳', '[destiny-core] 四廢日'),
  // [destiny-core] 三命通會 論十惡大敗 「甲辰、乙巳、壬申、丙申、丁亥、庚辰、戊戌、癸亥、辛巳、己丑」
  c('juuaku_taihai', '十悪大敗', 'day_pillar', '甲辰 乙巳 壬申 丙申 丁亥 庚辰 戊戌 癸亥 辛巳 己丑', '[destiny-core] 論十惡大敗'),
  // [mingyu] baziShenSha.ts
  c('insa_yousaku', '陰差陽錯', 'day_pillar', '丙子 丁丑 戊寅 辛卯 壬辰 癸巳 丙午 丁未 戊申 辛酉 壬戌 癸亥', '[mingyu] 阴差阳错'),
  c('koran', '孤鸞', 'day_pillar', '甲寅 乙巳 丙午 丁巳 戊午 戊申 辛亥 壬子', '[bazi-mcp] 孤鸾'),
  c('rokushuu', '六秀', 'day_pillar', '丙午 丁未 戊子 戊午 己丑 己未', '[mingyu] 六秀日'),
  c('juurei', '十霊', 'day_pillar', '甲辰 乙亥 丙辰 丁酉 戊午 庚寅 庚戌 辛亥 壬寅 癸未', '[bazi-mcp] 十灵'),
  c('hassen', '八専', 'day_pillar', '甲寅 乙卯 丁未 戊戌 己未 庚申 辛酉 癸丑', '[bazi-mcp] 八专'),
  c('nittoku', '日徳', 'day_pillar', '甲寅 丙辰 戊辰 庚辰 壬戌', '[yorozu-uranai] nicchuu.ts 日徳'),
  c('nikki', '日貴', 'day_pillar', '丁酉 丁亥 癸巳 癸卯', '[sanming-shensha] 卷六 日貴 「此格只有四日」'),
  c('kinjin', '金神', 'hour_pillar', '癸酉 己巳 乙丑', '[destiny-core] 三命通會 〈金神〉 「止有三時」'),
];

/** The stars whose rule can reach their own reference pillar, again with `selfMatch`. */
const WITH_SELF_MATCH: StarCase[] = CASES.filter((k) => ['shousei', 'tenra', 'chimou'].includes(k.code)).map((k) => ({
  ...k,
  options: { selfMatch: true },
}));

const label = (k: StarCase) => `${k.name} ${JSON.stringify(k.options ?? {})} = ${k.source}`;

describe('each added star equals its source table over every key value', () => {
  it.each([...CASES, ...WITH_SELF_MATCH].map((k) => [label(k), k] as const))('%s', (_, k) => {
    const options = { ...SPECIAL_STAR_OPTION_DEFAULTS, ...k.options };
    const mismatches: string[] = [];
    let hits = 0;
    for (const pillars of [...sweep(k.family), ...RANDOM_CHARTS]) {
      for (const gender of k.family === 'gender' ? GENDERS : [null]) {
        const expected = expectedSlots(k, pillars, options, gender);
        const actual = slotsOf(find(specialStarsOf(pillars, JA_CATALOGUE, k.options, gender), k.code));
        if (expected.length > 0) hits++;
        if (expected.join() !== actual.join())
          mismatches.push(`${listOf(pillars).map(nameOf).join(' ')} ${gender}: ${actual.join()} ≠ ${expected.join()}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(hits, 'the charts meet the star').toBeGreaterThan(0);
  });

  it('every key of a table is met with its targets (so a wrong entry anywhere would show)', () => {
    for (const k of CASES.filter((x) => x.family === 'branches' || x.family === 'day_stem' || x.family === 'year_nayin')) {
      const keys = new Set<string>();
      for (const pillars of [...sweep(k.family), ...RANDOM_CHARTS]) {
        const list = listOf(pillars);
        for (const r of k.references ?? [k.family === 'day_stem' ? DAY : YEAR]) {
          const key =
            k.family === 'day_stem'
              ? STEM_CHARS[list[DAY]! % 10]!
              : k.family === 'year_nayin'
                ? nayinElement(pillars.year)
                : BRANCH_CHARS[list[r]! % 12]!;
          if (expectedSlots({ ...k, references: [r] }, pillars, SPECIAL_STAR_OPTION_DEFAULTS, null).length > 0) keys.add(key);
        }
      }
      expect([...keys].sort(), k.name).toEqual([...parseTable(k.table).keys()].sort());
    }
  });

  it('a one-entry change to a source table is caught (紅鸞 子辰 instead of 子卯)', () => {
    const k = CASES.find((x) => x.code === 'kouran')!;
    const wrong = { ...k, table: k.table.replace('子卯', '子辰') };
    const differs = sweep('branches').some(
      (p) =>
        expectedSlots(wrong, p, SPECIAL_STAR_OPTION_DEFAULTS, null).join() !==
        slotsOf(find(specialStarsOf(p, JA_CATALOGUE), 'kouran')).join(),
    );
    expect(differs).toBe(true);
  });
});

describe('where the sources differ, the default and the others', () => {
  const summary = (text: string, gender: Gender | null = null) =>
    specialStarsOf(pillarsFrom(text), JA_CATALOGUE, undefined, gender).map((s) => `${s.name} ${slotsOf(s).join(',')}`);

  it('元辰 follows 三命通會 (甲子 man → 未), not mingyu’s 巳; without a gender it is not looked for', () => {
    expect(summary('甲子 丙寅 庚午 丁未', 'male')).toContain('元辰 hour.branch');
    expect(summary('甲子 丙寅 庚午 丁巳', 'male')).not.toContainEqual(expect.stringMatching(/^元辰/));
    expect(summary('甲子 丙寅 庚午 丁巳', 'female')).toContain('元辰 hour.branch');
    expect(summary('甲子 丙寅 庚午 丁未')).not.toContainEqual(expect.stringMatching(/^元辰/));
  });

  it('天羅・地網 need the year 納音 (火 → 戌亥, 水・土 → 辰巳; 金・木 none), unlike mingyu’s branch pairs', () => {
    // 甲子 海中金: no net even with 辰 and 巳 both present.
    expect(summary('甲子 戊辰 乙巳 壬午')).not.toContainEqual(expect.stringMatching(/^(天羅|地網)/));
    // 丙寅 炉中火 → 戌; 庚午 路傍土 → 辰巳.
    expect(summary('丙寅 戊戌 丁亥 庚子')).toContain('天羅 month.branch,day.branch');
    expect(summary('庚午 辛巳 乙酉 庚辰')).toContain('地網 month.branch,hour.branch');
  });

  it('三奇 needs three pillars in a row in order (甲戊庚 on year–month–day), not in any order or with a gap', () => {
    expect(summary('甲子 戊辰 庚午 丙子')).toContain('三奇 year.stem,month.stem,day.stem');
    expect(summary('庚午 戊辰 甲子 丙寅')).not.toContainEqual(expect.stringMatching(/^三奇/));
    expect(summary('甲子 丙寅 戊辰 庚申')).not.toContainEqual(expect.stringMatching(/^三奇/));
  });

  it('徳秀 needs a 徳 and a 秀 stem on two different pillars (mingyu’s test: 丁 alone in a 寅 month is not it)', () => {
    expect(summary('甲子 丙寅 庚午 乙酉')).not.toContainEqual(expect.stringMatching(/^徳秀/));
    expect(summary('甲子 丙寅 戊午 乙卯')).toContain('徳秀貴人 month.stem,day.stem');
  });

  it('金神 is on the hour pillar only (三命通會 「止有三時」), not on the day as cantian also reads it', () => {
    expect(summary('甲子 丙寅 乙丑 丁亥')).not.toContainEqual(expect.stringMatching(/^金神/));
    expect(summary('甲子 丙寅 庚午 乙丑')).toContain('金神 hour.stem,hour.branch');
    expect(summary('乙丑 丙寅 庚午')).not.toContainEqual(expect.stringMatching(/^金神/));
  });
});

describe('the pillar each star counts from, and whether it can mark that pillar itself', () => {
  const positions = (text: string, code: string, options?: Partial<SpecialStarOptions>) =>
    slotsOf(find(specialStarsOf(pillarsFrom(text), JA_CATALOGUE, options), code));

  it('将星 of a 子 year is 子: the year is not marked unless star_self_match (the complaint: a star on its own pillar)', () => {
    expect(positions('甲子 丙寅 丁丑 庚子', 'shousei')).toEqual(['hour.branch']);
    expect(positions('甲子 丙寅 丁丑 庚子', 'shousei', { selfMatch: true })).toEqual(['year.branch', 'hour.branch']);
    // from the day: 酉 day (巳酉丑 → 酉) marks itself only with selfMatch.
    expect(positions('甲寅 丙寅 乙酉 丙子', 'shousei')).toEqual([]);
    expect(positions('甲寅 丙寅 乙酉 丙子', 'shousei', { selfMatch: true })).toEqual(['day.branch']);
  });

  it('天羅 of a 甲戌 year (山頭火) is 戌亥: the year itself only with star_self_match', () => {
    expect(positions('甲戌 丙寅 丁亥 庚子', 'tenra')).toEqual(['day.branch']);
    expect(positions('甲戌 丙寅 丁亥 庚子', 'tenra', { selfMatch: true })).toEqual(['year.branch', 'day.branch']);
  });

  it('the year-branch rules (紅鸞 天喜 勾絞 喪門 弔客 披麻 元辰), 災殺 六厄 白虎 and 天医 can never reach their own reference pillar', () => {
    const own = {
      kouran: [YEAR],
      tenki: [YEAR],
      koukou: [YEAR],
      soumon: [YEAR],
      choukaku: [YEAR],
      hima: [YEAR],
      genshin: [YEAR],
      saisatsu: YEAR_AND_DAY,
      rokuyaku: YEAR_AND_DAY,
      byakko: YEAR_AND_DAY,
      ten_i: [MONTH],
    };
    for (const [code, references] of Object.entries(own)) {
      const k = CASES.find((x) => x.code === code)!;
      for (const b of range(12)) {
        const key = BRANCH_CHARS[b]!;
        const targets =
          k.family === 'gender' ? k.table.split(' / ').flatMap((t) => parseTable(t).get(key)!) : parseTable(k.table).get(key)!;
        expect(targets, `${k.name} ${key} (from ${references.join()})`).not.toContain(key);
      }
    }
  });

  it('the day-stem stars look at every branch, the day’s own included; the pillar stars mark the pillar they are', () => {
    expect(positions('甲子 丙寅 戊辰 庚申', 'taikyoku_kijin')).toEqual(['day.branch']);
    expect(positions('甲子 丙寅 戊戌 庚申', 'juuaku_taihai')).toEqual(['day.stem', 'day.branch']);
  });
});

describe('the school options of the stars added last', () => {
  const positions = (text: string, code: string, options?: Partial<SpecialStarOptions>) =>
    slotsOf(find(specialStarsOf(pillarsFrom(text), JA_CATALOGUE, options), code));

  it('star_general_key: 将星 災殺 六厄 from the year and the day branch (default), the day only ([destiny-core]) or the year only ([bazi-mcp])', () => {
    // 子 year → 将星 子, 災殺 午; 酉 day → 将星 酉, 災殺 卯. Hour 午 and month 卯 receive them.
    const pillars = '甲子 丁卯 乙酉 壬午';
    expect(positions(pillars, 'saisatsu')).toEqual(['month.branch', 'hour.branch']);
    expect(positions(pillars, 'saisatsu', { generalKey: 'year' })).toEqual(['hour.branch']);
    expect(positions(pillars, 'saisatsu', { generalKey: 'day' })).toEqual(['month.branch']);
    // 六厄 (the group's 死): 申子辰 卯, 巳酉丑 子 — 卯 month from the 子 year; the 酉 day gives 子, the year's own branch.
    expect(positions(pillars, 'rokuyaku')).toEqual(['year.branch', 'month.branch']);
    expect(positions(pillars, 'rokuyaku', { generalKey: 'year' })).toEqual(['month.branch']);
    expect(positions(pillars, 'rokuyaku', { generalKey: 'day' })).toEqual(['year.branch']);
    // 将星 from the day only: 酉 is its own, marked only with selfMatch (as [destiny-core] marks it).
    expect(positions('庚午 辛巳 乙酉 辛巳', 'shousei', { generalKey: 'day' })).toEqual([]);
    expect(positions('庚午 辛巳 乙酉 辛巳', 'shousei', { generalKey: 'day', selfMatch: true })).toEqual(['day.branch']);
  });

  it('star_luan_key: 紅鸞 天喜 from the year branch (default) or from the year and the day branch ([mingyu])', () => {
    // 紅鸞: 子 卯, 午 酉; 天喜 the opposite: 子 酉, 午 卯. Year 子, day 午: year_and_day finds 卯 and 酉 both ways.
    const pillars = '甲子 丁卯 庚午 乙酉';
    expect(positions(pillars, 'kouran')).toEqual(['month.branch']);
    expect(positions(pillars, 'kouran', { luanKey: 'year_and_day' })).toEqual(['month.branch', 'hour.branch']);
    expect(positions(pillars, 'tenki')).toEqual(['hour.branch']);
    expect(positions(pillars, 'tenki', { luanKey: 'year_and_day' })).toEqual(['month.branch', 'hour.branch']);
  });

  it('star_golden_spirit: 金神 on the hour pillar (default) or on the day and the hour ([bazi-mcp])', () => {
    expect(positions('甲子 丙寅 乙丑 丁亥', 'kinjin')).toEqual([]);
    expect(positions('甲子 丙寅 乙丑 丁亥', 'kinjin', { goldenSpirit: 'day_and_hour' })).toEqual(['day.stem', 'day.branch']);
    expect(positions('甲子 丙寅 己巳 癸酉', 'kinjin', { goldenSpirit: 'day_and_hour' })).toEqual([
      'day.stem',
      'day.branch',
      'hour.stem',
      'hour.branch',
    ]);
    // A three-pillar chart: the day can still carry it under day_and_hour.
    expect(positions('甲子 丙寅 乙丑', 'kinjin', { goldenSpirit: 'day_and_hour' })).toEqual(['day.stem', 'day.branch']);
  });
});

describe('the sources’ own example charts', () => {
  const summary = (text: string, gender: Gender | null = null) =>
    specialStarsOf(pillarsFrom(text), JA_CATALOGUE, undefined, gender).map((s) => `${s.name} ${slotsOf(s).join(',')}`);

  it('1990-05-20 10:30 Taipei, man = 庚午 辛巳 乙酉 辛巳 ([destiny-core] detect_test.go): its list, where our rules agree', () => {
    const stars = summary('庚午 辛巳 乙酉 辛巳', 'male');
    // Its hits: 太極 年, 金輿 月時, 文昌 年, 咸池 (桃花) 年, 天德 月時, 月德 年, 月德合 日, 德秀 年月日時, 勾絞 日,
    // 地網 月時, 天廚 年, 紅鸞 日, 空亡 年. It keys 將星 on the day branch and lets it mark itself (酉 → 酉); we do not.
    expect(stars).toEqual(
      expect.arrayContaining([
        '太極貴人 year.branch',
        '金輿 month.branch,hour.branch',
        '文昌貴人 year.branch',
        '桃花 year.branch',
        '天徳貴人 month.stem,hour.stem',
        '月徳貴人 year.stem',
        '月徳合 day.stem',
        '徳秀貴人 year.stem,month.stem,day.stem,hour.stem',
        '勾絞 day.branch',
        '地網 month.branch,hour.branch',
        '天厨貴人 year.branch',
        '紅鸞 day.branch',
        '空亡 year.branch',
      ]),
    );
    expect(stars).not.toContainEqual(expect.stringMatching(/^(将星|天喜|元辰|十悪大敗)/));
  });

  it('[sanming-shensha] 論元辰: 巫伎參政 己卯 甲申 己巳 甲戌 and 滕庚樞密 乙丑 壬午 乙丑 壬午 「二命豈不犯元辰」', () => {
    expect(summary('己卯 甲申 己巳 甲戌', 'male')).toContain('元辰 month.branch');
    expect(summary('乙丑 壬午 乙丑 壬午', 'male')).toContain('元辰 month.branch,hour.branch');
  });

  it('[sanming-shensha] 日德格: 張學官 甲申 戊辰 戊辰 壬戌 has a 日徳 day', () => {
    expect(summary('甲申 戊辰 戊辰 壬戌')).toContain('日徳 day.stem,day.branch');
  });

  it('1939-02-06 12:00 = 己卯 丙寅 甲戌 庚午 ([yorozu-uranai] Tokushusei.test.ts): 白虎 on the hour', () => {
    expect(summary('己卯 丙寅 甲戌 庚午')).toContain('白虎 hour.branch');
  });

  it('[mingyu] bazi-shensha.test.ts: 甲子 丙寅 庚午 丁卯 has 勾絞 on the hour; 乙丑 is 金神 on the hour, not on the day', () => {
    expect(summary('甲子 丙寅 庚午 丁卯', 'male')).toContain('勾絞 hour.branch');
    expect(summary('甲子 丙寅 庚午 乙丑', 'male')).toContain('金神 hour.stem,hour.branch');
    expect(summary('甲子 丙寅 乙丑 丁卯', 'male')).not.toContainEqual(expect.stringMatching(/^金神/));
  });
});

describe('catalogue', () => {
  it('holds at least 55 distinct stars, each with a name and a reading in all five languages', () => {
    const codes = SPECIAL_STAR_CATALOGUE.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThanOrEqual(55);
    for (const code of codes) {
      for (const lang of LANGS) {
        const entry = CATALOGUES[lang].stars[code as keyof (typeof CATALOGUES)['ja']['stars']];
        expect(entry?.name, `${lang} ${code}`).toMatch(/\S/);
        expect(entry?.reading, `${lang} ${code}`).toMatch(/\S/);
      }
      expect(CATALOGUES.ja.stars[code as keyof (typeof CATALOGUES)['ja']['stars']].reading).toMatch(/^[\u3041-\u309f]+$/);
      expect(CATALOGUES.ko.stars[code as keyof (typeof CATALOGUES)['ko']['stars']].reading).toMatch(/^[\uac00-\ud7a3]+$/);
    }
  });

  it('every added star is tested above against a source table', () => {
    const added = SPECIAL_STAR_CATALOGUE.slice(26).map((s) => s.code);
    expect(CASES.map((k) => k.code).sort()).toEqual([...added].sort());
    for (const k of CASES) expect(SPECIAL_STAR_CATALOGUE.find((s) => s.code === k.code)?.name).toBe(k.name);
  });
});
