/**
 * The 命式表 on both variants' result, computed only when selected: `meishiki` as data
 * (what the `/chart` page draws) and `chartSvg`, the same table as a standalone SVG.
 */
import { meishikiNotes, meishikiOf, type Meishiki } from '../../domain/chart/meishiki.ts';
import { meishikiSvg } from '../../wire/present/meishiki-svg.ts';
import { builder } from '../builder.ts';
import { ChartResultType } from './chart-result.ts';

const MeishikiRowType = builder.objectRef<Meishiki['rows'][number]>('MeishikiRow').implement({
  description: 'One row of the 命式表.',
  fields: (t) => ({
    code: t.exposeString('code', {
      description:
        'What the row holds, whatever the language of its label: row.stem, row.branch, row.hidden_stem, row.ten_god, row.hidden_stem_ten_god, row.life_stage, row.nayin, row.void or row.special_stars.',
    }),
    label: t.exposeString('label', { description: '天干, 地支, 蔵干, 通変星, 蔵干通変星, 十二運, 納音, 空亡 or 特殊星.' }),
    cells: t.exposeStringList('cells', {
      description:
        'One cell per column (時柱 日柱 月柱 年柱; no 時柱 in a three-pillar chart); several special stars in a cell are joined by ・; an empty cell is "". ' +
        'The 空亡 row holds each pillar’s own 旬空 pair.',
    }),
  }),
});

const MeishikiTermType = builder.objectRef<Meishiki['terms'][number]>('MeishikiTerm').implement({
  description: 'A 節 that bounds the chart.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Its name, e.g. 立夏.' }),
    local: t.exposeString('local', { description: 'Its minute in the request zone, `YYYY-MM-DD HH:MM`.' }),
  }),
});

const MeishikiElementType = builder.objectRef<Meishiki['elements'][number]>('MeishikiElement').implement({
  description: 'How many of the visible characters (8; 6 in a three-pillar chart) carry an element.',
  fields: (t) => ({
    code: t.exposeString('code', {
      description:
        'The element, whatever the language of its label: element.wood, element.fire, element.earth, element.metal or element.water.',
    }),
    element: t.exposeString('element', { description: '木, 火, 土, 金 or 水.' }),
    count: t.exposeInt('count', { description: '0–8 (0–6 in a three-pillar chart).' }),
  }),
});

const MeishikiType = builder.objectRef<Meishiki & { readonly notes: readonly string[] }>('Meishiki').implement({
  description: 'The 命式表: the chart as the traditional Japanese table, with what bounds it.',
  fields: (t) => ({
    birth: t.exposeString('birth', {
      description: 'The birth as asked: `YYYY-MM-DD HH:MM` (`YYYY-MM-DD 時刻不明` when the time is unknown) and the longitude.',
    }),
    columns: t.stringList({
      description: '時柱, 日柱, 月柱, 年柱 (hour first, as printed in Japan); 日柱, 月柱, 年柱 in a three-pillar chart.',
      resolve: (m) => [...m.columns],
    }),
    rows: t.field({ type: [MeishikiRowType], description: 'The rows, top to bottom.', resolve: (m) => m.rows }),
    trueSolarTime: t.exposeString('trueSolarTime', {
      nullable: true,
      description: 'True solar time, `YYYY-MM-DD HH:MM`; null when the birth time is unknown.',
    }),
    timeGiven: t.exposeBoolean('timeGiven', {
      description: 'A birth time was given; otherwise (and unless `timeUnknown`) the hour pillar is the 12:00 default.',
    }),
    timeUnknown: t.exposeBoolean('timeUnknown', { description: 'The birth time was said to be unknown: three pillars, no 時柱 column.' }),
    terms: t.field({
      type: [MeishikiTermType],
      description: 'The 節 that opened the month pillar and the next one.',
      resolve: (m) => m.terms,
    }),
    elements: t.field({ type: [MeishikiElementType], description: 'The five elements, 木火土金水.', resolve: (m) => m.elements }),
    notes: t.stringList({
      description:
        'The lines printed under the table, in the answer’s language: the true solar time (and how the hour pillar was read), the 節 that bound the chart, then 胎元・胎息・命宮・身宮 (— for 命宮 and 身宮 when the time is unknown).',
      resolve: (m) => [...m.notes],
    }),
  }),
});

builder.interfaceFields(ChartResultType, (t) => ({
  meishiki: t.field({
    type: MeishikiType,
    description:
      'The 命式表 as data (columns 時柱 日柱 月柱 年柱; rows 天干 … 空亡, 特殊星). Computed only when selected; no extra charge.',
    resolve: (v) => {
      const chart = meishikiOf(v.core, v.catalogue);
      return { ...chart, notes: meishikiNotes(chart, v.catalogue) };
    },
  }),
  chartSvg: t.string({
    description:
      'The 命式表 (columns 時柱 日柱 月柱 年柱, no 時柱 when the time is unknown; rows 天干, 地支, 蔵干, 通変星, 蔵干通変星, 十二運, 納音, 空亡, 特殊星) with the true solar time, the 節 that bound the chart, ' +
      '胎元・胎息・命宮・身宮 and the five elements as bars: a standalone SVG document, as `GET /v1/chart.svg` answers it. Computed only when selected; no extra charge.',
    resolve: (v) => meishikiSvg(meishikiOf(v.core, v.catalogue), v.catalogue),
  }),
}));
