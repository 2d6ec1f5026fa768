/**
 * School variants of the special stars, where the sources disagree (docs/fields.md, "10. Special stars
 * (神殺)"). Defaults follow the Japanese app (Source: [yorozu-uranai]), and the existing shensha section
 * for the reference-pillar policy. Each option's `source` names the docs/sources.md keys behind each value.
 */
export interface SpecialStarOptions {
  /** 羊刃 of the yin stems (and so 飛刃): 'japanese' (default: 乙辰 丁未 己未 辛戌 癸丑), 'yang_only' (淵海子平: yin stems have none), 'prosperity' (帝旺: 乙寅 丁巳 己巳 辛申 癸亥). */
  readonly yangBlade: 'japanese' | 'yang_only' | 'prosperity';
  /** 紅艶 of 乙: 'japanese' (default, 申) or 'cantian' (午). */
  readonly redBlossom: 'japanese' | 'cantian';
  /** 学堂: 'day_stem' (default: 長生 of the day stem) or 'year_nayin' (長生 of the year pillar's 納音 element: 金巳 木亥 水申 土申 火寅). */
  readonly academy: 'day_stem' | 'year_nayin';
  /** 孤辰・寡宿 keyed on 'year_and_day' (default, Japanese app) or 'year' only. */
  readonly lonelyKey: 'year_and_day' | 'year';
  /** 天徳貴人 (and 天徳合): 'stem_or_branch' (default: months 卯午酉子 give a branch, matched on branches) or 'stem_only'. */
  readonly heavenlyVirtue: 'stem_or_branch' | 'stem_only';
  /** 華蓋 keyed on 'year_and_day' (default, as the existing shensha) or 'month' (yorozu). */
  readonly canopyKey: 'year_and_day' | 'month';
  /**
   * A branch-keyed rule may hit its own reference pillar (yorozu) — default false (cantian; the existing shensha).
   * Applies to every rule keyed on the year, month or day branch and to 学堂 'year_nayin' (keyed on the year pillar).
   */
  readonly selfMatch: boolean;
  /** 血刃: no agreement between sources, so off by default; true = the Japanese app's table on the year or day branch. */
  readonly bloodBlade: boolean;
  /** 将星・災殺・六厄 keyed on 'year_and_day' (default), the 'day' branch only, or the 'year' branch only. */
  readonly generalKey: 'year_and_day' | 'day' | 'year';
  /** 紅鸞・天喜 keyed on the 'year' branch (default) or on 'year_and_day'. */
  readonly luanKey: 'year' | 'year_and_day';
  /** 金神 on the 'hour' pillar (default) or on the 'day_and_hour' pillars. */
  readonly goldenSpirit: 'hour' | 'day_and_hour';
}

export const SPECIAL_STAR_OPTION_DEFAULTS: SpecialStarOptions = Object.freeze({
  yangBlade: 'japanese',
  redBlossom: 'japanese',
  academy: 'day_stem',
  lonelyKey: 'year_and_day',
  heavenlyVirtue: 'stem_or_branch',
  canopyKey: 'year_and_day',
  selfMatch: false,
  bloodBlade: false,
  generalKey: 'year_and_day',
  luanKey: 'year',
  goldenSpirit: 'hour',
});

type OptionValues = { readonly [K in keyof SpecialStarOptions]: readonly SpecialStarOptions[K][] };

const VALUES: OptionValues = {
  yangBlade: ['japanese', 'yang_only', 'prosperity'],
  redBlossom: ['japanese', 'cantian'],
  academy: ['day_stem', 'year_nayin'],
  lonelyKey: ['year_and_day', 'year'],
  heavenlyVirtue: ['stem_or_branch', 'stem_only'],
  canopyKey: ['year_and_day', 'month'],
  selfMatch: [false, true],
  bloodBlade: [false, true],
  generalKey: ['year_and_day', 'day', 'year'],
  luanKey: ['year', 'year_and_day'],
  goldenSpirit: ['hour', 'day_and_hour'],
};

const ABOUT: Readonly<Record<keyof SpecialStarOptions, { readonly description: string; readonly brief: string; readonly source: string }>> =
  {
    yangBlade: {
      brief: '羊刃・飛刃 of the yin stems',
      description:
        'Yang blade (羊刃) and so flying blade (飛刃) of the yin stems: the Japanese table (乙辰 丁未 己未 辛戌 癸丑), none (yang stems only), or the prosperity (帝旺) branch (乙寅 丁巳 己巳 辛申 癸亥).',
      source: 'japanese: [yorozu-uranai] nikkan-shi.ts, [sichusuimei]; yang_only: [enkai-shihei]; prosperity: [bazi-mcp], [jiemenglao]',
    },
    redBlossom: {
      brief: '紅艶 of 乙: 申 or 午',
      description: 'Red blossom (紅艶) of the day stem 乙: 申 (Japanese table) or 午 (cantian reading of the verse 甲乙午申).',
      source: 'japanese: [yorozu-uranai] nikkan-shi.ts; cantian: [bazi-mcp] god.ts',
    },
    academy: {
      brief: '学堂 from the day stem or the year 納音',
      description: 'Academy (学堂): the longevity (長生) branch of the day stem, or of the element of the year pillar’s nayin (納音).',
      source: 'day_stem: [sichusuimei] jikkan_spec.rb (富貴学童); year_nayin: [bazi-mcp] god.ts',
    },
    lonelyKey: {
      brief: '孤辰・寡宿 from which branches',
      description: 'Lonely star (孤辰) and widow star (寡宿) looked up from the year and the day branch, or from the year branch only.',
      source: 'year_and_day: [yorozu-uranai] tokushusei/index.ts; year: [bazi-mcp] god.ts',
    },
    heavenlyVirtue: {
      brief: '天徳・天徳合 matched on stems and branches, or stems only',
      description:
        'Heavenly virtue (天徳貴人, 天徳合): for the months 子卯午酉 the table names a branch, matched on branches; stem_only matches stems only, so those months give none.',
      source: 'stem_or_branch: [yorozu-uranai] gesshi-kanshi.ts, [suimei21]; stem_only: [bazi-mcp] god.ts',
    },
    canopyKey: {
      brief: '華蓋 from which branches',
      description: 'Canopy (華蓋) looked up from the year and the day branch (as the shensha section), or from the month branch.',
      source: 'year_and_day: [mawentao-bazi], [bazi-mcp] god.ts; month: [yorozu-uranai] gesshi-shi.ts',
    },
    selfMatch: {
      brief: 'may a star sit on the pillar it counts from',
      description: 'Whether a rule keyed on a pillar’s branch (or the year nayin) may find its star on that same pillar’s branch.',
      source: 'true: [yorozu-uranai] tokushusei/index.ts; false: [bazi-mcp] god.ts and the shensha section',
    },
    bloodBlade: {
      brief: 'list 血刃 (sources disagree)',
      description:
        'Report blood blade (血刃) from the Japanese table on the year or day branch; the sources disagree, so it is off by default.',
      source: '[yorozu-uranai] nenshi_nisshi-shi.ts ([bazi-mcp] god.ts keys another table on the day stem and marks it doubtful)',
    },
    generalKey: {
      brief: '将星・災殺・六厄 from which branches',
      description:
        'General star (将星), disaster (災殺) and six calamities (六厄) looked up from the year and the day branch, the day branch only, or the year branch only.',
      source: 'year_and_day: [mingyu], [saju]; day: [destiny-core] derive.go; year: [bazi-mcp] god.ts',
    },
    luanKey: {
      brief: '紅鸞・天喜 from which branches',
      description: 'Red luan (紅鸞) and heavenly joy (天喜) looked up from the year branch, or from the year and the day branch.',
      source: 'year: [bazi-mcp] god.ts, [destiny-core] derive.go, [saju] sinsals.ts; year_and_day: [mingyu]',
    },
    goldenSpirit: {
      brief: '金神 on which pillars',
      description: 'Golden spirit (金神: 乙丑 己巳 癸酉) on the hour pillar only, or on the day and the hour pillar.',
      source: 'hour: [destiny-core] derive.go, [mingyu]; day_and_hour: [bazi-mcp] god.ts',
    },
  };

/** For docs and the GraphQL schema: each option's name, allowed values, default, one-line English description and source. */
export const SPECIAL_STAR_OPTIONS: readonly {
  name: keyof SpecialStarOptions;
  values: readonly (string | boolean)[];
  default: string | boolean;
  description: string;
  /** A few words on what it chooses (the MCP tool's description). */
  brief: string;
  source: string;
}[] = (Object.keys(VALUES) as (keyof SpecialStarOptions)[]).map((name) => ({
  name,
  values: VALUES[name],
  default: SPECIAL_STAR_OPTION_DEFAULTS[name],
  ...ABOUT[name],
}));
