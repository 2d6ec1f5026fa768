/**
 * The `palaces` section's JSON (/openapi.json `Palaces`) declared as shapes: a shape per palace, its
 * `code` and default school fixed, and a shape for the pillars of the other schools beside it
 * (`variants`, one per other school). GraphQL keeps its own types (src/graphql/schema/palaces.ts):
 * there a pillar's stem, branch, ten god and 納音 are `Term`s (code, label, reading) where REST has a
 * code and a label, and one `ChartPalace` type serves the four palaces.
 */
import { z } from 'zod';
import { BREATH_SCHOOL, CONCEPTION_SCHOOLS, PALACE_MONTH_SCHOOLS } from '../../../domain/chart/palaces.ts';
import { BRANCH_CODES, NAYIN_CODES, STEM_CODES, TEN_GOD_CODES, type PalaceCode } from '../../../domain/vocabulary/codes.ts';
import { asWritten, componentRef, shape, type Shape } from '../../shapes/shape.ts';
import type { palacesJson } from './json.ts';

/** One of the codes, or null: `enum` with null in it. */
const codeOrNull = <const T extends readonly string[]>(codes: T) => z.literal([...codes, null]);

/** Exactly this code: `const` alone (zod writes a literal's `type` too). */
const exactly = <const T extends PalaceCode>(code: T) => asWritten<T>({ const: code });

const GANZHI = componentRef('Ganzhi');

/** A pillar read by one of `schools`: codes and words, all null when the palace is absent. */
const pillar = <const S extends readonly string[]>(schools: S) => ({
  school: z.enum(schools).meta({
    description:
      '胎元 `month_pillar` (default) or `three_hundred_days`; 胎息 `stem_and_branch_combination`; 命宮・身宮 `jie_month` (default) or `zhongqi_month`',
  }),
  ganzhi: z.xor([GANZHI, z.null()]).meta({ description: 'The pillar’s two characters, e.g. 甲申 (the same in every language)' }),
  stem: codeOrNull(STEM_CODES).meta({ description: 'Heavenly stem' }),
  branch: codeOrNull(BRANCH_CODES).meta({ description: 'Earthly branch' }),
  ten_god: codeOrNull(TEN_GOD_CODES).meta({ description: 'The stem’s ten god against the day stem' }),
  ten_god_label: z.string().nullable().meta({ description: 'The ten god of the stem against the day stem, in the answer’s language' }),
  nayin: codeOrNull(NAYIN_CODES).meta({ description: '納音' }),
  nayin_label: z.string().nullable().meta({ description: 'The 納音 in the answer’s language' }),
});

/** A palace read by its default school, `variants` the other schools' pillars. */
const palace = <const C extends PalaceCode, const S extends string, V extends z.ZodType>(name: string, code: C, school: S, variants: V) =>
  shape(name, 'One of 胎元・胎息・命宮・身宮, read by its default school, with the other schools’ readings', {
    code: exactly(code).meta({ description: '`palace.tai_yuan`, `palace.tai_xi`, `palace.ming_gong` or `palace.shen_gong`' }),
    name: z.string().meta({ description: 'The palace’s name (ja 命宮, zh-Hans 命宫, en Life Palace, ko 명궁)' }),
    reading: z.string().meta({
      description:
        'How the name is read: `ja` hiragana, `zh-Hans`/`zh-Hant` pinyin with tone marks, `en` pinyin with tone marks, `ko` hangul',
    }),
    ...pillar([school]),
    absent: z.literal(['time_unknown', null]).meta({
      description: '`time_unknown` when the palace needs the hour and the birth time is unknown (its pillar fields are null); else null',
    }),
    variants: variants.meta({
      description: 'The same palace by the other schools: 胎元 `three_hundred_days`, 命宮・身宮 `zhongqi_month`; none for 胎息',
    }),
  });

/** The other schools' pillars, one each in the schools' order. */
const oneEach = <T extends z.ZodRawShape>(variant: Shape<T>, schools: readonly string[]) => z.array(variant.object).length(schools.length);

const [CONCEPTION_DEFAULT, ...CONCEPTION_OTHERS] = CONCEPTION_SCHOOLS;
const [PALACE_MONTH_DEFAULT, ...PALACE_MONTH_OTHERS] = PALACE_MONTH_SCHOOLS;
const VARIANT = 'The same palace read by another school';

export const TAI_YUAN_VARIANT_SHAPE = shape('PalaceTaiYuanVariant', VARIANT, pillar(CONCEPTION_OTHERS));
export const PALACE_MONTH_VARIANT_SHAPE = shape('PalaceMonthVariant', VARIANT, pillar(PALACE_MONTH_OTHERS));

export const TAI_YUAN_SHAPE = palace(
  'PalaceTaiYuan',
  'palace.tai_yuan',
  CONCEPTION_DEFAULT,
  oneEach(TAI_YUAN_VARIANT_SHAPE, CONCEPTION_OTHERS),
);
/** 胎息 has one rule, so no variant: an empty list (`maxItems: 0` alone; the metadata leaves out zod's `items`). */
export const TAI_XI_SHAPE = palace(
  'PalaceTaiXi',
  'palace.tai_xi',
  BREATH_SCHOOL,
  asWritten<readonly never[]>({ type: 'array', maxItems: 0 }),
);
export const MING_GONG_SHAPE = palace(
  'PalaceMingGong',
  'palace.ming_gong',
  PALACE_MONTH_DEFAULT,
  oneEach(PALACE_MONTH_VARIANT_SHAPE, PALACE_MONTH_OTHERS),
);
export const SHEN_GONG_SHAPE = palace(
  'PalaceShenGong',
  'palace.shen_gong',
  PALACE_MONTH_DEFAULT,
  oneEach(PALACE_MONTH_VARIANT_SHAPE, PALACE_MONTH_OTHERS),
);

export const PALACES_SHAPE = shape(
  'Palaces',
  '胎元・胎息・命宮・身宮 (`include=palaces`), each by its default school with the others beside it; docs/fields.md, section 18',
  {
    tai_yuan: TAI_YUAN_SHAPE.object.meta({ description: '胎元 (conception pillar)' }),
    tai_xi: TAI_XI_SHAPE.object.meta({ description: '胎息 (fetal breath)' }),
    ming_gong: MING_GONG_SHAPE.object.meta({ description: '命宮 (life palace): needs the hour' }),
    shen_gong: SHEN_GONG_SHAPE.object.meta({ description: '身宮 (body palace): needs the hour' }),
  },
);

/**
 * The shapes' types are the presenter's (json.ts): each declared palace fits its type, with the same
 * members, so a member added to one and not the other fails the type check. The presenter's pillar
 * is a union (all null, or all there); `Merged` makes it one object of nullable members.
 */
type Merged<U> = Pick<U, keyof U>;
type PalaceJson = ReturnType<typeof palacesJson>[string];
type PillarJson = Merged<PalaceJson['variants'][number]>;
type PalaceOf = Omit<Merged<PalaceJson>, 'variants'> & { readonly variants: readonly PillarJson[] };
type Same<S extends Shape, Presented> =
  z.infer<S['object']> extends infer Declared ? ([Declared, keyof Declared] extends [Presented, keyof Presented] ? true : false) : false;
const sameMembers: [
  Same<typeof TAI_YUAN_VARIANT_SHAPE, PillarJson>,
  Same<typeof PALACE_MONTH_VARIANT_SHAPE, PillarJson>,
  Same<typeof TAI_YUAN_SHAPE, PalaceOf>,
  Same<typeof TAI_XI_SHAPE, PalaceOf>,
  Same<typeof MING_GONG_SHAPE, PalaceOf>,
  Same<typeof SHEN_GONG_SHAPE, PalaceOf>,
  Same<typeof PALACES_SHAPE, { readonly [K in 'tai_yuan' | 'tai_xi' | 'ming_gong' | 'shen_gong']: PalaceOf }>,
] = [true, true, true, true, true, true, true];
void sameMembers;
