/** The JSON Schema of the `analysis` section (/openapi.json `Analysis`), beside its JSON builder. */
import type { JsonSchema } from '../../../domain/chart/request-contract.ts';
import { DELING_GRADES, POINT_LEVELS } from '../../../domain/classical/strength.ts';
import { PHASE_CODES } from '../../../domain/classical/roots.ts';
import { TEN_GOD_CODES } from '../../../domain/vocabulary/codes.ts';
import { INNER_PATTERNS, OUTER_PATTERNS } from '../../../domain/classical/pattern.ts';
import { FORMATIONS } from '../../../domain/classical/formation.ts';

const string = { type: 'string' } as const;
const exactly = (properties: Record<string, JsonSchema>, description?: string): JsonSchema => ({
  type: 'object',
  ...(description === undefined ? {} : { description }),
  required: Object.keys(properties),
  properties,
  additionalProperties: false,
});
const verdict = { enum: ['strong', 'balanced', 'weak'] } as const;
const pillar = { enum: ['year', 'month', 'day', 'hour'] } as const;
const stemFact = exactly({
  pillar,
  stem: { type: 'string', pattern: '^[甲乙丙丁戊己庚辛壬癸]$' },
  ten_god: { enum: [...TEN_GOD_CODES] },
  ten_god_label: string,
  effective: { type: 'boolean' },
  reason: { enum: ['rooted', 'unrooted', 'combined'] },
});
const common = {
  name: string,
  verdict,
  verdict_label: string,
  grade_label: string,
  rule_ids: { type: 'array', items: string, minItems: 1 },
  citations: { type: 'array', items: string, minItems: 1, description: 'Keys of docs/sources.md' },
  confidence: { enum: ['high', 'medium', 'low'] },
} as const;

const term = exactly({ code: string, label: string });
const spreads = {
  type: 'array',
  minItems: 1,
  items: exactly({
    value: { type: ['string', 'null'] },
    label: { type: ['string', 'null'] },
    charts: { type: 'integer', minimum: 1 },
    share: { type: 'number', minimum: 0, maximum: 1 },
  }),
} as const;
const terms = { type: 'array', items: term } as const;
const stemAt = {
  pillar,
  stem: { type: 'string', pattern: '^[甲乙丙丁戊己庚辛壬癸]$' },
  ten_god: { enum: [...TEN_GOD_CODES] },
  ten_god_label: string,
} as const;
const formationRule = {
  type: 'object',
  required: ['rule_id', 'kind', 'quote', 'holds'],
  properties: {
    rule_id: string,
    kind: { enum: ['forms', 'breaks', 'flaw', 'rescue'] },
    quote: { type: 'string', description: "The book's words (子平真詮, in its script)" },
    holds: { type: 'boolean' },
    answers: { type: 'string', description: 'For a rescue: the rule it answers' },
  },
  additionalProperties: false,
} as const;
const fiveGods = exactly({
  school: { enum: ['fuyi_first', 'tiaohou_first', 'shiping'] },
  name: string,
  yong: term,
  xi: term,
  ji: term,
  chou: term,
  xian: term,
});

export const ANALYSIS_SCHEMA: JsonSchema = exactly(
  {
    pillars_used: { enum: [3, 4], description: '3 when the birth time is unknown' },
    sensitivity: {
      oneOf: [
        { type: 'null' },
        exactly(
          {
            charts: { type: 'integer', minimum: 1 },
            strength: spreads,
            pattern: spreads,
            useful_element: spreads,
            stays: exactly({ strength: { type: 'boolean' }, pattern: { type: 'boolean' }, useful_element: { type: 'boolean' } }),
          },
          'With analysis_sensitivity: each verdict over the birth-time window (docs/analysis.md)',
        ),
      ],
    },
    transformations: {
      type: 'array',
      description: '合化: every 干合 among the stems, each condition, the verdict per school (docs/analysis.md)',
      items: exactly({
        pillars: { type: 'array', items: pillar, minItems: 2, maxItems: 2 },
        stems: { type: 'array', items: string, minItems: 2, maxItems: 2 },
        element: term,
        adjacent: { type: 'boolean' },
        month_supports: { type: 'boolean' },
        dragon: { type: 'boolean' },
        broken_by: { type: 'array', items: pillar },
        rivals: { type: 'array', items: pillar },
        day_master: { type: 'boolean' },
        verdicts: {
          type: 'array',
          items: exactly({
            school: { enum: ['shiping', 'japanese'] },
            verdict: { enum: ['transforms', 'bound', 'distant', 'own', 'no_effect'] },
            label: string,
          }),
        },
      }),
    },
    useful_gods: exactly(
      {
        fuyi: exactly({ name: string, element: { oneOf: [term, { type: 'null' }] }, reads: terms }),
        geju: exactly({ name: string, yong: term, wants: terms, avoids: terms }),
        tiaohou: exactly({
          name: string,
          stems: { type: 'array', items: string },
          elements: terms,
          after_mid_term: { type: ['boolean', 'null'] },
        }),
        five_gods: { type: 'array', items: fiveGods, maxItems: 3 },
        japanese: { oneOf: [exactly({ name: string, xi: terms, ji: terms }), { type: 'null' }] },
        tongguan: {
          oneOf: [
            exactly(
              {
                name: string,
                controller: term,
                controlled: term,
                mediator: term,
                ratio: { type: 'number', minimum: 0, maximum: 1 },
                present: { type: 'boolean' },
              },
              '通関: the two strongest elements stand in a 剋 and are evenly matched; the element between them',
            ),
            { type: 'null' },
          ],
        },
        bingyao: exactly(
          {
            name: string,
            pairs: {
              type: 'array',
              items: exactly({
                bing: exactly(stemAt),
                yao: { type: 'array', items: exactly({ ...stemAt, how: { enum: ['controls', 'combines'] } }) },
              }),
            },
          },
          '病薬: each exposed stem the 格 avoids (病) with the exposed stems that remove it (藥)',
        ),
        confidence: { enum: ['high', 'medium', 'low'] },
        definition: { const: 'modern' },
        rule_ids: { type: 'array', items: string, minItems: 1 },
        citations: { type: 'array', items: string, minItems: 1 },
      },
      '用神: the candidates of 扶抑, 格局 and 調候 apart, the five gods under each school, and the Japanese 喜忌 (docs/analysis.md)',
    ),
    strength: {
      type: 'array',
      minItems: 3,
      maxItems: 3,
      // One item shape for the three methods (a oneOf here made the generated client types unrelatable):
      // `deling` fills the root and stem facts and has no score; the points methods fill `element_points`.
      items: exactly({
        method: { enum: ['deling', 'taizan_points', 'cn_percent'] },
        ...common,
        grade: { enum: [...DELING_GRADES, ...POINT_LEVELS] },
        score: {
          type: ['number', 'null'],
          minimum: 0,
          maximum: 100,
          description: 'The points methods’ same-party share, %; null for deling',
        },
        evidence: {
          type: 'object',
          additionalProperties: false,
          properties: {
            month_branch: string,
            month_phase: { enum: [...PHASE_CODES] },
            month_phase_label: string,
            in_season: { type: 'boolean' },
            roots: {
              type: 'array',
              items: exactly({
                pillar,
                branch: string,
                stem: { type: ['string', 'null'] },
                qi: { enum: ['main', 'middle', 'residual', 'growth'] },
                depth: { enum: ['heavy', 'light'] },
              }),
            },
            root_strength: { enum: ['strong', 'weak', 'none'] },
            support: { type: 'array', items: stemFact },
            resource_strength: { enum: ['strong', 'weak', 'none'] },
            light_body_heavy_resource: { type: 'boolean' },
            drain: { type: 'array', items: stemFact },
            element_points: exactly(
              Object.fromEntries(
                ['element.wood', 'element.fire', 'element.earth', 'element.metal', 'element.water'].map((e) => [
                  e,
                  { type: 'number', minimum: 0 },
                ]),
              ),
            ),
          },
        },
      }),
    },
    pattern: {
      type: 'array',
      minItems: 2,
      maxItems: 2,
      description: 'The 格 by each school: `shiping` (子平真詮, with its 外格 checks) then `japanese` (月支元命)',
      items: {
        type: 'object',
        required: ['school', 'name', 'pattern', 'label', 'category', 'rule_ids', 'citations', 'confidence'],
        additionalProperties: false,
        properties: {
          school: { enum: ['shiping', 'japanese'] },
          name: string,
          pattern: { enum: [...INNER_PATTERNS, ...OUTER_PATTERNS, ...TEN_GOD_CODES] },
          label: string,
          category: { enum: ['inner', 'outer'] },
          stem: { type: ['string', 'null'] },
          inner: exactly({
            pattern: { enum: [...INNER_PATTERNS] },
            label: string,
            stem: { type: ['string', 'null'] },
            rule_id: string,
            formation: { enum: [...FORMATIONS], description: '成敗 (子平真詮 ch. 9): formed, flawed, rescued, broken or undetermined' },
            formation_label: string,
            formation_rules: { type: 'array', items: formationRule },
            xiang_shen: { type: 'array', items: exactly(stemAt), description: '相神: the exposed stems serving the 格' },
          }),
          candidates: {
            type: 'array',
            items: exactly({
              stem: string,
              ten_god: { enum: [...TEN_GOD_CODES] },
              ten_god_label: string,
              exposed: { type: 'boolean' },
              qi: { enum: ['main', 'middle', 'residual'] },
            }),
          },
          outer_checks: {
            type: 'array',
            items: exactly({
              pattern: { enum: [...OUTER_PATTERNS] },
              label: string,
              holds: { type: 'boolean' },
              conditions: { type: 'object', additionalProperties: { type: 'boolean' } },
            }),
          },
          rule_ids: { type: 'array', items: string, minItems: 1 },
          citations: { type: 'array', items: string, minItems: 1 },
          confidence: { enum: ['high', 'medium', 'low'] },
        },
      },
    },
    agreement: exactly({
      strength: { enum: ['agree', 'split'] },
      pattern: { enum: ['agree', 'split'] },
      useful_element: { enum: ['agree', 'split'], description: '扶抑, 調候 and 子平真詮 name one 用 element' },
      verdicts: exactly({ deling: verdict, taizan_points: verdict, cn_percent: verdict }),
    }),
  },
  'The classical analysis: day-master strength by three methods side by side (docs/analysis.md)',
);
