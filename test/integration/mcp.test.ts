/**
 * MCP: the official SDK's own client connects to `/mcp` on the real app over HTTP (a
 * real Redis behind it), lists the tools with their schemas, calls the chart with a key and is
 * charged exactly once; refusals are tool errors with our codes and charge nothing. The stdio
 * server (`npm run -s mcp`) answers the same chart without a key or a charge.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCreditStore } from '../../src/adapters/create-credit-store.ts';
import type { CreditStore } from '../../src/application/ports/credit-store.ts';
import { createStandardAccount, creditState, type TestAccount } from '../rest/support/server.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { requireRedisServer, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { REPO_ROOT } from '../support/run-cli.ts';
import { budgetMs, STORE_CALL_BUDGET_MS } from '../support/time-budget.ts';

const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };
const TOOL_NAMES = [
  'calculate_chart',
  'lunar_dates',
  'find_places',
  'pillars_to_dates',
  'solar_terms',
  'chart_analysis',
  'chart_luck',
  'chart_certainty',
  'compatibility',
  'chart_report',
  'timeline_search',
];

/** The tool list's budget in UTF-8 bytes (docs/mcp.md says what it is now). */
const TOOL_LIST_BYTES = 15_500;

type ToolAnswer = {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, any>;
  _meta?: Record<string, any>;
};

describe.skipIf(!requireRedisServer('MCP over HTTP'))('MCP at /mcp with the SDK client', () => {
  let redis: RedisServer;
  let store: CreditStore;
  let app: RunningApp;
  let account: TestAccount;

  beforeAll(async () => {
    redis = await startRedisServer();
    ({ store } = await openCreditStore({ kind: 'redis', url: redis.url }, { redisKeyPrefix: 'fp:', callTimeoutMs: STORE_CALL_BUDGET_MS }));
    app = await startAppServer({ store });
    account = await createStandardAccount(app.admin, 1000);
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
    await redis?.dispose();
  });

  const connect = async (headers: Record<string, string>) => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${app.baseUrl}/mcp`), { requestInit: { headers } }));
    return client;
  };

  it('lists the tools with input schemas from the REST contract, compactly', async () => {
    const client = await connect({ authorization: `Bearer ${account.apiKey}` });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
      const chart = tools[0]!;
      // `location` may come from `place`: the request rules ask for one of them.
      expect(chart.inputSchema.required).toEqual(['year', 'month', 'day']);
      expect(Object.keys(chart.inputSchema.properties ?? {})).toEqual(
        expect.arrayContaining(['time', 'timezone', 'gender', 'include', 'variant']),
      );
      // The tools answer REST's bodies (/openapi.json): no output schema costs the list's budget.
      expect(tools.filter((t) => t.outputSchema !== undefined)).toEqual([]);
      expect(Object.keys(tools.find((t) => t.name === 'chart_analysis')!.inputSchema.properties ?? {})).toEqual(
        expect.arrayContaining(['time_unknown', 'lang', 'analysis_sensitivity']),
      );
      // Bytes on the wire (UTF-8: the kanji of the descriptions take three each), not characters.
      expect(Buffer.byteLength(JSON.stringify(tools))).toBeLessThan(TOOL_LIST_BYTES);
    } finally {
      await client.close();
    }
  });

  it('calculate_chart with a key answers REST’s body and moves the credits exactly once; compatibility costs its own price', async () => {
    const before = await creditState(app.admin, account.accountId);
    const client = await connect({ authorization: `Bearer ${account.apiKey}` });
    try {
      const answer = (await client.callTool({ name: 'calculate_chart', arguments: { ...BIRTH, include: ['relations'] } })) as ToolAnswer;
      expect(answer.isError).toBeFalsy();
      const body = answer.structuredContent!;
      expect(body).toMatchObject({
        status: 'success',
        credits_consumed: 10,
        result: { year_ganzhi: '庚午', month_ganzhi: '辛巳', day_ganzhi: '庚辰', time_ganzhi: '辛巳' },
      });
      expect(body['result'].relations).toEqual(expect.any(Array));
      expect(JSON.parse(answer.content[0]!.text)).toEqual(body);
      // The same chart through REST: the same result.
      const rest = await fetch(`${app.baseUrl}/api/v1/calculate?include=relations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(BIRTH),
      });
      expect(body['result']).toEqual((await rest.json()).result);
      // The answer's version, as REST's headers say it: in the tool result's _meta.
      expect(answer._meta?.['io.four-pillars/version']).toEqual({
        engine: rest.headers.get('x-engine-version'),
        ephemeris: rest.headers.get('x-ephemeris-digest'),
        rules: rest.headers.get('x-rules-digest'),
      });
      const a = (await client.callTool({ name: 'calculate_chart', arguments: { ...BIRTH, variant: 'A' } })) as ToolAnswer;
      expect(a.structuredContent).toMatchObject({ credits_consumed: 10, monthly_credits: expect.any(Number) });
      const pair = (await client.callTool({
        name: 'compatibility',
        arguments: { a: { year: 1973, month: 12, day: 19, location: 139.69 }, b: { year: 1973, month: 10, day: 13, location: 139.69 } },
      })) as ToolAnswer;
      expect(pair.structuredContent).toMatchObject({ credits_consumed: 20, result: { score: 59 } });
      const terms = (await client.callTool({ name: 'solar_terms', arguments: { year: 2024 } })) as ToolAnswer;
      expect(terms.structuredContent!['terms'][2]).toMatchObject({ name: '立春', local: '2024-02-04 17:27:08' });
      // The free conversion, and a lunar birth date on the chart tool.
      const dates = (await client.callTool({ name: 'lunar_dates', arguments: { date: '1997-02-07' } })) as ToolAnswer;
      expect(dates.structuredContent).toMatchObject({ calendars_agree: false, lunar: { lunar_cn: { month: 1, day: 1 } } });
      const back = (await client.callTool({
        name: 'pillars_to_dates',
        arguments: { year_pillar: '庚午', month_pillar: '辛巳', day_pillar: '庚辰', hour_pillar: '辛巳', location: 139.69 },
      })) as ToolAnswer;
      // BIRTH (1990-05-15 10:30 at 139.69°E) is inside one of the intervals.
      expect(
        back.structuredContent!['intervals'].some(
          (i: { from_local: string; to_local: string }) => i.from_local <= '1990-05-15 10:30:00' && '1990-05-15 10:30:00' < i.to_local,
        ),
      ).toBe(true);
      // chart_analysis: the chart's price, the pillars and REST's `analysis`.
      const analysis = (await client.callTool({ name: 'chart_analysis', arguments: { ...BIRTH, lang: 'en' } })) as ToolAnswer;
      expect(analysis.structuredContent).toMatchObject({ credits_consumed: 10, result: { day_ganzhi: '庚辰' } });
      expect(Object.keys(analysis.structuredContent!['result'])).toEqual([
        'input_date',
        'true_solar_time',
        'year_ganzhi',
        'month_ganzhi',
        'day_ganzhi',
        'time_ganzhi',
        'analysis',
      ]);
      const restAnalysis = await fetch(`${app.baseUrl}/api/v1/calculate?include=analysis`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...BIRTH, lang: 'en' }),
      });
      expect(analysis.structuredContent!['result'].analysis).toEqual((await restAnalysis.json()).result.analysis);
      // An argument chart_analysis does not take is refused, naming it, and charges nothing.
      const refused = (await client.callTool({ name: 'chart_analysis', arguments: { ...BIRTH, include: 'luck' } })) as ToolAnswer;
      expect([refused.isError, JSON.parse(refused.content[0]!.text).message]).toEqual([
        true,
        expect.stringContaining('include is not an argument of chart_analysis'),
      ]);
    } finally {
      await client.close();
    }
    // Three charts (MCP: two charts and the analysis), two charts (REST), one compatibility; the terms are free.
    expect(await creditState(app.admin, account.accountId)).toEqual({ ...before, monthly: before.monthly - 70, ledger: before.ledger + 6 });
  });

  it('every tool answers through the SDK client, its arguments valid by its own schema (Ajv); each paid tool charges its price once', async () => {
    const before = await creditState(app.admin, account.accountId);
    const client = await connect({ authorization: `Bearer ${account.apiKey}` });
    const args: Record<string, Record<string, unknown>> = {
      calculate_chart: { ...BIRTH, include: ['palaces', 'void_periods'], void_years: '2026' },
      solar_terms: { year: 2026, lang: 'en' },
      lunar_dates: { date: '2026-02-17' },
      pillars_to_dates: { year_pillar: '庚午', month_pillar: '辛巳', day_pillar: '庚辰', location: 139.69 },
      chart_analysis: { ...BIRTH, lang: 'zh-Hant' },
      chart_luck: { ...BIRTH, gender: 'female', luck_year: 2026, lang: 'ko' },
      chart_certainty: { year: 2024, month: 2, day: 4, time: '17:20', place: '東京都', uncertainty_minutes: 15 },
      compatibility: {
        a: { ...BIRTH, gender: 'female' },
        b: { year: 1988, month: 8, day: 8, place: '大阪市', gender: 'male' },
        lang: 'en',
      },
      find_places: { q: '府中' },
      chart_report: { birth: { ...BIRTH, gender: 'female', lang: 'en' }, luck_year: 2026 },
      timeline_search: {
        birth: { ...BIRTH, gender: 'female' },
        level: 'monthly',
        from: '2027-01-01',
        to: '2027-12-31',
        where: { relation: 'chu', with: 'day' },
      },
    };
    const PRICES: Record<string, number> = {
      chart_report: 50,
      timeline_search: 5,
      calculate_chart: 10,
      chart_analysis: 10,
      chart_luck: 10,
      chart_certainty: 10,
      compatibility: 20,
    };
    const answers: Record<string, ToolAnswer> = {};
    let spent = 0;
    let charges = 0;
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
      for (const tool of tools) {
        const input = args[tool.name]!;
        const validate = new Ajv2020({ strict: false, allErrors: true }).compile(tool.inputSchema);
        expect(validate(input), `${tool.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
        const answer = (await client.callTool({ name: tool.name, arguments: input })) as ToolAnswer;
        expect(answer.isError, `${tool.name}: ${answer.content[0]?.text}`).toBeFalsy();
        expect(JSON.parse(answer.content[0]!.text), tool.name).toEqual(answer.structuredContent);
        const price = PRICES[tool.name] ?? 0;
        expect(answer.structuredContent!['credits_consumed'], tool.name).toBe(price === 0 ? undefined : price);
        spent += price;
        charges += price === 0 ? 0 : 1;
        answers[tool.name] = answer;
      }
    } finally {
      await client.close();
    }
    // A year's luck: 2026 is 丙午, its 月運 from 庚寅 (五虎遁 of 丙), the 12 大運 with the one in force, in Korean.
    const luck = answers['chart_luck']!.structuredContent!['result'].luck;
    expect(luck.years.map((y: { year: number; ganzhi: string }) => [y.year, y.ganzhi])).toEqual([[2026, '丙午']]);
    expect(luck.months).toHaveLength(12);
    expect(luck.months[0].ganzhi).toBe('庚寅');
    expect(luck.cycles).toHaveLength(12);
    expect(luck.years[0].major_index).toEqual(expect.any(Number));
    // Around 立春 2024 (17:27 JST) a 15-minute window holds two charts.
    const certainty = answers['chart_certainty']!.structuredContent!['result'];
    expect(certainty.warnings.map((w: { code: string }) => w.code)).toContain('NEAR_SOLAR_TERM');
    expect(certainty.alternatives.length).toBeGreaterThan(1);
    expect(answers['find_places']!.structuredContent!['places'].length).toBeGreaterThan(1);
    // The report: its name, size and version as JSON; the PDF itself as an embedded resource, not in the text.
    const report = answers['chart_report']!;
    expect(report.structuredContent!['result']).toMatchObject({ file_name: 'report-1990-05-15-2026.pdf', byte_length: expect.any(Number) });
    const file = (report.content as unknown as { type: string; resource?: { uri: string; mimeType: string; blob: string } }[])[1]!;
    expect(file.type).toBe('resource');
    expect(file.resource!.mimeType).toBe('application/pdf');
    expect(file.resource!.uri).toBe('four-pillars://report/report-1990-05-15-2026.pdf');
    const pdf = Buffer.from(file.resource!.blob, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBe(report.structuredContent!['result'].byte_length);
    expect(report.content[0]!.text).not.toContain('JVBERi');
    expect(await creditState(app.admin, account.accountId)).toEqual({
      ...before,
      monthly: before.monthly - spent,
      ledger: before.ledger + charges,
    });
  });

  it('lists and reads the resources (the docs, the vocabulary in five languages) and gives the three prompts', async () => {
    const client = await connect({});
    try {
      const { resources } = await client.listResources();
      expect(resources.map((r) => r.uri)).toEqual([
        'four-pillars://docs/mcp.md',
        'four-pillars://docs/fields.md',
        'four-pillars://docs/analysis.md',
        'four-pillars://docs/timeline.md',
        'four-pillars://docs/scores.md',
        'four-pillars://docs/sources.md',
        'four-pillars://docs/places.md',
        'four-pillars://vocabulary',
      ]);
      for (const resource of resources) {
        const { contents } = await client.readResource({ uri: resource.uri });
        expect(contents).toHaveLength(1);
        expect((contents[0] as { text: string }).text.length, resource.uri).toBeGreaterThan(1000);
      }
      const guide = (await client.readResource({ uri: 'four-pillars://docs/mcp.md' })).contents[0] as { text: string };
      for (const name of TOOL_NAMES) expect(guide.text, name).toContain(`\`${name}\``);
      const vocabulary = JSON.parse(
        ((await client.readResource({ uri: 'four-pillars://vocabulary' })).contents[0] as { text: string }).text,
      );
      expect(Object.keys(vocabulary.stem)).toHaveLength(10);
      expect(Object.values(vocabulary.stem)[0]).toEqual({
        ja: '甲',
        'zh-Hans': '甲',
        'zh-Hant': '甲',
        en: expect.any(String),
        ko: expect.any(String),
      });
      await expect(client.readResource({ uri: 'four-pillars://docs/../../etc/passwd' })).rejects.toThrow(/unknown resource/);

      const { prompts } = await client.listPrompts();
      expect(prompts.map((p) => p.name)).toEqual(['year_reading', 'compatibility_reading', 'explain_chart']);
      const year = await client.getPrompt({
        name: 'year_reading',
        arguments: { date: '1990-05-15', time: '10:30', place: '東京都', gender: 'female', year: '2026', lang: 'en' },
      });
      const text = (year.messages[0]!.content as { text: string }).text;
      expect(text).toContain('chart_luck');
      expect(text).toContain(
        '{"year":1990,"month":5,"day":15,"time":"10:30","place":"東京都","gender":"female","luck_year":2026,"lang":"en"}',
      );
      expect(text).toContain('in English');
      const pair = await client.getPrompt({
        name: 'compatibility_reading',
        arguments: { a_date: '1990-05-15', b_date: '1988-08-08', b_place: '135.5' },
      });
      expect((pair.messages[0]!.content as { text: string }).text).toContain(
        '{"a":{"year":1990,"month":5,"day":15,"time_unknown":true},"b":{"year":1988,"month":8,"day":8,"time_unknown":true,"location":135.5},"lang":"ja"}',
      );
      const explain = await client.getPrompt({ name: 'explain_chart', arguments: { date: '1990-05-15' } });
      expect((explain.messages[0]!.content as { text: string }).text).toMatch(/calculate_chart.*chart_analysis/);
      await expect(client.getPrompt({ name: 'year_reading', arguments: { date: '1990-05-15' } })).rejects.toThrow(/needs year/);
      await expect(client.getPrompt({ name: 'year_reading', arguments: { date: '1990-05-15', year: '2026', yaer: '1' } })).rejects.toThrow(
        /no argument yaer/,
      );
      await expect(client.getPrompt({ name: 'horoscope', arguments: {} })).rejects.toThrow(/unknown prompt/);
    } finally {
      await client.close();
    }
  });

  it('refusals are tool errors with our codes and charge nothing', async () => {
    const before = await creditState(app.admin, account.accountId);
    const client = await connect({ authorization: `Bearer ${account.apiKey}` });
    try {
      const bad = (await client.callTool({ name: 'calculate_chart', arguments: { ...BIRTH, month: 13 } })) as ToolAnswer;
      expect(bad.isError).toBe(true);
      expect(JSON.parse(bad.content[0]!.text)).toEqual({
        status: 'error',
        code: 'BAD_USER_INPUT',
        message: 'Invalid request: month must be an integer from 1 to 12',
      });
      const noGender = (await client.callTool({ name: 'calculate_chart', arguments: { ...BIRTH, include: 'luck' } })) as ToolAnswer;
      expect(JSON.parse(noGender.content[0]!.text).code).toBe('BAD_USER_INPUT');
      // A view's own argument is checked by the view, naming it; another view's or calculate_chart's section options are refused.
      const message = async (name: string, args: Record<string, unknown>) =>
        JSON.parse(((await client.callTool({ name, arguments: args })) as ToolAnswer).content[0]!.text).message as string;
      expect(await message('chart_luck', BIRTH)).toBe('Invalid request: luck_year is required');
      expect(await message('chart_luck', { ...BIRTH, luck_year: 3000 })).toBe(
        'Invalid request: luck_year must be an integer from 1899 to 2100',
      );
      // …naming the tools that take them.
      expect(await message('chart_luck', { ...BIRTH, luck_year: 2026, luck_cycles: 3 })).toBe(
        'Invalid request: luck_cycles is not an argument of chart_luck: calculate_chart takes it',
      );
      expect(await message('chart_certainty', { ...BIRTH, analysis_sensitivity: true })).toBe(
        'Invalid request: analysis_sensitivity is not an argument of chart_certainty: calculate_chart and chart_analysis take it',
      );
      expect(await message('find_places', { q: '' })).toContain('q is required');
      await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toThrow(/unknown tool/);
    } finally {
      await client.close();
    }
    const anonymous = await connect({});
    try {
      const refused = (await anonymous.callTool({ name: 'calculate_chart', arguments: BIRTH })) as ToolAnswer;
      expect(refused.isError).toBe(true);
      expect(JSON.parse(refused.content[0]!.text).code).toBe('UNAUTHENTICATED');
      // Free tools need no key.
      expect(((await anonymous.callTool({ name: 'solar_terms', arguments: { year: 2024 } })) as ToolAnswer).isError).toBeFalsy();
    } finally {
      await anonymous.close();
    }
    expect(await creditState(app.admin, account.accountId)).toEqual(before);
  });

  it('a JSON-RPC batch is refused (one message per POST), as is malformed JSON, and nothing is charged', async () => {
    const before = await creditState(app.admin, account.accountId);
    const post = (body: string) =>
      fetch(`${app.baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${account.apiKey}`,
        },
        body,
      });
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'calculate_chart', arguments: BIRTH } };
    const batch = await post(JSON.stringify([call, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }]));
    expect(batch.status).toBe(400);
    expect(await batch.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
    const malformed = await post('{"jsonrpc":');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).code).toBe('BAD_USER_INPUT');
    expect(await creditState(app.admin, account.accountId)).toEqual(before);
  });

  it('a stalled store is a tool error with STORE_UNAVAILABLE (not a JSON-RPC error), and nothing stays charged', async () => {
    const client = await connect({ authorization: `Bearer ${account.apiKey}` });
    const before = await creditState(app.admin, account.accountId);
    try {
      redis.pause();
      const answer = (await client.callTool({ name: 'calculate_chart', arguments: BIRTH })) as ToolAnswer;
      expect(answer.isError).toBe(true);
      expect(JSON.parse(answer.content[0]!.text)).toMatchObject({ status: 'error', code: 'STORE_UNAVAILABLE' });
    } finally {
      redis.resume();
      await client.close();
    }
    expect(await app.services.settlement.drain(budgetMs(5000))).toBe(true);
    const after = await creditState(app.admin, account.accountId);
    expect({ monthly: after.monthly, auto: after.auto }).toEqual({ monthly: before.monthly, auto: before.auto });
  });

  it('GET /mcp (a server-sent stream) is not offered: 405 with Allow: POST', async () => {
    const response = await fetch(`${app.baseUrl}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect([response.status, response.headers.get('allow')]).toEqual([405, 'POST']);
  });
});

describe('MCP on stdio (npm run -s mcp)', () => {
  it('answers the same chart result without a key or a charge', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: ['src/cli/mcp.ts'], cwd: REPO_ROOT, stderr: 'pipe' }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
      const answer = (await client.callTool({ name: 'calculate_chart', arguments: BIRTH })) as ToolAnswer;
      expect(answer.structuredContent).toMatchObject({
        year_ganzhi: '庚午',
        month_ganzhi: '辛巳',
        day_ganzhi: '庚辰',
        time_ganzhi: '辛巳',
      });
      expect(answer.structuredContent!['credits_consumed']).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});
