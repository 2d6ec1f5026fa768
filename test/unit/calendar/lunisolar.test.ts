/**
 * The three lunisolar calendars against their references: the Chinese one against lunar-javascript
 * (the PMO/HKO calendar with the almanacs' three Beijing-meridian months) for every day 1900–2100, the
 * Korean one against KASI's data (korean-lunar-calendar) for every day 1900–2050, the Japanese one by
 * its rule (equal to the Korean from 1912; one day later in the eight months of 1903–1911 whose new
 * moon fell before midnight in UTC+8 but after it in JST; 閏11月 in 2033); the months where they
 * disagree; the leap months; and the new-moon table against Meeus ch. 49.
 */
import * as korean from 'korean-lunar-calendar';
import lunar from 'lunar-javascript';
import { describe, expect, it } from 'vitest';
import { gregorianDateOf, leapMonthOf, lunarDateOf, lunarMonths, type LunarCalendar } from '../../../src/domain/calendar/lunisolar.ts';
import { NEW_MOONS_UNIX_SEC } from '../../../src/domain/calendar/new-moons.generated.ts';
import { meeusNewMoonUnixSec } from '../../../scripts/lib/moon-ephemeris.ts';

// The package's types describe its CommonJS build (whose module object holds `default`); its ESM build's default export is the class.
type Kasi = {
  setSolarDate(y: number, m: number, d: number): boolean;
  getLunarCalendar(): { year: number; month: number; day: number; intercalation?: boolean };
};
const KoreanLunarCalendar = (korean as unknown as { default: new () => Kasi }).default;
const DAY_MS = 86_400_000;
const iso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
function* days(from: string, to: string): Generator<{ year: number; month: number; day: number; iso: string }> {
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY_MS) {
    const d = new Date(t);
    yield { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), iso: d.toISOString().slice(0, 10) };
  }
}
const label = (cal: LunarCalendar, y: number, m: number, d: number) => {
  const l = lunarDateOf(cal, y, m, d)!;
  return `${l.year}-${l.leap ? '閏' : ''}${l.month}-${l.day}`;
};

describe('the Chinese calendar (lunar_cn)', () => {
  it('equals lunar-javascript on every day 1900-01-31 … 2100-12-31', () => {
    const differing: string[] = [];
    for (const d of days('1900-01-31', '2100-12-31')) {
      const l = lunar.Solar.fromYmd(d.year, d.month, d.day).getLunar();
      const theirs = `${l.getYear()}-${l.getMonth() < 0 ? '閏' : ''}${Math.abs(l.getMonth())}-${l.getDay()}`;
      if (label('lunar_cn', d.year, d.month, d.day) !== theirs)
        differing.push(`${d.iso} ours ${label('lunar_cn', d.year, d.month, d.day)} theirs ${theirs}`);
    }
    expect(differing).toEqual([]);
  });
});

describe('the Korean calendar (lunar_kr)', () => {
  it('equals KASI (korean-lunar-calendar) on every day 1900-01-31 … 2050-12-31', () => {
    const kasi = new KoreanLunarCalendar();
    const differing: string[] = [];
    for (const d of days('1900-01-31', '2050-12-31')) {
      expect(kasi.setSolarDate(d.year, d.month, d.day)).toBe(true);
      const k = kasi.getLunarCalendar();
      const theirs = `${k.year}-${k.intercalation === true ? '閏' : ''}${k.month}-${k.day}`;
      const ours = label('lunar_kr', d.year, d.month, d.day);
      if (ours !== theirs) differing.push(`${d.iso} ours ${ours} KASI ${theirs}`);
    }
    expect(differing).toEqual([]);
  });
});

/** Month starts (CN) after which KR and JP start a day later, and the same-day label differences (the research lists, 1912–2100). */
// prettier-ignore
const CN_EARLIER_1912_2100 = [
  '1914-06-23', '1914-11-17', '1916-02-03', '1918-12-03', '1919-08-25', '1919-11-22', '1920-11-10', '1923-11-08', '1924-03-05',
  '1925-05-22', '1927-10-25', '1928-10-13', '1931-05-17', '1934-10-08', '1936-07-18', '1942-09-10', '1942-11-08', '1943-11-27',
  '1944-01-25', '1949-03-29', '1950-03-18', '1950-06-15', '1952-08-20', '1954-02-03', '1955-02-22', '1958-02-18', '1966-01-21',
  '1968-04-27', '1970-07-03', '1973-01-04', '1973-12-24', '1976-11-21', '1978-04-07', '1982-11-15', '1987-05-27', '1988-02-17',
  '1989-10-29', '1990-10-18', '1995-07-27', '1995-11-22', '1997-02-07', '1999-01-17', '2001-04-23', '2005-12-01', '2012-06-19',
  '2012-08-17', '2013-06-08', '2019-11-26', '2020-02-23', '2023-05-19', '2026-10-10', '2027-02-06', '2028-01-26', '2029-07-11',
  '2031-02-21', '2035-01-09', '2036-12-17', '2040-09-06', '2041-03-02', '2046-06-04', '2048-12-05', '2050-02-21', '2051-08-06',
  '2052-10-22', '2058-07-20', '2059-10-06', '2060-09-24', '2061-01-21', '2068-06-29', '2069-02-21', '2070-03-12', '2071-03-31',
  '2080-11-11', '2081-03-10', '2082-07-25', '2082-12-19', '2089-02-10', '2089-09-04', '2092-02-07', '2093-02-25', '2094-03-16',
  '2096-09-16', '2097-01-13', '2097-08-07', '2098-08-26', '2098-12-22', '2099-04-20',
];
/** 1903–1911: CN = KR, JP one day later. */
const JP_LATER_1903_1911 = ['1903-10-20', '1904-01-17', '1904-11-07', '1905-05-04', '1907-07-10', '1908-04-30', '1909-09-14', '1911-12-20'];

const startsOf = (cal: LunarCalendar) => new Map(lunarMonths(cal).map((m) => [iso(m.startDay), m]));
const monthKey = (m: { year: number; month: number; leap: boolean }) => `${m.year}-${m.leap ? '閏' : ''}${m.month}`;

describe('where the three calendars disagree', () => {
  it('1912–2100: CN starts these months a day before KR and JP; 2012, 2017 and 2099 number a month differently; KR = JP day for day', () => {
    const cn = lunarMonths('lunar_cn').filter((m) => m.startDay >= Date.UTC(1912, 0, 1) / DAY_MS);
    const kr = startsOf('lunar_kr');
    const jp = startsOf('lunar_jp');
    const earlier = cn.filter((m) => !kr.has(iso(m.startDay))).map((m) => iso(m.startDay));
    expect(earlier).toEqual(CN_EARLIER_1912_2100);
    const relabelled = cn
      .filter((m) => kr.has(iso(m.startDay)) && monthKey(kr.get(iso(m.startDay))!) !== monthKey(m))
      .map((m) => `${iso(m.startDay)} ${monthKey(m)}/${monthKey(kr.get(iso(m.startDay))!)}`);
    expect(relabelled).toEqual([
      '2012-04-21 2012-4/2012-閏3',
      '2012-05-21 2012-閏4/2012-4',
      '2017-06-24 2017-6/2017-閏5',
      '2017-07-23 2017-閏6/2017-6',
      '2099-03-22 2099-閏2/2099-3',
    ]);
    const krFrom1912 = lunarMonths('lunar_kr').filter((m) => m.startDay >= Date.UTC(1912, 0, 1) / DAY_MS);
    expect(krFrom1912.every((m) => jp.has(iso(m.startDay)) && monthKey(jp.get(iso(m.startDay))!) === monthKey(m))).toBe(true);
  });

  it('1900–1911: KR = CN; JP starts eight months a day later', () => {
    const before = (cal: LunarCalendar) =>
      lunarMonths(cal).filter((m) => m.startDay < Date.UTC(1912, 0, 1) / DAY_MS && m.startDay >= Date.UTC(1900, 0, 1) / DAY_MS);
    expect(before('lunar_kr').map((m) => iso(m.startDay))).toEqual(before('lunar_cn').map((m) => iso(m.startDay)));
    const jp = startsOf('lunar_jp');
    expect(
      before('lunar_cn')
        .filter((m) => !jp.has(iso(m.startDay)))
        .map((m) => iso(m.startDay)),
    ).toEqual(JP_LATER_1903_1911);
  });

  it('New Year: 1997 on 02-07 in China, 02-08 in Korea and Japan', () => {
    expect(gregorianDateOf('lunar_cn', 1997, 1, 1, false)).toMatchObject({ ok: true, date: { year: 1997, month: 2, day: 7 } });
    expect(gregorianDateOf('lunar_kr', 1997, 1, 1, false)).toMatchObject({ ok: true, date: { year: 1997, month: 2, day: 8 } });
    expect(gregorianDateOf('lunar_jp', 1997, 1, 1, false)).toMatchObject({ ok: true, date: { year: 1997, month: 2, day: 8 } });
  });
});

/** Leap months 1900–2100 (all three calendars unless marked). */
// prettier-ignore
const LEAPS: Readonly<Record<number, number | readonly [cn: number, krjp: number]>> = {
  1900: 8, 1903: 5, 1906: 4, 1909: 2, 1911: 6, 1914: 5, 1917: 2, 1919: 7, 1922: 5, 1925: 4, 1928: 2, 1930: 6, 1933: 5, 1936: 3,
  1938: 7, 1941: 6, 1944: 4, 1947: 2, 1949: 7, 1952: 5, 1955: 3, 1957: 8, 1960: 6, 1963: 4, 1966: 3, 1968: 7, 1971: 5, 1974: 4,
  1976: 8, 1979: 6, 1982: 4, 1984: 10, 1987: 6, 1990: 5, 1993: 3, 1995: 8, 1998: 5, 2001: 4, 2004: 2, 2006: 7, 2009: 5,
  2012: [4, 3], 2014: 9, 2017: [6, 5], 2020: 4, 2023: 2, 2025: 6, 2028: 5, 2031: 3, 2033: 11, 2036: 6, 2039: 5, 2042: 2, 2044: 7,
  2047: 5, 2050: 3, 2052: 8, 2055: 6, 2058: 4, 2061: 3, 2063: 7, 2066: 5, 2069: 4, 2071: 8, 2074: 6, 2077: 4, 2080: 3, 2082: 7,
  2085: 5, 2088: 4, 2090: 8, 2093: 6, 2096: 4, 2099: [2, 3],
};

describe('leap months', () => {
  it('every year 1900–2100 has the leap month the three calendars print (none elsewhere); 2033 閏11 in all three', () => {
    for (let year = 1900; year <= 2100; year++) {
      const expected = LEAPS[year];
      const [cn, other] = expected === undefined ? [null, null] : typeof expected === 'number' ? [expected, expected] : expected;
      expect([year, leapMonthOf('lunar_cn', year), leapMonthOf('lunar_kr', year), leapMonthOf('lunar_jp', year)]).toEqual([
        year,
        cn,
        other,
        other,
      ]);
    }
  });

  it('a date that does not exist is refused with what does: 2017 閏5 (CN: 閏6), 2017 閏6 (KR: 閏5), day 30 of a 29-day month', () => {
    expect(gregorianDateOf('lunar_cn', 2017, 5, 1, true)).toEqual({ ok: false, refusal: { kind: 'no_such_leap_month', leapMonth: 6 } });
    expect(gregorianDateOf('lunar_kr', 2017, 6, 1, true)).toEqual({ ok: false, refusal: { kind: 'no_such_leap_month', leapMonth: 5 } });
    expect(gregorianDateOf('lunar_kr', 2017, 5, 1, true)).toMatchObject({ ok: true, date: { year: 2017, month: 6, day: 24 } });
    const short = lunarMonths('lunar_cn').find((m) => m.year === 2024 && m.days === 29)!;
    expect(gregorianDateOf('lunar_cn', 2024, short.month, 30, short.leap)).toEqual({
      ok: false,
      refusal: { kind: 'short_month', days: 29 },
    });
    expect(gregorianDateOf('lunar_cn', 2101, 3, 1, false)).toEqual({ ok: false, refusal: { kind: 'out_of_range' } });
  });

  it('conversion both ways is one-to-one on every day 1900-01-31 … 2100-12-31 in each calendar', () => {
    let checked = 0;
    for (const cal of ['lunar_cn', 'lunar_kr', 'lunar_jp'] as const) {
      for (const d of days('1900-01-31', '2100-12-31')) {
        const l = lunarDateOf(cal, d.year, d.month, d.day)!;
        const back = gregorianDateOf(cal, l.year, l.month, l.day, l.leap);
        if (!back.ok || back.date.year !== d.year || back.date.month !== d.month || back.date.day !== d.day)
          throw new Error(`${cal} ${d.iso}`);
        checked++;
      }
    }
    expect(checked).toBe(3 * 73_384);
  });
});

describe('the new-moon table', () => {
  it('every new moon 1899–2101 is within 20 s of Meeus ch. 49 (an independent series), 29–30 days apart', () => {
    for (let i = 0; i < NEW_MOONS_UNIX_SEC.length; i++) {
      const t = NEW_MOONS_UNIX_SEC[i]!;
      const meeus = meeusNewMoonUnixSec(1970 + t / (365.25 * 86_400));
      expect(Math.abs(meeus - t), new Date(t * 1000).toISOString()).toBeLessThan(20);
      if (i > 0) expect((t - NEW_MOONS_UNIX_SEC[i - 1]!) / 86_400).toBeGreaterThan(29.2);
    }
  });

  it('marks as uncertain the months whose new moon is within three minutes of midnight where ΔT is a model (HKO flags 2057, 2089, 2097)', () => {
    const flagged = (cal: LunarCalendar) =>
      lunarMonths(cal)
        .filter((m) => m.uncertain)
        .map((m) => iso(m.startDay));
    expect(flagged('lunar_cn')).toEqual(['2057-09-29', '2089-09-04', '2097-08-07']);
    expect(flagged('lunar_kr')).toEqual(['2044-11-19', '2051-11-03', '2074-08-22', '2092-02-08', '2097-01-14']);
    expect(flagged('lunar_jp')).toEqual(flagged('lunar_kr'));
  });
});
