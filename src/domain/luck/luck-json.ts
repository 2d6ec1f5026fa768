/**
 * The luck cycles and relations as REST and the CLI print them (snake_case, like the rest of the
 * legacy bodies; GraphQL exposes the same values in camelCase). Appended to `result` only when the
 * caller opts in with `include` (see application/operations/chart-extras.ts).
 */
import { termName } from '../astronomy/solar-terms.ts';
import type { ChartCore } from '../chart/chart-core.ts';
import { natalRelationsOf, type Relation } from '../chart/relations.ts';
import { isoFormatterFor } from '../time/format.ts';
import { luckOf, type LuckPillar, type Period } from './luck.ts';
import type { LuckRequest } from './luck-request.ts';

export interface LuckJsonOptions {
  readonly cycles: number;
  /** 歳運 of these pillar years (inclusive), when asked for. */
  readonly years?: readonly [from: number, to: number] | undefined;
  /** 月運 of this pillar year, when asked for. */
  readonly months?: number | undefined;
}

export interface RelationJson {
  readonly type: string;
  readonly code: string;
  readonly name: string;
  readonly members: readonly { readonly pillar: string; readonly part: string }[];
  readonly element: string | null;
  readonly adjacent: boolean;
}

const relationJson = (r: Relation): RelationJson => ({
  type: r.type,
  code: r.code,
  name: r.name,
  members: r.members.map((m) => ({ pillar: m.pillar, part: m.part })),
  element: r.element,
  adjacent: r.adjacent,
});

/** Relations among the four natal pillars. */
export const natalRelationsJson = (core: ChartCore): RelationJson[] => natalRelationsOf(core.pillars).map(relationJson);

export function luckJson(core: ChartCore, request: LuckRequest, options: LuckJsonOptions) {
  const luck = luckOf(core, request);
  const iso = isoFormatterFor(core.zone);
  const pillarJson = (p: LuckPillar & Period) => ({
    ganzhi: p.ganzhi,
    stem_ten_god: p.stemTenGod,
    branch_ten_god: p.branchTenGod,
    life_stage: p.lifeStage,
    nayin: p.nayin,
    is_void: p.isVoid,
    starts_at: iso(p.fromUnixSec),
    ends_at: iso(p.toUnixSec),
    relations: p.relations.map(relationJson),
  });
  return {
    direction: luck.direction,
    method: luck.method.toLowerCase(),
    start_age: { ...luck.startAge },
    start_age_rounded: luck.startAgeRounded,
    starts_at: iso(luck.startsAtUnixSec),
    reference_term: termName(luck.referenceTermIndex),
    reference_term_at: iso(luck.referenceTermUnixSec),
    pre_luck: pillarJson(luck.preLuck),
    cycles: luck.cycles(options.cycles).map((c) => ({
      index: c.index,
      ...pillarJson(c),
      age_from: c.ageFrom,
      age_to: c.ageTo,
      kazoe_from: c.kazoeFrom,
      kazoe_to: c.kazoeTo,
    })),
    ...(options.years === undefined
      ? {}
      : { years: luck.years(...options.years).map((y) => ({ year: y.year, ...pillarJson(y), major_index: y.majorIndex })) }),
    ...(options.months === undefined ? {} : { months: luck.months(options.months).map((m) => ({ term: m.term, ...pillarJson(m) })) }),
  };
}
