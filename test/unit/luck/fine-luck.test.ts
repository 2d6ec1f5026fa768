/**
 * 小運 against lunar-javascript (getXiaoYun) and the tyme4ts vectors, the 三命通会 fixed start, and
 * 日運 / 時運: the day-cycle formula, the hour boundaries where the chart's own hour pillar changes,
 * and the luck in force against the luck section's own periods.
 */
import { describe, expect, it } from 'vitest';
import { Solar } from 'lunar-javascript';
import { chartCoreAt, computeChartCore } from '../../../src/domain/chart/chart-core.ts';
import { parseChartRequest } from '../../../src/domain/chart/request.ts';
import { ganzhiName } from '../../../src/domain/calendar/sexagenary.ts';
import { luckOf, type Gender } from '../../../src/domain/luck/luck.ts';
import { fineLuckArgumentIssues } from '../../../src/domain/luck/fine-luck-arguments.ts';
import { dailyLuckOf, hourlyLuckOf, minorLuckOf, parseCivilDate } from '../../../src/domain/luck/fine-luck.ts';
import { DEFAULT_LUCK_METHOD } from '../../../src/domain/luck/start-age.ts';
import { mulberry32 } from '../../support/prng.ts';

const chart = (fields: Record<string, unknown>) => {
  const parsed = parseChartRequest({ location: 120, timezone: 'Etc/GMT-8', ...fields });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return computeChartCore(parsed.request);
};
const minorOf = (fields: Record<string, unknown>, gender: Gender, school: 'hour_pillar' | 'sanming' = 'hour_pillar', lastAge = 80) => {
  const core = chart({ ...fields, gender });
  return minorLuckOf(core, luckOf(core, { gender, method: DEFAULT_LUCK_METHOD }), gender, school, lastAge);
};

describe('小運 (hour_pillar school)', () => {
  it('equals lunar-javascript getXiaoYun age by age on 300 random births, both genders', () => {
    const random = mulberry32(20_261_203);
    let compared = 0;
    for (let i = 0; i < 300; i++) {
      const b = {
        year: 1902 + Math.floor(random() * 190),
        month: 1 + Math.floor(random() * 12),
        day: 1 + Math.floor(random() * 28),
        hour: Math.floor(random() * 23), // 23:xx left out: lunar-javascript's 子 hour stem is its own setting
        minute: Math.floor(random() * 60),
      };
      const gender: Gender = random() < 0.5 ? 'male' : 'female';
      const ours = minorOf(b, gender);
      const eight = Solar.fromYmdHms(b.year, b.month, b.day, b.hour, b.minute, 0).getLunar().getEightChar();
      const theirs = new Map<number, string>();
      for (const daYun of eight.getYun(gender === 'male' ? 1 : 0).getDaYun(9)) {
        for (const x of (daYun as unknown as { getXiaoYun(): { getAge(): number; getGanZhi(): string }[] }).getXiaoYun())
          theirs.set(x.getAge(), x.getGanZhi());
      }
      for (const m of ours) {
        if (!theirs.has(m.age)) continue;
        expect(m.reading.ganzhi, `${JSON.stringify(b)} ${gender} age ${m.age}`).toBe(theirs.get(m.age));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('gives the tyme4ts vectors (test13: 辛巳 at 7; test14: 戊申 at 10, 丙午 at 12, 庚戌 at 8)', () => {
    const t13 = minorOf({ year: 1983, month: 2, day: 15, time: '20:00' }, 'female');
    expect(t13.find((m) => m.age === 7)!.reading.ganzhi).toBe('辛巳');
    const t14 = minorOf({ year: 1992, month: 2, day: 2, time: '12:00' }, 'male');
    expect([10, 12, 8].map((age) => t14.find((m) => m.age === age)!.reading.ganzhi)).toEqual(['戊申', '丙午', '庚戌']);
  });

  it('runs 立春 to 立春, age 1 from the birth, with the 大運 in force', () => {
    const core = chart({ year: 1992, month: 2, day: 2, time: '12:00', gender: 'male' });
    const luck = luckOf(core, { gender: 'male', method: DEFAULT_LUCK_METHOD });
    const list = minorLuckOf(core, luck, 'male', 'hour_pillar', 30);
    expect(list[0]!.fromUnixSec).toBe(core.birthUnixSec);
    expect(list[0]!.year).toBe(1991); // born before 立春 1992
    for (let i = 1; i < list.length; i++) expect(list[i]!.fromUnixSec).toBe(list[i - 1]!.toUnixSec);
    const years = luck.years(list[1]!.year, list[list.length - 1]!.year);
    list.slice(1).forEach((m, i) => {
      expect(m.fromUnixSec).toBe(years[i]!.fromUnixSec);
      expect(m.majorIndex).toBe(years[i]!.majorIndex);
    });
  });
});

describe('小運 (sanming school: 三命通会, 男 丙寅 forward, 女 壬申 backward)', () => {
  it('gives the transmitted pairs whatever the hour: 男 1 丙寅, 11 丙子; 女 1 壬申, 11 壬戌', () => {
    for (const time of ['01:00', '12:00', '21:30']) {
      const man = minorOf({ year: 1983, month: 2, day: 15, time }, 'male', 'sanming');
      const woman = minorOf({ year: 1983, month: 2, day: 15, time }, 'female', 'sanming');
      expect([man[0]!.reading.ganzhi, man[10]!.reading.ganzhi, man[1]!.reading.ganzhi]).toEqual(['丙寅', '丙子', '丁卯']);
      expect([woman[0]!.reading.ganzhi, woman[10]!.reading.ganzhi, woman[1]!.reading.ganzhi]).toEqual(['壬申', '壬戌', '辛未']);
    }
  });
});

describe('日運', () => {
  const core = chart({ year: 1990, month: 3, day: 15, time: '10:30', gender: 'male' });
  const luck = luckOf(core, { gender: 'male', method: DEFAULT_LUCK_METHOD });

  it('each day is (JDN + 49) mod 60, as lunar-javascript dates it, over a leap year', () => {
    const days = dailyLuckOf(core, luck, parseCivilDate('2024-01-01')!, parseCivilDate('2024-12-31')!);
    expect(days).toHaveLength(366);
    for (const d of days) {
      const [y, m, dd] = d.date.split('-').map(Number) as [number, number, number];
      expect(d.reading.ganzhi).toBe((Solar.fromYmd(y, m, dd).getLunar() as unknown as { getDayInGanZhi(): string }).getDayInGanZhi());
      expect(d.toUnixSec - d.fromUnixSec).toBe(86_400);
    }
  });

  it('the luck in force is the luck section’s own 大運, 歳運 and 月運 at the day’s start', () => {
    const days = dailyLuckOf(core, luck, parseCivilDate('2025-01-20')!, parseCivilDate('2025-03-10')!);
    const cycles = luck.cycles(12);
    for (const d of days) {
      const t = d.fromUnixSec;
      const major = cycles.find((c) => c.fromUnixSec <= t && t < c.toUnixSec)!;
      expect([d.inForce.majorIndex, d.inForce.major]).toEqual([major.index, major.pillar]);
      const annual = luck.years(d.inForce.year, d.inForce.year)[0]!;
      expect(annual.fromUnixSec <= t && t < annual.toUnixSec).toBe(true);
      expect(d.inForce.annual).toBe(annual.pillar);
      const month = luck.months(d.inForce.year).find((m) => m.fromUnixSec <= t && t < m.toUnixSec)!;
      expect([d.inForce.monthly, d.inForce.term]).toEqual([month.pillar, month.term]);
    }
  });

  it('refuses more than 366 days, naming the field, and malformed dates', () => {
    const args = (dayRanges: [string, string][], hourDates: string[] = []) =>
      fineLuckArgumentIssues({
        cycleCounts: [],
        yearRanges: [],
        monthYears: [],
        names: { cycles: 'c', years: 'y', months: 'm' },
        dayRanges,
        hourDates,
      });
    expect(args([['2024-01-01', '2024-12-31']])).toEqual([]);
    expect(args([['2024-01-01', '2025-01-01']]).map((i) => i.field)).toEqual(['luck_days']);
    expect(args([['2024-02-30', '2024-03-01']]).map((i) => i.field)).toEqual(['luck_days']);
    expect(args([], ['2024/01/01']).map((i) => i.field)).toEqual(['luck_hours']);
  });
});

describe('時運', () => {
  for (const solar_time of ['mean', 'apparent'] as const) {
    for (const day_boundary of ['00:00', '23:00'] as const) {
      it(`12 contiguous 時辰, each starting where the chart's hour pillar changes (Tokyo, ${solar_time}, ${day_boundary})`, () => {
        const parsed = parseChartRequest({
          year: 1985,
          month: 7,
          day: 1,
          time: '09:00',
          location: 139.6917,
          timezone: 'Asia/Tokyo',
          solar_time,
          day_boundary,
        });
        if (!parsed.ok) throw new Error('bad request');
        const core = computeChartCore(parsed.request);
        const luck = luckOf(core, { gender: 'female', method: DEFAULT_LUCK_METHOD });
        for (const date of ['2025-02-03', '2025-11-02']) {
          const hours = hourlyLuckOf(core, luck, parseCivilDate(date)!);
          expect(hours).toHaveLength(12);
          const span = hours[11]!.toUnixSec - hours[0]!.fromUnixSec;
          expect(Math.abs(span - 86_400)).toBeLessThanOrEqual(solar_time === 'mean' ? 1 : 60);
          hours.forEach((h, i) => {
            if (i > 0) expect(h.fromUnixSec).toBe(hours[i - 1]!.toUnixSec);
            expect(h.branch).toBe(i);
            const at = chartCoreAt(parsed.request, core.zone, h.fromUnixSec).pillars.hour!;
            const before = chartCoreAt(parsed.request, core.zone, h.fromUnixSec - 1).pillars.hour!;
            expect(ganzhiName(at)).toBe(h.reading.ganzhi);
            expect(before).not.toBe(at);
            const last = chartCoreAt(parsed.request, core.zone, h.toUnixSec - 1).pillars.hour!;
            expect(last).toBe(at);
          });
          // The civil day's noon falls in the 午 hour.
          const noon = hours.find((h) => h.branch === 6)!;
          expect(noon.startsAt.slice(0, 10)).toBe(date);
        }
      });
    }
  }
});
