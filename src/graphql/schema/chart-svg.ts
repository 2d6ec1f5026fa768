/** `chartSvg` (issue 17) on both variants' result: the 命式表 as a standalone SVG, computed only when selected. */
import { meishikiOf } from '../../domain/chart/meishiki.ts';
import { meishikiSvg } from '../../domain/chart/meishiki-svg.ts';
import type { LazyResultA, LazyResultB } from '../../domain/chart/variants.ts';
import { builder } from '../builder.ts';
import { VariantAResultType } from './variant-a-result.ts';
import { VariantBResultType } from './variant-b-result.ts';

for (const ref of [VariantAResultType, VariantBResultType] as const) {
  builder.objectFields(ref as typeof VariantBResultType, (t) => ({
    chartSvg: t.string({
      description:
        'The 命式表 (columns 時柱 日柱 月柱 年柱; rows 天干, 地支, 蔵干, 通変星, 蔵干通変星, 十二運, 納音, 特殊星) with the true solar time, the 節 that bound the chart ' +
        'and the five elements as bars: a standalone SVG document, as `GET /v1/chart.svg` answers it. Computed only when selected; no extra charge.',
      resolve: (v: LazyResultA | LazyResultB) => meishikiSvg(meishikiOf(v.core)),
    }),
  }));
}
