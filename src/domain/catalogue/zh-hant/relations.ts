/**
 * The Traditional Chinese names of the relations among pillars (docs/fields.md, "8.2 `relations`"),
 * by the relation's code and element: Chinese usage in Taiwan-standard glyphs, 天干五合 with its pair
 * name (中正之合 …), 六合 六沖 六害 六破, 半合 and 三合 by the 局 they form, 三會 for the directional set
 * (Japanese 方合). Departing from the Japanese names, as most modern Chinese books do (and
 * 《三命通會》 as they quote it): 寅巳申 (`kei_jisei`) is 無恩之刑 and 丑戌未 (`kei_muon`) is 恃勢之刑.
 */
import type { Catalogue } from '../index.ts';
import { LABELS } from './labels.ts';

/** A 天干五合's traditional name by the element it forms (木火土金水): 丁壬 淫匿, 戊癸 無情, 甲己 中正, 乙庚 仁義, 丙辛 威制. */
const STEM_COMBINATION_BY_ELEMENT = ['淫匿之合', '無情之合', '中正之合', '仁義之合', '威制之合'] as const;

const FIXED: Readonly<Record<string, string>> = {
  shigo: '六合',
  chu: '六沖',
  gai: '六害',
  ha: '六破',
  jikei: '自刑',
  kei_murei: '無禮之刑',
  kei_jisei: '無恩之刑',
  kei_muon: '恃勢之刑',
  tenkoku_chichu: '天剋地沖',
  tenchi_tokugo: '天地德合',
  // A luck pillar against a natal one (the timeline): the same pillar, and stems and branches both clashing.
  fukugin: '伏吟',
  hangin: '反吟',
};

export const RELATIONS = {
  /** The name of a relation by its code and, for the 合 kinds, the element (index 0..4 木火土金水) it forms. */
  name(code: string, element: number | null): string {
    const fixed = Object.hasOwn(FIXED, code) ? FIXED[code] : undefined;
    if (fixed !== undefined) return fixed;
    const label = element === null ? undefined : LABELS.element[element];
    if (label !== undefined) {
      if (code === 'kango') return `天干五合（${STEM_COMBINATION_BY_ELEMENT[element!]}）`;
      if (code === 'hankai') return `半合（${label}局）`;
      if (code === 'sango') return `三合（${label}局）`;
      if (code === 'hogo') return `三會（${label}局）`;
    }
    throw new Error(`no Traditional Chinese name for the relation "${code}" (element ${String(element)})`);
  },
  /** The element as answered. */
  element: (element: number): string => LABELS.element[element]!,
} satisfies Catalogue['relations'];
