/**
 * The 命式表: the table model against the chart's own fields, the terminal table's
 * full-width alignment (`bazi chart --format table`), and the SVG from `GET /v1/chart.svg` (charged
 * once, like a chart) and GraphQL `chartSvg` (the same document).
 */
import stringWidth from 'string-width';
import { JA_CATALOGUE } from '../../src/domain/catalogue/index.ts';
import { describe, expect, it } from 'vitest';
import { computeChartCore } from '../../src/domain/chart/chart-core.ts';
import { meishikiOf } from '../../src/domain/chart/meishiki.ts';
import { parseChartRequest } from '../../src/domain/chart/request.ts';
import { buildVariantAResult, buildVariantBResult } from '../../src/domain/chart/variants.ts';
import { SPECIAL_STAR_CATALOGUE, specialStarsOf, tableStarsOf } from '../../src/domain/stars/special-stars.ts';
import { creditState } from '../rest/support/server.ts';
import { runCli } from '../support/run-cli.ts';
import { appWithAccount } from '../support/app-with-account.ts';

const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };
const coreOf = (raw: Record<string, unknown>) => {
  const parsed = parseChartRequest(raw);
  if (!parsed.ok) throw new Error('bad birth');
  return computeChartCore(parsed.request);
};

describe('the 命式表 model', () => {
  it('holds the chart’s own pillars, 蔵干, ten gods, life stages, 納音 and stars, hour column first', () => {
    const core = coreOf(BIRTH);
    const table = meishikiOf(core, JA_CATALOGUE);
    const a = buildVariantAResult(core, JA_CATALOGUE);
    const b = buildVariantBResult(core, JA_CATALOGUE);
    const cells = (label: string) => table.rows.find((r) => r.label === label)!.cells;
    expect(table.columns).toEqual(['時柱', '日柱', '月柱', '年柱']);
    expect(cells('天干').map((s, i) => s + cells('地支')[i])).toEqual([a.time_ganzhi, a.day_ganzhi, a.month_ganzhi, a.year_ganzhi]);
    expect(cells('蔵干')).toEqual([a.zokan.time, a.zokan.day, a.zokan.month, a.zokan.year]);
    expect(cells('通変星')).toEqual([a.ten_gods.time, '日主', a.ten_gods.month, a.ten_gods.year]);
    // The table names a ten god as the answers do: 七殺 (the year's 蔵干 丙 against 庚), as the 大運 under it.
    expect(cells('蔵干通変星')).toEqual([a.zokan_ten_gods.time, a.zokan_ten_gods.day, a.zokan_ten_gods.month, a.zokan_ten_gods.year]);
    expect(cells('蔵干通変星')[3]).toBe('七殺');
    expect(cells('十二運')).toEqual([a.juniun.time, a.juniun.day, a.juniun.month, a.juniun.year]);
    expect(cells('納音')).toEqual([
      b.nayin.hour_pillar!.nayin,
      b.nayin.day_pillar.nayin,
      b.nayin.month_pillar.nayin,
      b.nayin.year_pillar.nayin,
    ]);
    // Each pillar's own 旬空: 辛巳 and 庚辰 are of the 甲戌 旬 (申酉 void), 庚午 of the 甲子 旬 (戌亥).
    expect(cells('空亡')).toEqual(['申酉', '申酉', '申酉', '戌亥']);
    const stars = tableStarsOf(core.pillars, JA_CATALOGUE);
    expect(cells('特殊星')[1]!.split('・')).toEqual(stars.filter((s) => s.positions.some((p) => p.pillar === 'day')).map((s) => s.name));
    // The row keeps the twenty-six stars a Japanese 命式 shows; the further ones are in `special_stars` only.
    const tableCodes = new Set(SPECIAL_STAR_CATALOGUE.slice(0, 26).map((s) => s.code));
    expect(specialStarsOf(core.pillars, JA_CATALOGUE).filter((s) => tableCodes.has(s.code))).toEqual(stars);
    expect(specialStarsOf(core.pillars, JA_CATALOGUE).length).toBeGreaterThan(stars.length);
    expect(table.terms.map((t) => t.name)).toEqual(['立夏', '芒種']);
    expect(table.elements.map((e) => e.count)).toEqual(Object.values(a.gogyo_balance));
  });
});

describe('bazi chart --format table', () => {
  it('prints the table with every column starting at the same terminal column (kanji count two)', () => {
    const cli = runCli('src/cli/bazi.ts', ['chart', '--format', 'table'], `${JSON.stringify(BIRTH)}\n`);
    expect(cli.status).toBe(0);
    const lines = cli.stdout.split('\n');
    expect(lines[0]).toBe('命式表  1990-05-15 10:30 東経139.69°');
    const header = lines[2]!;
    const starts = ['時柱', '日柱', '月柱', '年柱'].map((column) => stringWidth(header.slice(0, header.indexOf(column))));
    const rows = lines.slice(3, 12);
    expect(rows.map((row) => row.split(/\s{2,}/)[0])).toEqual([
      '天干',
      '地支',
      '蔵干',
      '通変星',
      '蔵干通変星',
      '十二運',
      '納音',
      '空亡',
      '特殊星',
    ]);
    for (const row of rows) {
      const cells = row.split(/\s{2,}/).slice(1);
      expect(cells).toHaveLength(4);
      let from = 0;
      cells.forEach((cell, c) => {
        const at = row.indexOf(cell, from);
        expect(stringWidth(row.slice(0, at)), `${row} / ${cell}`).toBe(starts[c]);
        from = at + cell.length;
      });
    }
    expect(cli.stdout).toContain('節入り    立夏 1990-05-06 03:35 → 芒種 1990-06-06 07:46');
    expect(runCli('src/cli/bazi.ts', ['chart', '--format', 'html'], '').status).toBe(2);
  });
});

describe('GET /v1/chart.svg and GraphQL chartSvg', () => {
  const env = appWithAccount();

  const svgUrl = (extra: Record<string, string> = {}) =>
    `${env.app.baseUrl}/v1/chart.svg?${new URLSearchParams({ ...Object.fromEntries(Object.entries(BIRTH).map(([k, v]) => [k, String(v)])), ...extra })}`;

  it('an unknown parameter (sections included: the image has none) is a 400 naming it, and charges nothing', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    for (const extra of [{ include: 'luck' }, { timeZone: 'UTC' }] as Record<string, string>[]) {
      const response = await fetch(svgUrl({ api_key: env.account.apiKey, ...extra }));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: expect.stringContaining(`${Object.keys(extra)[0]} is not a field`),
      });
    }
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual(before);
  });

  it('answers an SVG of the chart, charged once like a chart, with the credits in headers; GraphQL chartSvg is the same document', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const response = await fetch(svgUrl({ api_key: env.account.apiKey }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('x-credits-consumed')).toBe('10');
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 \d+ \d+"/);
    expect(svg).toMatch(/<\/svg>$/);
    for (const text of ['時柱', '日柱', '月柱', '年柱', '辛', '巳', '庚', '辰', '午', '立夏', 'Hiragino', 'Noto Sans CJK JP', 'Yu Gothic'])
      expect(svg).toContain(text);
    expect(svg).not.toMatch(/<script|href=/);
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual({
      ...before,
      monthly: before.monthly - 10,
      ledger: before.ledger + 1,
    });

    const graphql = await fetch(`${env.app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.account.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `mutation { calculate(input: { year: 1990, month: 5, day: 15, time: "10:30", location: 139.69 }) { ... on VariantBResponse { result { chartSvg } } } }`,
      }),
    });
    expect((await graphql.json()).data.calculate.result.chartSvg).toBe(svg);
  });

  it('refusals are the JSON error body and charge nothing; HEAD is refused (a GET spends credits)', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const bad = await fetch(svgUrl({ api_key: env.account.apiKey, month: '13' }));
    expect([bad.status, bad.headers.get('content-type')]).toEqual([400, 'application/json; charset=utf-8']);
    expect((await bad.json()).message).toBe('Invalid request: month must be an integer from 1 to 12');
    expect((await fetch(svgUrl())).status).toBe(401);
    const head = await fetch(svgUrl({ api_key: env.account.apiKey }), { method: 'HEAD' });
    expect([head.status, head.headers.get('allow')]).toEqual([405, 'GET']);
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual(before);
  });
});
