/**
 * Codes, labels and readings on GraphQL: `Term` (a code of a closed vocabulary with its label and
 * reading in the answer's language, and for a stem or branch its character, the same in every
 * language), `ChartResult.pillars` (each pillar's stem, branch, ten god, hidden stem, life stage and
 * 納音 as terms) and the free `Query.vocabulary` (every code with its words in one language).
 */
import { BRANCHES } from '../../domain/calendar/branches.ts';
import { LIFE_STAGE_BY_STEM } from '../../domain/calendar/life-stages.ts';
import { nayinIndexOf } from '../../domain/calendar/nayin.ts';
import { branchOf, ganzhiName, stemOf } from '../../domain/calendar/sexagenary.ts';
import { STEMS } from '../../domain/calendar/stems.ts';
import { catalogueFor } from '../../domain/catalogue/catalogues.ts';
import type { Catalogue } from '../../domain/catalogue/index.ts';
import { DEFAULT_LANG } from '../../domain/catalogue/lang.ts';
import { profileOf } from '../../domain/chart/analysis/profile.ts';
import {
  BRANCH_CODES,
  ELEMENT_CODES,
  LIFE_STAGE_CODES,
  NAYIN_CODES,
  STEM_CODES,
  TEN_GOD_CODES,
  VOCABULARIES,
  ZODIAC_CODES,
  type VocabularyCode,
} from '../../domain/vocabulary/codes.ts';
import { labelOf, placeOf, readingOf } from '../../domain/vocabulary/labels.ts';
import { builder } from '../builder.ts';
import { LanguageType } from './calculate.ts';
import { ChartResultType } from './chart-result.ts';

interface TermSource {
  readonly code: VocabularyCode;
  readonly catalogue: Catalogue;
}

export const TermType = builder.objectRef<TermSource>('Term').implement({
  description:
    'A word of a closed vocabulary: its stable code, its label and reading in the answer’s language (`lang`), and for a stem or branch its character.',
  fields: (t) => ({
    code: t.string({
      description: 'Stable code, e.g. `shishen.zheng_yin`, `stage.lin_guan`, `jieqi.li_chun` (docs/fields.md lists them).',
      resolve: (term) => term.code,
    }),
    label: t.string({
      description: 'The label in the answer’s language (ja 印綬, zh-Hans 正印, en Direct Resource, ko 정인).',
      resolve: (term) => labelOf(term.catalogue.labels, term.code),
    }),
    reading: t.string({
      description:
        'How the label is read: `ja` hiragana, `zh-Hans`/`zh-Hant` pinyin with tone marks, `en` pinyin with tone marks, `ko` hangul.',
      resolve: (term) => readingOf(term.catalogue, term.code),
    }),
    character: t.string({
      nullable: true,
      description: 'For a stem or branch, its character (甲 … 癸, 子 … 亥): the same in every language. Null for the other vocabularies.',
      resolve: ({ code }) => {
        const [namespace, index] = placeOf(code);
        return namespace === 'stem' ? STEMS[index]! : namespace === 'branch' ? BRANCHES[index]! : null;
      },
    }),
  }),
});

const term = (catalogue: Catalogue, code: VocabularyCode): TermSource => ({ code, catalogue });

const POSITIONS = ['year', 'month', 'day', 'hour'] as const;

interface PillarSource {
  readonly position: (typeof POSITIONS)[number];
  readonly pillar: number;
  readonly slot: number;
  readonly source: { readonly profile: ReturnType<typeof profileOf>; readonly catalogue: Catalogue };
}

const ChartPillarType = builder.objectRef<PillarSource>('ChartPillar').implement({
  description: 'One pillar of the chart with every word of it as a `Term` (code, label, reading).',
  fields: (t) => ({
    position: t.string({ description: '`year`, `month`, `day` or `hour`.', resolve: (p) => p.position }),
    ganzhi: t.string({
      description: 'The pillar’s two characters, e.g. 庚午 (the same in every language).',
      resolve: (p) => ganzhiName(p.pillar),
    }),
    stem: t.field({
      type: TermType,
      description: 'Heavenly stem.',
      resolve: (p) => term(p.source.catalogue, STEM_CODES[stemOf(p.pillar)]!),
    }),
    branch: t.field({
      type: TermType,
      description: 'Earthly branch.',
      resolve: (p) => term(p.source.catalogue, BRANCH_CODES[branchOf(p.pillar)]!),
    }),
    element: t.field({
      type: TermType,
      description: 'The stem’s element.',
      resolve: (p) => term(p.source.catalogue, ELEMENT_CODES[stemOf(p.pillar) >> 1]!),
    }),
    zodiac: t.field({
      type: TermType,
      description: 'The branch’s animal.',
      resolve: (p) => term(p.source.catalogue, ZODIAC_CODES[branchOf(p.pillar)]!),
    }),
    tenGod: t.field({
      type: TermType,
      nullable: true,
      description: 'The stem’s ten god against the day stem; null for the day pillar (its stem is the day master).',
      resolve: (p) => (p.position === 'day' ? null : term(p.source.catalogue, TEN_GOD_CODES[p.source.profile.stemTenGods[p.slot]!]!)),
    }),
    hiddenStem: t.field({
      type: TermType,
      description: 'The 蔵干 in force (by the chart’s table and day count).',
      resolve: (p) => term(p.source.catalogue, STEM_CODES[p.source.profile.zokanStems[p.slot]!]!),
    }),
    hiddenStemTenGod: t.field({
      type: TermType,
      description: 'The 蔵干’s ten god against the day stem.',
      resolve: (p) => term(p.source.catalogue, TEN_GOD_CODES[p.source.profile.zokanTenGods[p.slot]!]!),
    }),
    lifeStage: t.field({
      type: TermType,
      description: 'The day stem’s life stage (十二運) on this branch.',
      resolve: (p) => term(p.source.catalogue, LIFE_STAGE_CODES[LIFE_STAGE_BY_STEM[p.source.profile.dayStem]![branchOf(p.pillar)]!]!),
    }),
    nayin: t.field({
      type: TermType,
      description: '納音.',
      resolve: (p) => term(p.source.catalogue, NAYIN_CODES[nayinIndexOf(p.pillar)]!),
    }),
  }),
});

builder.interfaceFields(ChartResultType, (t) => ({
  pillars: t.field({
    type: [ChartPillarType],
    description:
      'The pillars, year first (no hour pillar when the birth time is unknown), each word with its code, label and reading in the answer’s language. Computed only when selected; no extra charge.',
    resolve: (v) => {
      const source = { profile: profileOf(v.core), catalogue: v.catalogue };
      const { year, month, day, hour } = v.core.pillars;
      const pillars = hour === null ? [year, month, day] : [year, month, day, hour];
      return pillars.map((pillar, slot) => ({ position: POSITIONS[slot]!, pillar, slot, source }));
    },
  }),
}));

interface VocabularySource {
  readonly namespace: keyof typeof VOCABULARIES;
  readonly catalogue: Catalogue;
}

const VocabularyType = builder.objectRef<VocabularySource>('Vocabulary').implement({
  description: 'One closed vocabulary with every code in it.',
  fields: (t) => ({
    namespace: t.string({
      description: `The codes’ prefix: ${Object.keys(VOCABULARIES).join(', ')}.`,
      resolve: (v) => v.namespace,
    }),
    terms: t.field({
      type: [TermType],
      description: 'Its codes in order (stems 甲…癸, branches 子…亥, ten gods 比肩…正印, solar terms from 小寒, …).',
      resolve: (v) => VOCABULARIES[v.namespace].map((code) => term(v.catalogue, code)),
    }),
  }),
});

builder.queryField('vocabulary', (t) =>
  t.field({
    type: [VocabularyType],
    description: 'Every code of every closed vocabulary with its label and reading in one language. Free; no key needed.',
    args: { lang: t.arg({ type: LanguageType, description: 'The language (default `ja`).' }) },
    resolve: (_root, { lang }) => {
      const catalogue = catalogueFor(lang ?? DEFAULT_LANG);
      return (Object.keys(VOCABULARIES) as (keyof typeof VOCABULARIES)[]).map((namespace) => ({ namespace, catalogue }));
    },
  }),
);
