/**
 * `specialStars` (特殊星 / 神殺) on both variants' result, computed only when selected:
 * the six stars of the shensha section and the further stars Japanese 命式 show, each with its
 * reading, the pillars it sits on and the rule that matched. Where sources disagree the school is
 * an argument (one per option of the domain's SPECIAL_STAR_OPTIONS, with the same default).
 */
import {
  SPECIAL_STAR_CATALOGUE,
  SPECIAL_STAR_OPTIONS,
  specialStarsOf,
  type SpecialStar,
  type SpecialStarOptions,
  type SpecialStarPosition,
} from '../../domain/stars/special-stars.ts';
import { builder } from '../builder.ts';
import { ChartResultType } from './chart-result.ts';

const SpecialStarPositionType = builder.objectRef<SpecialStarPosition>('SpecialStarPosition').implement({
  description: 'Where a special star sits: a pillar and its stem or branch.',
  fields: (t) => ({
    pillar: t.exposeString('pillar', { description: '`year`, `month`, `day` or `hour`.' }),
    part: t.exposeString('part', { description: '`stem` or `branch`.' }),
  }),
});

const SpecialStarType = builder.objectRef<SpecialStar>('SpecialStar').implement({
  description: 'A special star (神殺) present in the chart.',
  fields: (t) => ({
    code: t.exposeString('code', {
      description: `Stable code: ${SPECIAL_STAR_CATALOGUE.map((star) => `${star.code} (${star.name})`).join(', ')}.`,
    }),
    name: t.exposeString('name', { description: 'Its name in the answer’s language, e.g. ja 羊刃, en Goat Blade.' }),
    reading: t.exposeString('reading', {
      description:
        'How its name is read: hiragana in ja (ようじん), pinyin with tone marks in zh-Hans, zh-Hant and en (yángrèn), hangul in ko.',
    }),
    positions: t.field({
      type: [SpecialStarPositionType],
      description: 'The pillars (and parts) it sits on.',
      resolve: (s) => s.positions,
    }),
    rule: t.exposeString('rule', { description: 'What matched, in the answer’s language, e.g. ja 日干 甲 → 地支 卯.' }),
  }),
});

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
