/**
 * 胎元・胎息・命宮・身宮: the rules on the sources' own worked examples, the other schools, an unknown
 * birth time, and agreement with lunar-javascript (getTaiYuan, getTaiXi, getMingGong, getShenGong)
 * and tyme4ts (getFetalOrigin, getFetalBreath, getOwnSign, getBodySign) over 2,000 random births
 * 1900–2100. Both libraries compute in UTC+8 wall-clock time, so the births are charted in `Etc/GMT-8`
 * at 120°E (mean solar time = their clock) and kept 2 minutes away from any solar term (the term
 * tables differ by seconds).
 *
 * Where the two libraries disagree with each other (measured over these births): only 胎息, for a
 * birth from 23:00 to 23:59 — tyme4ts's default EightChar starts the next day at 23:00 (its day
 * pillar, hence 胎息, is the next day's), lunar-javascript's default (sect 2) at 00:00. Our default
 * `day_boundary` 00:00 gives lunar-javascript's; `day_boundary` 23:00 gives tyme4ts's. The rules
 * themselves agree: 胎息 on all 60 day pillars, and 胎元, 命宮, 身宮 on every birth.
 */
import lunar from 'lunar-javascript';
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { SixtyCycle, SolarTime, EightChar } from 'tyme4ts';
import { describe, expect, it } from 'vitest';
import { latestTermIndexAt, termInstantUnixSec } from '../../../src/domain/astronomy/solar-terms.ts';
import { GANZHI_NAMES, ganzhiName } from '../../../src/domain/calendar/sexagenary.ts';
import { computeChartCore, type ChartCore } from '../../../src/domain/chart/chart-core.ts';
import {
  breathOfDay,
  conceptionOfMonth,
  lifeAndBodyPalaces,
  palaceReadingsOf,
  palacesOf,
  type PalaceSchools,
} from '../../../src/domain/chart/palaces.ts';
import { palacesJson } from '../../../src/wire/sections/palaces/json.ts';
import { parseChartRequest } from '../../../src/domain/chart/request.ts';
import { CATALOGUES } from '../../../src/domain/catalogue/catalogues.ts';
import { mulberry32 } from '../../support/prng.ts';

const { Solar } = lunar;
const pillar = (name: string): number => GANZHI_NAMES.indexOf(name);
const stem = (name: string): number => '甲乙丙丁戊己庚辛壬癸'.indexOf(name);
const branch = (name: string): number => '子丑寅卯辰巳午未申酉戌亥'.indexOf(name);
const names = (core: ChartCore, schools?: PalaceSchools) =>
  palacesOf(core, schools).map((p) => (p.pillar === null ? null : ganzhiName(p.pillar)));

function chart(birth: Record<string, unknown>): ChartCore {
  const parsed = parseChartRequest(birth);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return computeChartCore(parsed.request);
}
const utc8 = (year: number, month: number, day: number, hour: number, minute: number, extra: Record<string, unknown> = {}) =>
  chart({ year, month, day, hour, minute, location: 120, timezone: 'Etc/GMT-8', ...extra });

describe('the rules on the sources’ worked examples', () => {
  it('胎元: the month stem one on, the month branch three on (己巳 → 庚申, 壬午 → 癸酉)', () => {
    // Source: [guoxuedz-taiyuan]
    expect(ganzhiName(conceptionOfMonth(pillar('己巳')))).toBe('庚申');
    expect(ganzhiName(conceptionOfMonth(pillar('壬午')))).toBe('癸酉');
    // Source: [tyme4j] EightCharTest: 癸卯 辛酉 己亥 癸酉 → 壬子.
    expect(ganzhiName(conceptionOfMonth(pillar('辛酉')))).toBe('壬子');
  });

  it('胎息: the day stem’s 干合 partner over the day branch’s 六合 partner (己亥 → 甲寅, 癸酉 → 戊辰)', () => {
    // Source: [tyme4j] EightCharTest.
    expect(ganzhiName(breathOfDay(pillar('己亥')))).toBe('甲寅');
    expect(ganzhiName(breathOfDay(pillar('癸酉')))).toBe('戊辰');
    expect(ganzhiName(breathOfDay(pillar('丙寅')))).toBe('辛亥');
  });

  it('命宮: 三命通会’s 甲子年三月 戌時 is 丁卯 (正月 on 子, back to 辰月, 戌 counted on to 卯; 甲己之年丙作首)', () => {
    // Source: [sanming-tonghui] 論坐命宮.
    expect(ganzhiName(lifeAndBodyPalaces(stem('甲'), branch('辰'), branch('戌'))[0])).toBe('丁卯');
  });

  it('命宮 and 身宮 of tyme4j’s cases (子 and 丑 palaces take the 11th and 12th months’ stems)', () => {
    // Source: [tyme4j] EightCharTest: year stem, month branch, hour branch → 命宮 / 身宮.
    const life = (y: string, m: string, h: string) => ganzhiName(lifeAndBodyPalaces(stem(y), branch(m), branch(h))[0]);
    const body = (y: string, m: string, h: string) => ganzhiName(lifeAndBodyPalaces(stem(y), branch(m), branch(h))[1]);
    expect(life('癸', '酉', '酉')).toBe('癸亥');
    expect(body('癸', '酉', '酉')).toBe('己未');
    expect(life('己', '辰', '子')).toBe('丁丑');
    expect(life('戊', '申', '午')).toBe('乙卯');
    expect(life('甲', '申', '亥')).toBe('甲戌');
    expect(body('辛', '未', '辰')).toBe('庚子');
    expect(body('甲', '亥', '丑')).toBe('丁丑');
    expect(life('甲', '亥', '丑')).toBe('己巳');
  });

  it('a whole chart: 1986-05-29 13:37 (UTC+8) 丙寅 癸巳 癸酉 己未 has 胎元 甲申, 胎息 戊辰, 命宮 癸巳, 身宮 辛丑', () => {
    // Source: [tyme4j] EightCharTest.
    const core = utc8(1986, 5, 29, 13, 37);
    expect([core.pillars.year, core.pillars.month, core.pillars.day, core.pillars.hour!].map(ganzhiName)).toEqual([
      '丙寅',
      '癸巳',
      '癸酉',
      '己未',
    ]);
    expect(names(core)).toEqual(['甲申', '戊辰', '癸巳', '辛丑']);
  });
});

describe('the other schools', () => {
  it('zhongqi_month: before the month’s 中気 as the 節 month, from it one month on (2019-03-27 02:00 after 春分: 命宮 丙子, not 丁丑)', () => {
    const after = utc8(2019, 3, 27, 2, 0);
    expect(names(after)[2]).toBe('丁丑');
    expect(names(after, { conception: 'month_pillar', month: 'zhongqi_month' }).slice(2)).toEqual(['丙子', '庚午']);
    // 2019-03-07 08:00 is in the 卯 month before 春分: both counts agree (tyme4j’s case: 甲戌).
    const before = utc8(2019, 3, 7, 8, 0);
    expect(names(before)[2]).toBe('甲戌');
    expect(names(before, { conception: 'month_pillar', month: 'zhongqi_month' }).slice(2)).toEqual(names(before).slice(2));
  });

  it('zhongqi_month changes at the 中気’s minute (春分 2019-03-21 05:58 UTC+8)', () => {
    const zhongqi = { conception: 'month_pillar', month: 'zhongqi_month' } as const;
    expect(names(utc8(2019, 3, 21, 5, 57), zhongqi)[2]).toBe(names(utc8(2019, 3, 21, 5, 57))[2]);
    expect(names(utc8(2019, 3, 21, 5, 58), zhongqi)[2]).not.toBe(names(utc8(2019, 3, 21, 5, 58))[2]);
  });

  it('three_hundred_days: the month pillar 300 days before the birth, as lunar-javascript gives that day’s month', () => {
    const random = mulberry32(300);
    for (let i = 0; i < 300; i++) {
      const [year, month, day] = [1901 + Math.floor(random() * 199), 1 + Math.floor(random() * 12), 1 + Math.floor(random() * 28)];
      const [hour, minute] = [Math.floor(random() * 24), Math.floor(random() * 60)];
      const core = utc8(year, month, day, hour, minute);
      const back = core.birthUnixSec - 300 * 86_400;
      const term = latestTermIndexAt(back);
      if (back - termInstantUnixSec(term) < 120 || termInstantUnixSec(term + 1) - back < 120) continue;
      const conception = palacesOf(core, { conception: 'three_hundred_days', month: 'jie_month' })[0]!;
      const then = Solar.fromYmdHms(year, month, day, hour, minute, 0).next(-300).getLunar();
      expect(ganzhiName(conception.pillar!), `${year}-${month}-${day} ${hour}:${minute}`).toBe(then.getMonthInGanZhiExact());
      // The day 300 days before has the birth's own day pillar (五六三百日).
      expect(then.getDayInGanZhiExact2()).toBe(ganzhiName(core.pillars.day));
    }
  });

  it('each palace lists the schools it was not read by: 胎元 three_hundred_days, 命宮・身宮 zhongqi_month, 胎息 none', () => {
    const readings = palaceReadingsOf(utc8(2019, 3, 27, 2, 0));
    expect(readings.map((r) => [r.school, r.variants.map((v) => v.school)])).toEqual([
      ['month_pillar', ['three_hundred_days']],
      ['stem_and_branch_combination', []],
      ['jie_month', ['zhongqi_month']],
      ['jie_month', ['zhongqi_month']],
    ]);
  });
});

describe('an unknown birth time', () => {
  it('命宮 and 身宮 are absent (null, `time_unknown`), not guessed; 胎元 and 胎息 stand', () => {
    const core = chart({ year: 2021, month: 1, day: 3, location: 139.69, time_unknown: true });
    expect(names(core)).toEqual(['己卯', '丙寅', null, null]);
    const json = palacesJson(core, JA_CATALOGUE);
    expect(json['ming_gong']).toMatchObject({ name: '命宮', ganzhi: null, ten_god: null, nayin: null, absent: 'time_unknown' });
    expect(json['ming_gong']!.variants).toEqual([
      expect.objectContaining({ school: 'zhongqi_month', ganzhi: null, stem: null, branch: null }),
    ]);
    expect(json['tai_yuan']).toMatchObject({ ganzhi: '己卯', absent: null });
  });

  it('a birth without a time (12:00) reads 命宮 and 身宮 from the 12:00 hour pillar, as the rest of the chart', () => {
    const noon = chart({ year: 2021, month: 1, day: 3, location: 135 });
    expect(names(noon)).toEqual(names(chart({ year: 2021, month: 1, day: 3, time: '12:00', location: 135 })));
    expect(names(noon)[2]).not.toBeNull();
  });
});

describe('the JSON', () => {
  it('each palace: code, name and reading in the language, the pillar’s codes, its ten god against the day stem and 納音', () => {
    const core = utc8(1986, 5, 29, 13, 37);
    expect(palacesJson(core, JA_CATALOGUE)['tai_yuan']).toEqual({
      code: 'palace.tai_yuan',
      name: '胎元',
      reading: 'たいげん',
      school: 'month_pillar',
      ganzhi: '甲申',
      stem: 'stem.jia',
      branch: 'branch.shen',
      // 癸 sees 甲 as 傷官; 甲申 is 井泉水.
      ten_god: 'shishen.shang_guan',
      ten_god_label: '傷官',
      nayin: 'nayin.quan_zhong_shui',
      nayin_label: '井泉水',
      absent: null,
      variants: [
        {
          school: 'three_hundred_days',
          ganzhi: '癸未',
          stem: 'stem.gui',
          branch: 'branch.wei',
          ten_god: 'shishen.bi_jian',
          ten_god_label: '比肩',
          nayin: 'nayin.yang_liu_mu',
          nayin_label: '楊柳木',
        },
      ],
    });
    const namesIn = (lang: keyof typeof CATALOGUES) => Object.values(palacesJson(core, CATALOGUES[lang])).map((p) => p.name);
    expect(namesIn('zh-Hans')).toEqual(['胎元', '胎息', '命宫', '身宫']);
    expect(namesIn('en')).toEqual(['Conception Pillar', 'Fetal Breath', 'Life Palace', 'Body Palace']);
    expect(namesIn('ko')).toEqual(['태원', '태식', '명궁', '신궁']);
    expect(palacesJson(core, CATALOGUES.en)['ming_gong']).toMatchObject({ reading: 'mìnggōng', ten_god_label: 'Companion' });
  });
});

describe('against lunar-javascript and tyme4ts (2,000 random births 1900–2100, UTC+8, ≥ 2 min from any term)', () => {
  const random = mulberry32(32);
  const births: { year: number; month: number; day: number; hour: number; minute: number; core: ChartCore }[] = [];
  while (births.length < 2000) {
    const [year, month, day] = [1900 + Math.floor(random() * 201), 1 + Math.floor(random() * 12), 1 + Math.floor(random() * 28)];
    const [hour, minute] = [Math.floor(random() * 24), Math.floor(random() * 60)];
    const core = utc8(year, month, day, hour, minute);
    const term = latestTermIndexAt(core.birthUnixSec);
    if (core.birthUnixSec - termInstantUnixSec(term) < 120 || termInstantUnixSec(term + 1) - core.birthUnixSec < 120) continue;
    births.push({ year, month, day, hour, minute, core });
  }
  const lunarOf = (b: (typeof births)[number]) => {
    const e = Solar.fromYmdHms(b.year, b.month, b.day, b.hour, b.minute, 0).getLunar().getEightChar();
    return [e.getTaiYuan(), e.getTaiXi(), e.getMingGong(), e.getShenGong()];
  };
  const tymeOf = (b: (typeof births)[number]) => {
    const e = SolarTime.fromYmdHms(b.year, b.month, b.day, b.hour, b.minute, 0).getLunarHour().getEightChar();
    return [e.getFetalOrigin(), e.getFetalBreath(), e.getOwnSign(), e.getBodySign()].map((p) => p.getName());
  };

  it('the default schools equal lunar-javascript on every birth, all four palaces', () => {
    const mismatches = births.filter((b) => JSON.stringify(names(b.core)) !== JSON.stringify(lunarOf(b)));
    expect(mismatches.map((b) => `${b.year}-${b.month}-${b.day} ${b.hour}:${b.minute}`)).toEqual([]);
  });

  it('and tyme4ts on every birth but 胎息 from 23:00 to 23:59, where tyme4ts’s day has turned; with day_boundary 23:00 on all', () => {
    const late: string[] = [];
    for (const b of births) {
      const ours = names(b.core);
      const theirs = tymeOf(b);
      if (b.hour === 23) {
        expect(ours.filter((_, i) => i !== 1)).toEqual(theirs.filter((_, i) => i !== 1));
        const ziDay = utc8(b.year, b.month, b.day, b.hour, b.minute, { day_boundary: '23:00' });
        expect(names(ziDay)).toEqual(theirs);
        if (ours[1] !== theirs[1]) late.push(`${b.year}-${b.month}-${b.day} ${b.hour}:${b.minute}`);
      } else expect(ours, `${b.year}-${b.month}-${b.day} ${b.hour}:${b.minute}`).toEqual(theirs);
    }
    // Every 23:xx birth differs (the day pillar always moves there).
    expect(late.length).toBe(births.filter((b) => b.hour === 23).length);
    expect(late.length).toBeGreaterThan(40);
  });

  it('the two libraries’ 胎息 rules are the same on all 60 day pillars (an EightChar of any pillars)', () => {
    for (let i = 0; i < 60; i++) {
      const tyme = new EightChar('甲子', '丙寅', SixtyCycle.fromIndex(i).getName(), '甲子').getFetalBreath().getName();
      expect(tyme).toBe(ganzhiName(breathOfDay(i)));
    }
  });
});
