/**
 * The Japanese names of the relations among pillars (docs/fields.md, 8.2): majority Japanese usage,
 * 寅巳申 恃勢の刑 and 丑戌未 無恩の刑 (Source: [sityuu]), a 干合 named by its pair (中正の合 …), the
 * sets of three by the element they form. Keyed by the relation's code and element (an index).
 */
import { JA } from '../../vocabulary/ja.ts';

/** A 干合's traditional name by the element it forms (木火土金水): 丁壬 淫匿, 戊癸 無情, 甲己 中正, 乙庚 仁義, 丙辛 威制. */
const STEM_COMBINATION_BY_ELEMENT = ['淫匿の合', '無情の合', '中正の合', '仁義の合', '威制の合'] as const;

const FIXED = {
  shigo: '支合',
  chu: '冲',
  gai: '害',
  ha: '破',
  jikei: '自刑',
  kei_murei: '無礼の刑',
  kei_jisei: '恃勢の刑',
  kei_muon: '無恩の刑',
  tenkoku_chichu: '天剋地冲',
  tenchi_tokugo: '天地徳合',
  // A luck pillar against a natal one (the timeline): the same pillar, and stems and branches both clashing.
  fukugin: '伏吟',
  hangin: '反吟',
} as const;

export const JA_RELATIONS = {
  /** The name of a relation by its code and, for the 合 kinds, the element (index 0..4 木火土金水) it forms. */
  name(code: string, element: number | null): string {
    const fixed = (FIXED as Readonly<Record<string, string>>)[code];
    if (fixed !== undefined) return fixed;
    const label = element === null ? undefined : JA.element[element];
    if (label !== undefined) {
      if (code === 'kango') return `干合（${STEM_COMBINATION_BY_ELEMENT[element!]}）`;
      if (code === 'hankai') return `半会（${label}局）`;
      if (code === 'sango') return `三合（${label}局）`;
      if (code === 'hogo') return `方合（${label}）`;
    }
    throw new Error(`no Japanese name for the relation "${code}" (element ${String(element)})`);
  },
  /** The element as answered. */
  element: (element: number): string => JA.element[element]!,
};

export type RelationTexts = typeof JA_RELATIONS;
