/**
 * How sure the chart is through every protocol: GraphQL `warnings`, `alternatives` and
 * `conventionDifferences`, REST `include=warnings,alternatives,convention_differences` and the CLI
 * answer the same; `uncertaintyMinutes` / `uncertainty_minutes` is validated before the charge; the
 * bodies match /openapi.json; without `include` the legacy body is unchanged; same cost as a chart.
 */
import { describe, expect, it } from 'vitest';
import { schemaProblems } from '../rest/support/openapi-validator.ts';
import { creditState } from '../rest/support/server.ts';
import { runCli } from '../support/run-cli.ts';
import { appWithAccount } from '../support/app-with-account.ts';
import { snake, toSnake } from '../support/snake-case.ts';

/** Seven minutes before the 2024 立春 (17:27 JST), with a 45-minute window. */
const BIRTH = { year: 2024, month: 2, day: 4, time: '17:20', location: 139.69, uncertainty_minutes: 45 };
const SELECTION = `warnings { code message fields distanceSeconds }
  alternatives { from to share yearGanzhi monthGanzhi dayGanzhi timeGanzhi zokan { year month day time } isBirthChart }
  conventionDifferences { field convention values { setting value requested } }`;

describe('certainty sections over GraphQL, REST and the CLI', () => {
  const env = appWithAccount();

  const headers = () => ({ authorization: `Bearer ${env.account.apiKey}`, 'content-type': 'application/json' });

  it('every protocol gives the same warnings, alternatives and convention differences', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const response = await fetch(`${env.app.baseUrl}/graphql`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({
        query: `mutation ($input: CalculateInput!) { calculate(input: $input) { ... on VariantBResponse { creditsConsumed result { ${SELECTION} } } } }`,
        variables: { input: { year: 2024, month: 2, day: 4, time: '17:20', location: 139.69, uncertaintyMinutes: 45 } },
      }),
    });
    const { data, errors } = (await response.json()) as { data: Record<string, any>; errors?: unknown };
    expect(errors).toBeUndefined();
    const graphql = data['calculate'].result;
    expect(graphql.warnings.map((w: { code: string }) => w.code)).toContain('NEAR_SOLAR_TERM');
    // ±45 min: the 申/酉 hour edge at solar 17:00 (16:41:15 JST at 139.69°E), then 立春 at 17:27.
    const rows = graphql.alternatives.map((a: { from: string; to: string; yearGanzhi: string; timeGanzhi: string }) => [
      a.from,
      a.to,
      a.yearGanzhi,
      a.timeGanzhi,
    ]);
    expect(rows).toEqual([
      ['2024-02-04T16:35:00+09:00', '2024-02-04T16:41:15+09:00', '癸卯', '庚申'],
      ['2024-02-04T16:41:15+09:00', '2024-02-04T17:27:00+09:00', '癸卯', '辛酉'],
      ['2024-02-04T17:27:00+09:00', '2024-02-04T18:05:00+09:00', '甲辰', '辛酉'],
    ]);

    const rest = await fetch(`${env.app.baseUrl}/api/v1/calculate?include=warnings,alternatives,convention_differences`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify(BIRTH),
    });
    const body = await rest.json();
    expect(schemaProblems('SuccessB', body)).toEqual([]);
    // REST names the chart fields in its own spelling (year_ganzhi); the values are the same.
    const expected = toSnake(graphql) as Record<string, any>;
    for (const w of expected['warnings']) w.fields = w.fields.map(snake);
    for (const d of expected['convention_differences']) d.field = snake(d.field);
    expect({
      warnings: body.result.warnings,
      alternatives: body.result.alternatives,
      convention_differences: body.result.convention_differences,
    }).toEqual(expected);

    const cli = runCli('src/cli/bazi.ts', ['chart', '--variant', 'A', '--include', 'warnings,alternatives'], `${JSON.stringify(BIRTH)}\n`);
    expect(cli.status).toBe(0);
    const line = JSON.parse(cli.stdout);
    expect({ warnings: line.warnings, alternatives: line.alternatives }).toEqual({
      warnings: expected['warnings'],
      alternatives: expected['alternatives'],
    });
    expect(schemaProblems('ResultA', line)).toEqual([]);
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual({
      ...before,
      monthly: before.monthly - 20,
      ledger: before.ledger + 2,
    });
  });

  it('uncertainty_minutes out of range is a 400 naming it, before the charge; without include the body is the legacy one', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const bad = await fetch(`${env.app.baseUrl}/api/v1/calculate?include=alternatives`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ ...BIRTH, uncertainty_minutes: 721 }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Invalid request: uncertainty_minutes must be an integer from 0 to 720');
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual(before);

    const plain = async (body: Record<string, unknown>) => {
      const r = await fetch(`${env.app.baseUrl}/api/v1/calculate`, { method: 'POST', headers: headers(), body: JSON.stringify(body) });
      const { log_id: _l, transaction_id: _t, credits_remaining: _c, ...rest } = await r.json();
      return JSON.stringify(rest);
    };
    const { uncertainty_minutes: _u, ...withoutWindow } = BIRTH;
    expect(await plain(BIRTH)).toBe(await plain(withoutWindow));
  });
});
