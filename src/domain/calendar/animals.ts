/**
 * Japanese zodiac animals (十二支の動物) by branch 子..亥.
 * Japanese usage, as docs/fields.md gives `animal`: 亥 is 猪 (いのしし, the wild boar, not the pig of Chinese
 * usage), and 辰 is written 龍.
 */
export const BRANCH_ANIMALS = ['鼠', '牛', '虎', '兎', '龍', '蛇', '馬', '羊', '猿', '鶏', '犬', '猪'] as const;
export type BranchAnimal = (typeof BRANCH_ANIMALS)[number];
