/**
 * `palaces` (胎元・胎息・命宮・身宮) on both variants' result, computed only when selected: each palace
 * by its default school, its pillar's words as `Term`s, with the other schools' pillars beside it
 * (REST `include=palaces` answers the same; docs/fields.md, section 18).
 */
import { nayinIndexOf } from '../../domain/calendar/nayin.ts';
import { branchOf, ganzhiName, stemOf } from '../../domain/calendar/sexagenary.ts';
import { tenGodIndex } from '../../domain/calendar/ten-gods.ts';
import type { Catalogue } from '../../domain/catalogue/index.ts';
import { palaceReadingsOf, type Palace, type PalaceReading } from '../../domain/chart/palaces.ts';
import { BRANCH_CODES, NAYIN_CODES, STEM_CODES, TEN_GOD_CODES, type VocabularyCode } from '../../domain/vocabulary/codes.ts';
import { builder } from '../builder.ts';
import { ChartResultType } from './chart-result.ts';
import { TermType } from './terms.ts';

interface PalaceSource {
  readonly palace: Palace;
  readonly dayStem: number;
  readonly catalogue: Catalogue;
}

const term = (source: PalaceSource, code: (pillar: number) => VocabularyCode) =>
  source.palace.pillar === null ? null : { code: code(source.palace.pillar), catalogue: source.catalogue };

/** What a palace and its other schools' readings share: the school and the pillar's words, null when absent. */
const PalacePillarType = builder.interfaceRef<PalaceSource>('PalacePillar').implement({
  description: 'A palace read by one school: its pillar and the pillar’s words; the pillar fields are null when the palace is absent.',
  fields: (t) => ({
    school: t.string({
      description:
        '胎元 `month_pillar` (default) or `three_hundred_days`; 胎息 `stem_and_branch_combination`; 命宮・身宮 `jie_month` (default) or `zhongqi_month`.',
      resolve: (p) => p.palace.school,
    }),
    ganzhi: t.string({
      nullable: true,
      description: 'The pillar’s two characters, e.g. 甲申 (the same in every language).',
      resolve: (p) => (p.palace.pillar === null ? null : ganzhiName(p.palace.pillar)),
    }),
    stem: t.field({
      type: TermType,
      nullable: true,
      description: 'Heavenly stem.',
      resolve: (p) => term(p, (i) => STEM_CODES[stemOf(i)]!),
    }),
    branch: t.field({
      type: TermType,
      nullable: true,
      description: 'Earthly branch.',
      resolve: (p) => term(p, (i) => BRANCH_CODES[branchOf(i)]!),
    }),
    tenGod: t.field({
      type: TermType,
      nullable: true,
      description: 'The stem’s ten god against the day stem.',
      resolve: (p) => term(p, (i) => TEN_GOD_CODES[tenGodIndex(p.dayStem, stemOf(i))]!),
    }),
    nayin: t.field({ type: TermType, nullable: true, description: '納音.', resolve: (p) => term(p, (i) => NAYIN_CODES[nayinIndexOf(i)]!) }),
  }),
});

const PalaceVariantType = builder.objectRef<PalaceSource>('PalaceVariant').implement({
  description: 'The same palace read by another school.',
  interfaces: [PalacePillarType],
  isTypeOf: () => true,
});

const ChartPalaceType = builder.objectRef<PalaceSource & { readonly palace: PalaceReading }>('ChartPalace').implement({
  description: 'One of 胎元・胎息・命宮・身宮, read by its default school, with the other schools’ readings.',
  interfaces: [PalacePillarType],
  isTypeOf: () => true,
  fields: (t) => ({
    code: t.string({
      description: '`palace.tai_yuan`, `palace.tai_xi`, `palace.ming_gong` or `palace.shen_gong`.',
      resolve: (p) => p.palace.code,
    }),
    name: t.field({
      type: TermType,
      description: 'The palace’s name (ja 命宮, zh-Hans 命宫, en Life Palace, ko 명궁) with its reading.',
      resolve: (p) => ({ code: p.palace.code, catalogue: p.catalogue }),
    }),
    absent: t.string({
      nullable: true,
      description: '`time_unknown` when the palace needs the hour and the birth time is unknown (its pillar fields are null); else null.',
      resolve: (p) => p.palace.absent,
    }),
    variants: t.field({
      type: [PalaceVariantType],
      description: 'The same palace by the other schools: 胎元 `three_hundred_days`, 命宮・身宮 `zhongqi_month`; none for 胎息.',
      resolve: (p) => p.palace.variants.map((palace) => ({ palace, dayStem: p.dayStem, catalogue: p.catalogue })),
    }),
  }),
});

type Readings = readonly (PalaceSource & { readonly palace: PalaceReading })[];

const ChartPalacesType = builder.objectRef<Readings>('ChartPalaces').implement({
  description: '胎元・胎息・命宮・身宮.',
  fields: (t) => ({
    taiYuan: t.field({ type: ChartPalaceType, description: '胎元 (conception pillar).', resolve: (r) => r[0]! }),
    taiXi: t.field({ type: ChartPalaceType, description: '胎息 (fetal breath).', resolve: (r) => r[1]! }),
    mingGong: t.field({ type: ChartPalaceType, description: '命宮 (life palace): needs the hour.', resolve: (r) => r[2]! }),
    shenGong: t.field({ type: ChartPalaceType, description: '身宮 (body palace): needs the hour.', resolve: (r) => r[3]! }),
  }),
});

builder.interfaceFields(ChartResultType, (t) => ({
  palaces: t.field({
    type: ChartPalacesType,
    description:
      '胎元・胎息・命宮・身宮: each palace’s pillar, ten god and 納音 by its default school, with the other schools beside it; 命宮 and 身宮 have no pillar when the time is unknown. Computed only when selected; no extra charge.',
    resolve: (v): Readings => {
      const dayStem = stemOf(v.core.pillars.day);
      return palaceReadingsOf(v.core).map((palace) => ({ palace, dayStem, catalogue: v.catalogue }));
    },
  }),
}));
