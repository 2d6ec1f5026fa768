import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysInMonth } from '../../src/domain/time/civil.ts';
import { CalculateFullDocument } from '../graphql/generated/operations.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { mulberry32, randomInt } from '../support/prng.ts';
import { snake } from '../support/snake-case.ts';
import { budgetMs } from '../support/time-budget.ts';

const REQUESTS = 200;
const ZONES = ['Asia/Tokyo', 'Asia/Tokyo', 'America/Los_Angeles', 'Europe/Berlin'];
const SOLAR = { mean: 'MEAN', apparent: 'APPARENT' } as const;
const BOUNDARY = { '00:00': 'MIDNIGHT', '23:00': 'ZI_HOUR' } as const;
const ZOKAN = { getsuritsu: 'GETSURITSU', nijuhachigen: 'NIJUHACHIGEN' } as const;
const ELEMENT_KEY: Record<string, string> = { wood: '木', fire: '火', earth: '土', metal: '金', water: '水' };

/** A GraphQL full-selection result written back in the spec's names and shapes. */
function toSpecShape(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) {
    if (key === 'elementDistribution')
      return Object.fromEntries(value.map((e: { element: string; count: number }) => [e.element, e.count]));
    return value.map((item) => toSpecShape(item));
  }
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([k]) => k !== '__typename')
    .map(([k, v]) => {
      if (key === 'gogyoBalance') return [ELEMENT_KEY[k]!, v];
      if (k === 'nayinList') return ['nayin', v];
      return [snake(k), toSpecShape(v, k)];
    });
  return Object.fromEntries(entries);
}

function randomSpecRequest(random: () => number): Record<string, unknown> {
  const year = randomInt(random, 1900, 2100);
  const month = randomInt(random, 1, 12);
  const pick = <T>(items: readonly T[]): T => items[randomInt(random, 0, items.length - 1)]!;
  return {
    year,
    month,
    day: randomInt(random, 1, daysInMonth(year, month)),
    time: `${String(randomInt(random, 0, 23)).padStart(2, '0')}:${String(randomInt(random, 0, 59)).padStart(2, '0')}`,
    location: Math.round((random() * 360 - 180) * 100) / 100,
    timezone: pick(ZONES),
    solar_time: pick(['mean', 'apparent'] as const),
    day_boundary: pick(['00:00', '23:00'] as const),
    zokan_table: pick(['getsuritsu', 'nijuhachigen'] as const),
  };
}

const toGraphQLInput = (r: Record<string, unknown>) => ({
  year: r.year,
  month: r.month,
  day: r.day,
  time: r.time,
  location: r.location,
  timezone: r.timezone,
  solarTime: SOLAR[r.solar_time as keyof typeof SOLAR],
  dayBoundary: BOUNDARY[r.day_boundary as keyof typeof BOUNDARY],
  zokanTable: ZOKAN[r.zokan_table as keyof typeof ZOKAN],
});

describe('REST and GraphQL agree', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(() => app.close());

  it(
    `for ${REQUESTS} random requests the REST result equals the GraphQL full selection mapped back to spec names`,
    async () => {
      const random = mulberry32(6);
      const auth = { authorization: `Bearer ${app.apiKey}` };
      for (let i = 0; i < REQUESTS; i++) {
        const variant = i % 2 === 0 ? 'A' : 'B';
        const request = randomSpecRequest(random);
        const restResponse = await fetch(`${app.baseUrl}${variant === 'A' ? '/v1/calculate' : '/api/v1/calculate'}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth },
          body: JSON.stringify(request),
        });
        const rest = await restResponse.json();
        const graphqlResponse = await fetch(`${app.baseUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth },
          body: JSON.stringify({ query: print(CalculateFullDocument), variables: { input: toGraphQLInput(request), variant } }),
        });
        const graphql = await graphqlResponse.json();
        expect(restResponse.headers.get('x-request-id')).toBe(rest.log_id);
        expect(graphqlResponse.headers.get('x-request-id')).toBe(graphql.data?.calculate?.logId);
        expect(graphql.errors, JSON.stringify(request)).toBeUndefined();
        const mapped = toSpecShape(graphql.data.calculate) as Record<string, unknown>;
        expect(mapped.result, `${variant} ${JSON.stringify(request)}`).toEqual(rest.result);
        expect(Object.keys(mapped).sort()).toEqual(Object.keys(rest).sort());
        expect(mapped.credits_consumed).toBe(rest.credits_consumed);
      }
    },
    budgetMs(120_000),
  );
});
