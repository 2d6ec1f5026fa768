/**
 * Japanese zodiac animals (十二支の動物) by branch 子..亥.
 * Source: research/domain.md §1.2 and DESIGN §3 (亥 is 猪 = いのしし in Japanese usage; 龍 as DESIGN writes it).
 */
export const BRANCH_ANIMALS = ['鼠', '牛', '虎', '兎', '龍', '蛇', '馬', '羊', '猿', '鶏', '犬', '猪'] as const;
export type BranchAnimal = (typeof BRANCH_ANIMALS)[number];
