/**
 * The Korean names of the relations among pillars, as Korean 사주명리 names them: 천간합 with the
 * element it forms, 육합, 삼합 and 반합 with their 국, 방합, 충 형 육해 파, the three-branch
 * punishments 무은지형 · 시세지형 · 무례지형 and 자형, 천극지충 and 천지덕합. 害 is 육해 (六害),
 * the name Korean texts give the six harms beside 육합, which tells it from the branch 亥 (해) in
 * Hangul alone. Keyed by the relation's code and element (an index).
 * Korean usage calls 寅巳申 무은지형 and 丑戌未 시세지형: the reverse of the Japanese names the codes
 * `kei_jisei` (寅巳申) and `kei_muon` (丑戌未) were made from.
 */
import type { Catalogue } from '../index.ts';
import { LABELS } from './labels.ts';

const FIXED: Readonly<Record<string, string>> = {
  shigo: '육합',
  chu: '충',
  gai: '육해',
  ha: '파',
  jikei: '자형',
  kei_murei: '무례지형',
  kei_jisei: '무은지형',
  kei_muon: '시세지형',
  tenkoku_chichu: '천극지충',
  tenchi_tokugo: '천지덕합',
  // A luck pillar against a natal one (the timeline): the same pillar, and stems and branches both clashing.
  fukugin: '복음',
  hangin: '반음',
};

export const RELATIONS = {
  /** The name of a relation by its code and, for the 합 kinds, the element (index 0..4 목화토금수) it forms. */
  name(code: string, element: number | null): string {
    const fixed = FIXED[code];
    if (fixed !== undefined) return fixed;
    const label = element === null ? undefined : LABELS.element[element];
    if (label !== undefined) {
      if (code === 'kango') return `천간합(${label})`;
      if (code === 'hankai') return `반합(${label}국)`;
      if (code === 'sango') return `삼합(${label}국)`;
      if (code === 'hogo') return `방합(${label})`;
    }
    throw new Error(`no Korean name for the relation "${code}" (element ${String(element)})`);
  },
  /** The element as answered. */
  element: (element: number): string => LABELS.element[element]!,
} satisfies Catalogue['relations'];
