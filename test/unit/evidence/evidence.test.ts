/**
 * The evidence section gathers, never recomputes: its claims are the chart's pillars and the analysis's
 * verdicts, with their rule ids and citations; every citation is a docs/sources.md key; a pillar named
 * by a warning makes the chart's conclusion `low` and caps the conclusions read from it, not the day master.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueFor } from '../../../src/domain/catalogue/catalogues.ts';
import { analysisJson } from '../../../src/wire/present/analysis-json.ts';
import { evidenceJson } from '../../../src/wire/present/evidence-json.ts';
import { chartOf, pillarsOf } from '../../support/chart.ts';

const SOURCE_KEYS = new Set(
  [...readFileSync(new URL('../../../docs/sources.md', import.meta.url), 'utf8').matchAll(/\*\*\[([a-z0-9-]+)\]\*\*/g)].map((m) => m[1]),
);
const ja = catalogueFor('ja');

describe('evidence', () => {
  it('compact: the pillars, the day master, each strength method, each school’s 格 and the 用神, as the chart and the analysis say them', () => {
    const raw = { year: 1985, month: 8, day: 20, time: '14:00', location: 135 };
    const core = chartOf(raw);
    const evidence = evidenceJson(core, 'compact', ja);
    expect(evidence.conclusions.map((c) => c.id)).toEqual([
      'pillars',
      'day_master',
      'strength.deling',
      'strength.taizan_points',
      'strength.cn_percent',
      'strength.ditiansui',
      'pattern.shiping',
      'pattern.japanese',
      'pattern.ditiansui',
      'useful_gods',
    ]);
    expect(evidence.conclusions[0]!.claim).toBe(pillarsOf(raw));
    expect(evidence.conclusions[0]!.confidence).toBe('high');
    const analysis = analysisJson(core, ja);
    for (const method of analysis.strength) {
      const c = evidence.conclusions.find((x) => x.id === `strength.${method.method}`)!;
      expect(c.claim).toContain(method.verdict_label);
      expect(c.rule_ids).toEqual(method.rule_ids);
      expect(c.confidence).toBe(method.confidence);
    }
    for (const conclusion of evidence.conclusions) {
      expect(conclusion.evidence, conclusion.id).toBeUndefined();
      for (const key of conclusion.citations) expect(SOURCE_KEYS.has(key), `${conclusion.id}: ${key}`).toBe(true);
      expect(conclusion.rule_ids.length, conclusion.id).toBeGreaterThan(0);
    }
    // full: each analysis conclusion carries its section's evidence.
    const full = evidenceJson(core, 'full', ja);
    expect(full.conclusions.find((c) => c.id === 'strength.deling')!.evidence).toEqual(analysis.strength[0]!.evidence);
    expect(full.conclusions.filter((c) => c.evidence !== undefined).map((c) => c.id)).toEqual(
      evidence.conclusions.slice(2).map((c) => c.id),
    );
  });

  it('a birth 7 minutes before 立春: the pillars are low with the warning, the analysis capped, the day master not', () => {
    const evidence = evidenceJson(chartOf({ year: 2024, month: 2, day: 4, time: '17:20', location: 139.69 }), 'compact', ja);
    const [pillars, dayMaster, ...rest] = evidence.conclusions;
    expect(pillars!.confidence).toBe('low');
    expect(pillars!.caveats).toHaveLength(1);
    expect(pillars!.caveats[0]).toMatch(/^NEAR_SOLAR_TERM: /);
    expect(dayMaster!.confidence).toBe('high');
    for (const c of rest) {
      expect(c.confidence, c.id).toBe('low');
      expect(c.caveats.at(-1), c.id).toContain('"pillars"');
    }
  });

  it('no birth time: the pillars are low, TIME_NOT_GIVEN saying why (12:00 stands in); a three-pillar chart is high', () => {
    const evidence = evidenceJson(chartOf({ year: 1985, month: 8, day: 20, location: 135 }), 'compact', catalogueFor('en'));
    expect(evidence.conclusions[0]!.confidence).toBe('low');
    expect(evidence.conclusions[0]!.caveats[0]).toMatch(/^TIME_NOT_GIVEN: No birth time was given/);
    const unknown = evidenceJson(chartOf({ year: 1985, month: 8, day: 20, location: 135, time_unknown: true }), 'compact', ja);
    expect(unknown.conclusions[0]!.claim).toMatch(/^\S+ \S+ \S+ —$/);
    expect(unknown.conclusions[0]!.confidence).toBe('high');
    expect(evidence.conclusions[1]!.claim).toMatch(/^[甲乙丙丁戊己庚辛壬癸] \((Wood|Fire|Earth|Metal|Water), /);
  });
});
