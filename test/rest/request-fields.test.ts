/**
 * The request fields and their rules (docs/fields.md, section 1) through both transports: required fields, defaults, `time`
 * over `hour`/`minute`, strict numbers in query strings, the convention options, unknown fields refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, CALCULATE_PATH, VALID_FIELDS, type CallResult } from './support/client.ts';
import { createStandardAccount, startRestServer, type RestTestServer } from './support/server.ts';

let server: RestTestServer;
let apiKey: string;
let accountId: string;
beforeAll(async () => {
  server = await startRestServer();
  ({ apiKey, accountId } = await createStandardAccount(server.admin, 1_000_000));
});
afterAll(() => server.close());

type Fields = Record<string, string | number>;
const get = (variant: 'A' | 'B', query: Fields | string) =>
  call(server.baseUrl, CALCULATE_PATH[variant], { query, headers: { Authorization: `Bearer ${apiKey}` } });
const post = (variant: 'A' | 'B', json: unknown) =>
  call(server.baseUrl, CALCULATE_PATH[variant], { method: 'POST', json, headers: { Authorization: `Bearer ${apiKey}` } });
const send = (variant: 'A' | 'B', method: 'GET' | 'POST', fields: Fields) =>
  method === 'GET' ? get(variant, fields) : post(variant, fields);
const result = (response: CallResult) => response.body['result'] as Record<string, unknown>;

function without(fields: Fields, name: string): Fields {
  const { [name]: _dropped, ...rest } = fields;
  return rest;
}

const TRANSPORTS = [
  { variant: 'A', method: 'GET' },
  { variant: 'A', method: 'POST' },
  { variant: 'B', method: 'GET' },
  { variant: 'B', method: 'POST' },
] as const;

describe.each(TRANSPORTS)('Variant $variant $method', ({ variant, method }) => {
  it.each(['year', 'month', 'day', 'location'])('%s is required: 400 naming the field', async (field) => {
    const response = await send(variant, method, without(VALID_FIELDS, field));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 'error', code: 'BAD_USER_INPUT' });
    expect(response.body['message']).toContain(`${field} is required`);
  });

  it('location is a float: 139.69 is echoed and moves true solar time by (139.69 − 135) × 4 min', async () => {
    const response = await send(variant, method, { ...VALID_FIELDS, location: 139.69 });
    expect(response.status).toBe(200);
    if (variant === 'A') expect(result(response)['input_longitude']).toBe(139.69);
    expect(result(response)['true_solar_time']).toBe('1990-05-15 10:48');
  });

  it('hour without minute: minute defaults to 0', async () => {
    const response = await send(variant, method, { ...without(VALID_FIELDS, 'time'), hour: 7 });
    expect(result(response)['input_date']).toBe('1990-05-15 07:00');
  });

  it('hour and minute are used when time is absent', async () => {
    const response = await send(variant, method, { ...without(VALID_FIELDS, 'time'), hour: 7, minute: 45 });
    expect(result(response)['input_date']).toBe('1990-05-15 07:45');
  });

  it('time beats hour and minute', async () => {
    const response = await send(variant, method, { ...VALID_FIELDS, time: '21:05', hour: 3, minute: 30 });
    expect(result(response)['input_date']).toBe('1990-05-15 21:05');
  });

  it('hour and minute are ignored when time is supplied, even out of range', async () => {
    const response = await send(variant, method, { ...VALID_FIELDS, time: '21:05', hour: 99, minute: -1 });
    expect(response.status).toBe(200);
    expect(result(response)['input_date']).toBe('1990-05-15 21:05');
  });

  it('no time and no hour: 12:00', async () => {
    const response = await send(variant, method, without(VALID_FIELDS, 'time'));
    expect(result(response)['input_date']).toBe('1990-05-15 12:00');
  });

  it.each([
    ['month', 13, 'month must be an integer from 1 to 12'],
    ['day', 32, 'day must be an integer from 1 to 31'],
    ['hour', 24, 'hour must be an integer from 0 to 23'],
    ['minute', 60, 'minute must be an integer from 0 to 59'],
    ['year', 1899, 'year must be an integer from 1900 to 2100'],
    ['time', '24:00', 'time must be HH:MM'],
  ] as const)('%s = %s is a 400 naming the field and its rule', async (field, value, message) => {
    const fields =
      field === 'hour' || field === 'minute' ? { ...without(VALID_FIELDS, 'time'), [field]: value } : { ...VALID_FIELDS, [field]: value };
    const response = await send(variant, method, fields);
    expect(response.status).toBe(400);
    expect(response.body['message']).toContain(message);
  });

  it('a day that does not exist in the month is a 400', async () => {
    const response = await send(variant, method, { ...VALID_FIELDS, month: 2, day: 30 });
    expect(response.status).toBe(400);
    expect(response.body['message']).toContain('day must exist in the month');
  });

  it.each([
    ['solar_time', 'apparent', (r: CallResult) => expect(result(r)['true_solar_time']).not.toBe('1990-05-15 10:48')],
    ['timezone', 'UTC', (r: CallResult) => expect(result(r)['true_solar_time']).not.toBe('1990-05-15 10:48')],
    ['day_boundary', '23:00', (r: CallResult) => expect(r.status).toBe(200)],
    ['zokan_table', 'nijuhachigen', (r: CallResult) => expect(r.status).toBe(200)],
  ] as const)('convention option %s=%s is accepted as an extra field', async (option, value, check) => {
    const response = await send(variant, method, { ...VALID_FIELDS, [option]: value });
    expect(response.status).toBe(200);
    check(response);
  });

  it.each(['solar_time', 'day_boundary', 'zokan_table', 'timezone'])('an unknown value of option %s is a 400 naming it', async (option) => {
    const response = await send(variant, method, { ...VALID_FIELDS, [option]: 'bogus' });
    expect(response.status).toBe(400);
    expect(response.body['message']).toContain(option);
  });

  it('an unknown field is a 400 naming it (and the nearest known name), and charges nothing', async () => {
    const before = (await server.admin.usage(accountId, { limit: 100 }))?.length;
    const unknown = await send(variant, method, { ...VALID_FIELDS, color: 'blue' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining('color is not a field of this request'),
    });
    // GraphQL's spelling of a REST field: refused with the REST name, never a Tokyo chart of a New York birth.
    const camel = await send(variant, method, { ...VALID_FIELDS, location: -74, timeZone: 'America/New_York' });
    expect(camel.status).toBe(400);
    expect(camel.body['message']).toContain('timeZone is not a field of this request: did you mean "timezone"?');
    const alias = await send(variant, method, { ...without(VALID_FIELDS, 'location'), longitude: 139.69 });
    expect(alias.body['message']).toContain('longitude is not a field of this request: did you mean "location"?');
    expect((await server.admin.usage(accountId, { limit: 100 }))?.length).toBe(before);
  });

  it('day_boundary 23:00 moves a 23:30 birth to the next day pillar', async () => {
    const fields = { ...VALID_FIELDS, time: '23:30', location: 135 };
    const midnight = await send(variant, method, fields);
    const zi = await send(variant, method, { ...fields, day_boundary: '23:00' });
    expect(result(zi)['day_ganzhi']).not.toBe(result(midnight)['day_ganzhi']);
  });
});

describe('query-string numbers are strict', () => {
  const base = 'month=5&day=15&time=10:30&location=139.69';
  it.each(['19x0', '1990.0', '1e3', ' 1990', '0x7C6', '+1990'])('year=%s is a 400 naming year', async (value) => {
    const response = await get('B', `year=${encodeURIComponent(value)}&${base}`);
    expect(response.status).toBe(400);
    expect(response.body['code']).toBe('BAD_USER_INPUT');
    expect(response.body['message']).toContain('year must be an integer');
  });

  it.each(['139,69', '1.4e2', '139.69.1', '.5', 'east', 'NaN', 'Infinity'])('location=%s is a 400 naming location', async (value) => {
    const response = await get('A', `year=1990&month=5&day=15&time=10:30&location=${encodeURIComponent(value)}`);
    expect(response.status).toBe(400);
    expect(response.body['message']).toContain('location must be a longitude');
  });

  it.each(['139.69', '-0.5', '135', '0'])('location=%s is fine', async (value) => {
    const response = await get('A', `year=1990&month=5&day=15&time=10:30&location=${value}`);
    expect(response.status).toBe(200);
    expect(result(response)['input_longitude']).toBe(Number(value));
  });

  it('leading zeros are digits: month=05&day=09 is May 9', async () => {
    const response = await get('A', 'year=1990&month=05&day=09&time=10:30&location=135');
    expect(result(response)['input_date']).toBe('1990-05-09 10:30');
  });

  it('an empty optional parameter counts as not sent (hour= gives the 12:00 default)', async () => {
    const response = await get('B', 'year=1990&month=5&day=15&location=135&hour=&minute=&time=');
    expect(response.status).toBe(200);
    expect(result(response)['input_date']).toBe('1990-05-15 12:00');
  });

  it('a repeated known parameter is a 400 naming it', async () => {
    const response = await get('B', `year=1990&year=1991&${base}`);
    expect(response.status).toBe(400);
    expect(response.body['message']).toContain('year must be given at most once');
  });

  it('an unknown parameter, repeated or not, is a 400 naming it', async () => {
    const response = await get('B', `year=1990&${base}&utm=a&utm=b`);
    expect(response.status).toBe(400);
    expect(response.body['message']).toContain('utm is not a field of this request');
    expect(String(response.body['message']).match(/utm is not/g)).toHaveLength(1);
  });
});

describe('JSON bodies are typed', () => {
  it('numbers sent as JSON strings are a 400 naming the field', async () => {
    const response = await post('B', { ...VALID_FIELDS, year: '1990' });
    expect(response.status).toBe(400);
    expect(response.body['message']).toContain('year must be an integer');
  });

  it('a JSON body that is not an object is a 400', async () => {
    const response = await post('B', [VALID_FIELDS]);
    expect(response.status).toBe(400);
    expect(response.body['message']).toContain('request must be a JSON object');
  });

  it('null for an optional field means not sent', async () => {
    const response = await post('A', { ...VALID_FIELDS, time: null, hour: null, minute: null, solar_time: null });
    expect(response.status).toBe(200);
    expect(result(response)['input_date']).toBe('1990-05-15 12:00');
  });

  it('POST fields come from the body only: query fields are not merged in', async () => {
    const response = await call(server.baseUrl, CALCULATE_PATH.B, {
      method: 'POST',
      query: { hour: 5 },
      json: without(VALID_FIELDS, 'time'),
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(result(response)['input_date']).toBe('1990-05-15 12:00');
  });
});
