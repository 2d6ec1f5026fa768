/**
 * Japanese zodiac animals (十二支の動物) by branch 子..亥.
 * Japanese usage, as docs/fields.md gives `animal`: 亥 is 猪 (いのしし, the wild boar, not the pig of Chinese
 * usage), and 辰 is written 龍.
 */
import { JA } from '../vocabulary/ja.ts';

export const BRANCH_ANIMALS = JA.zodiac;
export type BranchAnimal = (typeof BRANCH_ANIMALS)[number];
