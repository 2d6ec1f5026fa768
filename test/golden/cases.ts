/**
 * The golden set: a fixed list of REST and GraphQL calls whose answers must stay byte-identical
 * across refactorings. Ids that change on every run (log ids, ledger ids, account ids,
 * timestamps) are replaced by numbered placeholders in order of first appearance, so a replay that
 * answers with the first call's log id still shows as the same placeholder.
 */
import { readFileSync } from 'node:fs';
import { daysInMonth } from '../../src/domain/time/civil.ts';
import type { RunningApp } from '../support/app-server.ts';
import { mulberry32, randomInt } from '../support/prng.ts';

export interface GoldenCall {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'HEAD';
  readonly path: string;
  /** Which account's key to send, and how. */
  readonly key?: { readonly account: AccountName; readonly channel: 'bearer' | 'x-api-key' | 'query' | 'body' | 'wrong' };
  readonly body?: unknown;
  readonly rawBody?: string;
  readonly headers?: Record<string, string>;
  readonly query?: Record<string, string>;
}

export type AccountName = 'main' | 'poor' | 'enterprise' | 'autocharge';

const FULL_A = readFileSync(new URL('../graphql/operations/calculate-full.graphql', import.meta.url), 'utf8');

const rest = (
  name: string,
  path: '/v1/calculate' | '/api/v1/calculate',
  fields: Record<string, unknown>,
  how: 'GET' | 'POST' = 'POST',
  extra: Partial<GoldenCall> = {},
): GoldenCall => {
  const key = { account: 'main' as const, channel: path === '/v1/calculate' && how === 'GET' ? ('query' as const) : ('bearer' as const) };
  return how === 'GET'
    ? { name, method: 'GET', path, key, query: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])), ...extra }
    : { name, method: 'POST', path, key, body: fields, ...extra };
};

const graphql = (
  name: string,
  query: string,
  variables: Record<string, unknown> = {},
  account: AccountName | null = 'main',
): GoldenCall => ({
  name,
  method: 'POST',
  path: '/graphql',
  ...(account === null ? {} : { key: { account, channel: 'bearer' as const } }),
  body: { query, variables },
});

/** A JSON-RPC message to the MCP endpoint (Streamable HTTP, stateless, JSON answers). */
const mcp = (name: string, message: unknown, account: AccountName | null = 'main'): GoldenCall => ({
  name,
  method: 'POST',
  path: '/mcp',
  ...(account === null ? {} : { key: { account, channel: 'bearer' as const } }),
  headers: { accept: 'application/json, text/event-stream' },
  body: message,
});

const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };

function randomRequests(count: number): GoldenCall[] {
  const random = mulberry32(20261122);
  const pick = <T>(items: readonly T[]): T => items[randomInt(random, 0, items.length - 1)]!;
  const calls: GoldenCall[] = [];
  for (let i = 0; i < count; i += 1) {
    const year = randomInt(random, 1900, 2100);
    const month = randomInt(random, 1, 12);
    const fields = {
      year,
      month,
      day: randomInt(random, 1, daysInMonth(year, month)),
      time: `${String(randomInt(random, 0, 23)).padStart(2, '0')}:${String(randomInt(random, 0, 59)).padStart(2, '0')}`,
      location: Math.round((random() * 360 - 180) * 100) / 100,
      timezone: pick(['Asia/Tokyo', 'America/New_York', 'Europe/Berlin', 'Asia/Kolkata']),
      solar_time: pick(['mean', 'apparent']),
      day_boundary: pick(['00:00', '23:00']),
      zokan_table: pick(['getsuritsu', 'nijuhachigen']),
    };
    calls.push(rest(`random ${i}`, i % 2 === 0 ? '/v1/calculate' : '/api/v1/calculate', fields, i % 3 === 0 ? 'GET' : 'POST'));
  }
  return calls;
}

export const GOLDEN_CALLS: readonly GoldenCall[] = [
  rest('A GET, query key', '/v1/calculate', BIRTH, 'GET'),
  rest('A POST, body key', '/v1/calculate', { ...BIRTH, api_key: '<main>' }, 'POST', { key: { account: 'main', channel: 'body' } }),
  rest('A POST, X-API-Key', '/v1/calculate', BIRTH, 'POST', { key: { account: 'main', channel: 'x-api-key' } }),
  rest('B POST', '/api/v1/calculate', BIRTH),
  rest('B GET', '/api/v1/calculate', BIRTH, 'GET'),
  rest('B no time', '/api/v1/calculate', { year: 2000, month: 1, day: 1, location: 135 }),
  rest('B hour only', '/api/v1/calculate', { year: 2000, month: 1, day: 1, hour: 23, location: 135 }),
  rest('B time wins over hour', '/api/v1/calculate', { year: 2000, month: 1, day: 1, hour: 3, minute: 9, time: '23:30', location: 135 }),
  rest('A 23:00 boundary', '/v1/calculate', { year: 2000, month: 1, day: 1, time: '23:30', location: 135, day_boundary: '23:00' }),
  rest('B 立春 2024 one minute before', '/api/v1/calculate', { year: 2024, month: 2, day: 4, time: '17:26', location: 135 }),
  rest('B 立春 2024 at the minute', '/api/v1/calculate', { year: 2024, month: 2, day: 4, time: '17:27', location: 135 }),
  rest('A Japan summer time 1948', '/v1/calculate', { year: 1948, month: 5, day: 12, time: '12:00', location: 135 }),
  rest('B apparent, nijuhachigen, New York', '/api/v1/calculate', {
    ...BIRTH,
    location: -74,
    timezone: 'America/New_York',
    solar_time: 'apparent',
    zokan_table: 'nijuhachigen',
  }),
  rest('A 1900-01-01 00:00 at -180', '/v1/calculate', { year: 1900, month: 1, day: 1, time: '00:00', location: -180 }),
  rest('B 2100-12-31 23:59 at 180', '/api/v1/calculate', { year: 2100, month: 12, day: 31, time: '23:59', location: 180 }),
  rest('B null options', '/api/v1/calculate', { ...BIRTH, hour: null, minute: null, timezone: null, solar_time: null }),
  rest('B GET hour and minute', '/api/v1/calculate', { year: 1985, month: 11, day: 3, hour: 7, minute: 5, location: 130.4 }, 'GET'),
  ...randomRequests(24),
  // Errors: every row of the table that a request can reach.
  rest('B missing fields', '/api/v1/calculate', { year: 1990 }),
  rest('B every field bad', '/api/v1/calculate', {
    year: 1899,
    month: 13,
    day: 0,
    location: 181,
    hour: 24,
    minute: 60,
    timezone: 'Mars/Base',
    solar_time: 'true',
    day_boundary: '22:00',
    zokan_table: 'x',
  }),
  rest('B bad time', '/api/v1/calculate', { ...BIRTH, time: '24:00' }),
  rest('B 29 February 2023', '/api/v1/calculate', { year: 2023, month: 2, day: 29, location: 135 }),
  rest('B numbers as strings', '/api/v1/calculate', { year: '1990', month: 5, day: 15, location: '139.69' }),
  rest('A GET non-numeric year', '/v1/calculate', { year: '19x0', month: 5, day: 15, location: 139.69 }, 'GET'),
  rest('A GET exponent location', '/v1/calculate', { year: 1990, month: 5, day: 15, location: '1e2' }, 'GET'),
  {
    name: 'A GET repeated year',
    method: 'GET',
    path: '/v1/calculate?year=1990&year=1991&month=5&day=15&location=135',
    key: { account: 'main', channel: 'bearer' },
  },
  {
    name: 'B malformed JSON',
    method: 'POST',
    path: '/api/v1/calculate',
    key: { account: 'main', channel: 'bearer' },
    rawBody: '{"year": 1990,',
  },
  { name: 'B empty body', method: 'POST', path: '/api/v1/calculate', key: { account: 'main', channel: 'bearer' }, rawBody: '' },
  { name: 'B JSON array body', method: 'POST', path: '/api/v1/calculate', key: { account: 'main', channel: 'bearer' }, rawBody: '[1,2]' },
  {
    name: 'B text/plain',
    method: 'POST',
    path: '/api/v1/calculate',
    key: { account: 'main', channel: 'bearer' },
    rawBody: JSON.stringify(BIRTH),
    headers: { 'content-type': 'text/plain' },
  },
  {
    name: 'B latin-1 charset',
    method: 'POST',
    path: '/api/v1/calculate',
    key: { account: 'main', channel: 'bearer' },
    rawBody: JSON.stringify(BIRTH),
    headers: { 'content-type': 'application/json; charset=latin1' },
  },
  {
    name: 'B body over 16 KiB',
    method: 'POST',
    path: '/api/v1/calculate',
    key: { account: 'main', channel: 'bearer' },
    rawBody: JSON.stringify({ ...BIRTH, pad: 'x'.repeat(17_000) }),
  },
  rest('B no key', '/api/v1/calculate', BIRTH, 'POST', { key: undefined }),
  rest('B key on X-API-Key only', '/api/v1/calculate', BIRTH, 'POST', { key: { account: 'main', channel: 'x-api-key' } }),
  rest('A unknown key', '/v1/calculate', BIRTH, 'POST', { key: { account: 'main', channel: 'wrong' } }),
  rest('B bad Idempotency-Key', '/api/v1/calculate', BIRTH, 'POST', { headers: { 'idempotency-key': 'has space' } }),
  rest('B idempotent first', '/api/v1/calculate', BIRTH, 'POST', { headers: { 'idempotency-key': 'golden-1' } }),
  rest('B idempotent replay', '/api/v1/calculate', BIRTH, 'POST', { headers: { 'idempotency-key': 'golden-1' } }),
  rest('B idempotent conflict', '/api/v1/calculate', { ...BIRTH, day: 16 }, 'POST', { headers: { 'idempotency-key': 'golden-1' } }),
  rest('A poor first', '/v1/calculate', BIRTH, 'POST', { key: { account: 'poor', channel: 'bearer' } }),
  rest('A poor refused', '/v1/calculate', BIRTH, 'POST', { key: { account: 'poor', channel: 'bearer' } }),
  rest('A enterprise', '/v1/calculate', BIRTH, 'POST', { key: { account: 'enterprise', channel: 'bearer' } }),
  rest('A autocharge fires', '/v1/calculate', BIRTH, 'POST', { key: { account: 'autocharge', channel: 'bearer' } }),
  rest('A autocharge not needed', '/v1/calculate', BIRTH, 'POST', { key: { account: 'autocharge', channel: 'bearer' } }),
  { name: 'PUT calculate', method: 'PUT', path: '/v1/calculate', key: { account: 'main', channel: 'bearer' } },
  { name: 'HEAD calculate', method: 'HEAD', path: '/api/v1/calculate', key: { account: 'main', channel: 'bearer' } },
  { name: 'unknown path', method: 'GET', path: '/v2/calculate' },
  { name: 'health', method: 'GET', path: '/health' },
  { name: 'POST health', method: 'POST', path: '/health', rawBody: '' },
  // GraphQL
  graphql('GraphQL full A', FULL_A, { input: { ...BIRTH, dayBoundary: 'ZI_HOUR' }, variant: 'A' }),
  graphql('GraphQL full B', FULL_A, { input: { ...BIRTH, solarTime: 'APPARENT', zokanTable: 'NIJUHACHIGEN' }, variant: 'B' }),
  graphql('GraphQL full B, default variant', FULL_A.replace('$variant: Variant!', '$variant: Variant! = B'), {
    input: { year: 2024, month: 2, day: 4, time: '17:27', location: 135 },
  }),
  graphql(
    'GraphQL pillars, two aliases',
    `
      mutation {
        a: calculate(input: { year: 2000, month: 1, day: 1, location: 135 }, variant: A) {
          ... on VariantAResponse {
            creditsConsumed
            result {
              yearGanzhi
              dayGanzhi
            }
          }
        }
        b: calculate(input: { year: 2000, month: 1, day: 2, location: 135 }) {
          ... on VariantBResponse {
            creditsRemaining
            result {
              dayGanzhi
              shensha {
                summary {
                  activeStars
                }
              }
            }
          }
        }
      }
    `,
  ),
  graphql('GraphQL input errors', FULL_A, {
    input: { year: 1800, month: 13, day: 1, location: 200, time: '25:00', timezone: 'Nowhere' },
    variant: 'B',
  }),
  graphql('GraphQL 31 April', FULL_A, { input: { year: 2001, month: 4, day: 31, location: 135 }, variant: 'A' }),
  graphql('GraphQL no key', FULL_A, { input: BIRTH, variant: 'B' }, null),
  { ...graphql('GraphQL wrong key', FULL_A, { input: BIRTH, variant: 'B' }), key: { account: 'main', channel: 'wrong' } },
  { ...graphql('GraphQL X-API-Key', FULL_A, { input: BIRTH, variant: 'A' }), key: { account: 'main', channel: 'x-api-key' } },
  graphql('GraphQL idempotent first', FULL_A, { input: BIRTH, variant: 'B', idempotencyKey: 'golden-g' }),
  graphql('GraphQL idempotent replay', FULL_A, { input: BIRTH, variant: 'B', idempotencyKey: 'golden-g' }),
  graphql('GraphQL idempotent conflict', FULL_A, { input: { ...BIRTH, day: 17 }, variant: 'B', idempotencyKey: 'golden-g' }),
  graphql('GraphQL poor refused', FULL_A, { input: BIRTH, variant: 'A' }, 'poor'),
  graphql('GraphQL enterprise', FULL_A, { input: BIRTH, variant: 'B' }, 'enterprise'),
  graphql(
    'GraphQL solarTerms',
    'query { solarTerms(year: 2024) { name longitude utc local } berlin: solarTerms(year: 1950, timezone: "Europe/Berlin") { name local } }',
    {},
    null,
  ),
  graphql('GraphQL solarTerms out of range', 'query { solarTerms(year: 1800) { name } }', {}, null),
  graphql(
    'GraphQL account',
    'query { account { accountId plan monthlyAllowance monthlyCredits autoCredits totalCredits autocharge { enabled threshold amount } } }',
    {},
    'autocharge',
  ),
  graphql(
    'GraphQL usage',
    'query { usage(first: 2) { edges { cursor node { transactionId logId cost fromMonthly fromAuto autochargedAmount at } } pageInfo { hasNextPage endCursor } } }',
    {},
    'autocharge',
  ),
  graphql('GraphQL usage bad first', 'query { usage(first: 0) { pageInfo { hasNextPage } } }', {}, 'main'),
  graphql('GraphQL account no key', 'query { account { plan } }', {}, null),
  graphql('GraphQL wrong enum in variables', FULL_A, { input: { ...BIRTH, solarTime: 'TRUE' }, variant: 'B' }),
  graphql('GraphQL syntax error', 'mutation { calculate(', {}),
  // Every opt-in section, compatibility, the SVG and MCP (recorded before the registries and the shared wire format).
  rest('B every section', '/api/v1/calculate', {
    ...BIRTH,
    gender: 'female',
    luck_method: 'jp_day_count',
    include: ['luck', 'relations', 'special_stars', 'warnings', 'alternatives', 'convention_differences'],
    luck_cycles: 12,
    luck_years: '2024-2026',
    luck_months: 2025,
    star_yang_blade: 'prosperity',
    star_self_match: true,
    uncertainty_minutes: 90,
  }),
  rest(
    'A every section, GET, 立春 window',
    '/v1/calculate',
    {
      year: 2024,
      month: 2,
      day: 4,
      time: '17:20',
      location: 139.69,
      gender: 'male',
      include: 'luck,relations,special_stars,warnings,alternatives,convention_differences',
      zokan_count: 'elapsed',
    },
    'GET',
  ),
  rest('B three pillars, every section', '/api/v1/calculate', {
    year: 2021,
    month: 1,
    day: 5,
    location: 139.69,
    time_unknown: true,
    include: 'luck,relations,special_stars,warnings,alternatives,convention_differences',
    luck_years: '2021-2022',
  }),
  rest('A three pillars', '/v1/calculate', { year: 2021, month: 1, day: 3, location: 139.69, time_unknown: true }),
  rest('B unknown member', '/api/v1/calculate', { ...BIRTH, timeZone: 'America/New_York' }),
  {
    name: 'compatibility with genders',
    method: 'POST',
    path: '/api/v1/compatibility',
    key: { account: 'main', channel: 'bearer' },
    body: {
      a: { year: 1973, month: 12, day: 19, location: 139.69, gender: 'male' },
      b: { year: 1973, month: 10, day: 13, time: '06:15', location: 139.69, gender: 'female' },
    },
  },
  {
    name: 'compatibility refused',
    method: 'POST',
    path: '/api/v1/compatibility',
    key: { account: 'main', channel: 'bearer' },
    body: { a: { year: 1973, month: 13, day: 19, location: 139.69 }, c: {} },
  },
  {
    name: 'chart.svg',
    method: 'GET',
    path: '/v1/chart.svg',
    key: { account: 'main', channel: 'query' },
    query: { year: '1990', month: '5', day: '15', time: '10:30', location: '139.69' },
  },
  graphql(
    'GraphQL every section',
    `
      mutation ($input: CalculateInput!) {
        calculate(input: $input, variant: A) {
          ... on VariantAResponse {
            result {
              luck {
                direction
                method
                startAge {
                  years
                  months
                  days
                  hours
                  minutes
                }
                startAgeRounded
                startsAt
                referenceTerm
                referenceTermAt
                preLuck {
                  ganzhi
                  stemTenGod
                  relations {
                    code
                    members {
                      pillar
                      part
                    }
                  }
                }
                cycles(count: 3) {
                  index
                  ganzhi
                  stemTenGod
                  branchTenGod
                  lifeStage
                  nayin
                  isVoid
                  startsAt
                  endsAt
                  ageFrom
                  ageTo
                  kazoeFrom
                  kazoeTo
                  labelAge
                  relations {
                    code
                    name
                  }
                }
                years(from: 2025, to: 2026) {
                  year
                  ganzhi
                  majorIndex
                  relations {
                    code
                    name
                    members {
                      pillar
                      part
                    }
                  }
                }
                months(year: 2025) {
                  term
                  ganzhi
                }
              }
              relations {
                type
                code
                name
                element
                adjacent
                members {
                  pillar
                  part
                }
              }
              specialStars {
                code
                name
                reading
                positions {
                  pillar
                  part
                }
                rule
              }
              warnings {
                code
                message
                fields
                distanceSeconds
              }
              alternatives {
                from
                to
                share
                yearGanzhi
                monthGanzhi
                dayGanzhi
                timeGanzhi
                zokan {
                  year
                  month
                  day
                  time
                }
                isBirthChart
              }
              conventionDifferences {
                field
                convention
                values {
                  setting
                  value
                  requested
                }
              }
              meishiki {
                birth
                columns
                rows {
                  label
                  cells
                }
                trueSolarTime
                timeGiven
                timeUnknown
                terms {
                  name
                  local
                }
                elements {
                  element
                  count
                }
              }
              chartSvg
            }
          }
        }
      }
    `,
    { input: { ...BIRTH, gender: 'MALE', uncertaintyMinutes: 60 } },
  ),
  graphql(
    'GraphQL compatibility',
    `
      mutation ($a: CalculateInput!, $b: CalculateInput!) {
        compatibility(a: $a, b: $b) {
          status
          creditsConsumed
          score
          level
          rawScore
          pillarsCompared
          a {
            yearGanzhi
            monthGanzhi
            dayGanzhi
            timeGanzhi
            dayMaster
          }
          b {
            dayGanzhi
            timeGanzhi
          }
          items {
            code
            points
            explanation
          }
        }
      }
    `,
    { a: { ...BIRTH, gender: 'MALE' }, b: { year: 1992, month: 11, day: 3, location: 135.5, gender: 'FEMALE' } },
  ),
  mcp('MCP tools/list', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, null),
  mcp('MCP calculate_chart', {
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: {
      name: 'calculate_chart',
      arguments: { ...BIRTH, variant: 'A', gender: 'male', include: ['luck', 'relations', 'special_stars', 'warnings'] },
    },
  }),
  mcp('MCP compatibility', {
    jsonrpc: '2.0',
    id: 3,
    method: 'tools/call',
    params: { name: 'compatibility', arguments: { a: BIRTH, b: { year: 1992, month: 11, day: 3, location: 135.5 } } },
  }),
  mcp('MCP solar_terms', { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'solar_terms', arguments: { year: 2024 } } }, null),
  mcp('MCP refused', {
    jsonrpc: '2.0',
    id: 5,
    method: 'tools/call',
    params: { name: 'calculate_chart', arguments: { ...BIRTH, month: 13, timeZone: 'Asia/Tokyo' } },
  }),
];

export interface GoldenAnswer {
  readonly name: string;
  readonly status: number;
  readonly contentType: string | null;
  readonly requestId: string | null;
  readonly body: string;
}

const ACCOUNTS: Record<AccountName, { plan: 'standard' | 'enterprise'; monthly: number; auto: number; threshold: number; amount: number }> =
  {
    main: { plan: 'standard', monthly: 1_000_000, auto: 0, threshold: 0, amount: 0 },
    poor: { plan: 'standard', monthly: 15, auto: 0, threshold: 0, amount: 0 },
    enterprise: { plan: 'enterprise', monthly: 0, auto: 0, threshold: 0, amount: 0 },
    autocharge: { plan: 'standard', monthly: 20, auto: 0, threshold: 15, amount: 500 },
  };

/** Runs every golden call in order against a fresh app and returns the normalized answers. */
export async function playGolden(app: RunningApp): Promise<GoldenAnswer[]> {
  const keys = {} as Record<AccountName, string>;
  const accountIds: string[] = [];
  for (const [name, a] of Object.entries(ACCOUNTS) as [AccountName, (typeof ACCOUNTS)[AccountName]][]) {
    const created = await app.admin.createAccount({
      plan: a.plan,
      monthlyAllowance: a.monthly,
      autoCredits: a.auto,
      autocharge: { threshold: a.threshold, amount: a.amount },
    });
    keys[name] = created.apiKey;
    accountIds.push(created.accountId);
  }
  const placeholders = new Map<string, string>();
  const counters = new Map<string, number>();
  const placeholder = (kind: string, value: string): string => {
    let name = placeholders.get(value);
    if (name === undefined) {
      const n = (counters.get(kind) ?? 0) + 1;
      counters.set(kind, n);
      name = `<${kind}-${n}>`;
      placeholders.set(value, name);
    }
    return name;
  };
  const normalize = (text: string): string => {
    let out = text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => placeholder('uuid', id));
    out = out.replace(
      /"(transaction_id|transactionId|cursor|endCursor)":"(\d+-\d+)"/g,
      (_m, k: string, id: string) => `"${k}":"${placeholder('tx', id)}"`,
    );
    // The same inside a JSON text (an MCP tool result carries REST's body as an escaped string).
    out = out.replace(
      /\\"(transaction_id|transactionId)\\":\\"(\d+-\d+)\\"/g,
      (_m, k: string, id: string) => `\\"${k}\\":\\"${placeholder('tx', id)}\\"`,
    );
    out = out.replace(/"at":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/g, '"at":"<time>"');
    for (const id of accountIds) out = out.split(id).join(placeholder('account', id));
    return out;
  };

  const answers: GoldenAnswer[] = [];
  for (const call of GOLDEN_CALLS) {
    const headers: Record<string, string> = { ...call.headers };
    const url = new URL(call.path, app.baseUrl);
    for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, v);
    let body = call.rawBody ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
    if (call.key !== undefined) {
      const key = call.key.channel === 'wrong' ? 'fp_not-a-key' : keys[call.key.account];
      const channel = call.key.channel === 'wrong' ? 'bearer' : call.key.channel;
      if (channel === 'bearer') headers['authorization'] = `Bearer ${key}`;
      if (channel === 'x-api-key') headers['x-api-key'] = key;
      if (channel === 'query') url.searchParams.set('api_key', key);
      if (channel === 'body' && body !== undefined) body = body.replace('"<main>"', JSON.stringify(key));
    }
    if (body !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url, { method: call.method, headers, ...(body === undefined || call.method === 'HEAD' ? {} : { body }) });
    const text = await response.text();
    answers.push({
      name: call.name,
      status: response.status,
      contentType: response.headers.get('content-type'),
      requestId: response.headers.get('x-request-id') === null ? null : normalize(`${response.headers.get('x-request-id')}`),
      body: normalize(text),
    });
  }
  return answers;
}
