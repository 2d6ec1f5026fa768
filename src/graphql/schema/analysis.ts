/**
 * `analysis` on both variants' result (ChartResult): the classical analysis as typed fields, the same
 * values as REST's `include=analysis` in camelCase, computed only when selected (docs/analysis.md).
 * The types that are REST's parts in camelCase are built from the section's shapes
 * (wire/sections/analysis/shape.ts); the others, which list what REST keys, flatten what it nests or
 * hold such a type, are written here.
 */
import {
  analysisJson,
  sensitivityJson,
  type SensitivityJson,
  type AnalysisJson,
  type CandidateJson,
  type EvidenceJson,
  type FiveGodsJson,
  type TermJson,
  type TransformationJson,
  type UsefulGodsJson,
  type InnerJson,
  type StemJson,
  type OuterCheckJson,
  type PatternJson,
  type RootJson,
  type StemFactJson,
  type StrengthJson,
} from '../../wire/present/analysis-json.ts';
import { builder } from '../builder.ts';
import { objectTypeOf } from '../shapes.ts';
import {
  CLASSICAL_STEM_SHAPE,
  INNER_PATTERN_SHAPE,
  PATTERN_CANDIDATE_SHAPE,
  ROOT_SHAPE,
  SENSITIVITY_SHAPE,
  STEM_FACT_SHAPE,
  TERM_SHAPE,
} from '../../wire/sections/analysis/shape.ts';
import type { ChartCore } from '../../domain/chart/chart-core.ts';
import type { Catalogue } from '../../domain/catalogue/index.ts';
import { ChartResultType } from './chart-result.ts';

/** The section's JSON with the chart it was made from: `sensitivity` is computed only when selected. */
type Analysis = AnalysisJson & { readonly chart: { readonly core: ChartCore; readonly catalogue: Catalogue } };
type Strength = StrengthJson;
type Check = OuterCheckJson;
type Evidence = EvidenceJson;

const RootType = objectTypeOf<RootJson>(ROOT_SHAPE);

const FactType = objectTypeOf<StemFactJson>(STEM_FACT_SHAPE);

const ElementPointsType = builder.objectRef<{ code: string; points: number }>('ClassicalElementPoints').implement({
  description: 'One element’s points after the month’s multipliers.',
  fields: (t) => ({
    code: t.exposeString('code', { description: '`element.wood` … `element.water`.' }),
    points: t.exposeFloat('points', { description: 'Its points.' }),
  }),
});

const EvidenceType = builder.objectRef<Evidence>('StrengthEvidence').implement({
  description: 'The facts a strength method used: the month and roots (deling), or the element points (the points methods).',
  fields: (t) => ({
    monthBranch: t.string({ nullable: true, description: 'deling: the month branch.', resolve: (e) => e.month_branch ?? null }),
    monthPhase: t.string({
      nullable: true,
      description: 'deling: 旺相休囚死 of the day master’s element (`phase.*`).',
      resolve: (e) => e.month_phase ?? null,
    }),
    monthPhaseLabel: t.string({ nullable: true, description: 'Its word.', resolve: (e) => e.month_phase_label ?? null }),
    inSeason: t.boolean({ nullable: true, description: 'deling: 得令 (旺 or 相).', resolve: (e) => e.in_season ?? null }),
    roots: t.field({ type: [RootType], nullable: true, description: 'deling: 得地, the roots.', resolve: (e) => e.roots ?? null }),
    rootStrength: t.string({ nullable: true, description: '`strong`, `weak` or `none`.', resolve: (e) => e.root_strength ?? null }),
    support: t.field({
      type: [FactType],
      nullable: true,
      description: 'deling: 得勢, the exposed 比劫 and 印.',
      resolve: (e) => e.support ?? null,
    }),
    resourceStrength: t.string({
      nullable: true,
      description: 'deling: the 印 apart from the roots.',
      resolve: (e) => e.resource_strength ?? null,
    }),
    lightBodyHeavyResource: t.boolean({
      nullable: true,
      description: 'deling: 身輕印重.',
      resolve: (e) => e.light_body_heavy_resource ?? null,
    }),
    drain: t.field({
      type: [FactType],
      nullable: true,
      description: 'deling: the exposed 食傷, 財 and 官殺.',
      resolve: (e) => e.drain ?? null,
    }),
    elementPoints: t.field({
      type: [ElementPointsType],
      nullable: true,
      description: 'The points methods: each element’s points.',
      resolve: (e) =>
        e.element_points === undefined ? null : Object.entries(e.element_points).map(([code, points]) => ({ code, points })),
    }),
  }),
});

const StrengthType = builder.objectRef<Strength>('StrengthReading').implement({
  description: 'Day-master strength by one method.',
  fields: (t) => ({
    method: t.exposeString('method', { description: '`deling`, `taizan_points`, `cn_percent` or `ditiansui` (任鐵樵).' }),
    name: t.exposeString('name', { description: 'The method’s name in the answer’s language.' }),
    verdict: t.exposeString('verdict', { description: '`strong`, `balanced` or `weak`.' }),
    verdictLabel: t.exposeString('verdict_label', { description: 'The verdict in words.' }),
    grade: t.exposeString('grade', { description: 'The method’s own scale (`grade.*`, `level.*`, or `dts.*` for ditiansui).' }),
    gradeLabel: t.exposeString('grade_label', { description: 'The grade in words.' }),
    score: t.float({
      nullable: true,
      description: 'The points methods’ and ditiansui’s same-party share, %; null for deling.',
      resolve: (s) => s.score,
    }),
    evidence: t.field({ type: EvidenceType, description: 'The facts used.', resolve: (s) => s.evidence }),
    ruleIds: t.stringList({ description: 'The rules applied.', resolve: (s) => [...s.rule_ids] }),
    citations: t.stringList({ description: 'Keys of docs/sources.md.', resolve: (s) => [...s.citations] }),
    confidence: t.exposeString('confidence', { description: '`high`, `medium` or `low`.' }),
  }),
});

const ConditionType = builder.objectRef<{ name: string; holds: boolean }>('OuterPatternCondition').implement({
  description: 'One condition of a 外格.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The condition (`rules_month`, `no_root`, …).' }),
    holds: t.exposeBoolean('holds', { description: 'Whether it holds.' }),
  }),
});

const CheckType = builder.objectRef<Check>('OuterPatternCheck').implement({
  description: 'A 外格 and its conditions.',
  fields: (t) => ({
    pattern: t.exposeString('pattern', { description: 'Its code (`pattern.*`).' }),
    label: t.exposeString('label', { description: 'Its name.' }),
    holds: t.exposeBoolean('holds', { description: 'Every condition holds.' }),
    conditions: t.field({
      type: [ConditionType],
      description: 'Each condition.',
      resolve: (c) => Object.entries(c.conditions).map(([name, holds]) => ({ name, holds })),
    }),
  }),
});

const CandidateType = objectTypeOf<CandidateJson>(PATTERN_CANDIDATE_SHAPE);

const StemAtType = objectTypeOf<StemJson>(CLASSICAL_STEM_SHAPE);

const InnerType = objectTypeOf<InnerJson>(INNER_PATTERN_SHAPE);

type PatternSource = PatternJson;
const PatternType = builder.objectRef<PatternSource>('PatternReading').implement({
  description: 'The 格 by one school.',
  fields: (t) => ({
    school: t.exposeString('school', { description: '`shiping` (子平真詮), `japanese` (月支元命) or `ditiansui` (任鐵樵).' }),
    name: t.exposeString('name', { description: 'The school’s name.' }),
    pattern: t.exposeString('pattern', { description: 'The 格’s code (`pattern.*`, or a ten god’s code for 月支元命).' }),
    label: t.exposeString('label', { description: 'The 格 in words.' }),
    category: t.exposeString('category', { description: '`inner` or `outer`.' }),
    stem: t.string({ nullable: true, description: 'The hidden stem it is named after.', resolve: (p) => p.stem ?? null }),
    inner: t.field({ type: InnerType, nullable: true, description: 'shiping: the 正格 reading.', resolve: (p) => p.inner ?? null }),
    candidates: t.field({
      type: [CandidateType],
      nullable: true,
      description: 'shiping: the month’s hidden stems.',
      resolve: (p) => p.candidates ?? null,
    }),
    outerChecks: t.field({
      type: [CheckType],
      nullable: true,
      description: 'shiping: every 外格 and its conditions.',
      resolve: (p) => p.outer_checks ?? null,
    }),
    genuine: t.boolean({
      nullable: true,
      description: 'ditiansui, a 外格: false for a 假從 or 假化 (it follows, but not purely).',
      resolve: (p) => p.genuine ?? null,
    }),
    ruleIds: t.stringList({ description: 'The rules applied.', resolve: (p) => [...p.rule_ids] }),
    citations: t.stringList({ description: 'Keys of docs/sources.md.', resolve: (p) => [...p.citations] }),
    confidence: t.exposeString('confidence', { description: '`high`, `medium` or `low`.' }),
  }),
});

const MethodVerdictType = builder.objectRef<{ method: string; verdict: string }>('MethodVerdict').implement({
  description: 'One strength method’s coarse verdict.',
  fields: (t) => ({
    method: t.exposeString('method', { description: 'The method.' }),
    verdict: t.exposeString('verdict', { description: '`strong`, `balanced` or `weak`.' }),
  }),
});

const AgreementType = builder.objectRef<Analysis['agreement']>('AnalysisAgreement').implement({
  description: 'Where the methods agree.',
  fields: (t) => ({
    strength: t.exposeString('strength', { description: '`agree` or `split`.' }),
    pattern: t.exposeString('pattern', { description: '`agree` or `split`.' }),
    usefulElement: t.exposeString('useful_element', {
      description: '`agree` when 扶抑, 調候, 子平真詮 and 任鐵樵 name one 用 element, else `split`.',
    }),
    patternUsefulElement: t.field({
      type: TermType,
      nullable: true,
      description: 'The 用 element the chart’s own 格 supports (its 外格’s, else the month 格’s); null for an undetermined 格.',
      resolve: (a) => a.pattern_useful_element,
    }),
    schoolsWithPattern: t.stringList({ description: 'The schools whose 用 is that element.', resolve: (a) => [...a.schools_with_pattern] }),
    verdicts: t.field({
      type: [MethodVerdictType],
      description: 'Each strength method’s verdict.',
      resolve: (a) => Object.entries(a.verdicts).map(([method, verdict]) => ({ method, verdict })),
    }),
  }),
});

const AnalysisType = builder.objectRef<Analysis>('ClassicalAnalysis').implement({
  description: 'The classical analysis (docs/analysis.md): strength by four methods, the 格 by three schools, and where they agree.',
  fields: (t) => ({
    pillarsUsed: t.exposeInt('pillars_used', { description: '3 when the birth time is unknown.' }),
    strength: t.field({ type: [StrengthType], description: 'Day-master strength by each method.', resolve: (a) => [...a.strength] }),
    pattern: t.field({ type: [PatternType], description: 'The 格 by each school.', resolve: (a) => [...a.pattern] }),
    agreement: t.field({ type: AgreementType, description: 'Where they agree.', resolve: (a) => a.agreement }),
  }),
});

builder.interfaceFields(ChartResultType, (t) => ({
  analysis: t.field({
    type: AnalysisType,
    description:
      'The classical analysis: day-master strength (旺衰) by four methods and the 格 by three schools side by side, each with its evidence, rule ids, citations and confidence (docs/analysis.md). Computed only when selected; no extra charge.',
    resolve: (v) => ({ ...analysisJson(v.core, v.catalogue), chart: { core: v.core, catalogue: v.catalogue } }),
  }),
}));

const TermType = objectTypeOf<TermJson>(TERM_SHAPE);

const FiveGodsType = builder.objectRef<FiveGodsJson>('FiveGods').implement({
  description:
    'The five gods under one school (modern definition: 喜 generates 用, 忌 controls 用, 仇 generates 忌, 閑 is what 用 generates).',
  fields: (t) => ({
    school: t.exposeString('school', { description: '`fuyi_first`, `tiaohou_first`, `shiping` or `ditiansui` (任鐵樵).' }),
    name: t.exposeString('name', { description: 'The school’s name.' }),
    basis: t.field({
      type: TermType,
      description:
        'What its 用 rests on: `outer_pattern` (a 外格 the chart reads governs every school; labelled with the 外格’s name), `pattern` (the month’s 格), `tiaohou` (窮通宝鑑’s first stem) or `fuyi` (扶抑).',
      resolve: (g) => g.basis,
    }),
    yong: t.field({ type: TermType, description: '用神.', resolve: (g) => g.yong }),
    xi: t.field({ type: TermType, description: '喜神.', resolve: (g) => g.xi }),
    ji: t.field({ type: TermType, description: '忌神.', resolve: (g) => g.ji }),
    chou: t.field({ type: TermType, description: '仇神.', resolve: (g) => g.chou }),
    xian: t.field({ type: TermType, description: '閑神.', resolve: (g) => g.xian }),
    followedBy: t.exposeString('followed_by', {
      description: 'The practitioner tradition that follows this school, in the answer’s language.',
    }),
    definition: t.exposeString('definition', {
      description:
        '`modern` (喜 generates 用, 忌 controls it, 仇 generates 忌, 閑 is what 用 generates) or `ren` (任鐵樵, 閒神: with 用 in excess 喜 is what 用 generates, 忌 what controls it, 仇 what generates it; with 用 short 喜 is what generates 用, 忌 what 用 controls, 仇 what controls it; 閒 the one left).',
    }),
  }),
});

const TongguanType = builder.objectRef<NonNullable<UsefulGodsJson['tongguan']>>('Tongguan').implement({
  description: '通関 (滴天髓): the two strongest elements stand in a 剋 and are evenly matched; the element between them.',
  fields: (t) => ({
    controller: t.field({ type: TermType, description: 'The controlling element.', resolve: (g) => g.controller }),
    controlled: t.field({ type: TermType, description: 'The controlled element.', resolve: (g) => g.controlled }),
    mediator: t.field({ type: TermType, description: 'The element between them.', resolve: (g) => g.mediator }),
    ratio: t.exposeFloat('ratio', { description: 'The weaker’s points over the stronger’s.' }),
    present: t.exposeBoolean('present', { description: 'The mediator has points in the chart.' }),
  }),
});

type YaoJson = UsefulGodsJson['bingyao']['pairs'][number]['yao'][number];
const YaoType = builder.objectRef<YaoJson>('Yao').implement({
  description: '藥: an exposed stem that removes a 病.',
  fields: (t) => ({
    stem: t.field({ type: StemAtType, description: 'The stem.', resolve: (y) => y }),
    how: t.exposeString('how', { description: '`controls` (剋) or `combines` (合).' }),
  }),
});

const BingYaoType = builder.objectRef<UsefulGodsJson['bingyao']['pairs'][number]>('BingYao').implement({
  description: '病薬: a stem the 格 avoids and what removes it.',
  fields: (t) => ({
    bing: t.field({ type: StemAtType, description: '病.', resolve: (p) => p.bing }),
    yao: t.field({ type: [YaoType], description: '藥.', resolve: (p) => [...p.yao] }),
  }),
});

const UsefulGodsType = builder.objectRef<UsefulGodsJson>('UsefulGods').implement({
  description: '用神: each method’s candidate apart, the five gods under each school, the Japanese 喜忌 (docs/analysis.md).',
  fields: (t) => ({
    fuyiElement: t.field({
      type: TermType,
      nullable: true,
      description: '扶抑’s 用 element; null for a balanced chart.',
      resolve: (u) => u.fuyi.element,
    }),
    gejuYong: t.field({
      type: TermType,
      nullable: true,
      description: '格局’s 用 (the month’s ten-god group); null when the 格 is undetermined (`gejuReason` says why).',
      resolve: (u) => u.geju.yong,
    }),
    gejuReason: t.string({
      nullable: true,
      description: 'Why 格局 names no 用, in the answer’s language; null when it names one.',
      resolve: (u) => u.geju.reason,
    }),
    gejuWants: t.field({ type: [TermType], description: 'What serves it (相).', resolve: (u) => [...u.geju.wants] }),
    gejuAvoids: t.field({ type: [TermType], description: 'What hurts it.', resolve: (u) => [...u.geju.avoids] }),
    tiaohouStems: t.stringList({ description: '調候: the stems 窮通宝鑑 names, in its order.', resolve: (u) => [...u.tiaohou.stems] }),
    tiaohouAfterMidTerm: t.boolean({
      nullable: true,
      description: 'For a month the text splits: born after its 中気.',
      resolve: (u) => u.tiaohou.after_mid_term,
    }),
    fiveGods: t.field({ type: [FiveGodsType], description: 'The five gods under each school.', resolve: (u) => [...u.five_gods] }),
    japaneseFavorable: t.field({
      type: [TermType],
      nullable: true,
      description: 'The Japanese 喜神 (a side).',
      resolve: (u) => (u.japanese === null ? null : [...u.japanese.xi]),
    }),
    japaneseUnfavorable: t.field({
      type: [TermType],
      nullable: true,
      description: 'The Japanese 忌神 (a side).',
      resolve: (u) => (u.japanese === null ? null : [...u.japanese.ji]),
    }),
    tongguan: t.field({
      type: TongguanType,
      nullable: true,
      description: '通関: the element between two evenly matched opposed elements; null when none.',
      resolve: (u) => u.tongguan,
    }),
    bingyao: t.field({
      type: [BingYaoType],
      description: '病薬: each exposed stem the 格 avoids, with the stems that remove it.',
      resolve: (u) => [...u.bingyao.pairs],
    }),
    confidence: t.exposeString('confidence', {
      description: '`high` when 扶抑, 調候 and 子平真詮 name one 用 element, `medium` two, else `low`.',
    }),
    ruleIds: t.stringList({ description: 'The rules applied.', resolve: (u) => [...u.rule_ids] }),
    citations: t.stringList({ description: 'Keys of docs/sources.md.', resolve: (u) => [...u.citations] }),
  }),
});

builder.objectField(AnalysisType, 'usefulGods', (t) =>
  t.field({ type: UsefulGodsType, description: '用神 and the five gods.', resolve: (a) => a.useful_gods }),
);

const TransformationVerdictType = builder.objectRef<TransformationJson['verdicts'][number]>('TransformationVerdict').implement({
  description: 'One school’s verdict on a 干合.',
  fields: (t) => ({
    school: t.exposeString('school', { description: '`shiping` or `japanese`.' }),
    verdict: t.exposeString('verdict', { description: '`transforms`, `bound`, `distant`, `own` or `no_effect`.' }),
    label: t.exposeString('label', { description: 'The verdict in words.' }),
  }),
});

const TransformationType = builder.objectRef<TransformationJson>('Transformation').implement({
  description: 'A 干合 among the stems, each condition of its 化 and the verdict per school (docs/analysis.md).',
  fields: (t) => ({
    pillars: t.stringList({ description: 'The two pillars.', resolve: (x) => [...x.pillars] }),
    stems: t.stringList({ description: 'The two stems.', resolve: (x) => [...x.stems] }),
    element: t.field({ type: TermType, description: 'The 化神’s element.', resolve: (x) => x.element }),
    adjacent: t.exposeBoolean('adjacent', { description: 'Neighbouring pillars.' }),
    monthSupports: t.exposeBoolean('month_supports', { description: 'The 化神’s element rules the month.' }),
    dragon: t.exposeBoolean('dragon', { description: 'A 辰, or another exposed stem of the 化神’s element.' }),
    brokenBy: t.stringList({ description: 'Pillars whose stem controls the 化神.', resolve: (x) => [...x.broken_by] }),
    rivals: t.stringList({ description: 'Pillars with a second stem of either side (争合・妬合).', resolve: (x) => [...x.rivals] }),
    dayMaster: t.exposeBoolean('day_master', { description: 'The day stem is one side.' }),
    verdicts: t.field({ type: [TransformationVerdictType], description: 'Each school’s verdict.', resolve: (x) => [...x.verdicts] }),
  }),
});

builder.objectField(AnalysisType, 'transformations', (t) =>
  t.field({ type: [TransformationType], description: '合化: every 干合 among the stems.', resolve: (a) => [...a.transformations] }),
);

const SensitivityType = objectTypeOf<SensitivityJson>(SENSITIVITY_SHAPE);

builder.objectField(AnalysisType, 'sensitivity', (t) =>
  t.field({
    type: SensitivityType,
    description: 'How the verdicts move across the birth-time window; computed only when selected.',
    resolve: (a) => sensitivityJson(a.chart.core, a.chart.catalogue),
  }),
);
