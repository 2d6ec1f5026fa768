import { describe, expect, it } from 'vitest';
import { latestJieIndexAt, termInstantUnixSec } from '../../../src/domain/astronomy/solar-terms.ts';
import { ganzhiName } from '../../../src/domain/calendar/sexagenary.ts';
import { computeChartCore } from '../../../src/domain/chart/chart-core.ts';
import { DEFAULT_CONVENTIONS, type DayBoundary } from '../../../src/domain/chart/conventions.ts';
import type { ChartRequest } from '../../../src/domain/chart/request.ts';
import { daysInMonth } from '../../../src/domain/time/civil.ts';
import { mulberry32, randomInt } from '../../support/prng.ts';
import { oracleDayHour, oracleYearMonth } from '../../support/lunar-oracle.ts';

const CHARTS = 10_000;
const MIN_DISTANCE_FROM_JIE_SEC = 120;
const ZONES = ['Asia/Tokyo', 'Asia/Tokyo', 'Asia/Tokyo', 'America/New_York', 'Europe/London', 'Asia/Shanghai', 'Pacific/Auckland'];

function randomRequest(random: () => number): ChartRequest {
  const year = randomInt(random, 1900, 2100);
  const month = randomInt(random, 1, 12);
  const dayBoundary: DayBoundary = random() < 0.5 ? '00:00' : '23:00';
  return {
    year,
    month,
    day: randomInt(random, 1, daysInMonth(year, month)),
    hour: randomInt(random, 0, 23),
    minute: randomInt(random, 0, 59),
    longitudeDeg: Math.round((random() * 360 - 180) * 1000) / 1000,
    conventions: { ...DEFAULT_CONVENTIONS, timezone: ZONES[randomInt(random, 0, ZONES.length - 1)]!, dayBoundary },
    timeGiven: true,
  };
}

const nearAJie = (unixSec: number): boolean => {
  const previous = latestJieIndexAt(unixSec);
  return (
    unixSec - termInstantUnixSec(previous) < MIN_DISTANCE_FROM_JIE_SEC ||
    termInstantUnixSec(previous + 2) - unixSec < MIN_DISTANCE_FROM_JIE_SEC
  );
};

describe('four pillars against lunar-javascript (10,000 random charts 1900–2100, ≥ 2 min from any 節)', () => {
  it('year and month pillars equal EightChar fed the Beijing-time instant; day and hour equal it fed the corrected local time', () => {
    const random = mulberry32(1984);
    const mismatches: string[] = [];
    let checked = 0;
    while (checked < CHARTS) {
      const request = randomRequest(random);
      const core = computeChartCore(request);
      if (nearAJie(core.birthUnixSec)) continue;
      checked++;
      const ours = {
        year: ganzhiName(core.pillars.year),
        month: ganzhiName(core.pillars.month),
        day: ganzhiName(core.pillars.day),
        hour: ganzhiName(core.pillars.hour!),
      };
      const sect = request.conventions.dayBoundary === '23:00' ? 1 : 2;
      const expected = { ...oracleYearMonth(core.birthUnixSec), ...oracleDayHour(Math.floor(core.solarWallSec), sect) };
      if (JSON.stringify(ours) !== JSON.stringify(expected)) {
        mismatches.push(`${JSON.stringify(request)} ours=${JSON.stringify(ours)} lunar=${JSON.stringify(expected)}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});
