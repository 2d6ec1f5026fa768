/**
 * 成敗救應: whether the 子平真詮 格 is made (成), broken (敗), broken but rescued (救應) or made with a
 * flaw (帶忌) — Source: [zipingzhenquan] ch. 9 論用神成敗救應, with the rescues and cases the chapters on
 * each 格 add (ch. 31 正官, 33 財, 35 印綬, 37 食神, 39 偏官, 41 傷官, 43 陽刃, 45 建祿月劫).
 *
 * What is read (ch. 27 論喜忌干支有別: "干主天，動而有為，支主地，靜以待用"): the exposed stems of the
 * year, month and hour, by their ten god against the day stem. A stem bound by a 干合 with a
 * neighbouring stem other than the day master is removed (合去, ch. 4 — 李參政's 乙 "合煞留官"); the day
 * master's own 合 removes nothing (ch. 5 本身之合). Strength is `deling`'s verdict. The month branch's
 * 冲 and 刑 with another branch count for 正官 (ch. 31), and a 六合 or 三合 of either branch resolves
 * them (ch. 7 會合解刑冲).
 *
 * Each rule is one line of the book with its test. A `breaks` or `flaw` rule may name the rescues that
 * answer it. The verdict: a `breaks` rule that holds and is not rescued → `broken`; every one that holds
 * rescued → `rescued`; none holds → `formed` when a `forms` rule holds (`flawed` when an unanswered
 * `flaw` holds too), else `undetermined` (the book's conditions for 成 are not met, nor those for 敗).
 * The rules are the book's examples made tests; they stop where the book says "其中權輕權重，甚是活潑".
 */
import { HIDDEN_STEMS_BY_BRANCH } from '../calendar/hidden-stems.ts';
import { isBranchCombination, isClash, PUNISHMENT_TRIPLES, RUDE_PUNISHMENT, threeHarmonyGroup } from '../calendar/relations.ts';
import { tenGodIndex } from '../calendar/ten-gods.ts';
import type { InnerPattern } from './pattern.ts';
import type { PillarParts, StrengthVerdict } from './strength.ts';
import type { Transformation } from './transformations.ts';

export const FORMATIONS = ['formed', 'flawed', 'rescued', 'broken', 'undetermined'] as const;
export type Formation = (typeof FORMATIONS)[number];
export type FormationRuleKind = 'forms' | 'breaks' | 'flaw' | 'rescue';

export interface FormationRule {
  readonly id: string;
  readonly kind: FormationRuleKind;
  /** The book's words for the rule (the citation, kept in the source's script). */
  readonly quote: string;
  readonly holds: boolean;
  /** For a rescue: the rule it answers. */
  readonly answers?: string;
  /** A number naming the rule and whether it holds (0 … 2 × the number of rules − 1). */
  readonly key: number;
}

export interface FormationVerdict {
  readonly formation: Formation;
  /** Every rule the 格 is checked against, in the book's order, holding or not. */
  readonly rules: readonly FormationRule[];
  /** 相神 (ch. 15): the exposed stems serving the 格 (slots), the ones its rules found. */
  readonly xiangShen: readonly number[];
}

/** Ten-god indices: 0 比肩 1 劫財 2 食神 3 傷官 4 偏財 5 正財 6 七殺 7 正官 8 偏印 9 印綬; a set of them as bits. */
type Gods = number;
const gods = (...indices: number[]): Gods => indices.reduce((m, i) => m | (1 << i), 0);
const BI = gods(0, 1);
const SHI = gods(2);
const SHANG = gods(3);
const SHI_SHANG = gods(2, 3);
const CAI = gods(4, 5);
const SHA = gods(6);
const GUAN = gods(7);
const GUAN_SHA = gods(6, 7);
const XIAO = gods(8);
const YIN = gods(8, 9);

/** What the rules read from one chart. */
interface Facts {
  readonly stems: readonly number[];
  /** Ten god of each stem (the day slot -1) and whether it is bound by a 合 with a neighbour other than the day master. */
  readonly tenGods: readonly number[];
  readonly bound: readonly boolean[];
  /** The ten gods of the exposed stems (year, month, hour) as bits: all of them, and those not bound. */
  readonly shown: Gods;
  readonly free: Gods;
  readonly strong: boolean;
  readonly weak: boolean;
  /** The day master's own roots are strong (身), apart from its 印 (ch. 35 身重印輕・身輕印重). */
  readonly bodyStrong: boolean;
  readonly dayElement: number;
  readonly monthBranch: number;
  readonly branches: readonly number[];
}

const SLOTS = [0, 1, 3];

/** Exposed and not bound. */
const has = (f: Facts, g: Gods): boolean => (f.free & g) !== 0;
/** How many exposed stems, not bound, are of these gods. */
function count(f: Facts, g: Gods): number {
  let n = 0;
  for (const s of SLOTS) if (s < f.stems.length && !f.bound[s] && ((1 << f.tenGods[s]!) & g) !== 0) n++;
  return n;
}
/** Exposed at all, bound or not. */
const shows = (f: Facts, g: Gods): boolean => (f.shown & g) !== 0;
/** Every exposed stem of these gods is bound (there is at least one). */
const allBound = (f: Facts, g: Gods): boolean => shows(f, g) && !has(f, g);
/** Two free exposed stems of these two kinds side by side (only year and month can be: the day parts the hour). */
const adjacent = (f: Facts, a: Gods, b: Gods): boolean => {
  if (f.bound[0] || f.bound[1]) return false;
  const year = 1 << f.tenGods[0]!;
  const month = 1 << f.tenGods[1]!;
  return ((year & a) !== 0 && (month & b) !== 0) || ((year & b) !== 0 && (month & a) !== 0);
};
/** A stem of these gods has a root among the branches (its element in a branch's hidden stems). */
const rooted = (f: Facts, g: Gods): boolean =>
  SLOTS.some(
    (s) =>
      s < f.stems.length &&
      ((1 << f.tenGods[s]!) & g) !== 0 &&
      f.branches.some((b) => HIDDEN_STEMS_BY_BRANCH[b]!.some((h) => h >> 1 === f.stems[s]! >> 1)),
  );

/** `b` clashes or punishes the month branch `m` (六冲; 刑 of 寅巳申, 丑戌未, 子卯; 自刑 is not a strike). */
const strikes = (b: number, m: number): boolean =>
  b !== m &&
  (isClash(b, m) ||
    [RUDE_PUNISHMENT, ...PUNISHMENT_TRIPLES].some(
      (t) => (t.branches as readonly number[]).includes(b) && (t.branches as readonly number[]).includes(m),
    ));

/** The month branch is clashed or punished by another branch. */
const monthStruck = (branches: readonly number[]): boolean => branches.some((b, slot) => slot !== 1 && strikes(b, branches[1]!));

/**
 * Every strike on the month is resolved (ch. 7 會合解刑冲): a third branch makes a 六合 or a 三合 pair with
 * the month or the striker (ch. 7's examples name the whole 三合; ch. 31 reads the pair 巳丑 as 會金).
 */
function strikeResolved(branches: readonly number[]): boolean {
  const month = branches[1]!;
  const tied = (x: number, skip: readonly number[]): boolean => {
    const others = branches.filter((_, slot) => !skip.includes(slot));
    if (others.some((y) => isBranchCombination(x, y))) return true;
    // A 三合 partner: ch. 31 reads 巳丑 as 會金 (范太傅), a half of 巳酉丑.
    return others.some((y) => y !== x && threeHarmonyGroup(y) === threeHarmonyGroup(x));
  };
  return branches.every((b, slot) => slot === 1 || !strikes(b, month) || tied(month, [1, slot]) || tied(b, [1, slot]));
}

/** The 食傷 element holds a 三合 half among the branches around its 旺 branch (e.g. 卯未 for 木). */
function outputFrame(f: Facts): boolean {
  const output = (f.dayElement + 1) % 5;
  const centre = [3, 6, -1, 9, 0][output]!; // 卯 午 — 酉 子 (土 has none)
  if (centre < 0 || !f.branches.includes(centre)) return false;
  return f.branches.some((b) => b !== centre && threeHarmonyGroup(b) === threeHarmonyGroup(centre));
}

/** 春木秋金 (ch. 45: 建禄月劫 using 食傷 is noble only then). */
const springWoodAutumnMetal = (f: Facts): boolean =>
  (f.dayElement === 0 && [2, 3, 4].includes(f.monthBranch)) || (f.dayElement === 3 && [8, 9, 10].includes(f.monthBranch));

type Check = (f: Facts) => boolean;
interface RuleDef {
  readonly id: string;
  readonly kind: FormationRuleKind;
  readonly quote: string;
  readonly test: Check;
  readonly answers?: string;
  /** The rule as answered, holding and not: made once, shared. */
  readonly holding: FormationRule;
  readonly failing: FormationRule;
}

let ruleCount = 0;
function rule(id: string, kind: FormationRuleKind, quote: string, test: Check, answers?: string): RuleDef {
  const index = ruleCount++;
  const made = (holds: boolean): FormationRule =>
    Object.freeze({ id, kind, quote, holds, ...(answers === undefined ? {} : { answers }), key: index * 2 + (holds ? 1 : 0) });
  return { id, kind, quote, test, ...(answers === undefined ? {} : { answers }), holding: made(true), failing: made(false) };
}
const forms = (id: string, quote: string, test: Check): RuleDef => rule(id, 'forms', quote, test);
const breaks = (id: string, quote: string, test: Check): RuleDef => rule(id, 'breaks', quote, test);
const flaw = (id: string, quote: string, test: Check): RuleDef => rule(id, 'flaw', quote, test);
const rescue = (id: string, answers: string, quote: string, test: Check): RuleDef => rule(id, 'rescue', quote, test, answers);

const LU_RULES: readonly RuleDef[] = [
  forms('ZP-9-lu-guan', '建祿月劫，透官而逢財印', (f) => has(f, GUAN) && (has(f, CAI) || has(f, YIN))),
  forms('ZP-9-lu-cai', '透財而逢食傷', (f) => has(f, CAI) && has(f, SHI_SHANG)),
  forms('ZP-9-lu-sha', '透煞而遇制伏', (f) => has(f, SHA) && (has(f, SHI_SHANG) || outputFrame(f))),
  forms(
    'ZP-45-lu-output',
    '無財官而用傷食，泄其太過，亦為秀氣。唯春木秋金，用之則貴',
    (f) => !has(f, CAI) && !has(f, GUAN_SHA) && has(f, SHI_SHANG) && springWoodAutumnMetal(f),
  ),
  breaks('ZP-9-lu-none', '建祿月劫，無財官', (f) => !has(f, CAI) && !has(f, GUAN_SHA) && !(has(f, SHI_SHANG) && springWoodAutumnMetal(f))),
  breaks('ZP-9-lu-sha-yin', '透煞印', (f) => has(f, SHA) && has(f, YIN) && !has(f, SHI_SHANG) && !outputFrame(f)),
  breaks('ZP-9-lu-guan-shang', '用官遇傷', (f) => has(f, GUAN) && shows(f, SHANG)),
  rescue('ZP-9-lu-shang-bound', 'ZP-9-lu-guan-shang', '用官，遇傷而傷被合', (f) => allBound(f, SHANG)),
  breaks('ZP-9-lu-cai-sha', '用財帶煞', (f) => has(f, CAI) && shows(f, SHA)),
  rescue('ZP-9-lu-sha-bound', 'ZP-9-lu-cai-sha', '用財帶煞而煞被合', (f) => allBound(f, SHA)),
  rescue('ZP-45-lu-sha-controlled', 'ZP-9-lu-cai-sha', '禄劫用煞，必須制伏', (f) => has(f, SHI)),
];

/** The rules of each 格, in the book's order. */
const RULES: Readonly<Record<InnerPattern, readonly RuleDef[]>> = {
  'pattern.zheng_guan': [
    forms(
      'ZP-9-guan-cai-yin',
      '官逢財印，又無刑冲破害',
      (f) => (has(f, CAI) || has(f, YIN)) && (!monthStruck(f.branches) || strikeResolved(f.branches)),
    ),
    breaks('ZP-9-guan-shang', '官逢傷剋', (f) => has(f, SHANG)),
    rescue('ZP-9-guan-shang-yin', 'ZP-9-guan-shang', '官逢傷而透印以解之', (f) => has(f, YIN)),
    breaks('ZP-9-guan-xing-chong', '官逢刑冲', (f) => monthStruck(f.branches)),
    rescue('ZP-9-guan-hui-he', 'ZP-9-guan-xing-chong', '刑冲而會合以解之', (f) => strikeResolved(f.branches)),
    breaks('ZP-31-guan-sha', '混煞', (f) => shows(f, SHA)),
    rescue('ZP-9-guan-he-sha', 'ZP-31-guan-sha', '雜煞而合煞以清之', (f) => allBound(f, SHA)),
    flaw('ZP-9-guan-bound', '透官而又逢合', (f) => allBound(f, GUAN)),
  ],
  'pattern.cai': [
    forms('ZP-9-cai-guan', '財生官旺', (f) => has(f, GUAN)),
    forms('ZP-9-cai-shi', '財逢食生而身強帶比', (f) => has(f, SHI_SHANG) && f.strong),
    forms('ZP-9-cai-yin', '財格透印而位置妥貼，兩不相剋', (f) => has(f, YIN) && !adjacent(f, YIN, CAI)),
    breaks('ZP-9-cai-bi', '財輕比重', (f) => count(f, BI) > count(f, CAI) + 1),
    rescue('ZP-9-cai-bi-shi', 'ZP-9-cai-bi', '財逢劫而透食以化之', (f) => has(f, SHI_SHANG)),
    rescue('ZP-9-cai-bi-guan', 'ZP-9-cai-bi', '生官以制之', (f) => has(f, GUAN)),
    breaks('ZP-9-cai-sha', '財透七煞', (f) => shows(f, SHA)),
    rescue('ZP-9-cai-sha-shi', 'ZP-9-cai-sha', '逢煞而食神制煞以生財', (f) => has(f, SHI)),
    rescue('ZP-9-cai-sha-bound', 'ZP-9-cai-sha', '存財而合煞', (f) => allBound(f, SHA)),
    flaw('ZP-9-cai-guan-shang', '財旺生官而又逢傷逢合', (f) => has(f, GUAN) && (has(f, SHANG) || allBound(f, CAI))),
  ],
  'pattern.yin': [
    forms('ZP-9-yin-sha', '印輕逢煞', (f) => has(f, SHA) && count(f, YIN) === 0),
    forms('ZP-35-yin-sha-light-body', '用偏官者 … 身輕印重', (f) => has(f, SHA) && !f.bodyStrong && count(f, YIN) >= 1),
    forms('ZP-9-yin-guan', '官印雙全', (f) => has(f, GUAN)),
    forms('ZP-9-yin-output', '身印兩旺而用食傷洩氣', (f) => f.bodyStrong && has(f, SHI_SHANG)),
    forms('ZP-9-yin-cai', '印多逢財而財透根輕', (f) => f.bodyStrong && count(f, YIN) >= 1 && has(f, CAI)),
    // With a 煞 that 生印, the 財 is that formation's flaw (透煞以生印而又透財), not this break.
    breaks('ZP-9-yin-cai-light', '印輕逢財', (f) => shows(f, CAI) && !(f.bodyStrong && count(f, YIN) >= 1) && !has(f, SHA)),
    rescue('ZP-9-yin-cai-jie', 'ZP-9-yin-cai-light', '印逢財而劫財以解之', (f) => has(f, BI)),
    rescue('ZP-9-yin-cai-bound', 'ZP-9-yin-cai-light', '合財而存印', (f) => allBound(f, CAI)),
    breaks('ZP-9-yin-heavy-sha', '身強印重而透煞', (f) => f.bodyStrong && count(f, YIN) >= 1 && has(f, SHA)),
    flaw('ZP-9-yin-sha-cai', '透煞以生印，而又透財', (f) => has(f, SHA) && has(f, CAI)),
  ],
  'pattern.shi_shen': [
    forms('ZP-9-shi-cai', '食神生財', (f) => has(f, CAI)),
    forms('ZP-9-shi-sha', '食帶煞而無財', (f) => has(f, SHA) && !has(f, CAI)),
    forms('ZP-9-shi-sha-yin', '棄食就煞而透印', (f) => has(f, SHA) && has(f, YIN)),
    breaks('ZP-9-shi-xiao', '食神逢梟', (f) => has(f, XIAO)),
    rescue('ZP-9-shi-xiao-sha', 'ZP-9-shi-xiao', '食逢梟而就煞以成格', (f) => has(f, SHA)),
    rescue('ZP-9-shi-xiao-cai', 'ZP-9-shi-xiao', '生財以護食', (f) => has(f, CAI)),
    // With 印 as well, it is 食神帶煞印而又逢財: a flaw of the 煞印 formation, not this break.
    breaks('ZP-9-shi-cai-sha', '生財露煞', (f) => has(f, CAI) && has(f, SHA) && !has(f, YIN)),
    flaw('ZP-9-shi-sha-yin-cai', '食神帶煞印而又逢財', (f) => has(f, SHA) && has(f, YIN) && has(f, CAI)),
  ],
  'pattern.qi_sha': [
    forms('ZP-9-sha-controlled', '身強七煞逢制', (f) => f.strong && has(f, SHI_SHANG)),
    forms('ZP-39-sha-yin', '煞重身輕，用食則身不能當，不若轉而就印', (f) => !f.strong && has(f, YIN)),
    breaks('ZP-9-sha-cai', '七煞逢財無制', (f) => has(f, CAI) && !has(f, SHI_SHANG)),
    breaks('ZP-39-sha-guan', '有煞而雜官', (f) => shows(f, GUAN)),
    rescue('ZP-39-sha-guan-clear', 'ZP-39-sha-guan', '或去官，或去煞，取清則貴', (f) => allBound(f, GUAN) || has(f, SHANG)),
    flaw('ZP-9-sha-shi-yin', '七煞逢食制而又逢印', (f) => has(f, SHI_SHANG) && has(f, YIN)),
    rescue('ZP-9-sha-yin-cai', 'ZP-9-sha-shi-yin', '印來護煞，而逢財以去印存食', (f) => has(f, CAI)),
  ],
  'pattern.shang_guan': [
    forms('ZP-9-shang-cai', '傷官生財', (f) => has(f, CAI)),
    forms('ZP-9-shang-yin', '傷官佩印而傷官旺，印有根', (f) => has(f, YIN) && rooted(f, YIN) && !f.strong),
    forms('ZP-9-shang-sha-yin', '傷官旺、身主弱而透煞印', (f) => f.weak && has(f, SHA) && has(f, YIN)),
    forms('ZP-9-shang-sha', '傷官帶煞而無財', (f) => has(f, SHA) && !has(f, CAI)),
    breaks('ZP-9-shang-guan', '傷官非金水而見官', (f) => has(f, GUAN) && !(f.dayElement === 3 && [11, 0].includes(f.monthBranch))),
    breaks('ZP-9-shang-cai-sha', '生財帶煞', (f) => has(f, CAI) && shows(f, SHA)),
    rescue('ZP-9-shang-sha-bound', 'ZP-9-shang-cai-sha', '生財透煞而煞逢合', (f) => allBound(f, SHA)),
    breaks('ZP-9-shang-yin-light', '佩印而傷輕身旺', (f) => has(f, YIN) && f.strong && !has(f, SHANG)),
    flaw('ZP-9-shang-cai-bound', '傷官生財而財又逢合', (f) => allBound(f, CAI)),
    flaw('ZP-9-shang-yin-cai', '佩印而印又遭傷', (f) => adjacent(f, YIN, CAI)),
  ],
  'pattern.yang_ren': [
    forms('ZP-9-ren-guan', '陽刃透官煞而露財印，不見傷官', (f) => has(f, GUAN_SHA) && (has(f, CAI) || has(f, YIN)) && !has(f, SHANG)),
    forms('ZP-43-ren-zhi', '刃宜伏制，官煞皆宜', (f) => has(f, GUAN_SHA)),
    breaks('ZP-9-ren-none', '陽刃無官煞', (f) => !has(f, GUAN_SHA)),
    flaw('ZP-9-ren-output', '用官煞帶傷食', (f) => has(f, GUAN_SHA) && has(f, SHI_SHANG)),
    rescue('ZP-9-ren-output-yin', 'ZP-9-ren-output', '重印以護之', (f) => has(f, YIN)),
    rescue('ZP-43-ren-trim', 'ZP-9-ren-output', '煞太重而裁損之', (f) => count(f, GUAN_SHA) >= 2),
  ],
  'pattern.jian_lu': LU_RULES,
  'pattern.yue_jie': LU_RULES,
  'pattern.undetermined': [],
};

/** Rule ids, checked once (a rescue's `answers` names a rule of its 格). */
for (const rules of Object.values(RULES)) {
  for (const r of rules)
    if (r.answers !== undefined && !rules.some((x) => x.id === r.answers))
      throw new Error(`formation rule ${r.id} answers an unknown rule`);
}

/** Every rule id with its quote (docs/analysis.md lists them). */
export const FORMATION_RULES: readonly {
  readonly pattern: InnerPattern;
  readonly id: string;
  readonly kind: FormationRuleKind;
  readonly quote: string;
}[] = Object.entries(RULES).flatMap(([pattern, rules]) =>
  rules.map((r) => ({ pattern: pattern as InnerPattern, id: r.id, kind: r.kind, quote: r.quote })),
);

/** The 格's 相神 ten gods by 格 (ch. 8 順用・逆用, ch. 15). */
const XIANG: Readonly<Record<InnerPattern, Gods>> = {
  'pattern.zheng_guan': CAI | YIN,
  'pattern.cai': SHI_SHANG | GUAN,
  'pattern.yin': GUAN_SHA | BI,
  'pattern.shi_shen': CAI | SHA,
  'pattern.qi_sha': SHI,
  'pattern.shang_guan': YIN | CAI,
  'pattern.yang_ren': GUAN_SHA,
  'pattern.jian_lu': GUAN_SHA | CAI,
  'pattern.yue_jie': GUAN_SHA | CAI,
  'pattern.undetermined': 0,
};

const UNDETERMINED: FormationVerdict = Object.freeze({ formation: 'undetermined', rules: [], xiangShen: [] });

export function formationOf(
  { stems, branches }: PillarParts,
  pattern: InnerPattern,
  verdict: StrengthVerdict,
  rootStrength: 'strong' | 'weak' | 'none',
  transformations: readonly Transformation[],
): FormationVerdict {
  const defs = RULES[pattern];
  if (defs.length === 0) return UNDETERMINED;
  const dayStem = stems[2]!;
  const tenGods = stems.map((stem, slot) => (slot === 2 ? -1 : tenGodIndex(dayStem, stem)));
  const bound = [false, false, false, false];
  for (const t of transformations) if (t.verdicts.shiping === 'bound') for (const slot of t.slots) bound[slot] = true;
  let shown = 0;
  let free = 0;
  for (const s of SLOTS) {
    if (s >= stems.length) continue;
    shown |= 1 << tenGods[s]!;
    if (!bound[s]) free |= 1 << tenGods[s]!;
  }
  const facts: Facts = {
    stems,
    tenGods,
    bound,
    shown,
    free,
    strong: verdict === 'strong',
    weak: verdict === 'weak',
    bodyStrong: rootStrength === 'strong',
    dayElement: dayStem >> 1,
    monthBranch: branches[1]!,
    branches,
  };
  const rules = defs.map((r) => (r.test(facts) ? r.holding : r.failing));
  const answered = (id: string) => rules.some((r) => r.kind === 'rescue' && r.answers === id && r.holds);
  let made = false;
  let broken = false;
  let rescued = false;
  let flawed = false;
  let flawAnswered = false;
  for (const r of rules) {
    if (!r.holds) continue;
    if (r.kind === 'forms') made = true;
    else if (r.kind === 'breaks') {
      if (answered(r.id)) rescued = true;
      else broken = true;
    } else if (r.kind === 'flaw') {
      if (answered(r.id)) flawAnswered = true;
      else flawed = true;
    }
  }
  // An unanswered 敗 breaks the 格; an unanswered flaw marks a made one (成中帶忌); a rescue is said next.
  const formation: Formation = broken
    ? 'broken'
    : flawed && made
      ? 'flawed'
      : rescued || (made && flawAnswered)
        ? 'rescued'
        : made
          ? 'formed'
          : 'undetermined';
  const xiangShen = SLOTS.filter((s) => s < stems.length && !bound[s] && ((1 << tenGods[s]!) & XIANG[pattern]) !== 0);
  return { formation, rules, xiangShen };
}
