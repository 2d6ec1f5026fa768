/**
 * The `special_stars` section's JSON declared as shapes (wire/shapes): a star, each item of
 * /openapi.json `SpecialStars`, and where it sits. GraphQL's `SpecialStar` and `SpecialStarPosition`
 * are built from them (src/graphql/schema/special-stars.ts, where the field's school arguments are).
 */
import { z } from 'zod';
import type { JsonSchema } from '../../../domain/chart/request-contract.ts';
import { SPECIAL_STAR_CATALOGUE, type SpecialStar, type SpecialStarPosition } from '../../../domain/stars/special-stars.ts';
import { shape, shapeJsonSchema, type Shape } from '../../shapes/shape.ts';
import { inEveryLanguage } from '../../shapes/vocabulary.ts';

export const SPECIAL_STAR_POSITION_SHAPE = shape('SpecialStarPosition', 'Where a special star sits: a pillar and its stem or branch', {
  pillar: z.enum(['year', 'month', 'day', 'hour']).meta({ description: '`year`, `month`, `day` or `hour`' }),
  part: z.enum(['stem', 'branch']).meta({ description: '`stem` or `branch`' }),
});

export const SPECIAL_STAR_SHAPE = shape('SpecialStar', 'A special star (神殺) present in the chart', {
  code: z.enum(SPECIAL_STAR_CATALOGUE.map((entry) => entry.code) as [string, ...string[]]).meta({
    description: `Stable code: ${SPECIAL_STAR_CATALOGUE.map((star) => `${star.code} (${star.name})`).join(', ')}`,
  }),
  name: z
    .enum(inEveryLanguage((c) => Object.values(c.stars).map((s) => s.name)) as [string, ...string[]])
    .meta({ description: 'Its name in the answer’s language, e.g. ja 羊刃, en Goat Blade' }),
  reading: z.string().meta({
    description:
      'How its name is read: hiragana in ja (ようじん), pinyin with tone marks in zh-Hans, zh-Hant and en (yángrèn), hangul in ko',
  }),
  positions: z.array(SPECIAL_STAR_POSITION_SHAPE.object).min(1).meta({ description: 'The pillars (and parts) it sits on' }),
  rule: z.string().meta({ description: 'What matched, in the answer’s language, e.g. ja 日干 甲 → 地支 卯' }),
});

/** /openapi.json `SpecialStars`: the section's list, in a fixed order. */
export const SPECIAL_STARS_SCHEMA: JsonSchema = {
  type: 'array',
  description: 'The special stars (神殺) present (`include=special_stars`), in a fixed order; docs/fields.md, section 10',
  items: shapeJsonSchema(SPECIAL_STAR_SHAPE),
};

/**
 * The shapes' types are the domain's: the declared star fits its type, and a member added to one and
 * not the other fails the type check.
 */
type Same<S extends Shape, Presented> =
  z.infer<S['object']> extends infer Declared ? ([Declared, keyof Declared] extends [Presented, keyof Presented] ? true : false) : false;
const sameMembers: [Same<typeof SPECIAL_STAR_POSITION_SHAPE, SpecialStarPosition>, Same<typeof SPECIAL_STAR_SHAPE, SpecialStar>] = [
  true,
  true,
];
void sameMembers;
