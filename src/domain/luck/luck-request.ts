/** What a chart request says about its luck cycles: the gender (the direction) and the 起運 method. */
import type { LuckMethod } from './start-age.ts';

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export interface LuckRequest {
  readonly gender: Gender;
  readonly method: LuckMethod;
}
