/**
 * The timeline's query: a structured condition on a luck period (大運, 歳運, 月運 or 日運), read from
 * JSON and refused with the path of the member at fault. A condition is one object with one kind:
 *
 *   { "ten_god": "zheng_cai" | ["zheng_cai", "pian_cai"] | "cai", "of"?: "stem" | "branch" | "either" }
 *   { "relation": "chu" | [...] | "combination" | "punishment" | "fukugin" | "hangin", "with"?: "year" | "month" | "day" | "hour" | "any" }
 *   { "void": true }                        the period's branch is one of the natal day pillar's 空亡 (天中殺)
 *   { "ganzhi": "甲子" } | { "stem": "甲" } | { "branch": "子" }
 *   { "all": [c, …] } | { "any": [c, …] } | { "not": c }
 *
 * Bounded: at most MAX_CONDITIONS conditions, nested at most MAX_DEPTH deep.
 */
import { BRANCHES } from '../calendar/branches.ts';
import { cycleIndexOf, type CycleIndex } from '../calendar/sexagenary.ts';
import { STEMS } from '../calendar/stems.ts';
import { RELATION_CODES } from '../chart/relations.ts';
import { editDistance } from '../chart/request.ts';
import { isPlainObject } from '../plain-object.ts';
import { LUCK_STAR_CODES, SPECIAL_STAR_CATALOGUE } from '../stars/special-stars.ts';

export const MAX_CONDITIONS = 32;
const STEM_LIST: readonly string[] = STEMS;
const BRANCH_LIST: readonly string[] = BRANCHES;
export const MAX_DEPTH = 6;

/** The ten gods by name (their codes without `shishen.`), index t = 2e + p as in TEN_GOD_CODES. */
export const TEN_GOD_NAMES = [
  'bi_jian',
  'jie_cai',
  'shi_shen',
  'shang_guan',
  'pian_cai',
  'zheng_cai',
  'pian_guan',
  'zheng_guan',
  'pian_yin',
  'zheng_yin',
] as const;
/** The five pairs: each names both of its ten gods. */
export const TEN_GOD_GROUP_NAMES = ['bi_jie', 'shi_shang', 'cai', 'guan_sha', 'yin'] as const;

/** 伏吟 (the natal pillar itself) and 反吟 (stems and branches both clash: 甲庚 乙辛 丙壬 丁癸 with a 冲). */
export const PILLAR_ECHOES = ['fukugin', 'hangin'] as const;
/** Families of relation codes a query may name at once. */
export const RELATION_FAMILIES: Readonly<Record<string, readonly string[]>> = {
  combination: ['kango', 'shigo', 'sango', 'hankai', 'hogo', 'tenchi_tokugo'],
  punishment: ['kei_jisei', 'kei_muon', 'kei_murei', 'jikei'],
};
export const RELATION_NAMES: readonly string[] = [...RELATION_CODES, ...PILLAR_ECHOES, ...Object.keys(RELATION_FAMILIES)];

export const NATAL_POSITIONS = ['year', 'month', 'day', 'hour'] as const;
export type NatalPosition = (typeof NATAL_POSITIONS)[number];
export const TEN_GOD_PARTS = ['stem', 'branch', 'either'] as const;
export type TenGodPart = (typeof TEN_GOD_PARTS)[number];

export type Condition =
  | { readonly kind: 'ten_god'; readonly tenGods: readonly number[]; readonly of: TenGodPart }
  | { readonly kind: 'relation'; readonly codes: readonly string[]; readonly with: NatalPosition | 'any' }
  | { readonly kind: 'void' }
  | { readonly kind: 'star'; readonly codes: readonly string[] }
  | { readonly kind: 'ganzhi'; readonly pillar: CycleIndex }
  | { readonly kind: 'stem'; readonly stem: number }
  | { readonly kind: 'branch'; readonly branch: number }
  | { readonly kind: 'all' | 'any'; readonly of: readonly Condition[] }
  | { readonly kind: 'not'; readonly of: Condition };

const KINDS = ['ten_god', 'relation', 'void', 'star', 'ganzhi', 'stem', 'branch', 'all', 'any', 'not'] as const;
/** The special stars a luck pillar can bring (their codes, as the `special_stars` section names them). */
export const STAR_CODES: readonly string[] = SPECIAL_STAR_CATALOGUE.map((star) => star.code).filter((code) => LUCK_STAR_CODES.has(code));
/** The members each kind may carry beside its own. */
const OPTIONS: Readonly<Record<string, readonly string[]>> = { ten_god: ['of'], relation: ['with'] };

export interface QueryIssue {
  readonly field: string;
  readonly message: string;
}

/** `"chu"` → itself; `"chuu"` → did you mean; else the list. */
export function oneOf(field: string, value: unknown, known: readonly string[], what: string): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (typeof value === 'string') {
    let best: { name: string; distance: number } | undefined;
    for (const name of known) {
      const distance = editDistance(value.toLowerCase(), name);
      if (best === undefined || distance < best.distance) best = { name, distance };
    }
    if (best !== undefined && best.distance <= Math.max(1, Math.floor(best.name.length / 3)))
      return `${field} ${JSON.stringify(text)} is not ${what}: did you mean "${best.name}"?`;
  }
  return `${field} ${JSON.stringify(text)} is not ${what} (one of ${known.join(', ')})`;
}

/** `where.ten_gd is not a kind of condition: did you mean "ten_god"?` */
function unknownKind(field: string, name: string): string {
  const message = oneOf(field, name, KINDS, 'a kind of condition');
  return message.replace(`${field} ${JSON.stringify(name)} `, `${field} `);
}

/** One or a list of names (at least one), each checked against `known`. */
function names(field: string, value: unknown, known: readonly string[], what: string, issues: QueryIssue[]): string[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || list.length > 16) {
    issues.push({ field, message: `${field} must be ${what} or a list of 1 to 16 of them` });
    return [];
  }
  const out: string[] = [];
  list.forEach((item, i) => {
    const at = Array.isArray(value) ? `${field}[${i}]` : field;
    if (typeof item === 'string' && known.includes(item)) out.push(item);
    else issues.push({ field: at, message: oneOf(at, item, known, what) });
  });
  return out;
}

/** The condition at `field`, or undefined with its issues pushed. */
export function parseCondition(
  raw: unknown,
  field: string,
  issues: QueryIssue[],
  budget = { left: MAX_CONDITIONS },
  depth = 1,
): Condition | undefined {
  if (!isPlainObject(raw)) {
    issues.push({ field, message: `${field} must be an object with one of ${KINDS.join(', ')}` });
    return undefined;
  }
  if (--budget.left < 0) {
    if (budget.left === -1) issues.push({ field, message: `a query holds at most ${MAX_CONDITIONS} conditions` });
    return undefined;
  }
  if (depth > MAX_DEPTH) {
    issues.push({ field, message: `conditions nest at most ${MAX_DEPTH} deep` });
    return undefined;
  }
  const keys = Object.keys(raw);
  const kinds = keys.filter((k) => (KINDS as readonly string[]).includes(k));
  if (kinds.length !== 1) {
    const stray = keys.find((k) => !(KINDS as readonly string[]).includes(k) && !Object.values(OPTIONS).flat().includes(k));
    issues.push({
      field: kinds.length <= 1 && stray !== undefined ? `${field}.${stray}` : field,
      message:
        kinds.length > 1
          ? `${field} names ${kinds.join(' and ')}: one kind per condition (combine them with "all" or "any")`
          : stray === undefined
            ? `${field} must name one of ${KINDS.join(', ')}`
            : unknownKind(`${field}.${stray}`, stray),
    });
    return undefined;
  }
  const kind = kinds[0]!;
  const allowed = [kind, ...(OPTIONS[kind] ?? [])];
  const before = issues.length;
  for (const key of keys) {
    if (!allowed.includes(key))
      issues.push({
        field: `${field}.${key}`,
        message: `${field}.${key} is not a member of a "${kind}" condition (members: ${allowed.join(', ')})`,
      });
  }
  const value = raw[kind];
  const at = `${field}.${kind}`;
  let condition: Condition | undefined;
  switch (kind) {
    case 'ten_god': {
      const picked = names(
        at,
        value,
        [...TEN_GOD_NAMES, ...TEN_GOD_GROUP_NAMES],
        'a ten god (bi_jian … zheng_yin) or a pair (bi_jie, shi_shang, cai, guan_sha, yin)',
        issues,
      );
      const tenGods = [
        ...new Set(
          picked.flatMap((name) => {
            const t = (TEN_GOD_NAMES as readonly string[]).indexOf(name);
            if (t >= 0) return [t];
            const g = (TEN_GOD_GROUP_NAMES as readonly string[]).indexOf(name);
            return [2 * g, 2 * g + 1];
          }),
        ),
      ];
      const of = raw['of'] ?? 'stem';
      if (!(TEN_GOD_PARTS as readonly unknown[]).includes(of))
        issues.push({ field: `${field}.of`, message: oneOf(`${field}.of`, of, TEN_GOD_PARTS, 'a part') });
      else condition = { kind, tenGods, of: of as TenGodPart };
      break;
    }
    case 'relation': {
      const picked = names(at, value, RELATION_NAMES, 'a relation code', issues);
      const codes = [...new Set(picked.flatMap((name) => RELATION_FAMILIES[name] ?? [name]))];
      const withValue = raw['with'] ?? 'any';
      const positions = [...NATAL_POSITIONS, 'any'];
      if (!positions.includes(withValue as string))
        issues.push({ field: `${field}.with`, message: oneOf(`${field}.with`, withValue, positions, 'a natal pillar') });
      else condition = { kind, codes, with: withValue as NatalPosition | 'any' };
      break;
    }
    case 'star': {
      const codes = names(at, value, STAR_CODES, 'a special star a luck pillar can bring', issues);
      if (codes.length > 0) condition = { kind, codes: [...new Set(codes)] };
      break;
    }
    case 'void':
      if (value !== true) issues.push({ field: at, message: `${at} must be true (use "not" for periods outside 天中殺)` });
      else condition = { kind };
      break;
    case 'ganzhi': {
      const text = typeof value === 'string' ? value : '';
      const stem = STEM_LIST.indexOf(text[0] ?? '');
      const branch = BRANCH_LIST.indexOf(text[1] ?? '');
      if (text.length !== 2 || stem < 0 || branch < 0 || stem % 2 !== branch % 2)
        issues.push({ field: at, message: `${at} must be one of the sixty pillars, a stem and a branch of one parity (e.g. "甲子")` });
      else condition = { kind, pillar: cycleIndexOf(stem, branch) };
      break;
    }
    case 'stem': {
      const stem = typeof value === 'string' && value.length === 1 ? STEM_LIST.indexOf(value) : -1;
      if (stem < 0) issues.push({ field: at, message: `${at} must be one of the ten stems ${STEMS.join('')}` });
      else condition = { kind, stem };
      break;
    }
    case 'branch': {
      const branch = typeof value === 'string' && value.length === 1 ? BRANCH_LIST.indexOf(value) : -1;
      if (branch < 0) issues.push({ field: at, message: `${at} must be one of the twelve branches ${BRANCHES.join('')}` });
      else condition = { kind, branch };
      break;
    }
    case 'all':
    case 'any': {
      if (!Array.isArray(value) || value.length === 0) {
        issues.push({ field: at, message: `${at} must be a list of 1 or more conditions` });
        break;
      }
      const of = value.map((item, i) => parseCondition(item, `${at}[${i}]`, issues, budget, depth + 1));
      if (of.every((c) => c !== undefined)) condition = { kind, of };
      break;
    }
    case 'not': {
      const of = parseCondition(value, at, issues, budget, depth + 1);
      if (of !== undefined) condition = { kind, of };
      break;
    }
  }
  return issues.length === before ? condition : undefined;
}
