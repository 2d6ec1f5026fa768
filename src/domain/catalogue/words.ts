/** Putting the domain's indices in a catalogue's words: the few compound labels the answers use. */
import type { Catalogue } from './index.ts';
import { LIFE_STAGE_BY_STEM } from '../calendar/life-stages.ts';

/** The element of a stem. */
export const stemElementLabel = (c: Catalogue, stem: number): string => c.labels.element[stem >> 1]!;
/** The polarity of a stem (yang for 甲 丙 戊 庚 壬). */
export const polarityLabel = (c: Catalogue, stem: number): string => c.labels.polarity[stem & 1]!;
/** The life stage of a stem on a branch. */
export const lifeStageLabel = (c: Catalogue, stem: number, branch: number): string => c.labels.stage[LIFE_STAGE_BY_STEM[stem]![branch]!]!;
