/**
 * The `analysis` section's JSON declared as shapes (wire/shapes): its OpenAPI component `Analysis`,
 * and the GraphQL types that are its parts in camelCase (ClassicalRoot, ClassicalStemFact,
 * ClassicalStem, PatternCandidate, FormationRule, InnerPattern, AnalysisTerm, VerdictSpread,
 * VerdictsStay, AnalysisSensitivity). The other GraphQL types of the section stay hand-written in
 * src/graphql/schema/analysis.ts: they flatten or list what REST nests or keys (UsefulGods, Tongguan,
 * BingYao, Yao, StrengthEvidence, OuterPatternCheck, AnalysisAgreement), hold such a type
 * (StrengthReading, PatternReading, ClassicalAnalysis), or name snake_case values in their
 * descriptions that GraphQL's copy of a description would spell in camelCase (FiveGods,
 * TransformationVerdict, and Transformation, which holds it).
 */
import { z } from 'zod';
import type { Confidence } from '../../../domain/classical/analysis.ts';
import { FORMATIONS } from '../../../domain/classical/formation.ts';
import { INNER_PATTERNS, OUTER_PATTERNS } from '../../../domain/classical/pattern.ts';
import { DTS_GRADES, DTS_OUTER } from '../../../domain/classical/ditiansui.ts';
import { PHASE_CODES } from '../../../domain/classical/roots.ts';
import { DELING_GRADES, POINT_LEVELS } from '../../../domain/classical/strength.ts';
import { TEN_GOD_CODES } from '../../../domain/vocabulary/codes.ts';
import type {
  AnalysisJson,
  CandidateJson,
  EvidenceJson,
  FiveGodsJson,
  FormationRuleJson,
  InnerJson,
  OuterCheckJson,
  PatternJson,
  RootJson,
  SensitivityJson,
  SpreadJson,
  StemFactJson,
  StemJson,
  StrengthJson,
  TermJson,
  TransformationJson,
  UsefulGodsJson,
} from '../../present/analysis-json.ts';
import { asWritten, shape, type Shape } from '../../shapes/shape.ts';

const PILLAR = () => z.enum(['year', 'month', 'day', 'hour']);
const STEM = () => z.string().regex(/^[甲乙丙丁戊己庚辛壬癸]$/);
const TEN_GOD = () => z.enum(TEN_GOD_CODES);
const VERDICT = () => z.enum(['strong', 'balanced', 'weak']);
const SCHOOL = () => z.enum(['shiping', 'japanese']);
const CONFIDENCE = () => z.enum(['high', 'medium', 'low'] as const satisfies readonly Confidence[]);
const AGREEMENT = () => z.enum(['agree', 'split']);
const RULE_IDS = () => z.array(z.string()).min(1);
const CITATIONS = () => z.array(z.string()).min(1);
const RULES_APPLIED = 'The rules applied';
const SOURCES = 'Keys of docs/sources.md';

export const TERM_SHAPE = shape('AnalysisTerm', 'A code with its label in the answer’s language', {
  code: z.string().meta({ description: 'The code (`element.*`, `shishen_group.*`)' }),
  label: z.string().meta({ description: 'Its label' }),
});
const term = (description: string) => TERM_SHAPE.object.meta({ description });
const terms = (description: string) => z.array(TERM_SHAPE.object).meta({ description });

/** An exposed stem with its ten god: the members of `ClassicalStem`, and of a 藥 with its `how`. */
const stemAt = {
  pillar: PILLAR().meta({ description: '`year`, `month` or `hour`' }),
  stem: STEM().meta({ description: 'The stem' }),
  ten_god: TEN_GOD().meta({ description: 'Its ten god’s code' }),
  ten_god_label: z.string().meta({ description: 'Its ten god in the answer’s language' }),
};

export const CLASSICAL_STEM_SHAPE = shape('ClassicalStem', 'An exposed stem with its ten god', stemAt);

export const ROOT_SHAPE = shape(
  'ClassicalRoot',
  'A root (通根) of the day master: a branch hiding a stem of its element, graded by depth',
  {
    pillar: PILLAR().meta({ description: '`year`, `month`, `day` or `hour`' }),
    branch: z.string().meta({ description: 'The branch' }),
    stem: z.string().nullable().meta({ description: 'The hidden stem of the day master’s element; null for a yin stem’s 長生 branch' }),
    qi: z
      .enum(['main', 'middle', 'residual', 'growth'])
      .meta({ description: '`main` 本気, `middle` 中気, `residual` 余気 or `growth` (a yin stem’s 長生)' }),
    depth: z.enum(['heavy', 'light']).meta({ description: '`heavy` on 長生・臨官・帝旺, else `light`' }),
  },
);

export const STEM_FACT_SHAPE = shape('ClassicalStemFact', 'An exposed stem as a strength method saw it', {
  ...stemAt,
  effective: z.boolean().meta({ description: 'It counts: rooted and not bound by a 干合 with a neighbour' }),
  reason: z.enum(['rooted', 'unrooted', 'combined']).meta({ description: '`rooted`, `unrooted` or `combined`' }),
});

const elementPoints = (element: string) =>
  z
    .number()
    .min(0)
    .meta({ description: `The ${element} element’s points` });
export const ELEMENT_POINTS_SHAPE = shape('ElementPoints', 'Each element’s points after the month’s multipliers', {
  'element.wood': elementPoints('wood'),
  'element.fire': elementPoints('fire'),
  'element.earth': elementPoints('earth'),
  'element.metal': elementPoints('metal'),
  'element.water': elementPoints('water'),
});

const strengthOf = z.enum(['strong', 'weak', 'none']);
export const STRENGTH_EVIDENCE_SHAPE = shape(
  'StrengthEvidence',
  'The facts a strength method used: the month and roots (deling), or the element points (the points methods)',
  {
    month_branch: z.string().optional().meta({ description: 'deling: the month branch' }),
    month_phase: z.enum(PHASE_CODES).optional().meta({ description: 'deling: 旺相休囚死 of the day master’s element (`phase.*`)' }),
    month_phase_label: z.string().optional().meta({ description: 'Its word' }),
    in_season: z.boolean().optional().meta({ description: 'deling: 得令 (旺 or 相)' }),
    roots: z.array(ROOT_SHAPE.object).optional().meta({ description: 'deling: 得地, the roots' }),
    root_strength: strengthOf.optional().meta({ description: '`strong`, `weak` or `none`' }),
    support: z.array(STEM_FACT_SHAPE.object).optional().meta({ description: 'deling: 得勢, the exposed 比劫 and 印' }),
    resource_strength: strengthOf.optional().meta({ description: 'deling: the 印 apart from the roots' }),
    light_body_heavy_resource: z.boolean().optional().meta({ description: 'deling: 身輕印重' }),
    drain: z.array(STEM_FACT_SHAPE.object).optional().meta({ description: 'deling: the exposed 食傷, 財 and 官殺' }),
    element_points: ELEMENT_POINTS_SHAPE.object.optional().meta({ description: 'The points methods: each element’s points' }),
  },
);

/**
 * One item for the four methods (a oneOf here made the generated client types unrelatable):
 * `deling` fills the root and stem facts and has no score; the points methods fill `element_points`.
 */
export const STRENGTH_READING_SHAPE = shape('StrengthReading', 'Day-master strength by one method', {
  method: z
    .enum(['deling', 'taizan_points', 'cn_percent', 'ditiansui'])
    .meta({ description: '`deling`, `taizan_points`, `cn_percent` or `ditiansui` (任鐵樵)' }),
  name: z.string().meta({ description: 'The method’s name in the answer’s language' }),
  verdict: VERDICT().meta({ description: '`strong`, `balanced` or `weak`' }),
  verdict_label: z.string().meta({ description: 'The verdict in words' }),
  grade_label: z.string().meta({ description: 'The grade in words' }),
  rule_ids: RULE_IDS().meta({ description: RULES_APPLIED }),
  citations: CITATIONS().meta({ description: SOURCES }),
  confidence: CONFIDENCE().meta({ description: '`high`, `medium` or `low`' }),
  grade: z
    .enum([...DELING_GRADES, ...POINT_LEVELS, ...DTS_GRADES])
    .meta({ description: 'The method’s own scale (`grade.*`, `level.*`, or `dts.*` for ditiansui)' }),
  score: asWritten<number | null>({ type: ['number', 'null'], minimum: 0, maximum: 100 }).meta({
    description: 'The points methods’ and ditiansui’s same-party share, %; null for deling',
  }),
  evidence: STRENGTH_EVIDENCE_SHAPE.object.meta({ description: 'The facts used' }),
});

export const OUTER_PATTERN_CHECK_SHAPE = shape('OuterPatternCheck', 'A 外格 and its conditions', {
  pattern: z.enum(OUTER_PATTERNS).meta({ description: 'Its code (`pattern.*`)' }),
  label: z.string().meta({ description: 'Its name' }),
  holds: z.boolean().meta({ description: 'Every condition holds' }),
  conditions: asWritten<Readonly<Record<string, boolean>>>({ type: 'object', additionalProperties: { type: 'boolean' } }).meta({
    description: 'Each condition by name (`rules_month`, `no_root`, …) and whether it holds',
  }),
});

export const PATTERN_CANDIDATE_SHAPE = shape('PatternCandidate', 'A hidden stem of the month as a 格 candidate', {
  stem: z.string().meta({ description: 'The stem' }),
  ten_god: TEN_GOD().meta({ description: 'Its ten god’s code' }),
  ten_god_label: z.string().meta({ description: 'Its ten god in words' }),
  exposed: z.boolean().meta({ description: 'In the year, month or hour stem' }),
  qi: z.enum(['main', 'middle', 'residual']).meta({ description: '`main`, `middle` or `residual`' }),
});

export const FORMATION_RULE_SHAPE = shape('FormationRule', 'One rule of 子平真詮 ch. 9 (成敗救應) checked against the chart', {
  rule_id: z.string().meta({ description: 'Its id (docs/analysis.md)' }),
  kind: z
    .enum(['forms', 'breaks', 'flaw', 'rescue'])
    .meta({ description: '`forms` (成), `breaks` (敗), `flaw` (帶忌) or `rescue` (救應)' }),
  quote: z.string().meta({ description: 'The book’s words' }),
  holds: z.boolean().meta({ description: 'Whether it holds for this chart' }),
  answers: z.string().optional().meta({ description: 'A rescue: the rule it answers' }),
});

export const INNER_PATTERN_SHAPE = shape('InnerPattern', 'The 正格 reading of 子平真詮', {
  pattern: z.enum(INNER_PATTERNS).meta({ description: 'Its code' }),
  label: z.string().meta({ description: 'Its name' }),
  stem: z.string().nullable().meta({ description: 'The hidden stem it is named after' }),
  rule_id: z.string().meta({ description: 'The step that named it' }),
  formation: z.enum(FORMATIONS).meta({ description: '成敗 (子平真詮 ch. 9): `formed`, `flawed`, `rescued`, `broken` or `undetermined`' }),
  formation_label: z.string().meta({ description: 'The formation in words' }),
  formation_rules: z.array(FORMATION_RULE_SHAPE.object).meta({ description: 'Every rule checked' }),
  xiang_shen: z.array(CLASSICAL_STEM_SHAPE.object).meta({ description: '相神: the exposed stems serving the 格' }),
});

export const PATTERN_READING_SHAPE = shape('PatternReading', 'The 格 by one school', {
  school: z
    .enum(['shiping', 'japanese', 'ditiansui'])
    .meta({ description: '`shiping` (子平真詮), `japanese` (月支元命) or `ditiansui` (任鐵樵)' }),
  name: z.string().meta({ description: 'The school’s name' }),
  pattern: z
    .enum([...INNER_PATTERNS, ...new Set([...OUTER_PATTERNS, ...DTS_OUTER]), ...TEN_GOD_CODES])
    .meta({ description: 'The 格’s code (`pattern.*`, or a ten god’s code for 月支元命)' }),
  label: z.string().meta({ description: 'The 格 in words' }),
  category: z.enum(['inner', 'outer']).meta({ description: '`inner` or `outer`' }),
  stem: z.string().nullable().optional().meta({ description: 'The hidden stem it is named after' }),
  inner: INNER_PATTERN_SHAPE.object.optional().meta({ description: 'shiping: the 正格 reading' }),
  candidates: z.array(PATTERN_CANDIDATE_SHAPE.object).optional().meta({ description: 'shiping: the month’s hidden stems' }),
  outer_checks: z.array(OUTER_PATTERN_CHECK_SHAPE.object).optional().meta({ description: 'shiping: every 外格 and its conditions' }),
  genuine: z.boolean().optional().meta({ description: 'ditiansui, a 外格: false for a 假從 or 假化 (it follows, but not purely)' }),
  rule_ids: RULE_IDS().meta({ description: RULES_APPLIED }),
  citations: CITATIONS().meta({ description: SOURCES }),
  confidence: CONFIDENCE().meta({ description: '`high`, `medium` or `low`' }),
});

export const METHOD_VERDICTS_SHAPE = shape('MethodVerdicts', 'Each strength method’s coarse verdict by its code', {
  deling: VERDICT().meta({ description: 'deling’s verdict' }),
  taizan_points: VERDICT().meta({ description: 'taizan_points’ verdict' }),
  cn_percent: VERDICT().meta({ description: 'cn_percent’s verdict' }),
  ditiansui: VERDICT().meta({ description: 'ditiansui’s verdict (任鐵樵)' }),
});

export const AGREEMENT_SHAPE = shape('AnalysisAgreement', 'Where the methods agree', {
  strength: AGREEMENT().meta({ description: '`agree` or `split`' }),
  pattern: AGREEMENT().meta({ description: '`agree` or `split`' }),
  useful_element: AGREEMENT().meta({ description: '扶抑, 調候, 子平真詮 and 任鐵樵 name one 用 element' }),
  pattern_useful_element: z.xor([TERM_SHAPE.object, z.null()]).meta({
    description: 'The 用 element the chart’s own 格 supports (its 外格’s, else the month 格’s); null for an undetermined 格',
  }),
  schools_with_pattern: z
    .array(z.enum(['fuyi_first', 'tiaohou_first', 'shiping', 'ditiansui']))
    .meta({ description: 'The schools whose 用 is that element' }),
  verdicts: METHOD_VERDICTS_SHAPE.object.meta({ description: 'Each strength method’s verdict' }),
});

export const FIVE_GODS_SHAPE = shape(
  'FiveGods',
  'The five gods under one school (modern definition: 喜 generates 用, 忌 controls 用, 仇 generates 忌, 閑 is what 用 generates)',
  {
    school: z
      .enum(['fuyi_first', 'tiaohou_first', 'shiping', 'ditiansui'])
      .meta({ description: '`fuyi_first`, `tiaohou_first`, `shiping` or `ditiansui` (任鐵樵)' }),
    name: z.string().meta({ description: 'The school’s name' }),
    basis: term(
      'What its 用 rests on: `outer_pattern` (a 外格 the chart reads governs every school; labelled with the 外格’s name), `pattern` (the month’s 格), `tiaohou` (窮通宝鑑’s first stem) or `fuyi` (扶抑)',
    ),
    yong: term('用神'),
    xi: term('喜神'),
    ji: term('忌神'),
    chou: term('仇神'),
    xian: term('閑神'),
    definition: z.enum(['modern', 'ren']).meta({
      description:
        '`modern` (喜 generates 用, 忌 controls it, 仇 generates 忌, 閑 is what 用 generates) or `ren` (任鐵樵, 閒神: with 用 in excess 喜 is what 用 generates, 忌 what controls it, 仇 what generates it; with 用 short 喜 is what generates 用, 忌 what 用 controls, 仇 what controls it; 閒 the one left)',
    }),
    followed_by: z.string().meta({ description: 'The practitioner tradition that follows this school, in the answer’s language' }),
  },
);

export const FUYI_SHAPE = shape('FuyiCandidate', '扶抑’s candidate', {
  name: z.string().meta({ description: 'The method’s name' }),
  element: z.xor([TERM_SHAPE.object, z.null()]).meta({ description: 'The 用 element; null for a balanced chart' }),
  reads: terms('The ten-god groups it reads (`shishen_group.*`)'),
});

export const GEJU_SHAPE = shape('GejuCandidate', '格局’s candidate', {
  name: z.string().meta({ description: 'The method’s name' }),
  yong: z
    .xor([TERM_SHAPE.object, z.null()])
    .meta({ description: 'The 用 (the month’s ten-god group); null when the 格 is undetermined (`reason` says why)' }),
  wants: terms('What serves it (相)'),
  avoids: terms('What hurts it'),
  reason: z.string().nullable().meta({ description: 'Why there is no 用, in the answer’s language; null when there is one' }),
});

export const TIAOHOU_SHAPE = shape('TiaohouCandidate', '調候’s candidate', {
  name: z.string().meta({ description: 'The method’s name' }),
  stems: z.array(z.string()).meta({ description: 'The stems 窮通宝鑑 names, in its order' }),
  elements: terms('Their elements'),
  after_mid_term: z.boolean().nullable().meta({ description: 'For a month the text splits: born after its 中気; null otherwise' }),
});

export const JAPANESE_SIDES_SHAPE = shape('JapaneseSides', 'The Japanese 喜忌 as sides', {
  name: z.string().meta({ description: 'The school’s name' }),
  xi: terms('The Japanese 喜神 (a side)'),
  ji: terms('The Japanese 忌神 (a side)'),
});

export const TONGGUAN_SHAPE = shape(
  'Tongguan',
  '通関 (滴天髓): the two strongest elements stand in a 剋 and are evenly matched; the element between them',
  {
    name: z.string().meta({ description: 'The remedy’s name' }),
    controller: term('The controlling element'),
    controlled: term('The controlled element'),
    mediator: term('The element between them'),
    ratio: z.number().min(0).max(1).meta({ description: 'The weaker’s points over the stronger’s' }),
    present: z.boolean().meta({ description: 'The mediator has points in the chart' }),
  },
);

export const YAO_SHAPE = shape('Yao', '藥: an exposed stem that removes a 病', {
  ...stemAt,
  how: z.enum(['controls', 'combines']).meta({ description: '`controls` (剋) or `combines` (合)' }),
});

export const BING_YAO_SHAPE = shape('BingYao', '病薬: a stem the 格 avoids and what removes it', {
  bing: CLASSICAL_STEM_SHAPE.object.meta({ description: '病' }),
  yao: z.array(YAO_SHAPE.object).meta({ description: '藥' }),
});

export const BINGYAO_REMEDY_SHAPE = shape('BingyaoRemedy', '病薬: each exposed stem the 格 avoids, with the stems that remove it', {
  name: z.string().meta({ description: 'The remedy’s name' }),
  pairs: z.array(BING_YAO_SHAPE.object).meta({ description: 'Each 病 with its 藥' }),
});

export const USEFUL_GODS_SHAPE = shape(
  'UsefulGods',
  '用神: each method’s candidate apart, the five gods under each school, the Japanese 喜忌 (docs/analysis.md)',
  {
    fuyi: FUYI_SHAPE.object.meta({ description: '扶抑’s candidate' }),
    geju: GEJU_SHAPE.object.meta({ description: '格局’s candidate' }),
    tiaohou: TIAOHOU_SHAPE.object.meta({ description: '調候’s candidate' }),
    five_gods: z.array(FIVE_GODS_SHAPE.object).max(4).meta({ description: 'The five gods under each school' }),
    japanese: z.xor([JAPANESE_SIDES_SHAPE.object, z.null()]).meta({ description: 'The Japanese 喜忌 as sides; null for a balanced chart' }),
    tongguan: z
      .xor([
        TONGGUAN_SHAPE.object.meta({
          description: '通関: the two strongest elements stand in a 剋 and are evenly matched; the element between them',
        }),
        z.null(),
      ])
      .meta({ description: '通関: the element between two evenly matched opposed elements; null when none' }),
    bingyao: BINGYAO_REMEDY_SHAPE.object.meta({
      description: '病薬: each exposed stem the 格 avoids (病) with the exposed stems that remove it (藥)',
    }),
    confidence: CONFIDENCE().meta({
      description: '`high` when 扶抑, 調候, 子平真詮 and 任鐵樵 name one 用 element, `medium` two, else `low`',
    }),
    definition: asWritten<'modern'>({ const: 'modern' }).meta({ description: 'Which definition of the five gods' }),
    rule_ids: RULE_IDS().meta({ description: RULES_APPLIED }),
    citations: CITATIONS().meta({ description: SOURCES }),
  },
);

export const TRANSFORMATION_VERDICT_SHAPE = shape('TransformationVerdict', 'One school’s verdict on a 干合', {
  school: SCHOOL().meta({ description: '`shiping` or `japanese`' }),
  verdict: z
    .enum(['transforms', 'bound', 'distant', 'own', 'no_effect'])
    .meta({ description: '`transforms`, `bound`, `distant`, `own` or `no_effect`' }),
  label: z.string().meta({ description: 'The verdict in words' }),
});

export const TRANSFORMATION_SHAPE = shape(
  'Transformation',
  'A 干合 among the stems, each condition of its 化 and the verdict per school (docs/analysis.md)',
  {
    pillars: z.array(PILLAR()).length(2).meta({ description: 'The two pillars' }),
    stems: z.array(z.string()).length(2).meta({ description: 'The two stems' }),
    element: term('The 化神’s element'),
    adjacent: z.boolean().meta({ description: 'Neighbouring pillars' }),
    month_supports: z.boolean().meta({ description: 'The 化神’s element rules the month' }),
    dragon: z.boolean().meta({ description: 'A 辰, or another exposed stem of the 化神’s element' }),
    broken_by: z.array(PILLAR()).meta({ description: 'Pillars whose stem controls the 化神' }),
    rivals: z.array(PILLAR()).meta({ description: 'Pillars with a second stem of either side (争合・妬合)' }),
    day_master: z.boolean().meta({ description: 'The day stem is one side' }),
    verdicts: z.array(TRANSFORMATION_VERDICT_SHAPE.object).meta({ description: 'Each school’s verdict' }),
  },
);

export const VERDICT_SPREAD_SHAPE = shape('VerdictSpread', 'One value of a verdict over the birth-time window', {
  value: z.string().nullable().meta({ description: 'The value’s code (null: no 用 for a balanced chart)' }),
  label: z.string().nullable().meta({ description: 'The value in words' }),
  charts: z.int().min(1).meta({ description: 'How many of the window’s charts give it' }),
  share: z.number().min(0).max(1).meta({ description: 'Their share of the window, 0–1' }),
});
const spreads = (description: string) => z.array(VERDICT_SPREAD_SHAPE.object).min(1).meta({ description });

export const VERDICTS_STAY_SHAPE = shape('VerdictsStay', 'Which verdicts the whole window shares', {
  strength: z.boolean().meta({ description: 'The strength verdict (得令・得地・得勢)' }),
  pattern: z.boolean().meta({ description: 'The 格 (子平真詮)' }),
  useful_element: z.boolean().meta({ description: '扶抑’s 用 element' }),
});

export const SENSITIVITY_SHAPE = shape(
  'AnalysisSensitivity',
  'How the verdicts move across the birth-time window (± uncertaintyMinutes, or the whole day when the time is unknown)',
  {
    charts: z.int().min(1).meta({ description: 'Charts in the window' }),
    strength: spreads('The strength verdict (得令・得地・得勢) per chart'),
    pattern: spreads('The 格 (子平真詮, 外格 included)'),
    useful_element: spreads('扶抑’s 用 element'),
    stays: VERDICTS_STAY_SHAPE.object.meta({ description: 'Which verdicts the whole window shares' }),
  },
);

/** /openapi.json `Analysis`. */
export const ANALYSIS_SHAPE = shape(
  'Analysis',
  'The classical analysis: day-master strength by four methods side by side (docs/analysis.md)',
  {
    pillars_used: z.literal([3, 4]).meta({ description: '3 when the birth time is unknown' }),
    sensitivity: z
      .xor([
        z.null(),
        SENSITIVITY_SHAPE.object.meta({
          description: 'With analysis_sensitivity: each verdict over the birth-time window (docs/analysis.md)',
        }),
      ])
      .meta({ description: 'How the verdicts move across the birth-time window; null unless `analysis_sensitivity` asks for it' }),
    transformations: z.array(TRANSFORMATION_SHAPE.object).meta({
      description: '合化: every 干合 among the stems, each condition, the verdict per school (docs/analysis.md)',
    }),
    useful_gods: USEFUL_GODS_SHAPE.object.meta({
      description:
        '用神: the candidates of 扶抑, 格局 and 調候 apart, the five gods under each school, and the Japanese 喜忌 (docs/analysis.md)',
    }),
    strength: z.array(STRENGTH_READING_SHAPE.object).length(4).meta({ description: 'Day-master strength by each method' }),
    pattern: z.array(PATTERN_READING_SHAPE.object).length(3).meta({
      description: 'The 格 by each school: `shiping` (子平真詮, with its 外格 checks), `japanese` (月支元命), then `ditiansui` (任鐵樵)',
    }),
    agreement: AGREEMENT_SHAPE.object.meta({ description: 'Where the methods agree' }),
  },
);

/**
 * The shapes' types are the presenter's: the declared answer fits the presenter's type, and a member
 * added to one and not the other fails the type check.
 */
type Same<S extends Shape, Presented> =
  z.infer<S['object']> extends infer Declared ? ([Declared, keyof Declared] extends [Presented, keyof Presented] ? true : false) : false;
type BingYaoJson = UsefulGodsJson['bingyao']['pairs'][number];
const sameMembers: [
  Same<typeof TERM_SHAPE, TermJson>,
  Same<typeof CLASSICAL_STEM_SHAPE, StemJson>,
  Same<typeof ROOT_SHAPE, RootJson>,
  Same<typeof STEM_FACT_SHAPE, StemFactJson>,
  Same<typeof STRENGTH_EVIDENCE_SHAPE, EvidenceJson>,
  Same<typeof STRENGTH_READING_SHAPE, StrengthJson>,
  Same<typeof OUTER_PATTERN_CHECK_SHAPE, OuterCheckJson>,
  Same<typeof PATTERN_CANDIDATE_SHAPE, CandidateJson>,
  Same<typeof FORMATION_RULE_SHAPE, FormationRuleJson>,
  Same<typeof INNER_PATTERN_SHAPE, InnerJson>,
  Same<typeof PATTERN_READING_SHAPE, PatternJson>,
  Same<typeof AGREEMENT_SHAPE, AnalysisJson['agreement']>,
  Same<typeof FIVE_GODS_SHAPE, FiveGodsJson>,
  Same<typeof FUYI_SHAPE, UsefulGodsJson['fuyi']>,
  Same<typeof GEJU_SHAPE, UsefulGodsJson['geju']>,
  Same<typeof TIAOHOU_SHAPE, UsefulGodsJson['tiaohou']>,
  Same<typeof JAPANESE_SIDES_SHAPE, NonNullable<UsefulGodsJson['japanese']>>,
  Same<typeof TONGGUAN_SHAPE, NonNullable<UsefulGodsJson['tongguan']>>,
  Same<typeof YAO_SHAPE, BingYaoJson['yao'][number]>,
  Same<typeof BING_YAO_SHAPE, BingYaoJson>,
  Same<typeof BINGYAO_REMEDY_SHAPE, UsefulGodsJson['bingyao']>,
  Same<typeof USEFUL_GODS_SHAPE, UsefulGodsJson>,
  Same<typeof TRANSFORMATION_VERDICT_SHAPE, TransformationJson['verdicts'][number]>,
  Same<typeof TRANSFORMATION_SHAPE, TransformationJson>,
  Same<typeof VERDICT_SPREAD_SHAPE, SpreadJson>,
  Same<typeof VERDICTS_STAY_SHAPE, SensitivityJson['stays']>,
  Same<typeof SENSITIVITY_SHAPE, SensitivityJson>,
  Same<typeof ANALYSIS_SHAPE, AnalysisJson>,
] = [
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
];
void sameMembers;
