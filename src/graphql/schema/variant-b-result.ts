/** `VariantBResult`: every field of spec §2.4 `result`, resolved lazily from a ChartView. */
import { builder } from '../builder.js';
import type { ChartView } from '../chart-view.js';
import { DayGanzhiDetailsType, DetailedNayinType, DetailedTenGodsType, EnhancedSummaryType, ShenshaType } from './analysis-types.js';

export const VariantBResultType = builder.objectRef<ChartView>('VariantBResult').implement({
  description: 'The chart in Variant B form (spec §2.4). Unselected sections are not computed.',
  fields: (t) => ({
    inputDate: t.string({ description: 'Civil input time, `YYYY-MM-DD HH:MM`.', resolve: (v) => v.calendarB.input_date }),
    trueSolarTimeRaw: t.string({ description: 'True solar time with seconds, `YYYY-MM-DD HH:MM:SS`.', resolve: (v) => v.calendarB.true_solar_time_raw }),
    trueSolarTime: t.string({ description: 'True solar time, `YYYY-MM-DD HH:MM`.', resolve: (v) => v.calendarB.true_solar_time }),
    springDate: t.string({ description: '立春 that opened the pillar year, `YYYY/MM/DD HH:MM` in the request zone.', resolve: (v) => v.calendarB.spring_date }),
    yearGanzhi: t.string({ description: 'Year pillar, stem + branch.', resolve: (v) => v.calendarB.year_ganzhi }),
    monthGanzhi: t.string({ description: 'Month pillar.', resolve: (v) => v.calendarB.month_ganzhi }),
    dayGanzhi: t.string({ description: 'Day pillar.', resolve: (v) => v.calendarB.day_ganzhi }),
    timeGanzhi: t.string({ description: 'Hour pillar.', resolve: (v) => v.calendarB.time_ganzhi }),
    monthGanzhiDate: t.string({ description: '節 that opened the month pillar, `YYYY/MM/DD HH:MM`.', resolve: (v) => v.calendarB.month_ganzhi_date }),
    monthGanzhiBiko: t.string({ description: 'That 節 and its solar longitude, e.g. `立春(315°)`.', resolve: (v) => v.calendarB.month_ganzhi_biko }),
    julianDay: t.float({ description: 'Julian Date (UT) of the birth instant.', resolve: (v) => v.calendarB.julian_day }),
    dayGanzhiDetails: t.field({ type: DayGanzhiDetailsType, description: 'Facts about the day pillar.', resolve: (v) => v.sectionB('day_ganzhi_details') }),
    tenGods: t.field({ type: DetailedTenGodsType, description: 'Ten gods with meanings and a summary.', resolve: (v) => v.sectionB('ten_gods') }),
    nayin: t.field({ type: DetailedNayinType, description: '納音 per pillar and their compatibility.', resolve: (v) => v.sectionB('nayin') }),
    shensha: t.field({ type: ShenshaType, description: 'Special stars (神殺).', resolve: (v) => v.sectionB('shensha') }),
    enhancedSummary: t.field({ type: EnhancedSummaryType, description: 'Key characteristics and fortune indicators.', resolve: (v) => v.sectionB('enhanced_summary') }),
  }),
});
