/**
 * The `relations` section's JSON declared as shapes (wire/shapes): /openapi.json `Relation` (a
 * component: `luck` lists relations too) and its members; `Relations` is the section's list of it.
 * GraphQL's `RelationMember` is built from its shape; `Relation` keeps its own type over these members
 * (src/graphql/schema/luck.ts): its `type` is the enum `RelationType`.
 */
import { z } from 'zod';
import { PILLAR_POSITIONS, RELATION_TYPES, type RelationMember } from '../../../domain/chart/relations.ts';
import type { JsonSchema } from '../../../domain/chart/request-contract.ts';
import type { RelationJson } from '../../present/luck-json.ts';
import { componentRef, shape, type Shape } from '../../shapes/shape.ts';

export const RELATION_MEMBER_SHAPE = shape('RelationMember', 'One stem or branch taking part in a relation', {
  pillar: z.enum(PILLAR_POSITIONS).meta({
    description: `Which pillar: ${PILLAR_POSITIONS.join(', ')} (major = 大運, annual = 歳運, monthly = 月運, minor = 小運, daily = 日運, hourly = 時運)`,
  }),
  part: z.enum(['stem', 'branch']).meta({ description: '`stem` or `branch`' }),
});

export const RELATION_SHAPE = shape(
  'Relation',
  'A relation found among pillars (干合, 支合, 三合, 半会, 方合, 冲, 刑, 害, 破, 天剋地冲, 天地徳合). Reported as present; no 化 judgement',
  {
    type: z.enum(RELATION_TYPES).meta({ description: 'Kind' }),
    code: z.string().meta({
      description:
        'Stable code: kango, shigo, sango, hankai, hogo, chu, kei_jisei (寅巳申), kei_muon (丑戌未), kei_murei (子卯), jikei, gai, ha, tenkoku_chichu, tenchi_tokugo',
    }),
    name: z.string().meta({
      description:
        'Its name in the answer’s language (`lang`): in Japanese as Japanese books name it (寅巳申 恃勢の刑, 丑戌未 無恩の刑); Chinese, Korean and English name the two three-branch punishments the other way round (寅巳申 无恩之刑), so read the set from `code`',
    }),
    members: z.array(RELATION_MEMBER_SHAPE.object).meta({ description: 'The stems and branches involved' }),
    element: z.xor([componentRef('Element', z.string()), z.null()]).meta({
      description: 'Element the relation is named after (合 types), in the answer’s language; null for the others',
    }),
    adjacent: z.boolean().meta({ description: 'Every member is a natal pillar and they stand side by side (年–月, 月–日, 日–時)' }),
  },
  { component: true },
);

/** /openapi.json `Relations`: the section's list of `Relation`s (and each luck pillar's). */
export const RELATIONS_SCHEMA: JsonSchema = {
  type: 'array',
  items: { $ref: `#/components/schemas/${RELATION_SHAPE.name}` },
  description: 'Relations among the natal pillars (`include=relations`)',
};

/**
 * The shapes' types are the presenter's: the declared relation fits its type, and a member added to
 * one and not the other fails the type check.
 */
type Same<S extends Shape, Presented> =
  z.infer<S['object']> extends infer Declared ? ([Declared, keyof Declared] extends [Presented, keyof Presented] ? true : false) : false;
const sameMembers: [Same<typeof RELATION_MEMBER_SHAPE, RelationMember>, Same<typeof RELATION_SHAPE, RelationJson>] = [true, true];
void sameMembers;
