/**
 * The 蔵干 day count by date or by elapsed time: kantei-fortune's 月律分野 table runs in days
 * and hours from the 節入り instant (muryonet counts from the 「節入日時分」); sityuu and lumbermill count
 * calendar dates. 2008 清明 was 04-04 18:46 JST: births on 04-13 and 04-16 read the 辰 row differently.
 */
import { describe, expect, it } from 'vitest';
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { chartAlternatives, chartWarnings, conventionDifferences } from '../../../src/domain/chart/certainty.ts';
import { parseChartRequest } from '../../../src/domain/chart/request.ts';
import { buildVariantAResult } from '../../../src/domain/chart/variants.ts';
import { formatIsoWithOffset } from '../../../src/domain/time/format.ts';
import { chartOf } from '../../support/chart.ts';

const at = (day: number, time: string, extra: Record<string, unknown> = {}) =>
  chartOf({ year: 2008, month: 4, day, time, location: 135, ...extra });
const monthZokan = (day: number, time: string, extra: Record<string, unknown> = {}) =>
  buildVariantAResult(at(day, time, extra), JA_CATALOGUE).zokan.month;

describe('zokan_count', () => {
  it('elapsed: whole 24-hour days since the 節入り minute; date: calendar dates (the default)', () => {
    // 辰 row: 乙 days 1–9, 癸 10–12, 戊 13–.
    expect(at(13, '10:00').zokanDayCount).toBe(10);
    expect(at(13, '10:00', { zokan_count: 'elapsed' }).zokanDayCount).toBe(9); // 8 days 15 h 14 min after 18:46
    expect([monthZokan(13, '10:00'), monthZokan(13, '10:00', { zokan_count: 'elapsed' })]).toEqual(['癸', '乙']);
    expect([monthZokan(16, '08:00'), monthZokan(16, '08:00', { zokan_count: 'elapsed' })]).toEqual(['戊', '癸']);
    // Exactly nine days after the 節入り minute day 10 begins; a minute before, day 9.
    expect(at(13, '18:46', { zokan_count: 'elapsed' }).zokanDayCount).toBe(10);
    expect(at(13, '18:45', { zokan_count: 'elapsed' }).zokanDayCount).toBe(9);
  });

  it('is a validated option, absent from the request when it is the default (older idempotency digests stay)', () => {
    const parsed = parseChartRequest({ year: 2008, month: 4, day: 13, location: 135, zokan_count: 'date' });
    expect(parsed.ok && 'zokanCount' in parsed.request.conventions).toBe(false);
    const bad = parseChartRequest({ year: 2008, month: 4, day: 13, location: 135, zokan_count: 'hours' });
    expect(!bad.ok && bad.issues).toEqual([{ field: 'zokan_count', message: 'zokan_count must be one of "date", "elapsed"' }]);
  });

  it('says what the other count gives, and splits the alternatives at the switch instant to the second', () => {
    const core = at(13, '18:30', { zokan_count: 'elapsed', uncertainty_minutes: 30 });
    const difference = conventionDifferences(core).find((d) => d.convention === 'zokan_count' && d.field === 'zokan.month');
    expect(difference?.values).toEqual([
      { setting: 'date', value: '癸', requested: false },
      { setting: 'elapsed', value: '乙', requested: true },
    ]);
    const alternatives = chartAlternatives(core);
    expect(alternatives.map((a) => formatIsoWithOffset(a.fromUnixSec, 9 * 3600))).toEqual([
      '2008-04-13T18:00:00+09:00',
      '2008-04-13T18:46:00+09:00',
    ]);
    expect(alternatives.map((a) => a.zokan[1])).toEqual([1, 9]); // 乙 then 癸
    const warning = chartWarnings(core, JA_CATALOGUE.warnings).find((w) => w.code === 'NEAR_ZOKAN_SWITCH');
    expect(warning?.message).toContain('切り替わりは 2008-04-13 18:46');
    expect(warning?.distanceSeconds).toBe(-16 * 60);
  });
});
