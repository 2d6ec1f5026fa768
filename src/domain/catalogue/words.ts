/** Putting the domain's indices in a catalogue's words: the few compound labels the answers use. */
import type { Catalogue } from './index.ts';
import { LIFE_STAGE_BY_STEM } from '../calendar/life-stages.ts';

/** The 60 pillars' names of each catalogue, made once (a chart names several pillars). */
const GANZHI = new WeakMap<Catalogue, readonly string[]>();
export function ganzhiNames(c: Catalogue): readonly string[] {
  let names = GANZHI.get(c);
  if (names === undefined) {
    names = Array.from({ length: 60 }, (_, cycle) => `${c.labels.stem[cycle % 10]}${c.labels.branch[cycle % 12]}`);
    GANZHI.set(c, names);
  }
  return names;
}
/** A pillar by its cycle index: the stem's label then the branch's. */
export const ganzhiLabel = (c: Catalogue, cycle: number): string => ganzhiNames(c)[cycle]!;
/** The element of a stem. */
export const stemElementLabel = (c: Catalogue, stem: number): string => c.labels.element[stem >> 1]!;
/** The polarity of a stem (yang for 甲 丙 戊 庚 壬). */
export const polarityLabel = (c: Catalogue, stem: number): string => c.labels.polarity[stem & 1]!;
/** The life stage of a stem on a branch. */
export const lifeStageLabel = (c: Catalogue, stem: number, branch: number): string => c.labels.stage[LIFE_STAGE_BY_STEM[stem]![branch]!]!;
