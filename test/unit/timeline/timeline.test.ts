/**
 * The timeline search against the chart's own luck section (the presenter REST prints `include=luck`
 * with), on random births: every period of a level in the range, the same pillars, ten gods and
 * instants; a condition keeps exactly the entries whose printed fields say it holds; pages joined by
 * `after` are the one search; and the refusals name the member, the rule and the bound.
 */
import { describe, expect, it } from 'vitest';
import { timelineOperation, type TimelineInput } from '../../../src/application/operations/timeline.ts';
import { DomainError } from '../../../src/application/errors.ts';
import { catalogueFor } from '../../../src/domain/catalogue/catalogues.ts';
import { computeChartCore } from '../../../src/domain/chart/chart-core.ts';
import { parseChartRequest } from '../../../src/domain/chart/request.ts';
import { parseCivilDate } from '../../../src/domain/luck/fine-luck.ts';
import { luckJson } from '../../../src/wire/present/luck-json.ts';
import { timelineResultJson } from '../../../src/wire/present/timeline-json.ts';
import { mulberry32, randomInt } from '../../support/prng.ts';

type Json = Record<string, any>;

function search(input: Omit<TimelineInput, 'members'>): Json {
  const order = timelineOperation.validate({ ...input, members: Object.keys(input) });
  if (!order.ok) throw new Error(JSON.stringify(order.error));
  return timelineResultJson(timelineOperation.compute(order.value));
}

function refusal(input: Omit<TimelineInput, 'members'>): { field: string; message: string }[] {
  const order = timelineOperation.validate({ ...input, members: Object.keys(input) });
  expect(order.ok).toBe(false);
  const error = (order as { error: DomainError }).error;
  expect(error.code).toBe('BAD_USER_INPUT');
  return [...(error.issues ?? [])];
}

/** The luck section of a birth, as REST prints it. */
function luckSection(birth: Json, options: Parameters<typeof luckJson>[2]): Json {
  const parsed = parseChartRequest(birth);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const core = computeChartCore(parsed.request);
  return luckJson(core, parsed.request.luck, options, catalogueFor(undefined));
}

const random = mulberry32(2049);
const BIRTHS = Array.from({ length: 12 }, (_, i) => ({
  year: randomInt(random, 1920, 2010),
  month: randomInt(random, 1, 12),
  day: randomInt(random, 1, 28),
  time: `${String(randomInt(random, 0, 23)).padStart(2, '0')}:${String(randomInt(random, 0, 59)).padStart(2, '0')}`,
  location: [139.69, 135.5, 126.98, 121.47, -74.0][i % 5]!,
  timezone: ['Asia/Tokyo', 'Asia/Tokyo', 'Asia/Seoul', 'Asia/Shanghai', 'America/New_York'][i % 5]!,
  gender: i % 2 === 0 ? 'male' : 'female',
}));
const PERIOD_KEYS = ['ganzhi', 'stem_ten_god', 'branch_ten_god', 'is_void', 'starts_at', 'ends_at'] as const;
const pick = (entry: Json) => Object.fromEntries(PERIOD_KEYS.map((key) => [key, entry[key]]));
/** The entries of the luck section a relation condition holds for: a relation of that code with a member on that natal pillar. */
const relatesTo = (entry: Json, code: string, position: string) =>
  (entry['relations'] as Json[]).some((r) => r['code'] === code && (r['members'] as Json[]).some((m) => m['pillar'] === position));

describe('the timeline search, against the chart’s own luck section on random births', () => {
  it('major: every 大運 of the section, with its 交運 instants; a ten-god condition keeps the entries that print it', () => {
    for (const birth of BIRTHS) {
      const section = luckSection(birth, { cycles: 12 });
      const all = search({ birth, level: 'major', from: '1900-03-01', to: '2100-12-31', limit: 100 });
      // The 大運 that start by the end of 2100 (the range searched).
      const cycles = section['cycles'].filter((c: Json) => c['starts_at'] < '2101');
      expect(all['matches'].map(pick), JSON.stringify(birth)).toEqual(cycles.map(pick));
      expect(all['matches'].map((m: Json) => m['index'])).toEqual(cycles.map((c: Json) => c['index']));
      const zhengCai = search({
        birth,
        level: 'major',
        from: '1900-03-01',
        to: '2100-12-31',
        limit: 100,
        where: { ten_god: 'zheng_cai', of: 'either' },
      });
      expect(zhengCai['matches'].map(pick)).toEqual(
        cycles.filter((c: Json) => c['stem_ten_god'] === '正財' || c['branch_ten_god'] === '正財').map(pick),
      );
    }
  });

  it('annual and monthly: the same periods; 冲 with the day and 天中殺 keep exactly the entries that print them', () => {
    for (const birth of BIRTHS) {
      const year = birth.year + randomInt(random, 10, 60);
      const section = luckSection(birth, { cycles: 12, years: [year, year + 9], months: year });
      const from = `${year}-03-01`;
      const annual = search({ birth, level: 'annual', from, to: `${year + 9}-12-31`, limit: 100 });
      // The section's years from..to+1 (a range ending in December reaches the next pillar year's January).
      expect(annual['matches'].map(pick).slice(0, 10)).toEqual(section['years'].map(pick));
      const clashes = search({
        birth,
        level: 'annual',
        from,
        to: `${year + 9}-12-31`,
        limit: 100,
        where: { relation: 'chu', with: 'day' },
      });
      expect(clashes['matches'].filter((m: Json) => m['year'] <= year + 9).map(pick)).toEqual(
        section['years'].filter((y: Json) => relatesTo(y, 'chu', 'day')).map(pick),
      );
      for (const m of clashes['matches'])
        expect(m['why']).toContainEqual(expect.objectContaining({ condition: 'relation', code: 'chu', with: 'day' }));
      const monthly = search({ birth, level: 'monthly', from: `${year}-02-10`, to: `${year + 1}-02-01`, limit: 100 });
      expect(monthly['matches'].map(pick)).toEqual(section['months'].map(pick));
      const voids = search({ birth, level: 'monthly', from: `${year}-02-10`, to: `${year + 1}-02-01`, limit: 100, where: { void: true } });
      expect(voids['matches'].map(pick)).toEqual(section['months'].filter((m: Json) => m['is_void']).map(pick));
    }
  });

  it('daily: the same 日運 as luck_days; 天剋地冲 with the day pillar and not-conditions agree with the printed relations', () => {
    for (const birth of BIRTHS.slice(0, 6)) {
      const from = '2026-01-01';
      const to = '2026-06-30';
      const section = luckSection(birth, { cycles: 12, days: [parseCivilDate(from)!, parseCivilDate(to)!] });
      const all = search({ birth, level: 'daily', from, to, limit: 100 });
      expect(all['matches'].map(pick)).toEqual(section['days'].slice(0, 100).map(pick));
      const strikes = search({ birth, level: 'daily', from, to, limit: 100, where: { relation: 'tenkoku_chichu', with: 'day' } });
      expect(strikes['matches'].map(pick)).toEqual(section['days'].filter((d: Json) => relatesTo(d, 'tenkoku_chichu', 'day')).map(pick));
      const calm = search({
        birth,
        level: 'daily',
        from,
        to,
        limit: 100,
        where: { not: { relation: ['chu', 'gai', 'ha', 'punishment'] } },
      });
      const printedCalm = section['days'].filter(
        (d: Json) =>
          !(d['relations'] as Json[]).some(
            (r) =>
              ['chu', 'gai', 'ha', 'kei_jisei', 'kei_muon', 'kei_murei', 'jikei'].includes(r['code']) &&
              (r['members'] as Json[]).some((m) => ['year', 'month', 'day', 'hour'].includes(m['pillar'])),
          ),
      );
      expect(calm['matches'].map(pick)).toEqual(printedCalm.slice(0, 100).map(pick));
    }
  });

  it('pages joined by after are the one search, and next_after is null once the range is exhausted', () => {
    const birth = BIRTHS[0]!;
    const whole = search({ birth, level: 'daily', from: '2027-01-01', to: '2027-12-31', limit: 100, where: { branch: '子' } });
    // Every twelfth day: 30 or 31 in a year.
    expect(whole['matches'].length).toBeGreaterThanOrEqual(30);
    expect(whole['matches'].every((m: Json) => m['ganzhi'][1] === '子')).toBe(true);
    expect(whole['next_after']).toBeNull();
    const pages: Json[] = [];
    let after: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = search({
        birth,
        level: 'daily',
        from: '2027-01-01',
        to: '2027-12-31',
        limit: 7,
        where: { branch: '子' },
        ...(after ? { after } : {}),
      });
      pages.push(...page['matches']);
      if (page['next_after'] === null) break;
      after = page['next_after'];
    }
    expect(pages).toEqual(whole['matches']);
  });

  it('伏吟 is the natal pillar itself; 反吟 stems and branches both clashing; any / all / not combine them', () => {
    // 1990-05-15 10:30 Tokyo: 庚午 辛巳 庚辰 辛巳.
    const birth = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69, gender: 'female' };
    const days = search({
      birth,
      level: 'daily',
      from: '2026-01-01',
      to: '2026-12-31',
      limit: 100,
      where: { relation: 'fukugin', with: 'day' },
    });
    expect(days['matches'].map((m: Json) => m['ganzhi'])).toEqual(Array(days['matches'].length).fill('庚辰'));
    expect(days['matches'].length).toBeGreaterThanOrEqual(6);
    const opposed = search({
      birth,
      level: 'annual',
      from: '1990-06-01',
      to: '2090-01-01',
      limit: 100,
      where: { relation: 'hangin', with: 'day' },
    });
    // 甲戌 is the one pillar that clashes 庚辰 in stem and branch.
    expect(opposed['matches'].map((m: Json) => m['ganzhi'])).toEqual(['甲戌', '甲戌']);
    const either = search({
      birth,
      level: 'annual',
      from: '1990-06-01',
      to: '2090-01-01',
      limit: 100,
      where: { any: [{ relation: 'hangin', with: 'day' }, { ganzhi: '庚辰' }] },
    });
    // 甲戌 in 1994 and 2054, 庚辰 in 2000 and 2060.
    expect(either['matches'].map((m: Json) => `${m['year']} ${m['ganzhi']}`)).toEqual(['1994 甲戌', '2000 庚辰', '2054 甲戌', '2060 庚辰']);
    const neither = search({
      birth,
      level: 'annual',
      from: '1990-06-01',
      to: '2090-01-01',
      limit: 100,
      where: { all: [{ stem: '甲' }, { not: { branch: '戌' } }] },
    });
    expect(neither['matches'].every((m: Json) => m['ganzhi'][0] === '甲' && m['ganzhi'][1] !== '戌')).toBe(true);
    expect(neither['matches'][0]['why']).toEqual([{ condition: 'stem', value: '甲' }]);
    // The same reason from two conditions is said once.
    const twice = search({
      birth,
      level: 'annual',
      from: '1990-06-01',
      to: '2090-01-01',
      limit: 1,
      where: { any: [{ stem: '甲' }, { stem: '甲' }, { relation: ['chu', 'chu'] }, { relation: 'chu' }] },
    });
    const reasons = twice['matches'][0]['why'] as Json[];
    expect(new Set(reasons.map((w) => JSON.stringify(w))).size).toBe(reasons.length);
  });

  it('a special star a luck pillar brings: 天乙貴人 of a 庚 day on 丑 and 未, 駅馬 of 午 and 辰 on 申 and 寅 (the books’ tables)', () => {
    // 1990-05-15 10:30 Tokyo: 庚午 辛巳 庚辰 辛巳.
    const birth = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };
    const range = { from: '1990-06-01', to: '2089-12-31', limit: 100 } as const;
    const every = search({ birth, level: 'annual', ...range })['matches'] as Json[];
    const noble = search({ birth, level: 'annual', ...range, where: { star: 'tenotsu_kijin' } })['matches'] as Json[];
    expect(noble.map((m) => m['year'])).toEqual(every.filter((m) => '丑未'.includes(m['ganzhi'][1])).map((m) => m['year']));
    expect(noble[0]!['why']).toEqual([{ condition: 'star', code: 'tenotsu_kijin', name: '天乙貴人' }]);
    const horse = search({ birth, level: 'annual', ...range, where: { star: ['ekiba'] } })['matches'] as Json[];
    expect(horse.map((m) => m['year'])).toEqual(every.filter((m) => '申寅'.includes(m['ganzhi'][1])).map((m) => m['year']));
    // A star of a natal pillar itself (魁罡) is not one a luck pillar brings.
    expect(refusal({ birth, level: 'annual', where: { star: 'kaikou' } })[0]!.field).toBe('where.star');
    expect(refusal({ birth, level: 'annual', where: { star: 'ekba' } })[0]!.message).toContain('did you mean "ekiba"?');
    const en = search({ birth, level: 'annual', ...range, where: { star: 'tenotsu_kijin' }, lang: 'en' })['matches'] as Json[];
    expect(en[0]!['why'][0]['name']).not.toBe('天乙貴人');
  });

  it('names ten gods and relations in the answer’s language', () => {
    const birth = BIRTHS[1]!;
    const en = search({ birth, level: 'annual', from: '2030-01-01', to: '2060-12-31', limit: 1, where: { ten_god: 'cai' }, lang: 'en' });
    expect(en['matches'][0]['why'][0]['name']).toMatch(/Wealth/);
    const ko = search({
      birth,
      level: 'annual',
      from: '2030-01-01',
      to: '2060-12-31',
      limit: 1,
      where: { relation: 'fukugin', with: 'any' },
      lang: 'ko',
    });
    for (const m of ko['matches']) expect(m['why'][0]['name']).toBe('복음');
  });
});

describe('the timeline search refuses what it cannot answer, before any charge', () => {
  const birth = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };
  it('names the member at fault, the rule and the nearest name', () => {
    expect(refusal({ birth: { ...birth, month: 13 }, level: 'anual' })).toEqual([
      expect.objectContaining({ field: 'birth.month' }),
      { field: 'level', message: expect.stringContaining('did you mean "annual"?') },
    ]);
    expect(refusal({ birth, level: 'annual', where: { all: [{ ten_god: 'zheng_caii' }, { relation: 'chuu', with: 'dy' }] } })).toEqual([
      { field: 'where.all[0].ten_god', message: expect.stringContaining('did you mean "zheng_cai"?') },
      { field: 'where.all[1].relation', message: expect.stringContaining('did you mean "chu"?') },
      { field: 'where.all[1].with', message: expect.stringContaining('did you mean "day"?') },
    ]);
    expect(refusal({ birth, level: 'annual', where: { ten_gd: 'cai' } })).toEqual([
      { field: 'where.ten_gd', message: expect.stringContaining('did you mean "ten_god"?') },
    ]);
    expect(refusal({ birth, level: 'annual', where: { stem: '甲', branch: '子' } })[0]!.message).toContain('one kind per condition');
    expect(refusal({ birth, level: 'annual', where: { void: false } })[0]!.field).toBe('where.void');
    expect(refusal({ birth, level: 'annual', where: { ganzhi: '甲丑' } })[0]!.message).toContain('one parity');
  });

  it('refuses a member it does not know, 大運 without a gender or a time, a bad range and an unknown cursor', () => {
    expect(refusal({ birth, level: 'annual', limt: 3 } as never)).toEqual([
      { field: 'limt', message: expect.stringContaining('did you mean "limit"?') },
    ]);
    expect(refusal({ birth, level: 'major' })).toEqual([{ field: 'birth.gender', message: expect.stringContaining('level major') }]);
    expect(
      refusal({ birth: { year: 1990, month: 5, day: 15, location: 139.69, gender: 'male', time_unknown: true }, level: 'major' })[0]!.field,
    ).toBe('birth.time_unknown');
    expect(refusal({ birth, level: 'annual', from: '2030-01-01', to: '2029-01-01' })).toEqual([
      { field: 'to', message: expect.stringContaining('must not be before') },
    ]);
    expect(refusal({ birth, level: 'annual', from: '1850-01-01' })[0]!.field).toBe('from');
    expect(refusal({ birth, level: 'annual', after: 'tomorrow' })[0]!.field).toBe('after');
    expect(refusal({ birth, level: 'annual', limit: 101 })[0]!.field).toBe('limit');
    expect(refusal({ birth: { ...birth, lang: 'en' }, level: 'annual' })[0]!.field).toBe('birth.lang');
  });

  it('bounds the scan (2,500 periods) and the condition (32 conditions, 6 deep), naming the bound', () => {
    const wide = refusal({ birth, level: 'daily', from: '2020-01-01', to: '2030-12-31' });
    expect(wide).toEqual([{ field: 'to', message: expect.stringContaining('holds 4018 daily periods: a search scans at most 2500') }]);
    // The cursor moves the scan's start: the same range from a later instant fits.
    // Periods that start after the instant: the day that starts at it is not one.
    expect(
      search({ birth, level: 'daily', from: '2020-01-01', to: '2030-12-31', after: '2025-01-01T00:00:00+09:00', limit: 1 })['matches'][0][
        'date'
      ],
    ).toBe('2025-01-02');
    const many = { any: Array.from({ length: 33 }, () => ({ void: true })) };
    expect(refusal({ birth, level: 'annual', where: many }).map((i) => i.message)).toContain('a query holds at most 32 conditions');
    let deep: object = { void: true };
    for (let i = 0; i < 6; i++) deep = { not: deep };
    expect(refusal({ birth, level: 'annual', where: deep })[0]!.message).toContain('at most 6 deep');
    // Every 月運 of 1900–2100 is one search.
    expect(search({ birth, level: 'monthly', from: '1900-03-01', to: '2100-12-31', limit: 1 })['matches']).toHaveLength(1);
  });
});
