/**
 * `specialStars` (特殊星 / 神殺) on both variants' result, computed only when selected:
 * the six stars of the shensha section and the further stars Japanese 命式 show, each with its
 * reading, the pillars it sits on and the rule that matched. Where sources disagree the school is
 * an argument (one per option of the domain's SPECIAL_STAR_OPTIONS, with the same default). The
 * star's types are built from REST's shapes (wire/sections/special-stars/shape.ts).
 */
import { SPECIAL_STAR_OPTIONS, specialStarsOf, type SpecialStar, type SpecialStarOptions } from '../../domain/stars/special-stars.ts';
import { SPECIAL_STAR_SHAPE } from '../../wire/sections/special-stars/shape.ts';
import { builder } from '../builder.ts';
import { objectTypeOf } from '../shapes.ts';
import { ChartResultType } from './chart-result.ts';

/** A star and where it sits (its `SpecialStarPosition`s). */
const SpecialStarType = objectTypeOf<SpecialStar>(SPECIAL_STAR_SHAPE);

/** `yang_only` → `YANG_ONLY`: the GraphQL enum value name of a school. */
const enumName = (value: string): string => value.toUpperCase();
/** `yangBlade` → `YangBlade`. */
const typeName = (option: string): string => `SpecialStar${option[0]!.toUpperCase()}${option.slice(1)}`;

type StringOption = { [K in keyof SpecialStarOptions]: SpecialStarOptions[K] extends string ? K : never }[keyof SpecialStarOptions];

/** One enum per school option; its values carry the domain's spelling. */
const SCHOOL_ENUMS = Object.fromEntries(
  SPECIAL_STAR_OPTIONS.filter((option) => typeof option.default === 'string').map((option) => [
    option.name,
    builder.enumType(typeName(option.name), {
      description: `${option.description} The books and tables behind each setting: docs/fields.md, section 10.`,
      values: Object.fromEntries(
        option.values.map((value) => [
          enumName(String(value)),
          { value: String(value), description: value === option.default ? 'Default.' : `Instead of ${enumName(String(option.default))}.` },
        ]),
      ),
    }),
  ]),
) as Record<StringOption, ReturnType<typeof builder.enumType>>;

builder.interfaceFields(ChartResultType, (t) => ({
  specialStars: t.field({
    type: [SpecialStarType],
    description:
      'Special stars (神殺) present in the chart: the six of `shensha` and the further stars of a Japanese 命式, in a fixed order ' +
      '(元辰 only when the input gives a gender). ' +
      'Where sources disagree, an argument chooses the school. Computed only when selected; no extra charge.',
    args: Object.fromEntries(
      SPECIAL_STAR_OPTIONS.map((option) => [
        option.name,
        typeof option.default === 'boolean'
          ? t.arg.boolean({
              required: true,
              defaultValue: option.default,
              description: `${option.description} The books and tables behind each setting: docs/fields.md, section 10.`,
            })
          : t.arg({
              type: SCHOOL_ENUMS[option.name as StringOption],
              required: true,
              defaultValue: option.default,
              description: `${option.description} Default ${enumName(option.default)}.`,
            }),
      ]),
    ) as never,
    resolve: (v, args: Partial<SpecialStarOptions>) =>
      specialStarsOf(v.core.pillars, v.catalogue, args, v.core.request.luck?.gender ?? null),
  }),
}));
