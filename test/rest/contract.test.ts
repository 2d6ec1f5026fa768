/**
 * The documented fields (docs/fields.md, sections 2–5), row by row, for both variants and both methods: every field is present, has the
 * row's JSON type and, where the spec gives one, its string format. (Every response is also
 * validated against /openapi.json by the client, which forbids keys the spec does not list.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, CALCULATE_PATH } from './support/client.ts';
import { createStandardAccount, startRestServer, type RestTestServer } from './support/server.ts';
import { ENVELOPE_ROWS, jsonTypeMatches, valuesAt, VARIANT_A_ROWS, VARIANT_B_ROWS, type SpecRow } from './support/spec-rows.ts';

/** A chart in which every shensha star has at least one location, so the `locations[]` rows see items. */
const FIXTURE = { year: 1975, month: 10, day: 23, time: '10:30', location: 135.5 } as const;

let server: RestTestServer;
let apiKey: string;
beforeAll(async () => {
  server = await startRestServer();
  ({ apiKey } = await createStandardAccount(server.admin, 10_000));
});
afterAll(() => server.close());

const rowName = (row: SpecRow) => `${row.field} is ${row.type}${row.format ? ` formatted ${row.format.name}` : ''}`;

describe.each([
  { variant: 'A', method: 'GET' },
  { variant: 'A', method: 'POST' },
  { variant: 'B', method: 'GET' },
  { variant: 'B', method: 'POST' },
] as const)('Variant $variant, $method: envelope + variant rows', ({ variant, method }) => {
  let body: Record<string, unknown>;
  let requestId: string | null;
  beforeAll(async () => {
    const response = await call(server.baseUrl, CALCULATE_PATH[variant], {
      method,
      headers: { Authorization: `Bearer ${apiKey}` },
      ...(method === 'GET' ? { query: FIXTURE } : { json: FIXTURE }),
    });
    expect(response.status).toBe(200);
    body = response.body;
    requestId = response.headers.get('x-request-id');
  });

  const rows = [...ENVELOPE_ROWS, ...(variant === 'A' ? VARIANT_A_ROWS : VARIANT_B_ROWS)];
  it.each(rows.map((row) => ({ row, name: rowName(row) })))('$name', ({ row }) => {
    const values = valuesAt(body, row.field);
    expect(values.length, `${row.field} present`).toBeGreaterThan(0);
    for (const value of values) {
      expect(jsonTypeMatches(value, row.type), `${row.field} = ${JSON.stringify(value)} is ${row.type}`).toBe(true);
      if (row.format && typeof value === 'string') expect(value).toMatch(row.format.pattern);
    }
  });

  it('reports success, 10 credits consumed, and log_id equal to X-Request-Id', () => {
    expect(body['status']).toBe('success');
    expect(body['credits_consumed']).toBe(10);
    expect(body['log_id']).toBe(requestId);
    expect(typeof body['transaction_id']).toBe('string');
  });

  it('echoes the input date and time in input_date', () => {
    expect((body['result'] as Record<string, unknown>)['input_date']).toBe('1975-10-23 10:30');
  });

  if (variant === 'A') {
    it('nayin is an empty array, gogyo_balance has exactly 木火土金水 summing to 8, ten_gods has year/month/time', () => {
      const result = body['result'] as Record<string, Record<string, unknown>>;
      expect(result['nayin']).toEqual([]);
      expect(Object.keys(result['gogyo_balance']!).sort()).toEqual(['土', '木', '水', '火', '金'].sort());
      expect(Object.values(result['gogyo_balance']!).reduce((a, b) => (a as number) + (b as number), 0)).toBe(8);
      expect(Object.keys(result['ten_gods']!).sort()).toEqual(['month', 'time', 'year']);
      expect(result['input_longitude']).toBe(135.5);
    });

    it('credits_used_from and autocharge_info.debug agree with the balances', () => {
      const debug = (body['autocharge_info'] as Record<string, Record<string, number>>)['debug']!;
      expect(body['credits_used_from']).toEqual({ monthly: 10, auto: 0 });
      expect(debug['monthly_credits']).toBe(body['monthly_credits']);
      expect(debug['auto_credits']).toBe(body['auto_credits']);
      expect(debug['total_credits']).toBe(body['credits_remaining']);
    });
  } else {
    it('true_solar_time_raw has seconds and agrees with true_solar_time to the minute; the term dates use slashes', () => {
      const result = body['result'] as Record<string, string>;
      expect(result['true_solar_time_raw']!.slice(0, 16)).toBe(result['true_solar_time']);
      expect(result['spring_date']).toMatch(/^1975\/02\/0[45] /);
    });

    it('nayin element_distribution maps only present elements to positive integers', () => {
      const distribution = valuesAt(body, 'result.nayin.compatibility.element_distribution')[0] as Record<string, unknown>;
      expect(Object.keys(distribution).length).toBeGreaterThan(0);
      for (const [element, count] of Object.entries(distribution)) {
        expect(element).toMatch(/^[木火土金水]$/);
        expect(Number.isInteger(count) && (count as number) > 0).toBe(true);
      }
    });
  }
});

describe('GET and POST agree', () => {
  it.each(['A', 'B'] as const)('Variant %s: the same fields give the same result by query string and by JSON body', async (variant) => {
    const headers = { Authorization: `Bearer ${apiKey}` };
    const byGet = await call(server.baseUrl, CALCULATE_PATH[variant], { query: FIXTURE, headers });
    const byPost = await call(server.baseUrl, CALCULATE_PATH[variant], { method: 'POST', json: FIXTURE, headers });
    expect(byGet.body['result']).toEqual(byPost.body['result']);
  });
});
