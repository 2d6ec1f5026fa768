import { describe, expect, it } from 'vitest';
import { refusals } from '../../../src/application/refusals.ts';
import { parseChartRequest } from '../../../src/domain/chart/request.ts';

const valid = { year: 2024, month: 2, day: 4, location: 135 };

function issuesOf(raw: unknown): Record<string, string> {
  const parsed = parseChartRequest(raw);
  if (parsed.ok) throw new Error('expected a validation failure');
  return Object.fromEntries(parsed.issues.map((i) => [i.field, i.message]));
}

describe('chart request validation', () => {
  it('accepts the minimal request with every default applied', () => {
    const parsed = parseChartRequest(valid);
    expect(parsed).toEqual({
      ok: true,
      request: {
        year: 2024,
        month: 2,
        day: 4,
        hour: 12,
        minute: 0,
        longitudeDeg: 135,
        conventions: { timezone: 'Asia/Tokyo', solarTime: 'mean', dayBoundary: '00:00', zokanTable: 'getsuritsu' },
        timeGiven: false,
      },
    });
  });

  it.each(['year', 'month', 'day', 'location'])('%s is required', (field) => {
    const raw: Record<string, unknown> = { ...valid };
    delete raw[field];
    expect(issuesOf(raw)[field]).toBe(`${field} is required`);
  });

  it('reports every bad field at once, each naming the field and the rule', () => {
    const issues = issuesOf({ year: 1899, month: 13, day: 0, location: 181, hour: 24, minute: 60 });
    expect(issues).toEqual({
      year: 'year must be an integer from 1900 to 2100',
      month: 'month must be an integer from 1 to 12',
      day: 'day must be an integer from 1 to 31',
      location: 'location must be a longitude in degrees from -180 to 180 (east positive)',
      hour: 'hour must be an integer from 0 to 23',
      minute: 'minute must be an integer from 0 to 59',
    });
  });

  it.each([2101, 1899, 2024.5])('year %s is out of range or not an integer', (year) => {
    expect(issuesOf({ ...valid, year }).year).toMatch(/year must be an integer from 1900 to 2100/);
  });

  it('rejects a non-numeric number', () => {
    expect(issuesOf({ ...valid, month: 'feb' }).month).toBe('month must be an integer from 1 to 12');
    expect(issuesOf({ ...valid, location: '139.69' }).location).toMatch(/^location must be/);
  });

  it('only real calendar dates: 2023-02-29 is an error, 2024-02-29 is fine', () => {
    expect(issuesOf({ ...valid, year: 2023, month: 2, day: 29 }).day).toBe('day must exist in the month: 2023-02 has 28 days');
    expect(issuesOf({ ...valid, year: 2024, month: 4, day: 31 }).day).toBe('day must exist in the month: 2024-04 has 30 days');
    expect(parseChartRequest({ ...valid, month: 2, day: 29 }).ok).toBe(true);
  });

  it.each(['24:00', '7:30', '07:60', '0730', ''])('time %j must be HH:MM', (time) => {
    expect(issuesOf({ ...valid, time }).time).toBe('time must be HH:MM with hours 00-23 and minutes 00-59');
  });

  it('timezone must be an IANA name; names are canonicalised', () => {
    expect(issuesOf({ ...valid, timezone: 'JST+9' }).timezone).toMatch(/IANA time zone/);
    // Node 24's Intl also takes UTC offsets; they are not zone names (each would become a zone of its own).
    for (const offset of ['+04:30', '-0800', '+09'])
      expect(issuesOf({ ...valid, timezone: offset }).timezone, offset).toMatch(/IANA time zone/);
    const parsed = parseChartRequest({ ...valid, timezone: 'america/new_york' });
    expect(parsed.ok && parsed.request.conventions.timezone).toBe('America/New_York');
  });

  it.each([
    ['solar_time', 'true', 'solar_time must be one of "mean", "apparent"'],
    ['day_boundary', '24:00', 'day_boundary must be one of "00:00", "23:00"'],
    ['zokan_table', 'chinese', 'zokan_table must be one of "getsuritsu", "nijuhachigen"'],
  ])('option %s=%s is rejected: %s', (field, value, message) => {
    expect(issuesOf({ ...valid, [field]: value })[field]).toBe(message);
  });

  it('accepts every option value', () => {
    const parsed = parseChartRequest({
      ...valid,
      timezone: 'UTC',
      solar_time: 'apparent',
      day_boundary: '23:00',
      zokan_table: 'nijuhachigen',
    });
    expect(parsed.ok && parsed.request.conventions).toEqual({
      timezone: 'UTC',
      solarTime: 'apparent',
      dayBoundary: '23:00',
      zokanTable: 'nijuhachigen',
    });
  });

  it('null optional fields count as absent; a minute without an hour is ignored (12:00 rule)', () => {
    const parsed = parseChartRequest({ ...valid, hour: null, minute: 30, time: null });
    expect(parsed.ok && [parsed.request.hour, parsed.request.minute]).toEqual([12, 0]);
  });

  it('hour and minute are ignored when time is given, so out-of-range values there are no error', () => {
    const parsed = parseChartRequest({ ...valid, time: '10:30', hour: 99, minute: -1 });
    expect(parsed.ok && [parsed.request.hour, parsed.request.minute]).toEqual([10, 30]);
  });

  it('the body must be a JSON object', () => {
    expect(issuesOf([1, 2])).toEqual({ '(body)': 'request must be a JSON object' });
    expect(issuesOf(null)).toEqual({ '(body)': 'request must be a JSON object' });
  });

  it('the combined message lists each issue', () => {
    const parsed = parseChartRequest({ ...valid, month: 0, time: 'noon' });
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && refusals.invalidRequest(parsed.issues).message).toBe(
      'Invalid request: month must be an integer from 1 to 12; time must be HH:MM with hours 00-23 and minutes 00-59',
    );
  });
});

describe('near misses of a required field', () => {
  const issuesFor = (raw: Record<string, unknown>) => {
    const parsed = parseChartRequest(raw);
    return parsed.ok ? [] : parsed.issues.map((issue) => issue.message);
  };

  it('another API’s name for the longitude: "did you mean location"', () => {
    expect(issuesFor({ year: 1990, month: 5, day: 15, longitude: 139.69 })).toEqual([
      'location is required (did you mean "location" for "longitude"?)',
    ]);
    expect(issuesFor({ year: 1990, month: 5, day: 15, lng: 139.69 })).toEqual([
      'location is required (did you mean "location" for "lng"?)',
    ]);
  });

  it('a misspelling within two letters', () => {
    expect(issuesFor({ yaer: 1990, month: 5, day: 15, location: 135 })).toEqual(['year is required (did you mean "year" for "yaer"?)']);
  });

  it('no suggestion when nothing is close', () => {
    expect(issuesFor({ year: 1990, month: 5, day: 15, elsewhere: 1 })).toEqual(['location is required']);
  });
});
