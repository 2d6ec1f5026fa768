/**
 * The 24 solar terms (二十四節気) in calendar order from 小寒, with the apparent solar ecliptic
 * longitude that defines each. Japanese names; the 12 節 (jie) that open months are the even indices.
 * Sources: [hokudai] (names, longitudes and 節/中), [naoj] 暦要項 (the definition).
 */
import { SOLAR_TERM_CODES } from '../vocabulary/codes.ts';
import { JA } from '../vocabulary/ja.ts';

/** Each term: its code, its Japanese name and the apparent solar ecliptic longitude that defines it (from 小寒 at 285°, in steps of 15°). */
export const SOLAR_TERMS = SOLAR_TERM_CODES.map((code, index) => ({
  code,
  name: JA.jieqi[index]!,
  longitudeDeg: (285 + 15 * index) % 360,
}));

export type SolarTermName = (typeof JA.jieqi)[number];
export const TERMS_PER_YEAR = 24;
/** Calendar index of 立春 (λ☉ = 315°), the start of the pillar year. */
export const RISSHUN_INDEX = 2;
/** Is the term at this calendar index a 節 (jie), i.e. does it open a month pillar? */
export const isJie = (termIndex: number): boolean => termIndex % 2 === 0;
