/**
 * The classical analysis as clients get it: REST `include=analysis` (checked against /openapi.json),
 * GraphQL `analysis` (the same JSON), a three-pillar chart, and the words in the asked language —
 * one charge per chart, the section itself free.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { creditState, type TestAccount } from '../rest/support/server.ts';
import { appWithAccount } from '../support/app-with-account.ts';
import { clientOf } from '../support/client.ts';
import type { RunningApp } from '../support/app-server.ts';

const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };

describe('the analysis section over REST and GraphQL', () => {
  const running = appWithAccount(10_000);
  let app: RunningApp;
  let account: TestAccount;
  beforeAll(() => {
    ({ app, account } = running);
  });

  const api = clientOf(() => ({ baseUrl: app.baseUrl, apiKey: account.apiKey }));
  const rest = async (body: Record<string, unknown>) =>
    (await api.postChecked('/api/v1/calculate?include=analysis', body)).json as Record<string, any>;

  it('REST: four methods side by side with evidence, rule ids and citations; one charge', async () => {
    const before = await creditState(app.admin, account.accountId);
    const body = await rest(BIRTH);
    const analysis = body['result']['analysis'];
    expect(analysis.pillars_used).toBe(4);
    expect(analysis.strength.map((s: { method: string }) => s.method)).toEqual(['deling', 'taizan_points', 'cn_percent', 'ditiansui']);
    expect(analysis.strength[0]).toMatchObject({
      verdict: 'strong',
      verdict_label: '身強',
      grade: 'grade.pian_wang',
      grade_label: '偏旺',
      score: null,
      evidence: { month_branch: '巳', month_phase: 'phase.si', in_season: false, root_strength: 'strong' },
      citations: expect.arrayContaining(['zipingzhenquan', 'liki']),
    });
    expect(analysis.strength[1]).toMatchObject({ method: 'taizan_points', score: 45.8, verdict: 'balanced' });
    expect(analysis.agreement).toEqual({
      strength: 'split',
      pattern: 'split',
      // 扶抑 火 (官殺, the first the chart carries), 調候 水 (窮通宝鑑: 四月庚金 壬水為上), 子平真詮 火 (七殺格).
      useful_element: 'split',
      pattern_useful_element: { code: 'element.fire', label: '火' },
      schools_with_pattern: ['fuyi_first', 'shiping', 'ditiansui'],
      verdicts: { deling: 'strong', taizan_points: 'balanced', cn_percent: 'strong', ditiansui: 'strong' },
    });
    expect(analysis.useful_gods.five_gods.map((g: { yong: { code: string } }) => g.yong.code)).toEqual([
      'element.fire',
      'element.water',
      'element.fire',
      // 任鐵樵: 旺, a rooted 官殺 first ("身旺足以用殺").
      'element.fire',
    ]);
    // What each school's 用 rests on, in the answer's language: no 外格 here.
    expect(analysis.useful_gods.five_gods.map((g: { basis: unknown }) => g.basis)).toEqual([
      { code: 'fuyi', label: '扶抑' },
      { code: 'tiaohou', label: '調候（窮通宝鑑）' },
      { code: 'pattern', label: '格局' },
      { code: 'fuyi', label: '扶抑（幇助・剋洩）' },
    ]);
    expect(analysis.useful_gods.five_gods.map((g: { definition: string }) => g.definition)).toEqual(['modern', 'modern', 'modern', 'ren']);
    expect(analysis.useful_gods.five_gods[3].followed_by).toBe('滴天髓・任鐵樵の流れ（全体の旺衰と従化を先に）');
    // The 七殺格's own 用 is 火; 扶抑, 子平真詮 and 任鐵樵 take it, 調候 does not.
    expect(analysis.agreement.pattern_useful_element).toEqual({ code: 'element.fire', label: '火' });
    expect(analysis.agreement.schools_with_pattern).toEqual(['fuyi_first', 'shiping', 'ditiansui']);
    expect(analysis.useful_gods.geju).toMatchObject({ yong: { code: 'shishen_group.guan_sha' }, reason: null });
    expect(analysis.useful_gods.confidence).toBe('medium');
    // 子平真詮: the 巳 month's 本気 丙 is 庚's 七殺 (七殺格); 月支元命: the day-count 蔵干 庚 is 比肩 (比肩格).
    // 庚 in 巳 (七殺格): 丙 hidden, no 食傷 stem; 成敗 comes with every rule checked and its quote.
    expect(analysis.pattern[0].inner.formation_rules.length).toBeGreaterThan(3);
    expect(analysis.pattern[0].inner.formation_rules.every((r: { quote: string }) => r.quote.length > 0)).toBe(true);
    expect(analysis.pattern[0].inner.formation_label).toBe(
      { formed: '成格', flawed: '成格（帯忌）', rescued: '破格有救（救応）', broken: '破格', undetermined: '成敗未定' }[
        analysis.pattern[0].inner.formation as string
      ],
    );
    expect(analysis.pattern.map((p: { school: string; label: string }) => [p.school, p.label])).toEqual([
      ['shiping', '七殺格'],
      ['japanese', '比肩格'],
      ['ditiansui', '七殺格'],
    ]);
    expect(await creditState(app.admin, account.accountId)).toEqual({ ...before, monthly: before.monthly - 10, ledger: before.ledger + 1 });
  });

  it('in English and for an unknown birth time (three pillars)', async () => {
    const en = (await rest({ ...BIRTH, lang: 'en' }))['result']['analysis'];
    expect(en.strength[0]).toMatchObject({
      name: 'In season, rooted, supported (De Ling, De Di, De Shi)',
      grade_label: 'Fairly strong',
      verdict_label: 'Strong',
    });
    expect(JSON.stringify(en)).not.toMatch(/[\u3040-\u30ff]/u);
    const three = (await rest({ year: 2021, month: 1, day: 3, location: 139.69, time_unknown: true }))['result']['analysis'];
    expect(three.pillars_used).toBe(3);
  });

  it('a 外格 governs every school (潤下 through 亥子丑), and an undetermined 格 names no 格局 用, saying why', async () => {
    // 癸亥 甲子 癸丑 壬子: 亥子丑 complete, no 土 stem; 丑 is the frame's own, not 官殺.
    const runXia = (await rest({ year: 2044, month: 1, day: 5, time: '00:15', location: 139.69, lang: 'en' }))['result']['analysis'];
    expect(runXia.pattern[0]).toMatchObject({ school: 'shiping', pattern: 'pattern.run_xia' });
    expect(runXia.useful_gods.five_gods.map((g: { yong: { code: string } }) => g.yong.code)).toEqual([
      'element.water',
      'element.water',
      'element.water',
      // 任鐵樵's 獨象 "喜行化地": its 食傷, 木.
      'element.wood',
    ]);
    for (const g of runXia.useful_gods.five_gods.slice(0, 3))
      expect(g.basis).toEqual({ code: 'outer_pattern', label: 'Soaking Down (Water)' });
    expect(runXia.useful_gods.five_gods[3].basis).toEqual({ code: 'one_element', label: 'One element prevails (its output)' });
    expect(runXia.pattern[2]).toMatchObject({ school: 'ditiansui', pattern: 'pattern.run_xia', genuine: true });
    // The schools that follow the 外格 agree; 任鐵樵 takes what it flows into: split, never 官殺.
    expect(runXia.agreement.useful_element).toBe('split');
    // 甲子 丁丑 甲子 丙寅: a 丑 month with none of 己 癸 辛 exposed.
    const open = (await rest({ year: 1985, month: 1, day: 25, time: '03:30', location: 139.69, lang: 'en' }))['result']['analysis'];
    expect(open.pattern[0].pattern).toBe('pattern.undetermined');
    expect(open.useful_gods.geju.yong).toBeNull();
    expect(open.useful_gods.geju.reason).toMatch(/^No structure useful god: .*Zi Ping Zhen Quan, ch\. 16\)$/);
    expect(open.useful_gods.five_gods.map((g: { school: string }) => g.school)).not.toContain('shiping');
  });

  it('sensitivity over the birth-time window, only when asked for: a 立春 birth’s 格 changes across the 節, its strength stays', async () => {
    const plain = (await rest(BIRTH))['result']['analysis'];
    expect(plain.sensitivity).toBeNull();
    const near = (
      await rest({ year: 2024, month: 2, day: 4, time: '17:20', location: 139.69, uncertainty_minutes: 120, analysis_sensitivity: true })
    )['result']['analysis'];
    expect(near.sensitivity.stays).toMatchObject({ strength: true, pattern: false });
    expect(near.sensitivity.pattern.map((p: { value: string }) => p.value).sort()).toEqual(['pattern.qi_sha', 'pattern.yue_jie']);
    const total = near.sensitivity.pattern.reduce((sum: number, p: { share: number }) => sum + p.share, 0);
    expect(total).toBeCloseTo(1, 2);
    // An unknown time: the whole civil day, at least its twelve 時辰.
    const day = (await rest({ year: 2021, month: 1, day: 3, location: 139.69, time_unknown: true, analysis_sensitivity: 'true' }))[
      'result'
    ]['analysis'];
    expect(day.sensitivity.charts).toBeGreaterThanOrEqual(12);
    const bad = await fetch(`${app.baseUrl}/api/v1/calculate?include=analysis&analysis_sensitivity=maybe`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(BIRTH),
    });
    expect([bad.status, ((await bad.json()) as { message: string }).message]).toEqual([
      400,
      expect.stringContaining('analysis_sensitivity must be true or false'),
    ]);
  });

  it('GraphQL: the same values as REST, typed, on either variant', async () => {
    const response = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `mutation { calculate(input: {year: 1990, month: 5, day: 15, time: "10:30", location: 139.69}, variant: A) { ... on VariantAResponse { result {
          analysis {
            pillarsUsed
            strength { method verdict gradeLabel score evidence { rootStrength roots { branch depth } elementPoints { code points } } ruleIds }
            pattern { school pattern label category inner { ruleId formation formationLabel formationRules { ruleId kind holds answers } xiangShen { pillar stem tenGod } } outerChecks { pattern holds conditions { name holds } } }
            agreement { strength pattern usefulElement verdicts { method verdict } }
            sensitivity { charts stays { strength } }
            usefulGods { confidence tongguan { mediator { code } ratio } bingyao { bing { stem } yao { how stem { stem } } } }
          }
        } } } }`,
      }),
    });
    const answer = (await response.json()) as { data: { calculate: { result: { analysis: Record<string, any> } } } };
    const graph = answer.data.calculate.result.analysis;
    const restBody = await restAnalysis();
    expect(graph['pillarsUsed']).toBe(restBody.pillars_used);
    expect(graph['strength'].map((s: any) => [s.method, s.verdict, s.gradeLabel, s.score])).toEqual(
      restBody.strength.map((s: any) => [s.method, s.verdict, s.grade_label, s.score]),
    );
    expect(graph['strength'][0].evidence.roots).toEqual(
      restBody.strength[0].evidence.roots.map((r: any) => ({ branch: r.branch, depth: r.depth })),
    );
    expect(graph['strength'][1].evidence.elementPoints).toEqual(
      Object.entries(restBody.strength[1].evidence.element_points).map(([code, points]) => ({ code, points })),
    );
    expect(graph['pattern'].map((p: any) => [p.school, p.pattern, p.label, p.category])).toEqual(
      restBody.pattern.map((p: any) => [p.school, p.pattern, p.label, p.category]),
    );
    const restInner = restBody.pattern[0].inner;
    expect(graph['pattern'][0].inner).toEqual({
      ruleId: restInner.rule_id,
      formation: restInner.formation,
      formationLabel: restInner.formation_label,
      formationRules: restInner.formation_rules.map((r: any) => ({
        ruleId: r.rule_id,
        kind: r.kind,
        holds: r.holds,
        answers: r.answers ?? null,
      })),
      xiangShen: restInner.xiang_shen.map((x: any) => ({ pillar: x.pillar, stem: x.stem, tenGod: x.ten_god })),
    });
    expect(graph['usefulGods'].confidence).toBe(restBody.useful_gods.confidence);
    expect(graph['usefulGods'].tongguan?.ratio ?? null).toBe(restBody.useful_gods.tongguan?.ratio ?? null);
    expect(graph['usefulGods'].bingyao.length).toBe(restBody.useful_gods.bingyao.pairs.length);
    expect(graph['sensitivity']).toMatchObject({ charts: expect.any(Number), stays: { strength: expect.any(Boolean) } });
    expect(graph['agreement'].usefulElement).toBe(restBody.agreement.useful_element);
    expect(graph['agreement'].verdicts).toEqual(
      Object.entries(restBody.agreement.verdicts).map(([method, verdict]) => ({ method, verdict })),
    );
  });

  const restAnalysis = async () => (await rest(BIRTH))['result']['analysis'];
});
