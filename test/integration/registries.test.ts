/**
 * The registries (wire/operations, wire/chart-sections): a throw-away section and a throw-away paid
 * operation, each one declaration (test/fixtures/throw-away-registrations.ts), are found on every
 * protocol — REST path and `include`, OpenAPI, GraphQL field, MCP tool, CLI — with the price its
 * setting gives (DAY_PILLAR_COST=7), charged once and never on an error.
 */
import './../fixtures/throw-away-registrations.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerChartSection } from '../../src/wire/chart-sections.ts';
import { freeOperations, registerOperation, paidOperations } from '../../src/wire/operations/index.ts';
import { Registry } from '../../src/application/registry.ts';
import { keyScopes } from '../../src/application/key-scopes.ts';
import { keyScopesIssue } from '../../src/application/operator/input.ts';
import { createStandardAccount, creditState, type TestAccount } from '../rest/support/server.ts';
import { schemaProblems } from '../rest/support/openapi-validator.ts';
import { runCli } from '../support/run-cli.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { clientOf } from '../support/client.ts';
import { DAY_FACTS_SHAPE, DAY_PILLAR_PATH, WEEKDAY_PATH } from '../fixtures/throw-away-registrations.ts';
import { shapeJsonSchema } from '../../src/wire/shapes/shape.ts';

const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };
/** 1990-05-15's day pillar (the golden set's chart). */
const DAY = '庚辰';

describe('a section and a paid operation declared once are served by every protocol', () => {
  let app: RunningApp;
  let account: TestAccount;
  beforeAll(async () => {
    app = await startAppServer({ env: { DAY_PILLAR_COST: '7' } });
    account = await createStandardAccount(app.admin, 1000);
  });
  afterAll(() => app?.close());

  const api = clientOf(() => ({ baseUrl: app.baseUrl, apiKey: account.apiKey }));
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const reply = await api.post(path, body, headers);
    return { status: reply.status, headers: reply.headers, text: reply.text };
  };
  const graphql = (query: string): Promise<{ data?: any; errors?: any[] }> => api.graphql(query);
  const mcp = async (message: unknown) => (await api.mcp(message)).json as { result: any };

  it('REST: the operation’s path answers and charges its configured price; a bad body or method charges nothing', async () => {
    const before = await creditState(app.admin, account.accountId);
    const answer = await post(DAY_PILLAR_PATH, BIRTH);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ status: 'success', credits_consumed: 7, result: { day_ganzhi: DAY } });
    expect((await creditState(app.admin, account.accountId)).monthly).toBe(before.monthly - 7);

    const bad = await post(DAY_PILLAR_PATH, { ...BIRTH, month: 13 });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).message).toContain('month');
    const get = await fetch(`${app.baseUrl}${DAY_PILLAR_PATH}`, { headers: { authorization: `Bearer ${account.apiKey}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await creditState(app.admin, account.accountId)).monthly).toBe(before.monthly - 7);
  });

  it('REST include: the section is appended with its option, its schema validates the body, a bad option is a 400', async () => {
    const answer = await post('/api/v1/calculate', { ...BIRTH, include: ['relations', 'pillar_echo'], echo_times: 2 });
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.text);
    expect(body.result.pillar_echo).toEqual([DAY, DAY]);
    expect(Object.keys(body.result).slice(-2)).toEqual(['relations', 'pillar_echo']);
    expect(schemaProblems('SuccessB', body)).toEqual([]);
    const bad = await post('/api/v1/calculate', { ...BIRTH, include: 'pillar_echo', echo_times: 9 });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).message).toContain('echo_times must be an integer from 1 to 3');
    const unknown = await post('/api/v1/calculate', { ...BIRTH, include: 'pillar_echo', echo_time: 2 });
    expect(JSON.parse(unknown.text).message).toContain('did you mean "echo_times"?');
  });

  it('OpenAPI: the path with its price, the include value, the option and the section’s schema', async () => {
    const document: any = await (await fetch(`${app.baseUrl}/openapi.json`)).json();
    expect(document.paths[DAY_PILLAR_PATH].post.description).toBe('Costs 7 credits (enterprise: none).');
    expect(document.components.parameters.include.schema.pattern).toContain('pillar_echo');
    expect(document.components.parameters.echo_times.schema).toEqual({ type: 'integer', minimum: 1, maximum: 3 });
    expect(document.components.schemas.PillarEcho).toMatchObject({ type: 'array' });
    expect(document.components.schemas.ResultB.properties.pillar_echo).toEqual({ $ref: '#/components/schemas/PillarEcho' });
  });

  it('GraphQL: the operation is a mutation priced in its description and charged; the section is a field of ChartResult', async () => {
    const answer = await graphql(
      `mutation { dayPillar(input: ${JSON.stringify(BIRTH).replace(/"(\w+)":/g, '$1:')}) { creditsConsumed result } }`,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.dayPillar).toEqual({ creditsConsumed: 7, result: { day_ganzhi: DAY } });
    const chart = await graphql(`
      mutation {
        calculate(input: { year: 1990, month: 5, day: 15, time: "10:30", location: 139.69 }) {
          ... on VariantAResponse {
            result {
              pillarEcho
            }
          }
          ... on VariantBResponse {
            result {
              pillarEcho
            }
          }
        }
      }
    `);
    expect(chart.data.calculate.result.pillarEcho).toEqual([DAY]);
    const introspection = await graphql('{ __type(name: "Mutation") { fields { name description } } }');
    const field = introspection.data.__type.fields.find((f: { name: string }) => f.name === 'dayPillar');
    expect(field.description).toContain('Costs 7 credits');
    // The per-operation cap counts the new paid field too: eleven are refused before any charge.
    const before = await creditState(app.admin, account.accountId);
    const paid = 'dayPillar(input: { year: 1990, month: 5, day: 15, location: 139.69 }) { creditsConsumed }';
    const aliases = Array.from({ length: 10 }, (_, i) => `d${i}: ${paid}`);
    const capped = await graphql(`mutation { ${aliases.join(' ')} ${paid} }`);
    expect(capped.errors![0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
      message: expect.stringContaining('(calculate, compatibility, report, timeline or dayPillar, aliases included); this one holds 11'),
    });
    expect(await creditState(app.admin, account.accountId)).toEqual(before);
  });

  it('a section declared with a shape is typed everywhere: its REST JSON, its OpenAPI component and a GraphQL object type', async () => {
    const answer = await post('/api/v1/calculate', { ...BIRTH, include: 'day_facts' });
    expect(JSON.parse(answer.text).result.day_facts).toEqual({ pillar: DAY, number: 17, stem_first: true });
    expect(schemaProblems('SuccessB', JSON.parse(answer.text))).toEqual([]);
    const document: any = await (await fetch(`${app.baseUrl}/openapi.json`)).json();
    expect(document.components.schemas.DayFacts).toEqual(shapeJsonSchema(DAY_FACTS_SHAPE));
    const type = await graphql('{ __type(name: "DayFacts") { fields { name description type { kind name ofType { name } } } } }');
    // The schema lists fields by name.
    expect(type.data.__type.fields).toEqual([
      { name: 'number', description: 'Its sexagenary number, 1–60.', type: { kind: 'NON_NULL', name: null, ofType: { name: 'Int' } } },
      { name: 'pillar', description: 'The day pillar.', type: { kind: 'NON_NULL', name: null, ofType: { name: 'String' } } },
      {
        name: 'stemFirst',
        description: 'Whether its `pillar` starts with the stem (always); null never.',
        type: { kind: 'SCALAR', name: 'Boolean', ofType: null },
      },
    ]);
    const chart = await graphql(
      'mutation { calculate(input: { year: 1990, month: 5, day: 15, time: "10:30", location: 139.69 }) { ... on VariantBResponse { result { dayFacts { pillar number stemFirst } } } } }',
    );
    expect(chart.data.calculate.result.dayFacts).toEqual({ pillar: DAY, number: 17, stemFirst: true });
  });

  it('MCP: the operation is a tool priced in its description, charged once per call; the chart tool lists the section', async () => {
    const list = await mcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tool = list.result.tools.find((t: { name: string }) => t.name === 'day_pillar');
    expect(tool.description).toContain('Costs 7 credits');
    const chartTool = list.result.tools.find((t: { name: string }) => t.name === 'calculate_chart');
    // The section is listed where a model reads the choices: the `include` enum of the tool's input (its description names none, to keep the tool list short).
    expect(chartTool.inputSchema.properties.include.oneOf[0].items.enum).toContain('pillar_echo');
    // Its string form has no pattern spelling the names again (the enum names them; the server refuses others).
    expect(chartTool.inputSchema.properties.include.oneOf[1]).toEqual({ type: 'string' });
    expect(chartTool.inputSchema.properties.echo_times).toMatchObject({ type: 'integer' });
    const before = await creditState(app.admin, account.accountId);
    const call = await mcp({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'day_pillar', arguments: BIRTH } });
    expect(call.result.structuredContent).toMatchObject({ credits_consumed: 7, result: { day_ganzhi: DAY } });
    expect((await creditState(app.admin, account.accountId)).monthly).toBe(before.monthly - 7);
  });

  it('CLI: the operation is a command and the section an --include value (the declarations preloaded)', () => {
    const preload = ['--import', './test/fixtures/throw-away-registrations.ts', 'src/cli/bazi.ts'];
    const help = runCli(preload[0]!, [...preload.slice(1), '--help']);
    expect(help.stdout).toContain('pillar_echo');
    expect(help.stdout).toContain('day_pillar');
    const day = runCli(preload[0]!, [...preload.slice(1), 'day_pillar'], `${JSON.stringify(BIRTH)}\n`);
    expect(day.status).toBe(0);
    expect(JSON.parse(day.stdout)).toEqual({ day_ganzhi: DAY });
    const chart = runCli(
      preload[0]!,
      [...preload.slice(1), 'chart', '--include', 'pillar_echo'],
      `${JSON.stringify({ ...BIRTH, echo_times: 3 })}\n`,
    );
    expect(JSON.parse(chart.stdout).pillar_echo).toEqual([DAY, DAY, DAY]);
  });

  it('a free operation declared once: its REST path (typed query, unknown names refused, GET only), OpenAPI path, MCP tool and metric label', async () => {
    const get = (query: string, init: RequestInit = {}) => fetch(`${app.baseUrl}${WEEKDAY_PATH}${query}`, init);
    const answer = await get('?date=2024-02-04&lang=ja');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await answer.json()).toEqual({ date: '2024-02-04', weekday: '日' });
    const unknown = await get('?date=2024-02-04&lan=ja');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toContain('did you mean "lang"?');
    const twice = await get('?date=2024-02-04&date=2024-02-05');
    expect((await twice.json()).message).toContain('date must be given at most once');
    const posted = await get('?date=2024-02-04', { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');

    const document: any = await (await fetch(`${app.baseUrl}/openapi.json`)).json();
    expect(document.paths[WEEKDAY_PATH].get).toMatchObject({
      operationId: 'getWeekday',
      tags: ['Calendars'],
      security: [],
      parameters: [
        { name: 'date', in: 'query', required: true, description: 'A Gregorian date, YYYY-MM-DD', schema: { type: 'string' } },
        { name: 'lang', in: 'query', required: false, description: 'Language of the name (default en)', schema: { enum: ['en', 'ja'] } },
      ],
    });

    const list = await mcp({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
    const tool = list.result.tools.find((t: { name: string }) => t.name === 'weekday');
    // The brief (empty: the name says it) is what an assistant reads; the description is OpenAPI's.
    expect(tool.inputSchema).toEqual({
      type: 'object',
      required: ['date'],
      properties: { date: { type: 'string', description: 'A Gregorian date, YYYY-MM-DD' }, lang: { enum: ['en', 'ja'] } },
      additionalProperties: false,
    });
    const call = await mcp({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'weekday', arguments: { date: '2024-02-05' } } });
    expect(call.result.structuredContent).toEqual({ date: '2024-02-05', weekday: 'Monday' });
    const refused = await mcp({
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'weekday', arguments: { dat: '2024-02-05' } },
    });
    expect(refused.result.isError).toBe(true);
    expect(refused.result.content[0].text).toContain('did you mean \\"date\\"?');

    const metrics = await (await fetch(`${app.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/route="\/v1\/weekday",status="200"/);
  });

  it('every free operation names a GraphQL field that exists and a CLI command its usage lists', async () => {
    const query = await graphql('{ __type(name: "Query") { fields { name } } }');
    const fields = new Set(query.data.__type.fields.map((f: { name: string }) => f.name));
    const help = runCli('src/cli/bazi.ts', ['--help']).stdout;
    for (const free of freeOperations()) {
      if (free.graphql !== undefined) expect(fields, free.name).toContain(free.graphql.field);
      if (free.cli !== undefined) expect(help, free.name).toContain(`bazi ${free.cli.command} `);
    }
    expect(freeOperations().filter((free) => free.graphql !== undefined).length).toBe(4);
  });

  it('a registered paid operation is a key scope: the operator grants it by name, a key scoped to it calls it and nothing else', async () => {
    expect(keyScopes()).toEqual(['chart', 'compatibility', 'report', 'timeline', 'day_pillar', 'mcp', 'account']);
    expect(keyScopesIssue('scopes', ['day_pillar'])).toBeNull();
    expect(keyScopesIssue('scopes', ['day_pilar'])).toContain('did you mean "day_pillar"?');
    const scoped = await app.admin.issueKey(account.accountId, { name: 'day pillar only', scopes: ['day_pillar'] });
    const call = (path: string) =>
      fetch(`${app.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${scoped!.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(BIRTH),
      });
    expect((await call(DAY_PILLAR_PATH)).status).toBe(200);
    const chart = await call('/api/v1/calculate');
    expect(chart.status).toBe(401);
    expect((await chart.json()).message).toContain('chart');
  });

  it('a registration after the registries were read throws, naming it', () => {
    expect(paidOperations().map((d) => d.operation.name)).toEqual(['chart', 'compatibility', 'report', 'timeline', 'day_pillar']);
    expect(() => registerOperation(paidOperations()[4]!)).toThrow(/^operation "day_pillar" registered after the operations were read/);
    expect(() =>
      registerChartSection({ name: 'late', schema: 'Late', graphql: { field: 'late', typed: false }, json: () => null }),
    ).toThrow(/chart section "late" registered after/);
    const registry = new Registry<{ name: string }>('thing');
    registry.register({ name: 'a' });
    expect(() => registry.register({ name: 'a' })).toThrow(/"a" is registered twice/);
  });
});

describe('prices in every served description come from the configuration', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startAppServer({ env: { CREDIT_COST: '15', COMPATIBILITY_COST: '40' } });
  });
  afterAll(() => app?.close());

  it('OpenAPI, GraphQL and MCP say 15 and 40 credits, and the charge is 15', async () => {
    const document: any = await (await fetch(`${app.baseUrl}/openapi.json`)).json();
    expect(document.paths['/api/v1/calculate'].post.description).toContain('Costs 15 credits');
    expect(document.paths['/v1/chart.svg'].get.description).toContain('Costs like a chart (15 credits');
    expect(document.paths['/api/v1/compatibility'].post.description).toContain('Costs 40 credits');
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}): Promise<any> =>
      (await clientOf(() => ({ baseUrl: app.baseUrl, apiKey: app.apiKey })).post(path, body, headers)).json;
    const mutations = await post('/graphql', { query: '{ __type(name: "Mutation") { fields { name description } } }' });
    const description = (name: string) => mutations.data.__type.fields.find((f: { name: string }) => f.name === name).description;
    expect(description('calculate')).toContain('(15 credits; enterprise 0)');
    expect(description('compatibility')).toContain('(40 credits; enterprise 0)');
    const tools = await post('/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { accept: 'application/json, text/event-stream' });
    const tool = (name: string) => tools.result.tools.find((t: { name: string }) => t.name === name).description;
    expect(tool('calculate_chart')).toContain('Costs 15 credits');
    expect(tool('compatibility')).toContain('Costs 40 credits');
    expect((await post('/api/v1/calculate', BIRTH)).credits_consumed).toBe(15);
  });
});
