/**
 * The luck cycles and relations as REST and the CLI print them (snake_case, like the rest of the
 * legacy bodies; GraphQL exposes the same values in camelCase). Appended to `result` only when the
 * caller opts in with `include` (see wire/chart-sections.ts).
 */
import { termName } from '../astronomy/solar-terms.ts';
import type { ChartCore } from '../chart/chart-core.ts';
import { JA_RELATIONS, type RelationTexts } from '../catalogue/ja-relations.ts';
import { JA } from '../vocabulary/ja.ts';
import { labelOf } from '../vocabulary/labels.ts';
import { natalRelationsOf, type Relation } from '../chart/relations.ts';
import { genderFreeLuckOf, luckOf, type GenderFreeLuck, type LuckPillar, type Period } from './luck.ts';
import type { LuckRequest } from './luck-request.ts';

export interface LuckJsonOptions {
  readonly cycles: number;
  /** 歳運 of these pillar years (inclusive), when asked for. */
  readonly years?: readonly [from: number, to: number] | undefined;
  /** 月運 of this pillar year, when asked for. */
  readonly months?: number | undefined;
}

/** A relation as JSON: the domain's relation with its name and element in words. */
export interface RelationJson {
  readonly type: Relation['type'];
  readonly code: string;
  readonly name: string;
  readonly members: Relation['members'];
  readonly element: string | null;
  readonly adjacent: boolean;
}

/**
 * The relations as answered, in `texts`' words. The domain shares one frozen object per relation
 * and positions (a few hundred in all), so each is put in words once per catalogue and kept.
 */
const IN_WORDS = new WeakMap<RelationTexts, WeakMap<Relation, RelationJson>>();
export function relationJson(relation: Relation, texts: RelationTexts = JA_RELATIONS): RelationJson {
  let cache = IN_WORDS.get(texts);
  if (cache === undefined) IN_WORDS.set(texts, (cache = new WeakMap()));
  let json = cache.get(relation);
  if (json === undefined) {
    json = {
      type: relation.type,
      code: relation.code,
      name: texts.name(relation.code, relation.element),
      members: relation.members,
      element: relation.element === null ? null : texts.element(relation.element),
      adjacent: relation.adjacent,
    };
    if (Object.isFrozen(relation)) cache.set(relation, json);
  }
  return json;
}
const relationsJson = (relations: readonly Relation[]): readonly RelationJson[] => relations.map((relation) => relationJson(relation));

/** Relations among the four natal pillars. */
export const natalRelationsJson = (core: ChartCore): readonly RelationJson[] => relationsJson(natalRelationsOf(core.pillars));

/**
 * Without a gender (`request` undefined) only 歳運 and 月運 can be asked for (they do not depend on
 * one): every 大運 field is null and `cycles` is empty.
 */
export function luckJson(core: ChartCore, request: LuckRequest | undefined, options: LuckJsonOptions) {
  if (request === undefined) return periodsJson(genderFreeLuckOf(core), genderFreeHead(), options);
  const luck = luckOf(core, request);
  // Each object written as one literal, keys in their printed order: a hundred 歳運 per chart, and
  // a literal is one allocation of a known shape (spreads and added keys take V8's slow paths).
  const head: Record<string, unknown> = {
    direction: luck.direction,
    method: luck.method.toLowerCase(),
    start_age: {
      years: luck.startAge.years,
      months: luck.startAge.months,
      days: luck.startAge.days,
      hours: luck.startAge.hours,
      minutes: luck.startAge.minutes,
    },
    start_age_rounded: luck.startAgeRounded,
    starts_at: luck.startsAt,
    reference_term: termName(luck.referenceTermIndex),
    reference_term_at: luck.referenceTermAt,
    pre_luck: pillarJson(luck.preLuck),
    cycles: luck.cycles(options.cycles).map((c) => ({
      index: c.index,
      ganzhi: c.ganzhi,
      stem_ten_god: labelOf(JA, c.stemTenGod),
      branch_ten_god: labelOf(JA, c.branchTenGod),
      life_stage: labelOf(JA, c.lifeStage),
      nayin: labelOf(JA, c.nayin),
      is_void: c.isVoid,
      starts_at: c.startsAt,
      ends_at: c.endsAt,
      relations: relationsJson(c.relations),
      age_from: c.ageFrom,
      age_to: c.ageTo,
      kazoe_from: c.kazoeFrom,
      kazoe_to: c.kazoeTo,
      label_age: c.labelAge,
    })),
  };
  return periodsJson(luck, head, options);
}

/** The 大運 fields of a luck section asked for without a gender. */
const genderFreeHead = (): Record<string, unknown> => ({
  direction: null,
  method: null,
  start_age: null,
  start_age_rounded: null,
  starts_at: null,
  reference_term: null,
  reference_term_at: null,
  pre_luck: null,
  cycles: [],
});

/** `json` (the 大運 part) with the 歳運 and 月運 asked for appended (the same object, returned). */
function periodsJson(luck: GenderFreeLuck, json: Record<string, unknown>, options: LuckJsonOptions): Record<string, unknown> {
  if (options.years !== undefined) {
    json['years'] = luck.years(...options.years).map((y) => ({
      year: y.year,
      ganzhi: y.ganzhi,
      stem_ten_god: labelOf(JA, y.stemTenGod),
      branch_ten_god: labelOf(JA, y.branchTenGod),
      life_stage: labelOf(JA, y.lifeStage),
      nayin: labelOf(JA, y.nayin),
      is_void: y.isVoid,
      starts_at: y.startsAt,
      ends_at: y.endsAt,
      relations: relationsJson(y.relations),
      major_index: y.majorIndex,
    }));
  }
  if (options.months !== undefined) {
    json['months'] = luck.months(options.months).map((m) => ({
      term: m.term,
      ganzhi: m.ganzhi,
      stem_ten_god: labelOf(JA, m.stemTenGod),
      branch_ten_god: labelOf(JA, m.branchTenGod),
      life_stage: labelOf(JA, m.lifeStage),
      nayin: labelOf(JA, m.nayin),
      is_void: m.isVoid,
      starts_at: m.startsAt,
      ends_at: m.endsAt,
      relations: relationsJson(m.relations),
    }));
  }
  return json;
}

/** The fields every luck pillar prints, in order. */
const pillarJson = (p: LuckPillar & Period) => ({
  ganzhi: p.ganzhi,
  stem_ten_god: labelOf(JA, p.stemTenGod),
  branch_ten_god: labelOf(JA, p.branchTenGod),
  life_stage: labelOf(JA, p.lifeStage),
  nayin: labelOf(JA, p.nayin),
  is_void: p.isVoid,
  starts_at: p.startsAt,
  ends_at: p.endsAt,
  relations: relationsJson(p.relations),
});
