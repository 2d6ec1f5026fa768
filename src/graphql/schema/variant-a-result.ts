/** `VariantAResult`: every field of Variant A's `result` (docs/fields.md), resolved lazily from a LazyResult. */
import type { PerPillar, StemTenGods } from '../../domain/chart/analysis/pillar-tables.ts';
import type { BasicSummary } from '../../domain/chart/analysis/summary.ts';
import type { GogyoBalance } from '../../domain/chart/analysis/pillar-tables.ts';
import type { LazyResultA } from '../../domain/chart/variants.ts';
import { builder } from '../builder.ts';
import { objectTypeOf } from '../shapes.ts';
import {
  BASIC_SUMMARY_SHAPE,
  PILLAR_HIDDEN_STEM_TEN_GODS_SHAPE,
  PILLAR_HIDDEN_STEMS_SHAPE,
  PILLAR_LIFE_STAGES_SHAPE,
  STEM_TEN_GODS_SHAPE,
} from '../../wire/shapes/pillar-tables.ts';
import { ChartResultType } from './chart-result.ts';
import { DayGanzhiDetailsType } from './analysis-types.ts';

const StemTenGodsType = objectTypeOf<StemTenGods>(STEM_TEN_GODS_SHAPE);
export const ZokanType = objectTypeOf<PerPillar<string>>(PILLAR_HIDDEN_STEMS_SHAPE);
const ZokanTenGodsType = objectTypeOf<PerPillar<string>>(PILLAR_HIDDEN_STEM_TEN_GODS_SHAPE);
const JuniunType = objectTypeOf<PerPillar<string>>(PILLAR_LIFE_STAGES_SHAPE);

const GogyoBalanceType = builder.objectRef<GogyoBalance>('GogyoBalance').implement({
  description: 'Five-element count over the 8 visible characters (4 stems + 4 branches). REST keys: 木 火 土 金 水.',
  fields: (t) => ({
    wood: t.exposeInt('木', { description: '木 (wood).' }),
    fire: t.exposeInt('火', { description: '火 (fire).' }),
    earth: t.exposeInt('土', { description: '土 (earth).' }),
    metal: t.exposeInt('金', { description: '金 (metal).' }),
    water: t.exposeInt('水', { description: '水 (water).' }),
  }),
});

const BasicSummaryType = objectTypeOf<BasicSummary>(BASIC_SUMMARY_SHAPE);

export const VariantAResultType = builder.objectRef<LazyResultA>('VariantAResult').implement({
  interfaces: [ChartResultType],
  description: 'The chart in Variant A form (the `result` of `/v1/calculate`). Unselected sections are not computed.',
  fields: (t) => ({
    inputDate: t.string({
      description: 'Civil input time, `YYYY-MM-DD HH:MM`; `YYYY-MM-DD` when the time is unknown (`timeUnknown`).',
      resolve: (v) => v.calendar.input_date,
    }),
    inputLongitude: t.float({ description: 'Echo of the longitude (east positive).', resolve: (v) => v.calendar.input_longitude }),
    trueSolarTime: t.string({
      nullable: true,
      description: 'True solar time, `YYYY-MM-DD HH:MM`; null when the time is unknown (`timeUnknown`).',
      resolve: (v) => v.calendar.true_solar_time,
    }),
    springDate: t.string({
      description: '立春 that opened the pillar year, `YYYY-MM-DD HH:MM` in the request zone.',
      resolve: (v) => v.calendar.spring_date,
    }),
    yearGanzhi: t.string({ description: 'Year pillar, stem + branch.', resolve: (v) => v.calendar.year_ganzhi }),
    monthGanzhi: t.string({ description: 'Month pillar.', resolve: (v) => v.calendar.month_ganzhi }),
    dayGanzhi: t.string({ description: 'Day pillar.', resolve: (v) => v.calendar.day_ganzhi }),
    timeGanzhi: t.string({
      nullable: true,
      description: 'Hour pillar; null in a three-pillar chart (`timeUnknown`).',
      resolve: (v) => v.calendar.time_ganzhi,
    }),
    monthGanzhiDate: t.string({
      description: '節 that opened the month pillar, `YYYY-MM-DD HH:MM`.',
      resolve: (v) => v.calendar.month_ganzhi_date,
    }),
    monthGanzhiBiko: t.string({
      description: 'That 節 and its solar longitude, e.g. `立春(315°)`.',
      resolve: (v) => v.calendar.month_ganzhi_biko,
    }),
    julianDay: t.float({
      description:
        'Julian Day Number of the day-pillar date (an integral value; Float so that it merges with VariantBResult.julianDay in one selection).',
      resolve: (v) => v.calendar.julian_day,
    }),
    dayGanzhiDetails: t.field({
      type: DayGanzhiDetailsType,
      description: 'Facts about the day pillar.',
      resolve: (v) => v.section('day_ganzhi_details'),
    }),
    tenGods: t.field({
      type: StemTenGodsType,
      description: 'Ten gods of the year, month and hour stems.',
      resolve: (v) => v.section('ten_gods'),
    }),
    zokan: t.field({ type: ZokanType, description: 'Hidden stem of each pillar.', resolve: (v) => v.section('zokan') }),
    zokanTenGods: t.field({
      type: ZokanTenGodsType,
      description: 'Ten god of each hidden stem.',
      resolve: (v) => v.section('zokan_ten_gods'),
    }),
    juniun: t.field({ type: JuniunType, description: '十二運 of the day stem on each branch.', resolve: (v) => v.section('juniun') }),
    nayin: t.stringList({
      description:
        'Always empty in Variant A (kept for `/v1/calculate` compatibility; Variant B has 納音 per pillar). Selecting both variants in one operation? Alias this field: VariantBResult.nayin is an object.',
      resolve: () => [],
    }),
    gogyoBalance: t.field({ type: GogyoBalanceType, description: 'Five-element balance.', resolve: (v) => v.section('gogyo_balance') }),
    summary: t.field({ type: BasicSummaryType, description: 'Basic summary.', resolve: (v) => v.section('summary') }),
  }),
});
