/**
 * The `analysis` section as answered (REST / CLI `include=analysis`, GraphQL `analysis`, MCP): each
 * method's verdict with its codes, its words in the answer's language, the facts it used, its rule
 * ids and citations (keys of docs/sources.md) and a confidence; then where the methods agree.
 * A chart whose birth time is unknown is analysed on its three pillars and says so. The verdicts and
 * their confidence are judged in the domain (domain/classical/analysis.ts); this puts them in words.
 */
import { BRANCHES } from '../../domain/calendar/branches.ts';
import { STEMS } from '../../domain/calendar/stems.ts';
import type { Catalogue } from '../../domain/catalogue/index.ts';
import type { ChartCore } from '../../domain/chart/chart-core.ts';
import { tenGodIndex } from '../../domain/calendar/ten-gods.ts';
import { ELEMENT_CODES, TEN_GOD_CODES, TEN_GOD_GROUP_CODES, type ElementCode } from '../../domain/vocabulary/codes.ts';
import { analysisOf, PATTERN_RULES, STRENGTH_RULES, type Confidence } from '../../domain/classical/analysis.ts';
import { DTS_BASES, DTS_ENDS, DTS_GRADES, DTS_OUTER, renFiveGods, type DitiansuiReading } from '../../domain/classical/ditiansui.ts';
import {
  fiveGodsOf,
  GOD_SCHOOLS,
  type FiveGods,
  type GodSchool,
  type StemAt,
  type UsefulGods,
  type YongBasis,
  YONG_BASES,
} from '../../domain/classical/useful-gods.ts';
import type { Formation, FormationRule, FormationRuleKind } from '../../domain/classical/formation.ts';
import type { TransformationVerdict } from '../../domain/classical/transformations.ts';
import { sensitivityOf, type Spread } from '../../domain/classical/sensitivity.ts';
import { PHASE_CODES } from '../../domain/classical/roots.ts';
import { INNER_PATTERNS, OUTER_PATTERNS, type InnerPattern, type OuterCheck } from '../../domain/classical/pattern.ts';
import { DELING_GRADES, POINT_LEVELS, type PointsStrength, type StemFact, type StrengthVerdict } from '../../domain/classical/strength.ts';

const PILLARS = ['year', 'month', 'day', 'hour'] as const;
const VERDICT_INDEX: Readonly<Record<StrengthVerdict, number>> = { strong: 0, balanced: 1, weak: 2 };

/** The section as answered (docs/fields.md section 14); GraphQL exposes the same in camelCase. */
export interface RootJson {
  readonly pillar: string;
  readonly branch: string;
  readonly stem: string | null;
  readonly qi: string;
  readonly depth: string;
}
export interface StemFactJson {
  readonly pillar: string;
  readonly stem: string;
  readonly ten_god: string;
  readonly ten_god_label: string;
  readonly effective: boolean;
  readonly reason: string;
}
export interface EvidenceJson {
  readonly month_branch?: string;
  readonly month_phase?: string;
  readonly month_phase_label?: string;
  readonly in_season?: boolean;
  readonly roots?: readonly RootJson[];
  readonly root_strength?: string;
  readonly support?: readonly StemFactJson[];
  readonly resource_strength?: string;
  readonly light_body_heavy_resource?: boolean;
  readonly drain?: readonly StemFactJson[];
  readonly element_points?: Readonly<Record<string, number>>;
}
export interface StrengthJson {
  readonly method: string;
  readonly name: string;
  readonly verdict: StrengthVerdict;
  readonly verdict_label: string;
  readonly grade: string;
  readonly grade_label: string;
  readonly score: number | null;
  readonly evidence: EvidenceJson;
  readonly rule_ids: readonly string[];
  readonly citations: readonly string[];
  readonly confidence: Confidence;
}
export interface OuterCheckJson {
  readonly pattern: string;
  readonly label: string;
  readonly holds: boolean;
  readonly conditions: Readonly<Record<string, boolean>>;
}
export interface CandidateJson {
  readonly stem: string;
  readonly ten_god: string;
  readonly ten_god_label: string;
  readonly exposed: boolean;
  readonly qi: string;
}
export interface FormationRuleJson {
  readonly rule_id: string;
  readonly kind: FormationRuleKind;
  readonly quote: string;
  readonly holds: boolean;
  readonly answers?: string;
}
export interface InnerJson {
  readonly pattern: string;
  readonly label: string;
  readonly stem: string | null;
  readonly rule_id: string;
  /** 成敗 (子平真詮 ch. 9) of this 格, with every rule checked. */
  readonly formation: Formation;
  readonly formation_label: string;
  readonly formation_rules: readonly FormationRuleJson[];
  /** 相神: the exposed stems serving the 格. */
  readonly xiang_shen: readonly StemJson[];
}
export interface StemJson {
  readonly pillar: string;
  readonly stem: string;
  readonly ten_god: string;
  readonly ten_god_label: string;
}
export interface PatternJson {
  readonly school: 'shiping' | 'japanese' | 'ditiansui';
  readonly name: string;
  readonly pattern: string;
  readonly label: string;
  readonly category: 'inner' | 'outer';
  readonly stem?: string | null;
  readonly inner?: InnerJson;
  readonly candidates?: readonly CandidateJson[];
  readonly outer_checks?: readonly OuterCheckJson[];
  /** ditiansui: false for a 假從 or 假化 (the chart follows, but not purely). */
  readonly genuine?: boolean;
  readonly rule_ids: readonly string[];
  readonly citations: readonly string[];
  readonly confidence: Confidence;
}
export interface TermJson {
  readonly code: string;
  readonly label: string;
}
export interface FiveGodsJson {
  readonly school: string;
  readonly name: string;
  /** What the school's 用 rests on: `outer_pattern` (labelled with the 外格), `pattern`, `tiaohou` or `fuyi`. */
  readonly basis: TermJson;
  /** `modern` (喜 generates 用 …) or `ren` (任鐵樵's: 喜, 忌 and 仇 turn on whether 用 is in excess). */
  readonly definition: 'modern' | 'ren';
  /** The practitioner tradition that follows this school, in words. */
  readonly followed_by: string;
  readonly yong: TermJson;
  readonly xi: TermJson;
  readonly ji: TermJson;
  readonly chou: TermJson;
  readonly xian: TermJson;
}
export interface UsefulGodsJson {
  readonly fuyi: { readonly name: string; readonly element: TermJson | null; readonly reads: readonly TermJson[] };
  readonly geju: {
    readonly name: string;
    readonly yong: TermJson | null;
    readonly wants: readonly TermJson[];
    readonly avoids: readonly TermJson[];
    /** Why `yong` is null (an undetermined 格); null when there is one. */
    readonly reason: string | null;
  };
  readonly tiaohou: {
    readonly name: string;
    readonly stems: readonly string[];
    readonly elements: readonly TermJson[];
    readonly after_mid_term: boolean | null;
  };
  readonly five_gods: readonly FiveGodsJson[];
  readonly japanese: { readonly name: string; readonly xi: readonly TermJson[]; readonly ji: readonly TermJson[] } | null;
  /** 通関: the element between two evenly matched opposed elements, or null. */
  readonly tongguan: {
    readonly name: string;
    readonly controller: TermJson;
    readonly controlled: TermJson;
    readonly mediator: TermJson;
    readonly ratio: number;
    readonly present: boolean;
  } | null;
  /** 病薬: each exposed stem the 格 avoids, with the stems that remove it. */
  readonly bingyao: {
    readonly name: string;
    readonly pairs: readonly { readonly bing: StemJson; readonly yao: readonly (StemJson & { readonly how: 'controls' | 'combines' })[] }[];
  };
  /** high: 扶抑, 調候 and 子平真詮 name one 用 element; medium: two of them; low: all differ or a 節 is in the window. */
  readonly confidence: Confidence;
  readonly definition: 'modern';
  readonly rule_ids: readonly string[];
  readonly citations: readonly string[];
}
export interface TransformationJson {
  readonly pillars: readonly string[];
  readonly stems: readonly string[];
  readonly element: TermJson;
  readonly adjacent: boolean;
  readonly month_supports: boolean;
  readonly dragon: boolean;
  readonly broken_by: readonly string[];
  readonly rivals: readonly string[];
  readonly day_master: boolean;
  readonly verdicts: readonly {
    readonly school: 'shiping' | 'japanese';
    readonly verdict: TransformationVerdict;
    readonly label: string;
  }[];
}
export interface SpreadJson {
  readonly value: string | null;
  readonly label: string | null;
  readonly charts: number;
  readonly share: number;
}
export interface SensitivityJson {
  readonly charts: number;
  readonly strength: readonly SpreadJson[];
  readonly pattern: readonly SpreadJson[];
  readonly useful_element: readonly SpreadJson[];
  readonly stays: { readonly strength: boolean; readonly pattern: boolean; readonly useful_element: boolean };
}
export interface AnalysisJson {
  readonly pillars_used: number;
  /** Present when asked for (`analysis_sensitivity`); null otherwise. */
  readonly sensitivity: SensitivityJson | null;
  readonly transformations: readonly TransformationJson[];
  readonly useful_gods: UsefulGodsJson;
  readonly pattern: readonly PatternJson[];
  readonly strength: readonly StrengthJson[];
  readonly agreement: {
    readonly strength: 'agree' | 'split';
    readonly pattern: 'agree' | 'split';
    /** 扶抑, 調候, 子平真詮 and 任鐵樵 name one 用 element (those that name one). */
    readonly useful_element: 'agree' | 'split';
    /** The 用 element the chart's own 格 supports (its 外格's, else the month 格's); null for an undetermined 格. */
    readonly pattern_useful_element: TermJson | null;
    /** The schools whose 用 is that element. */
    readonly schools_with_pattern: readonly string[];
    readonly verdicts: Readonly<Record<string, StrengthVerdict>>;
  };
}

/** `pattern.cong_cai` → its words in the catalogue (a map per catalogue, made once). */
const PATTERN_LABELS = new WeakMap<Catalogue, ReadonlyMap<string, string>>();
function patternLabel(c: Catalogue, code: string): string {
  let labels = PATTERN_LABELS.get(c);
  if (labels === undefined) {
    labels = new Map(Object.entries(c.classical.patterns).map(([key, label]) => [`pattern.${key}`, label]));
    PATTERN_LABELS.set(c, labels);
  }
  return labels.get(code)!;
}

/** A catalogue's words made once: element and group terms, the five gods by school and 用, shared JSON of shared checks and rules. */
interface Words {
  readonly elements: readonly TermJson[];
  readonly groups: readonly TermJson[];
  /** By school (GOD_SCHOOLS order) × 5 + 用, without their basis. */
  readonly fiveGods: readonly Omit<FiveGodsJson, 'basis'>[];
  /** By the check's or the rule's key. */
  readonly outer: OuterCheckJson[];
  readonly rules: FormationRuleJson[];
  /** Other JSON parts that depend on a few small values, by a number made of them. */
  readonly parts: Map<number, unknown>;
}
const WORDS = new WeakMap<Catalogue, Words>();
function wordsOf(c: Catalogue): Words {
  let words = WORDS.get(c);
  if (words === undefined) {
    const elements = ELEMENT_CODES.map((code, e) => Object.freeze({ code, label: c.labels.element[e]! }));
    words = {
      elements,
      groups: TEN_GOD_GROUP_CODES.map((code, g) => Object.freeze({ code, label: c.labels.shishen_group[g]! })),
      fiveGods: GOD_SCHOOLS.flatMap((school) =>
        [0, 1, 2, 3, 4].map((yong) => {
          const gods = fiveGodsOf(yong);
          const json: Omit<FiveGodsJson, 'basis'> = Object.freeze({
            school,
            name: c.classical.godSchools[school],
            yong: elements[gods.yong]!,
            xi: elements[gods.xi]!,
            ji: elements[gods.ji]!,
            chou: elements[gods.chou]!,
            xian: elements[gods.xian]!,
            definition: 'modern' as const,
            followed_by: c.classical.godSchoolsFollowedBy[school],
          });
          return json;
        }),
      ),
      outer: [],
      rules: [],
      parts: new Map(),
    };
    WORDS.set(c, words);
  }
  return words;
}

const outerJson = (c: Catalogue, words: Words) => (check: OuterCheck) => {
  let json = words.outer[check.key];
  if (json === undefined) {
    json = Object.freeze({
      pattern: check.pattern,
      label: patternLabel(c, check.pattern),
      holds: check.holds,
      conditions: check.conditions,
    });
    words.outer[check.key] = json;
  }
  return json;
};

/** The key ranges of the shared parts. */
const PART = {
  fuyi: 0,
  geju: 1 << 20,
  tiaohou: 2 << 20,
  ren: 3 << 20,
  renPattern: 4 << 20,
  modernGods: 5 << 20,
  japanese: 1 << 30,
} as const;
/** A short list of small numbers (each below 8, at most four) as one number, its length included. */
const listKey = (list: readonly number[]): number => list.reduce((key, n) => key * 8 + n, list.length);

/** A JSON part made once per catalogue and key, frozen and shared. */
function shared<T>(words: Words, key: number, make: () => T): T {
  let part = words.parts.get(key) as T | undefined;
  if (part === undefined) {
    part = Object.freeze(make());
    words.parts.set(key, part);
  }
  return part;
}

const ruleJson = (words: Words) => (r: FormationRule) => {
  let json = words.rules[r.key];
  if (json === undefined) {
    json = Object.freeze({
      rule_id: r.id,
      kind: r.kind,
      quote: r.quote,
      holds: r.holds,
      ...(r.answers === undefined ? {} : { answers: r.answers }),
    });
    words.rules[r.key] = json;
  }
  return json;
};

const stemFactJson = (c: Catalogue) => (f: StemFact) => ({
  pillar: PILLARS[f.slot]!,
  stem: STEMS[f.stem]!,
  ten_god: TEN_GOD_CODES[f.tenGod]!,
  ten_god_label: c.labels.shishen[f.tenGod]!,
  effective: f.effective,
  reason: f.reason,
});

/** Element points by code (`element.wood` …), in the order of the elements. */
// Literal keys (ELEMENT_CODES' order): computed ones made every object a slow dictionary.
const elementPointsJson = (points: readonly number[]): Readonly<Record<ElementCode, number>> => ({
  'element.wood': points[0]!,
  'element.fire': points[1]!,
  'element.earth': points[2]!,
  'element.metal': points[3]!,
  'element.water': points[4]!,
});

const pointsJson = (p: PointsStrength, c: Catalogue, confidence: Confidence) => ({
  method: p.method,
  name: c.classical.methods[p.method],
  verdict: p.verdict,
  verdict_label: c.analysis.STRENGTH_LABELS[VERDICT_INDEX[p.verdict]]!,
  grade: p.level,
  grade_label: c.classical.levels[POINT_LEVELS.indexOf(p.level)]!,
  score: p.score,
  evidence: {
    element_points: elementPointsJson(p.elementPoints),
  },
  rule_ids: STRENGTH_RULES[p.method].ruleIds,
  citations: STRENGTH_RULES[p.method].citations,
  confidence,
});

const elementTerm = (c: Catalogue, element: number): TermJson => wordsOf(c).elements[element]!;
const groupTerm = (c: Catalogue, category: number): TermJson => wordsOf(c).groups[category]!;
/** The five gods of each school that has a 用, in GOD_SCHOOLS order then 任鐵樵's, each with what its 用 rests on. */
function fiveGodsList(c: Catalogue, gods: UsefulGods, outer: OuterCheck | null, ren: DitiansuiReading): FiveGodsJson[] {
  const list: FiveGodsJson[] = [];
  const words = wordsOf(c);
  for (let s = 0; s < GOD_SCHOOLS.length; s++) {
    const school = GOD_SCHOOLS[s]!;
    const five = gods.schools[school];
    const basis = gods.bases[school];
    if (five === null || basis === null) continue;
    // One frozen item per school, 用, basis and (for a 外格) the 外格 that labels it.
    const outerIndex = basis === 'outer_pattern' && outer !== null ? OUTER_PATTERNS.indexOf(outer.pattern) + 1 : 0;
    const key = PART.modernGods + ((s * 5 + five.yong) * YONG_BASES.length + YONG_BASES.indexOf(basis)) * 32 + outerIndex;
    list.push(shared(words, key, (): FiveGodsJson => ({ ...fiveGodsJson(c, school, five), basis: basisJson(c, basis, outer) })));
  }
  const { yong, basis, surplus } = ren;
  if (yong !== null && basis !== null) {
    // One frozen item per 用, excess and basis.
    list.push(
      shared(words, PART.ren + yong * 64 + (surplus ? 32 : 0) + DTS_BASES.indexOf(basis), (): FiveGodsJson => {
        const five = renFiveGods(yong, surplus);
        return {
          school: 'ditiansui',
          name: c.classical.godSchools.ditiansui,
          basis: { code: basis, label: c.classical.dtsBases[basis] },
          yong: words.elements[five.yong]!,
          xi: words.elements[five.xi]!,
          ji: words.elements[five.ji]!,
          chou: words.elements[five.chou]!,
          xian: words.elements[five.xian]!,
          definition: 'ren',
          followed_by: c.classical.godSchoolsFollowedBy.ditiansui,
        };
      }),
    );
  }
  return list;
}
const fiveGodsJson = (c: Catalogue, school: GodSchool, gods: FiveGods): Omit<FiveGodsJson, 'basis'> =>
  wordsOf(c).fiveGods[GOD_SCHOOLS.indexOf(school) * 5 + gods.yong]!;
/** A basis in words: the 外格's own name, or the method's. */
const basisJson = (c: Catalogue, basis: YongBasis, outer: OuterCheck | null): TermJson => ({
  code: basis,
  label: basis === 'outer_pattern' ? patternLabel(c, outer!.pattern) : c.classical.usefulMethods[basis === 'pattern' ? 'geju' : basis],
});

const spreadJson = <T>(spreads: readonly Spread<T>[], words: (value: T) => { value: string | null; label: string | null }): SpreadJson[] =>
  spreads.map((s) => ({ ...words(s.value), charts: s.charts, share: s.share }));

/** How the verdicts move across the birth-time window, in the catalogue's words. */
export function sensitivityJson(core: ChartCore, c: Catalogue): SensitivityJson {
  const s = sensitivityOf(core);
  return {
    charts: s.charts,
    strength: spreadJson(s.strength, (v) => ({ value: v, label: c.analysis.STRENGTH_LABELS[VERDICT_INDEX[v]]! })),
    pattern: spreadJson(s.pattern, (v) => ({ value: v, label: patternLabel(c, v) })),
    useful_element: spreadJson(s.usefulElement, (v) =>
      v === null ? { value: null, label: null } : { value: ELEMENT_CODES[v]!, label: c.labels.element[v]! },
    ),
    stays: { strength: s.strength.length === 1, pattern: s.pattern.length === 1, useful_element: s.usefulElement.length === 1 },
  };
}

const stemJson =
  (c: Catalogue, dayStem: number) =>
  ({ slot, stem }: StemAt): StemJson => {
    const tenGod = tenGodIndex(dayStem, stem);
    return { pillar: PILLARS[slot]!, stem: STEMS[stem]!, ten_god: TEN_GOD_CODES[tenGod]!, ten_god_label: c.labels.shishen[tenGod]! };
  };

/** 任鐵樵's 旺衰: his grade, the side's share and the elements as he weighs them. */
const ditiansuiStrengthJson = (c: Catalogue, r: DitiansuiReading, confidence: Confidence): StrengthJson => ({
  method: 'ditiansui',
  name: c.classical.methods.ditiansui,
  verdict: r.verdict,
  verdict_label: c.analysis.STRENGTH_LABELS[VERDICT_INDEX[r.verdict]]!,
  grade: r.grade,
  grade_label: c.classical.dtsGrades[DTS_GRADES.indexOf(r.grade)]!,
  score: r.share,
  evidence: {
    element_points: elementPointsJson(r.elementPoints),
  },
  rule_ids: STRENGTH_RULES.ditiansui.ruleIds,
  citations: STRENGTH_RULES.ditiansui.citations,
  confidence,
});

/** Every 格 任鐵樵's reading may name, for the keys of its shared parts. */
const REN_PATTERNS: readonly string[] = [...INNER_PATTERNS, ...DTS_OUTER];
const CONFIDENCES: readonly Confidence[] = ['high', 'medium', 'low'];

/** 任鐵樵's 格: the 外格 he reads (假從・假化 marked), else the month's 格 as 子平 names it; made once per catalogue and value. */
function ditiansuiPatternJson(c: Catalogue, r: DitiansuiReading, inner: InnerPattern, confidence: Confidence): PatternJson {
  const pattern = r.outer?.pattern ?? inner;
  const key =
    PART.renPattern +
    (((DTS_ENDS.indexOf(r.ruleIds) * REN_PATTERNS.length + REN_PATTERNS.indexOf(pattern)) * 3 +
      (r.outer === null ? 0 : r.outer.genuine ? 1 : 2)) *
      3 +
      CONFIDENCES.indexOf(confidence));
  return shared(wordsOf(c), key, (): PatternJson => {
    const label = patternLabel(c, pattern);
    return {
      school: 'ditiansui',
      name: c.classical.schools.ditiansui,
      pattern,
      label: r.outer?.genuine === false ? c.classical.falsePattern(label) : label,
      category: r.outer === null ? 'inner' : 'outer',
      ...(r.outer === null ? {} : { genuine: r.outer.genuine }),
      rule_ids: r.ruleIds,
      citations: ['ditiansui'],
      confidence,
    };
  });
}

/** The section's JSON in the catalogue's words; `sensitivity` over the birth-time window only when asked for. */
export function analysisJson(core: ChartCore, c: Catalogue, withSensitivity = false): AnalysisJson {
  const analysis = analysisOf(core);
  const { parts, deling, taizan, cn, shiping, formation, gods, tongguan, outer, dayStem, zokanTenGod, ditiansui } = analysis;
  const confidence = analysis.strengthConfidence;
  const stemAt = stemJson(c, dayStem);
  const words = wordsOf(c);
  const inner: InnerJson = {
    pattern: shiping.pattern,
    label: patternLabel(c, shiping.pattern),
    stem: shiping.stem === null ? null : STEMS[shiping.stem]!,
    rule_id: shiping.rule,
    formation: formation.formation,
    formation_label: c.classical.formations[formation.formation],
    formation_rules: formation.rules.map(ruleJson(words)),
    xiang_shen: formation.xiangShen.map((slot) => stemAt({ slot, stem: parts.stems[slot]! })),
  };
  return {
    pillars_used: parts.stems.length,
    sensitivity: withSensitivity ? sensitivityJson(core, c) : null,
    transformations: analysis.transformations.map((t) => ({
      pillars: t.slots.map((slot) => PILLARS[slot]!),
      stems: t.stems.map((stem) => STEMS[stem]!),
      element: elementTerm(c, t.element),
      adjacent: t.adjacent,
      month_supports: t.monthSupports,
      dragon: t.dragon,
      broken_by: t.brokenBy.map((slot) => PILLARS[slot]!),
      rivals: t.rivals.map((slot) => PILLARS[slot]!),
      day_master: t.dayMaster,
      verdicts: (['shiping', 'japanese'] as const).map((school) => ({
        school,
        verdict: t.verdicts[school],
        label: c.classical.transformations[t.verdicts[school]],
      })),
    })),
    useful_gods: {
      fuyi: shared(words, PART.fuyi + listKey(gods.fuyi.yong === null ? [] : [gods.fuyi.yong, ...gods.fuyi.categories]), () => ({
        name: c.classical.usefulMethods.fuyi,
        element: gods.fuyi.yong === null ? null : elementTerm(c, gods.fuyi.yong),
        reads: gods.fuyi.categories.map((category) => groupTerm(c, category)),
      })),
      geju: shared(words, PART.geju + INNER_PATTERNS.indexOf(shiping.pattern), () => ({
        name: c.classical.usefulMethods.geju,
        yong: gods.geju.yong === null ? null : groupTerm(c, gods.geju.yong),
        wants: gods.geju.wants.map((category) => groupTerm(c, category)),
        avoids: gods.geju.avoids.map((category) => groupTerm(c, category)),
        reason: gods.geju.yong === null ? c.classical.gejuNone : null,
      })),
      tiaohou: shared(
        words,
        PART.tiaohou + dayStem * 36 + parts.branches[1]! * 3 + (gods.tiaohou.afterMidTerm === null ? 2 : gods.tiaohou.afterMidTerm ? 1 : 0),
        () => ({
          name: c.classical.usefulMethods.tiaohou,
          stems: gods.tiaohou.stems.map((stem) => STEMS[stem]!),
          elements: gods.tiaohou.stems.map((stem) => elementTerm(c, stem >> 1)),
          after_mid_term: gods.tiaohou.afterMidTerm,
        }),
      ),
      five_gods: fiveGodsList(c, gods, outer, analysis.ditiansui),
      japanese:
        gods.schools.japanese === null
          ? null
          : shared(words, PART.japanese + listKey(gods.schools.japanese.xi) * 4096 + listKey(gods.schools.japanese.ji), () => ({
              name: c.classical.godSchools.japanese,
              xi: gods.schools.japanese!.xi.map((e) => elementTerm(c, e)),
              ji: gods.schools.japanese!.ji.map((e) => elementTerm(c, e)),
            })),
      tongguan:
        tongguan === null
          ? null
          : {
              name: c.classical.remedies.tongguan,
              controller: elementTerm(c, tongguan.controller),
              controlled: elementTerm(c, tongguan.controlled),
              mediator: elementTerm(c, tongguan.mediator),
              ratio: tongguan.ratio,
              present: tongguan.present,
            },
      bingyao: {
        name: c.classical.remedies.bingyao,
        pairs: analysis.bingyao.map((p) => ({
          bing: stemAt(p.bing),
          yao: p.yao.map((y) => ({ ...stemAt(y), how: y.how })),
        })),
      },
      confidence: analysis.godsConfidence,
      definition: 'modern',
      rule_ids: ['DTS-shuaiwang-fuyi', 'ZP-8-xiangshen', 'QT-tiaohou-table', 'DTS-tongguan', 'DTS-bingyao', 'GODS-modern'],
      citations: ['zipingzhenquan', 'qiongtong-baojian', 'ditiansui'],
    },
    pattern: [
      {
        school: 'shiping',
        name: c.classical.schools.shiping,
        pattern: outer?.pattern ?? shiping.pattern,
        label: patternLabel(c, outer?.pattern ?? shiping.pattern),
        category: outer === null ? 'inner' : 'outer',
        inner,
        candidates: shiping.candidates.map((candidate) => ({
          stem: STEMS[candidate.stem]!,
          ten_god: TEN_GOD_CODES[candidate.tenGod]!,
          ten_god_label: c.labels.shishen[candidate.tenGod]!,
          exposed: candidate.exposed,
          qi: candidate.qi,
        })),
        outer_checks: analysis.checks.map(outerJson(c, words)),
        rule_ids: outer === null ? [shiping.rule, 'ZP-9-chengbai'] : [shiping.rule, 'ZP-9-chengbai', 'OUTER-conditions'],
        citations: PATTERN_RULES.shiping.citations,
        confidence: analysis.patternConfidence,
      },
      {
        school: 'japanese',
        name: c.classical.schools.japanese,
        pattern: TEN_GOD_CODES[zokanTenGod]!,
        label: c.classical.monthTenGodPattern(c.labels.shishen[zokanTenGod]!),
        category: 'inner',
        stem: STEMS[analysis.monthZokan]!,
        rule_ids: PATTERN_RULES.japanese.ruleIds,
        citations: PATTERN_RULES.japanese.citations,
        confidence: analysis.patternConfidence,
      },
      ditiansuiPatternJson(c, ditiansui, shiping.pattern, analysis.patternConfidence),
    ],
    strength: [
      {
        method: deling.method,
        name: c.classical.methods.deling,
        verdict: deling.verdict,
        verdict_label: c.analysis.STRENGTH_LABELS[VERDICT_INDEX[deling.verdict]]!,
        grade: deling.grade,
        grade_label: c.classical.grades[DELING_GRADES.indexOf(deling.grade)]!,
        score: null,
        evidence: {
          month_branch: BRANCHES[parts.branches[1]!]!,
          month_phase: PHASE_CODES[deling.monthPhase]!,
          month_phase_label: c.classical.phases[deling.monthPhase]!,
          in_season: deling.inSeason,
          roots: deling.roots.map((r) => ({
            pillar: PILLARS[r.slot]!,
            branch: BRANCHES[r.branch]!,
            stem: r.stem === null ? null : STEMS[r.stem]!,
            qi: r.qi,
            depth: r.depth,
          })),
          root_strength: deling.rootStrength,
          support: deling.support.map(stemFactJson(c)),
          resource_strength: deling.resourceStrength,
          light_body_heavy_resource: deling.lightBodyHeavyResource,
          drain: deling.drain.map(stemFactJson(c)),
        },
        rule_ids: STRENGTH_RULES.deling.ruleIds,
        citations: STRENGTH_RULES.deling.citations,
        confidence,
      },
      pointsJson(taizan, c, confidence),
      pointsJson(cn, c, confidence),
      ditiansuiStrengthJson(c, ditiansui, confidence),
    ],
    agreement: {
      strength: analysis.strengthAgrees ? 'agree' : 'split',
      pattern: analysis.patternsAgree ? 'agree' : 'split',
      useful_element: analysis.usefulElementAgrees ? 'agree' : 'split',
      pattern_useful_element: analysis.patternYong === null ? null : elementTerm(c, analysis.patternYong),
      schools_with_pattern:
        analysis.patternYong === null
          ? []
          : [
              ...GOD_SCHOOLS.filter((school) => gods.schools[school]?.yong === analysis.patternYong),
              ...(ditiansui.yong === analysis.patternYong ? ['ditiansui'] : []),
            ],
      verdicts: { deling: deling.verdict, taizan_points: taizan.verdict, cn_percent: cn.verdict, ditiansui: ditiansui.verdict },
    },
  };
}
