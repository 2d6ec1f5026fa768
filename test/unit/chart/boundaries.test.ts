import { describe, expect, it } from 'vitest';
import { fieldsA, fieldsB, pillarsOf } from '../../support/chart.ts';

const JST_MERIDIAN = { location: 135 };

describe('立春 and the year pillar (minute rule)', () => {
  it('one minute before 2024 立春 (17:27 JST) is still 癸卯 year, 乙丑 month', () => {
    expect(pillarsOf({ year: 2024, month: 2, day: 4, time: '17:26', ...JST_MERIDIAN })).toBe('癸卯 乙丑 戊戌 辛酉');
  });

  it('at the 立春 minute 17:27 (instant 17:27:08) the year is already 甲辰 and the month 丙寅', () => {
    expect(pillarsOf({ year: 2024, month: 2, day: 4, time: '17:27', ...JST_MERIDIAN })).toBe('甲辰 丙寅 戊戌 辛酉');
  });

  it('January before 立春 belongs to the previous pillar year (2024-01-20 → 癸卯, 乙丑 month)', () => {
    const f = fieldsA({ year: 2024, month: 1, day: 20, ...JST_MERIDIAN });
    expect([f.year_ganzhi, f.month_ganzhi]).toEqual(['癸卯', '乙丑']);
    expect(f.spring_date).toBe('2023-02-04 11:43');
    expect(f.month_ganzhi_biko).toBe('小寒(285°)');
  });

  it('2025 立春 at 23:10 JST: 23:09 is 甲辰 year, 23:10 is 乙巳', () => {
    expect(fieldsA({ year: 2025, month: 2, day: 3, time: '23:09', ...JST_MERIDIAN }).year_ganzhi).toBe('甲辰');
    expect(fieldsA({ year: 2025, month: 2, day: 3, time: '23:10', ...JST_MERIDIAN }).year_ganzhi).toBe('乙巳');
  });

  it('reports the bounding term moments in the request zone, rounded to the minute', () => {
    const a = fieldsA({ year: 2024, month: 2, day: 4, time: '17:27', ...JST_MERIDIAN });
    expect([a.spring_date, a.month_ganzhi_date, a.month_ganzhi_biko]).toEqual(['2024-02-04 17:27', '2024-02-04 17:27', '立春(315°)']);
    const b = fieldsB({ year: 2024, month: 2, day: 4, time: '17:27', ...JST_MERIDIAN });
    expect([b.spring_date, b.month_ganzhi_date]).toEqual(['2024/02/04 17:27', '2024/02/04 17:27']);
  });
});

describe('day boundary and the 子 hour (fuusui168 example)', () => {
  const at = (date: [number, number, number], time: string, day_boundary: string) =>
    pillarsOf({ year: date[0], month: date[1], day: date[2], time, day_boundary, ...JST_MERIDIAN });

  it.each([
    ['22:59', '00:00', '己卯 丙子 戊午 癸亥'],
    ['23:00', '00:00', '己卯 丙子 戊午 甲子'],
    ['23:59', '00:00', '己卯 丙子 戊午 甲子'],
    ['22:59', '23:00', '己卯 丙子 戊午 癸亥'],
    ['23:00', '23:00', '己卯 丙子 己未 甲子'],
    ['23:59', '23:00', '己卯 丙子 己未 甲子'],
  ])('2000-01-01 %s with day_boundary %s → %s', (time, boundary, expected) => {
    expect(at([2000, 1, 1], time, boundary)).toBe(expected);
  });

  it.each(['00:00', '23:00'])('2000-01-02 00:00 with day_boundary %s is 己未 day, 甲子 hour', (boundary) => {
    expect(at([2000, 1, 2], '00:00', boundary)).toBe('己卯 丙子 己未 甲子');
  });

  it('2000-01-01 00:30 is 戊午 day with its own 壬子 hour (早子時)', () => {
    expect(at([2000, 1, 1], '00:30', '00:00')).toBe('己卯 丙子 戊午 壬子');
  });

  it('Variant A julian_day is the JDN of the day-pillar date, which advances at 23:00 under 子初換日', () => {
    expect(fieldsA({ year: 2000, month: 1, day: 1, time: '23:30', day_boundary: '00:00', ...JST_MERIDIAN }).julian_day).toBe(2451545);
    expect(fieldsA({ year: 2000, month: 1, day: 1, time: '23:30', day_boundary: '23:00', ...JST_MERIDIAN }).julian_day).toBe(2451546);
  });
});

describe('range ends', () => {
  it('1900-01-01 00:00 JST: 己亥 year (1899), 丙子 month, 甲戌 day, 甲子 hour', () => {
    const f = fieldsA({ year: 1900, month: 1, day: 1, time: '00:00', ...JST_MERIDIAN });
    expect(pillarsOf({ year: 1900, month: 1, day: 1, time: '00:00', ...JST_MERIDIAN })).toBe('己亥 丙子 甲戌 甲子');
    expect(f.spring_date).toBe('1899-02-04 09:07');
    expect(f.month_ganzhi_biko).toBe('大雪(255°)');
  });

  it('2100-12-31 23:59 JST: 庚申 year, 戊子 month; corrected to 179°E it runs into 2101-01-01', () => {
    expect(pillarsOf({ year: 2100, month: 12, day: 31, time: '23:59', ...JST_MERIDIAN }).slice(0, 5)).toBe('庚申 戊子');
    expect(fieldsB({ year: 2100, month: 12, day: 31, time: '23:59', location: 179 }).true_solar_time).toBe('2101-01-01 02:55');
  });
});

describe('civil time: the 1949 summer time (tzdata Asia/Tokyo)', () => {
  it('a 1949-07-01 13:00 birth is 12:00 JST: true solar time 12:00 at 135°E, 午 hour', () => {
    const f = fieldsB({ year: 1949, month: 7, day: 1, time: '13:00', ...JST_MERIDIAN });
    expect(f.true_solar_time_raw).toBe('1949-07-01 12:00:00');
    expect(f.time_ganzhi!.slice(1)).toBe('午');
    expect(f.julian_day).toBeCloseTo(2433098.625, 6); // 1949-07-01T03:00Z
  });

  it('the same wall time in 1952 (no summer time) is 13:00 JST, 未 hour', () => {
    expect(fieldsB({ year: 1952, month: 7, day: 1, time: '13:00', ...JST_MERIDIAN }).true_solar_time_raw).toBe('1952-07-01 13:00:00');
  });
});

describe('true solar time and longitude', () => {
  const noonJst = { year: 2024, month: 6, day: 15, time: '12:00' };

  it('longitude 0: local mean time is UT (03:00), 寅 hour', () => {
    const f = fieldsB({ ...noonJst, location: 0 });
    expect(f.true_solar_time_raw).toBe('2024-06-15 03:00:00');
    expect(f.time_ganzhi!.slice(1)).toBe('寅');
  });

  it('longitude −75: 22:00 on the previous day, which also moves the day pillar back', () => {
    const west = fieldsB({ ...noonJst, location: -75 });
    const sameDayJst = fieldsB({ ...noonJst, location: 135 });
    expect(west.true_solar_time_raw).toBe('2024-06-14 22:00:00');
    expect(west.time_ganzhi!.slice(1)).toBe('亥');
    expect(west.day_ganzhi).not.toBe(sameDayJst.day_ganzhi);
    expect(west.day_ganzhi).toBe(fieldsB({ year: 2024, month: 6, day: 14, time: '22:00', location: 135 }).day_ganzhi);
  });

  it('longitude 179: 14:56, 未 hour', () => {
    const f = fieldsB({ ...noonJst, location: 179 });
    expect(f.true_solar_time_raw).toBe('2024-06-15 14:56:00');
    expect(f.time_ganzhi!.slice(1)).toBe('未');
  });

  it('solar_time mean vs apparent at Tokyo on 2024 立春: 17:45:46 (longitude only) vs 17:31:57 (plus EoT −13.8 min)', () => {
    const tokyo = { year: 2024, month: 2, day: 4, time: '17:27', location: 139.6917 };
    expect(fieldsB(tokyo).true_solar_time_raw).toBe('2024-02-04 17:45:46');
    expect(fieldsB({ ...tokyo, solar_time: 'apparent' }).true_solar_time_raw).toBe('2024-02-04 17:31:57');
    expect(fieldsA({ ...tokyo, solar_time: 'apparent' }).true_solar_time).toBe('2024-02-04 17:31');
  });

  it('the year and month pillars ignore longitude: they follow the absolute instant', () => {
    const east = fieldsA({ year: 2024, month: 2, day: 4, time: '17:26', location: 179 });
    expect([east.year_ganzhi, east.month_ganzhi]).toEqual(['癸卯', '乙丑']);
  });
});

describe('input time rules (docs/fields.md, section 1)', () => {
  it('no time → 12:00', () => {
    expect(fieldsA({ year: 2024, month: 2, day: 4, location: 135 }).input_date).toBe('2024-02-04 12:00');
  });

  it('time beats hour and minute', () => {
    expect(fieldsA({ year: 2024, month: 2, day: 4, time: '08:05', hour: 20, minute: 30, location: 135 }).input_date).toBe(
      '2024-02-04 08:05',
    );
  });

  it('hour alone → minute 0; hour with minute', () => {
    expect(fieldsA({ year: 2024, month: 2, day: 4, hour: 7, location: 135 }).input_date).toBe('2024-02-04 07:00');
    expect(fieldsA({ year: 2024, month: 2, day: 4, hour: 7, minute: 9, location: 135 }).input_date).toBe('2024-02-04 07:09');
  });

  it('Variant B julian_day is the Julian Date (UT) of the birth instant', () => {
    expect(fieldsB({ year: 2024, month: 2, day: 4, time: '17:27', location: 135 }).julian_day).toBeCloseTo(2460344.852083, 6);
  });
});
