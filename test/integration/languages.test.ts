/**
 * `lang` as users send it, on the real app over HTTP (embedded store): REST (both variants, the
 * sections, the SVG, compatibility), GraphQL (the input field, `Term`, `pillars`, `vocabulary`, two
 * languages in one operation), MCP (the SDK client) and the CLI. Another language is another answer
 * (idempotency), an unknown tag is a 400 naming the five and charges nothing, and a request without
 * `lang` answers exactly as before (`lang=ja` gives the same body).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditState, type TestAccount } from '../rest/support/server.ts';
import { appWithAccount } from '../support/app-with-account.ts';
import { clientOf } from '../support/client.ts';
import type { RunningApp } from '../support/app-server.ts';
import { runCli } from '../support/run-cli.ts';

const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69, gender: 'male' };
const KANA = /[\u3040-\u30ff]/u;
const HANGUL = /[\uac00-\ud7af]/u;
const INCLUDE = 'luck,relations,special_stars,warnings,alternatives,convention_differences';
const ALLOWED = 'lang must be one of "ja", "zh-Hans", "zh-Hant", "en", "ko"';

describe('answers in five languages over REST, GraphQL, MCP and the CLI', () => {
  const running = appWithAccount(100_000);
  let app: RunningApp;
  let account: TestAccount;
  beforeAll(() => {
    ({ app, account } = running);
  });

  const api = clientOf(() => ({ baseUrl: app.baseUrl, apiKey: account.apiKey }));
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const reply = await api.postChecked(path, body, headers);
    return { status: reply.status, body: reply.json as Record<string, any> };
  };
  const graphql = (query: string, variables: Record<string, unknown> = {}) => api.graphql(query, variables);

  it('REST: both variants and every section in the asked language; lang=ja and no lang give the same body', async () => {
    const en = await post(`/api/v1/calculate?include=${INCLUDE}`, { ...BIRTH, lang: 'en' });
    expect(en.status).toBe(200);
    expect(en.body['result']['ten_gods']).toMatchObject({ year_pillar: { ten_god: 'Companion' } });
    expect(en.body['result']['luck']['cycles'][0]).toMatchObject({ ganzhi: '壬午', stem_ten_god: 'Eating God' });
    expect(JSON.stringify(en.body)).not.toMatch(KANA);
    const ko = await fetch(`${app.baseUrl}/v1/calculate?year=1990&month=5&day=15&time=10:30&location=139.69&lang=ko`, {
      headers: { authorization: `Bearer ${account.apiKey}` },
    });
    const koBody = (await ko.json()) as Record<string, any>;
    expect(koBody['result']).toMatchObject({
      day_ganzhi: '庚辰',
      zokan_ten_gods: { year: '편관' },
      day_ganzhi_details: { element: '금', animal: '용' },
    });
    expect(JSON.stringify(koBody)).not.toMatch(KANA);
    const plain = await post('/api/v1/calculate', BIRTH);
    const ja = await post('/api/v1/calculate', { ...BIRTH, lang: 'ja' });
    expect(ja.body['result']).toEqual(plain.body['result']);
    expect(plain.body['result']['zokan_ten_gods']).toBeUndefined();
    expect(plain.body['result']['ten_gods']['year_pillar']['ten_god']).toBe('比肩');
  });

  it('an unknown lang is a 400 naming the five, on every path, and charges nothing', async () => {
    const before = await creditState(app.admin, account.accountId);
    const bad = await post('/api/v1/calculate', { ...BIRTH, lang: 'fr' });
    expect(bad).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT' } });
    expect(bad.body['message']).toContain(ALLOWED);
    const zh = await post('/api/v1/calculate', { ...BIRTH, lang: 'zh' });
    expect(zh.body['message']).toContain('Chinese is "zh-Hans" (simplified) or "zh-Hant" (traditional)');
    const pair = await post('/api/v1/compatibility', { a: BIRTH, b: BIRTH, lang: 'de' });
    expect([pair.status, pair.body['message']]).toEqual([400, expect.stringContaining(ALLOWED)]);
    const svg = await fetch(`${app.baseUrl}/v1/chart.svg?year=1990&month=5&day=15&location=139.69&lang=xx`, {
      headers: { authorization: `Bearer ${account.apiKey}` },
    });
    expect(svg.status).toBe(400);
    const page = await fetch(`${app.baseUrl}/chart?lang=xx`);
    expect([page.status, ((await page.json()) as { message: string }).message]).toEqual([400, expect.stringContaining(ALLOWED)]);
    const gql = await graphql('mutation { calculate(input: {year: 1990, month: 5, day: 15, location: 139.69, lang: FR}) { __typename } }');
    expect(gql.errors?.[0]?.message).toMatch(/Value "FR" does not exist in "Language" enum/);
    expect(await creditState(app.admin, account.accountId)).toEqual(before);
  });

  it('the language is part of the idempotency fingerprint: the same key in another language is a 409, in the same one a replay', async () => {
    const key = { 'idempotency-key': 'lang-fingerprint' };
    const first = await post('/api/v1/calculate', { ...BIRTH, lang: 'en' }, key);
    const replay = await post('/api/v1/calculate', { ...BIRTH, lang: 'en' }, key);
    expect(replay.body['transaction_id']).toBe(first.body['transaction_id']);
    expect((await post('/api/v1/calculate', { ...BIRTH, lang: 'ko' }, key)).status).toBe(409);
    expect((await post('/api/v1/calculate', BIRTH, key)).status).toBe(409);
    // Case is not another language: zh-hans is zh-Hans.
    const lower = await post('/api/v1/calculate', { ...BIRTH, lang: 'zh-hans' }, { 'idempotency-key': 'lang-case' });
    const canonical = await post('/api/v1/calculate', { ...BIRTH, lang: 'zh-Hans' }, { 'idempotency-key': 'lang-case' });
    expect(canonical.body['transaction_id']).toBe(lower.body['transaction_id']);
  });

  it('compatibility and the SVG speak the asked language', async () => {
    const pair = await post('/api/v1/compatibility', {
      a: { year: 1973, month: 12, day: 19, location: 139.69, gender: 'male' },
      b: { year: 1973, month: 10, day: 13, location: 139.69, gender: 'female' },
      lang: 'zh-Hant',
    });
    expect(pair.status).toBe(200);
    expect(pair.body['result']['score']).toBe(67);
    expect(pair.body['result']['level']).not.toBe('良い');
    expect(JSON.stringify(pair.body)).not.toMatch(KANA);
    const inBirth = await post('/api/v1/compatibility', { a: { ...BIRTH, lang: 'en' }, b: BIRTH });
    expect(inBirth.body['message']).toContain('lang is the answer’s, not a birth’s');
    const svg = await fetch(`${app.baseUrl}/v1/chart.svg?year=1990&month=5&day=15&time=10:30&location=139.69&lang=ko`, {
      headers: { authorization: `Bearer ${account.apiKey}` },
    });
    const text = await svg.text();
    expect(text).toContain('xml:lang="ko"');
    expect(text).toMatch(HANGUL);
    expect(text).not.toMatch(KANA);
  });

  it('GraphQL: lang on the input, code/label/reading on Term, two languages in one operation, the free vocabulary', async () => {
    const answer = await graphql(`
      mutation {
        en: calculate(input: { year: 1990, month: 5, day: 15, time: "10:30", location: 139.69, gender: MALE, lang: EN }) {
          ... on VariantBResponse {
            result {
              pillars {
                position
                ganzhi
                stem {
                  code
                  label
                  reading
                  character
                }
                tenGod {
                  code
                  label
                  reading
                }
                lifeStage {
                  code
                  label
                }
              }
              luck {
                cycles(count: 1) {
                  ganzhi
                  stemTenGod
                  stemTenGodCode
                }
                months(year: 2025) {
                  term
                  termCode
                }
              }
              relations {
                code
                name
              }
              meishiki {
                notes
              }
              warnings {
                code
                message
              }
              alternatives {
                yearGanzhi
              }
            }
          }
        }
        ja: calculate(input: { year: 1990, month: 5, day: 15, time: "10:30", location: 139.69, gender: MALE }) {
          ... on VariantBResponse {
            result {
              luck {
                cycles(count: 1) {
                  stemTenGod
                }
              }
            }
          }
        }
      }
    `);
    expect(answer.errors).toBeUndefined();
    const en = answer.data!['en']['result'];
    expect(en.pillars[0]).toMatchObject({
      position: 'year',
      ganzhi: '庚午',
      stem: { code: 'stem.geng', label: 'Geng', reading: 'gēng', character: '庚' },
      tenGod: { code: 'shishen.bi_jian', label: 'Companion', reading: 'bǐjiān' },
    });
    expect(en.pillars[2].tenGod).toBeNull();
    expect(en.luck.cycles[0]).toEqual({ ganzhi: '壬午', stemTenGod: 'Eating God', stemTenGodCode: 'shishen.shi_shen' });
    expect(en.luck.months[0]).toEqual({ term: 'Start of Spring', termCode: 'jieqi.li_chun' });
    expect(answer.data!['ja']['result'].luck.cycles[0].stemTenGod).toBe('食神');
    expect(JSON.stringify(en)).not.toMatch(KANA);
    const vocabulary = await graphql('{ vocabulary(lang: ZH_HANT) { namespace terms { code label reading } } }');
    const tenGods = vocabulary.data!['vocabulary'].find((v: { namespace: string }) => v.namespace === 'shishen');
    expect(tenGods.terms[9]).toEqual({ code: 'shishen.zheng_yin', label: '正印', reading: 'zhèngyìn' });
    const terms = await graphql('{ solarTerms(year: 2025, lang: KO) { name } }');
    expect(terms.data!['solarTerms'][2].name).toBe('입춘');
  });

  it('MCP: the chart, compatibility and the solar terms take lang', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${app.baseUrl}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${account.apiKey}` } },
      }),
    );
    try {
      const chart = (await client.callTool({
        name: 'calculate_chart',
        arguments: { ...BIRTH, lang: 'zh-Hans', include: ['luck'] },
      })) as any;
      expect(chart.isError).toBeFalsy();
      expect(chart.structuredContent.result.luck.cycles[0].stem_ten_god).toBe('食神');
      expect(JSON.stringify(chart.structuredContent)).not.toMatch(KANA);
      const pair = (await client.callTool({
        name: 'compatibility',
        arguments: { a: BIRTH, b: { ...BIRTH, year: 1992 }, lang: 'en' },
      })) as any;
      expect(JSON.stringify(pair.structuredContent.result)).not.toMatch(KANA);
      const terms = (await client.callTool({ name: 'solar_terms', arguments: { year: 2024, lang: 'en' } })) as any;
      expect(terms.structuredContent.terms[2]).toMatchObject({ name: 'Start of Spring', local: '2024-02-04 17:27:08' });
      const bad = (await client.callTool({ name: 'calculate_chart', arguments: { ...BIRTH, lang: 'english' } })) as any;
      expect(bad.isError).toBe(true);
      expect(JSON.parse(bad.content[0].text).message).toContain(ALLOWED);
    } finally {
      await client.close();
    }
  });

  it('the CLI: --lang for chart, compatibility and terms; a line’s own lang wins; an unknown --lang is a usage error', () => {
    const lines = `${JSON.stringify(BIRTH)}\n${JSON.stringify({ ...BIRTH, lang: 'ko' })}\n`;
    const run = runCli('src/cli/bazi.ts', ['chart', '--variant', 'A', '--lang', 'en'], lines);
    const [en, ko] = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>);
    expect(en!['zokan_ten_gods'].year).toBe('Seven Killings');
    expect(ko!['zokan_ten_gods'].year).toBe('편관');
    const table = runCli('src/cli/bazi.ts', ['chart', '--format', 'table', '--lang', 'zh-Hans'], `${JSON.stringify(BIRTH)}\n`);
    expect(table.stdout).toContain('七杀');
    const pair = runCli(
      'src/cli/bazi.ts',
      ['compatibility', '--lang', 'ko'],
      `${JSON.stringify({ a: BIRTH, b: { ...BIRTH, year: 1992 } })}\n`,
    );
    expect(pair.stdout).toMatch(HANGUL);
    const terms = runCli('src/cli/bazi.ts', ['terms', '2025', '--lang', 'zh-Hant']);
    expect(terms.stdout).toContain('驚蟄');
    const bad = runCli('src/cli/bazi.ts', ['chart', '--lang', 'fr'], '');
    expect([bad.status, bad.stderr]).toEqual([2, expect.stringContaining(`--${ALLOWED}`)]);
  });

  it('/chart: ?lang= chooses the page’s language, else Accept-Language (zh-TW is traditional), else Japanese', async () => {
    const page = async (query: string, acceptLanguage?: string) => {
      const response = await fetch(
        `${app.baseUrl}/chart${query}`,
        acceptLanguage === undefined ? {} : { headers: { 'accept-language': acceptLanguage } },
      );
      return { lang: response.headers.get('content-language'), vary: response.headers.get('vary'), html: await response.text() };
    };
    expect((await page('')).lang).toBe('ja');
    expect((await page('?lang=en')).html).toContain('<html lang="en">');
    expect((await page('', 'ko-KR,ko;q=0.9,en;q=0.8')).lang).toBe('ko');
    expect((await page('', 'zh-TW,zh;q=0.9')).lang).toBe('zh-Hant');
    expect((await page('', 'zh-CN')).lang).toBe('zh-Hans');
    expect((await page('', 'fr-FR,en;q=0.5')).lang).toBe('en');
    expect((await page('?lang=ja', 'en')).lang).toBe('ja');
    expect((await page('', 'en')).vary).toBe('Accept-Language');
  });
});
