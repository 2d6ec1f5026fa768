/**
 * The English names of the relations among pillars (docs/fields.md, 8.2), keyed by the relation's
 * code and element (an index): the terms of English Bazi texts (Six Combination, Clash, Harm,
 * Destruction, Punishment), a 干合 named by the element it forms, the sets of three by their frame.
 * Unlike the Japanese names, English follows the modern Chinese majority for the two disputed
 * punishments: 寅巳申 is the Ungrateful Punishment (無恩) and 丑戌未 the Bully Punishment (恃勢).
 */
import type { Catalogue } from '../index.ts';
import { LABELS } from './labels.ts';

const FIXED = {
  shigo: 'Six Combination',
  chu: 'Clash',
  gai: 'Harm',
  ha: 'Destruction',
  jikei: 'Self-Punishment',
  kei_murei: 'Uncivilised Punishment',
  kei_jisei: 'Ungrateful Punishment',
  kei_muon: 'Bully Punishment',
  tenkoku_chichu: 'Tian Ke Di Chong (Double Clash)',
  tenchi_tokugo: 'Heaven-and-Earth Combination',
  // A luck pillar against a natal one (the timeline): the same pillar, and stems and branches both clashing.
  fukugin: 'Fu Yin (Repeated Pillar)',
  hangin: 'Fan Yin (Opposed Pillar)',
} as const;

export const RELATIONS = {
  /** The name of a relation by its code and, for the combinations, the element (index 0..4 木火土金水) it forms. */
  name(code: string, element: number | null): string {
    const fixed = (FIXED as Readonly<Record<string, string>>)[code];
    if (fixed !== undefined) return fixed;
    const label = element === null ? undefined : LABELS.element[element];
    if (label !== undefined) {
      if (code === 'kango') return `Stem Combination (${label})`;
      if (code === 'hankai') return `Half Three Harmony (${label} Frame)`;
      if (code === 'sango') return `Three Harmony Combination (${label} Frame)`;
      if (code === 'hogo') return `Directional Combination (${label})`;
    }
    throw new Error(`no English name for the relation "${code}" (element ${String(element)})`);
  },
  /** The element as answered. */
  element: (element: number): string => LABELS.element[element]!,
} satisfies Catalogue['relations'];
