/**
 * The luck cycles and relations as REST and the CLI print them (snake_case, like the rest of the
 * legacy bodies; GraphQL exposes the same values in camelCase). Appended to `result` only when the
 * caller opts in with `include` (see wire/chart-sections.ts).
 */
import { termCalendarIndex } from '../../domain/astronomy/solar-terms.ts';
import type { ChartCore } from '../../domain/chart/chart-core.ts';
import type { RelationTexts } from '../../domain/catalogue/ja/relations.ts';
import { type Catalogue as Labels } from '../../domain/vocabulary/ja.ts';
import type { Catalogue } from '../../domain/catalogue/index.ts';
import { labelOf } from '../../domain/vocabulary/labels.ts';
import { natalRelationsOf, type Relation } from '../../domain/chart/relations.ts';
import {
  genderFreeLuckOf,
  LUCK_READINGS,
  luckOf,
  type GenderFreeLuck,
  type Luck,
  type LuckPillar,
  type Period,
} from '../../domain/luck/luck.ts';
import { luckRangeOf, type LuckRange } from '../../domain/luck/luck-range.ts';
import type { LuckRequest } from '../../domain/luck/luck-request.ts';
import {
  dailyLuckOf,
  hourlyLuckOf,
  minorLuckOf,
  type FineLuck,
  type LuckInForce,
  type MinorLuckSchool,
} from '../../domain/luck/fine-luck.ts';
import { ganzhiName } from '../../domain/calendar/sexagenary.ts';

export interface LuckJsonOptions {
  readonly cycles: number;
  /** 歳運 of these pillar years (inclusive), when asked for. */
  readonly years?: readonly [from: number, to: number] | undefined;
  /** 月運 of this pillar year, when asked for. */
  readonly months?: number | undefined;
  /** 小運 in this school, when asked for (needs a gender). */
  readonly minor?: MinorLuckSchool | undefined;
  /** 日運 of these civil days (days since 1970-01-01, inclusive), when asked for. */
  readonly days?: readonly [from: number, to: number] | undefined;
  /** 時運 of this civil day, when asked for. */
  readonly hours?: number | undefined;
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

/** The relations as answered, in `texts`' words. */
export function relationJson(relation: Relation, texts: RelationTexts): RelationJson {
  return {
    type: relation.type,
    code: relation.code,
    name: texts.name(relation.code, relation.element),
    members: relation.members,
    element: relation.element === null ? null : texts.element(relation.element),
    adjacent: relation.adjacent,
  };
}

/**
 * The shared frozen relations (a few hundred in all, one per relation and positions) put in words
 * once per catalogue, by their id: a chart's hundred 歳運 reuse them.
 */
const RELATION_WORDS = new WeakMap<RelationTexts, RelationJson[]>();
const relationWords = (texts: RelationTexts): RelationJson[] => {
  let words = RELATION_WORDS.get(texts);
  if (words === undefined) RELATION_WORDS.set(texts, (words = []));
  return words;
};
function relationsJson(relations: readonly Relation[], words: RelationJson[], texts: RelationTexts): readonly RelationJson[] {
  const count = relations.length;
  if (count === 0) return NO_RELATIONS;
  const json: RelationJson[] = [];
  for (let i = 0; i < count; i++) {
    const relation = relations[i]!;
    const id = relation.id;
    json.push(id < 0 ? relationJson(relation, texts) : (words[id] ?? (words[id] = relationJson(relation, texts))));
  }
  return json;
}
const NO_RELATIONS: readonly RelationJson[] = Object.freeze([]);

/** The words of each luck reading (its ten gods, life stage and 納音), per catalogue, built once: a table lookup per pillar. */
interface ReadingWords {
  readonly stemTenGod: string;
  readonly branchTenGod: string;
  readonly lifeStage: string;
  readonly nayin: string;
}
const READING_WORDS = new WeakMap<Labels, readonly ReadingWords[]>();
function readingWords(catalogue: Labels): readonly ReadingWords[] {
  let words = READING_WORDS.get(catalogue);
  if (words === undefined) {
    words = LUCK_READINGS.map((reading) => ({
      stemTenGod: labelOf(catalogue, reading.stemTenGod),
      branchTenGod: labelOf(catalogue, reading.branchTenGod),
      lifeStage: labelOf(catalogue, reading.lifeStage),
      nayin: labelOf(catalogue, reading.nayin),
    }));
    READING_WORDS.set(catalogue, words);
  }
  return words;
}

/** Relations among the four natal pillars. */
export const natalRelationsJson = (core: ChartCore, c: Catalogue): readonly RelationJson[] =>
  relationsJson(natalRelationsOf(core.pillars), relationWords(c.relations), c.relations);

/**
 * Without a gender (`request` undefined) only 歳運 and 月運 can be asked for (they do not depend on
 * one): every 大運 field is null and `cycles` is empty.
 */
export function luckJson(core: ChartCore, request: LuckRequest | undefined, options: LuckJsonOptions, catalogue: Catalogue) {
  if (request === undefined)
    return fineJson(
      core,
      genderFreeLuckOf(core),
      periodsJson(genderFreeLuckOf(core), genderFreeHead(), options, catalogue),
      options,
      catalogue,
    );
  const luck = luckOf(core, request);
  const range = luckRangeOf(core, request);
  if (range !== undefined) return threePillarLuckJson(core, luck, range, options, catalogue);
  const words = readingWords(catalogue.labels);
  const relations = relationWords(catalogue.relations);
  // Each object written as one literal, keys in their printed order: a hundred 歳運 per chart, and
  // a literal is one allocation of a known shape (spreads and added keys take V8's slow paths).
  const head: Record<string, unknown> = {
    direction: luck.direction,
    method: luck.method.toLowerCase(),
    start_age: startAgeJson(luck),
    start_age_rounded: luck.startAgeRounded,
    starts_at: luck.startsAt,
    reference_term: catalogue.labels.jieqi[termCalendarIndex(luck.referenceTermIndex)]!,
    reference_term_at: luck.referenceTermAt,
    pre_luck: pillarJson(luck.preLuck, words, relations, catalogue.relations),
    cycles: luck.cycles(options.cycles).map((c) => cycleJson(c, words, relations, catalogue)),
  };
  periodsJson(luck, head, options, catalogue);
  if (options.minor !== undefined) {
    const cycles = luck.cycles(options.cycles);
    const lastAge = cycles[cycles.length - 1]!.kazoeTo;
    head['minor'] = {
      school: options.minor,
      entries: minorLuckOf(core, luck, request.gender, options.minor, lastAge).map((m) => ({
        age: m.age,
        year: m.year,
        ...fineFields(m, words, relations, catalogue),
        major_index: m.majorIndex,
      })),
    };
  }
  return fineJson(core, luck, head, options, catalogue);
}

/**
 * A three-pillar chart's luck (`time_unknown`): what moves with the hour is null, and given as the
 * range over the birth day beside it (`start_range`, and per pillar `start_range`, `end_range` and
 * the ages' `age_range`). 歳運, 月運, 日運 and 時運 do not move with it; the 大運 they name as in
 * force is read with the birth at 12:00. No 小運: they need the hour pillar and are refused before.
 */
function threePillarLuckJson(
  core: ChartCore,
  luck: Luck,
  range: LuckRange,
  options: LuckJsonOptions,
  catalogue: Catalogue,
): Record<string, unknown> {
  const words = readingWords(catalogue.labels);
  const relations = relationWords(catalogue.relations);
  const startOf = (l: Luck) => ({ start_age: startAgeJson(l), start_age_rounded: l.startAgeRounded, starts_at: l.startsAt });
  const cycleRanges = range.cycles(options.cycles);
  const head: Record<string, unknown> = {
    direction: luck.direction,
    method: luck.method.toLowerCase(),
    start_age: null,
    start_age_rounded: null,
    starts_at: null,
    start_range: { earliest: startOf(range.earliest), latest: startOf(range.latest) },
    reference_term: catalogue.labels.jieqi[termCalendarIndex(luck.referenceTermIndex)]!,
    reference_term_at: luck.referenceTermAt,
    pre_luck: {
      ...pillarJson(luck.preLuck, words, relations, catalogue.relations),
      starts_at: null,
      ends_at: null,
      start_range: range.births,
      end_range: range.startsAt,
    },
    cycles: luck.cycles(options.cycles).map((c, i) => {
      const r = cycleRanges[i]!;
      // The cycle as a chart with a time prints it (keys in that order), what moves with the hour nulled.
      return {
        ...cycleJson(c, words, relations, catalogue),
        starts_at: null,
        ends_at: null,
        age_from: null,
        age_to: null,
        kazoe_from: null,
        kazoe_to: null,
        label_age: null,
        start_range: r.startsAt,
        end_range: r.endsAt,
        age_range: { from: r.ageFrom, to: r.ageTo, kazoe_from: r.kazoeFrom, kazoe_to: r.kazoeTo, label: r.labelAge },
      };
    }),
  };
  periodsJson(luck, head, options, catalogue);
  return fineJson(core, luck, head, options, catalogue);
}

/** A 大運 as REST prints it: one literal, keys in their printed order (a chart prints up to twelve). */
const cycleJson = (
  c: ReturnType<Luck['cycles']>[number],
  words: readonly ReadingWords[],
  relations: RelationJson[],
  catalogue: Catalogue,
) => ({
  index: c.index,
  ganzhi: c.ganzhi,
  stem_ten_god: words[c.readingIndex]!.stemTenGod,
  branch_ten_god: words[c.readingIndex]!.branchTenGod,
  life_stage: words[c.readingIndex]!.lifeStage,
  nayin: words[c.readingIndex]!.nayin,
  is_void: c.isVoid,
  starts_at: c.startsAt,
  ends_at: c.endsAt,
  relations: relationsJson(c.relations, relations, catalogue.relations),
  age_from: c.ageFrom,
  age_to: c.ageTo,
  kazoe_from: c.kazoeFrom,
  kazoe_to: c.kazoeTo,
  label_age: c.labelAge,
});

const startAgeJson = ({ startAge }: Luck) => ({
  years: startAge.years,
  months: startAge.months,
  days: startAge.days,
  hours: startAge.hours,
  minutes: startAge.minutes,
});

/** The fields a 小運, 日運 or 時運 prints, after its own leading keys. */
const fineFields = (f: FineLuck, words: readonly ReadingWords[], relations: RelationJson[], catalogue: Catalogue) => ({
  ganzhi: f.reading.ganzhi,
  stem_ten_god: words[f.readingIndex]!.stemTenGod,
  branch_ten_god: words[f.readingIndex]!.branchTenGod,
  life_stage: words[f.readingIndex]!.lifeStage,
  nayin: words[f.readingIndex]!.nayin,
  is_void: f.reading.isVoid,
  starts_at: f.startsAt,
  ends_at: f.endsAt,
  relations: relationsJson(f.relations, relations, catalogue.relations),
});

/** The 大運, 歳運 and 月運 in force, as pillars. */
const inForceJson = (f: LuckInForce, catalogue: Catalogue) => ({
  major_index: f.majorIndex,
  major: f.major === null ? null : ganzhiName(f.major),
  year: f.year,
  annual: ganzhiName(f.annual),
  term: labelOf(catalogue.labels, f.term),
  monthly: ganzhiName(f.monthly),
});

/** `json` with the 日運 and 時運 asked for appended (the same object, returned). */
function fineJson(
  core: ChartCore,
  luck: GenderFreeLuck,
  json: Record<string, unknown>,
  options: LuckJsonOptions,
  catalogue: Catalogue,
): Record<string, unknown> {
  const words = readingWords(catalogue.labels);
  const relations = relationWords(catalogue.relations);
  if (options.days !== undefined) {
    json['days'] = dailyLuckOf(core, luck, ...options.days).map((d) => ({
      date: d.date,
      ...fineFields(d, words, relations, catalogue),
      in_force: inForceJson(d.inForce, catalogue),
    }));
  }
  if (options.hours !== undefined) {
    json['hours'] = hourlyLuckOf(core, luck, options.hours).map((h) => ({
      ...fineFields(h, words, relations, catalogue),
      in_force: inForceJson(h.inForce, catalogue),
    }));
  }
  return json;
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
function periodsJson(
  luck: GenderFreeLuck,
  json: Record<string, unknown>,
  options: LuckJsonOptions,
  catalogue: Catalogue,
): Record<string, unknown> {
  const words = readingWords(catalogue.labels);
  const relations = relationWords(catalogue.relations);
  if (options.years !== undefined) {
    json['years'] = luck.years(...options.years).map((y) => ({
      year: y.year,
      ganzhi: y.ganzhi,
      stem_ten_god: words[y.readingIndex]!.stemTenGod,
      branch_ten_god: words[y.readingIndex]!.branchTenGod,
      life_stage: words[y.readingIndex]!.lifeStage,
      nayin: words[y.readingIndex]!.nayin,
      is_void: y.isVoid,
      starts_at: y.startsAt,
      ends_at: y.endsAt,
      relations: relationsJson(y.relations, relations, catalogue.relations),
      major_index: y.majorIndex,
    }));
  }
  if (options.months !== undefined) {
    json['months'] = luck.months(options.months).map((m) => ({
      term: labelOf(catalogue.labels, m.term),
      ganzhi: m.ganzhi,
      stem_ten_god: words[m.readingIndex]!.stemTenGod,
      branch_ten_god: words[m.readingIndex]!.branchTenGod,
      life_stage: words[m.readingIndex]!.lifeStage,
      nayin: words[m.readingIndex]!.nayin,
      is_void: m.isVoid,
      starts_at: m.startsAt,
      ends_at: m.endsAt,
      relations: relationsJson(m.relations, relations, catalogue.relations),
    }));
  }
  return json;
}

/** The fields every luck pillar prints, in order. */
const pillarJson = (p: LuckPillar & Period, words: readonly ReadingWords[], relations: RelationJson[], texts: RelationTexts) => ({
  ganzhi: p.ganzhi,
  stem_ten_god: words[p.readingIndex]!.stemTenGod,
  branch_ten_god: words[p.readingIndex]!.branchTenGod,
  life_stage: words[p.readingIndex]!.lifeStage,
  nayin: words[p.readingIndex]!.nayin,
  is_void: p.isVoid,
  starts_at: p.startsAt,
  ends_at: p.endsAt,
  relations: relationsJson(p.relations, relations, texts),
});
