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

/**
 * A relation as JSON: the domain's `Relation` already has exactly the serialised shape (type, code,
 * name, members of { pillar, part }, element, adjacent), so it is written as it is, not copied.
 */
export type RelationJson = Relation;

/** Relations among the four natal pillars. */
export const natalRelationsJson = (core: ChartCore): readonly RelationJson[] => natalRelationsOf(core.pillars);

export function luckJson(core: ChartCore, request: LuckRequest, options: LuckJsonOptions) {
  const luck = luckOf(core, request);
  const iso = isoFormatterFor(core.zone);
  // The pillar fields written into an object that already holds its leading key(s): no object
  // spread, which V8 runs on a slow path (a hundred 歳運 per chart).
  const withPillar = (o: Record<string, unknown>, p: LuckPillar & Period): Record<string, unknown> => {
    o['ganzhi'] = p.ganzhi;
    o['stem_ten_god'] = p.stemTenGod;
    o['branch_ten_god'] = p.branchTenGod;
    o['life_stage'] = p.lifeStage;
    o['nayin'] = p.nayin;
    o['is_void'] = p.isVoid;
    o['starts_at'] = iso(p.fromUnixSec);
    o['ends_at'] = iso(p.toUnixSec);
    o['relations'] = p.relations;
    return o;
  };
  const json: Record<string, unknown> = {
    direction: luck.direction,
    method: luck.method.toLowerCase(),
    start_age: { ...luck.startAge },
    start_age_rounded: luck.startAgeRounded,
    starts_at: iso(luck.startsAtUnixSec),
    reference_term: termName(luck.referenceTermIndex),
    reference_term_at: iso(luck.referenceTermUnixSec),
    pre_luck: withPillar({}, luck.preLuck),
    cycles: luck.cycles(options.cycles).map((c) =>
      Object.assign(withPillar({ index: c.index }, c), {
        age_from: c.ageFrom,
        age_to: c.ageTo,
        kazoe_from: c.kazoeFrom,
        kazoe_to: c.kazoeTo,
      }),
    ),
  };
  if (options.years !== undefined) {
    json['years'] = luck.years(...options.years).map((y) => {
      const o = withPillar({ year: y.year }, y);
      o['major_index'] = y.majorIndex;
      return o;
    });
  }
  if (options.months !== undefined) json['months'] = luck.months(options.months).map((m) => withPillar({ term: m.term }, m));
  return json;
}
