/** `VariantBResult`: every field of Variant B's `result` (docs/fields.md), resolved lazily from a LazyResult. */
import type { LazyResultB } from '../../domain/chart/variants.ts';
import { builder } from '../builder.ts';
import { ChartResultType } from './chart-result.ts';
import { DayGanzhiDetailsType, DetailedNayinType, DetailedTenGodsType, EnhancedSummaryType, ShenshaType } from './analysis-types.ts';

export const VariantBResultType = builder.objectRef<LazyResultB>('VariantBResult').implement({
  interfaces: [ChartResultType],
  description: 'The chart in Variant B form (the `result` of `/api/v1/calculate`). Unselected sections are not computed.',
  fields: (t) => ({
    inputDate: t.string({
      description: 'Civil input time, `YYYY-MM-DD HH:MM`; `YYYY-MM-DD` when the time is unknown (`timeUnknown`).',
      resolve: (v) => v.calendar.input_date,
    }),
    trueSolarTimeRaw: t.string({
      nullable: true,
      description: 'True solar time with seconds, `YYYY-MM-DD HH:MM:SS`; null when the time is unknown (`timeUnknown`).',
      resolve: (v) => v.calendar.true_solar_time_raw,
    }),
    trueSolarTime: t.string({
      nullable: true,
      description: 'True solar time, `YYYY-MM-DD HH:MM`; null when the time is unknown (`timeUnknown`).',
      resolve: (v) => v.calendar.true_solar_time,
    }),
    springDate: t.string({
      description: '立春 that opened the pillar year, `YYYY/MM/DD HH:MM` in the request zone.',
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
      description: '節 that opened the month pillar, `YYYY/MM/DD HH:MM`.',
      resolve: (v) => v.calendar.month_ganzhi_date,
    }),
    monthGanzhiBiko: t.string({
      description: 'That 節 and its solar longitude, e.g. `立春(315°)`.',
      resolve: (v) => v.calendar.month_ganzhi_biko,
    }),
    julianDay: t.float({ description: 'Julian Date (UT) of the birth instant.', resolve: (v) => v.calendar.julian_day }),
    dayGanzhiDetails: t.field({
      type: DayGanzhiDetailsType,
      description: 'Facts about the day pillar.',
      resolve: (v) => v.section('day_ganzhi_details'),
    }),
    tenGods: t.field({
      type: DetailedTenGodsType,
      description: 'Ten gods with meanings and a summary.',
      resolve: (v) => v.section('ten_gods'),
    }),
    nayin: t.field({
      type: DetailedNayinType,
      description: '納音 per pillar and their compatibility.',
      resolve: (v) => v.section('nayin'),
    }),
    shensha: t.field({ type: ShenshaType, description: 'Special stars (神殺).', resolve: (v) => v.section('shensha') }),
    enhancedSummary: t.field({
      type: EnhancedSummaryType,
      description: 'Key characteristics and fortune indicators.',
      resolve: (v) => v.section('enhanced_summary'),
    }),
  }),
});
