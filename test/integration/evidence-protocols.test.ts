/**
 * `include=evidence` over REST (both variants, `detail`), GraphQL (`evidence(detail:)`, typed), the MCP chart tool
 * and the CLI: the same conclusions as the domain; `detail` without the section, or a bad value, is a 400
 * naming it, before any charge.
 */
import { describe, expect, it } from 'vitest';
import { catalogueFor } from '../../src/domain/catalogue/catalogues.ts';
import { evidenceJson } from '../../src/wire/present/evidence-json.ts';
import { creditState } from '../rest/support/server.ts';
import { appWithAccount, postWithKey } from '../support/app-with-account.ts';
import { chartOf } from '../support/chart.ts';
import { runCli } from '../support/run-cli.ts';

const BIRTH = { year: 2024, month: 2, day: 4, time: '17:20', location: 139.69, lang: 'en' };

describe('evidence over REST, GraphQL, MCP and the CLI', () => {
  const env = appWithAccount();
  const post = postWithKey(env);
  const domain = (detail: 'compact' | 'full') => JSON.parse(JSON.stringify(evidenceJson(chartOf(BIRTH), detail, catalogueFor('en'))));

  it('every protocol answers the domain’s conclusions; full adds the evidence', async () => {
    const full = await post('/api/v1/calculate', { ...BIRTH, include: ['evidence'], detail: 'full' });
    expect(full.status).toBe(200);
    expect(full.json['result'].evidence).toEqual(domain('full'));
    const compact = await post('/v1/calculate', { ...BIRTH, include: 'evidence' });
    expect(compact.json['result'].evidence).toEqual(domain('compact'));
    expect(compact.json['result'].evidence.conclusions[0]).toMatchObject({ id: 'pillars', confidence: 'low' });

    const graphql = await post('/graphql', {
      query: `mutation { calculate(input: { year: 2024, month: 2, day: 4, time: "17:20", location: 139.69, lang: EN }) { ... on VariantBResponse { result {
        evidence(detail: FULL) { detail conclusions { id claim inputs { name value } ruleIds citations confidence caveats evidenceJson } } } } } }`,
    });
    expect(graphql.json['errors']).toBeUndefined();
    const typed = graphql.json['data'].calculate.result.evidence;
    expect(typed.detail).toBe('FULL');
    // The typed fields say what REST's JSON says: inputs as name–value text, the evidence as JSON text.
    expect(
      typed.conclusions.map((c: any) => ({
        id: c.id,
        claim: c.claim,
        inputs: Object.fromEntries(c.inputs.map((i: { name: string; value: string }) => [i.name, i.value])),
        rule_ids: c.ruleIds,
        citations: c.citations,
        confidence: c.confidence.toLowerCase(),
        caveats: c.caveats,
        ...(c.evidenceJson === null ? {} : { evidence: JSON.parse(c.evidenceJson) }),
      })),
    ).toEqual(
      domain('full').conclusions.map((c: any) => ({
        ...c,
        inputs: Object.fromEntries(Object.entries(c.inputs).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])),
      })),
    );

    const mcp = await post(
      '/mcp',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'calculate_chart', arguments: { ...BIRTH, include: ['evidence'], detail: 'full' } },
      },
      { accept: 'application/json, text/event-stream' },
    );
    expect(mcp.json['result'].structuredContent.result.evidence).toEqual(domain('full'));

    const cli = runCli('src/cli/bazi.ts', ['chart', '--include', 'evidence'], `${JSON.stringify(BIRTH)}\n`);
    expect(cli.status).toBe(0);
    expect(JSON.parse(cli.stdout).evidence).toEqual(domain('compact'));
  });

  it('detail without include=evidence, or another value, is a 400 naming detail; nothing is charged', async () => {
    const before = await creditState(env.app.admin, env.account.accountId);
    const alone = await post('/api/v1/calculate', { ...BIRTH, include: ['warnings'], detail: 'full' });
    expect(alone.status).toBe(400);
    expect(alone.json['message']).toContain('detail applies to the evidence section: add evidence to include');
    const bad = await post('/api/v1/calculate', { ...BIRTH, include: ['evidence'], detail: 'everything' });
    expect(bad.json['message']).toContain('detail must be one of "compact", "full"');
    expect(await creditState(env.app.admin, env.account.accountId)).toEqual(before);
  });
});
