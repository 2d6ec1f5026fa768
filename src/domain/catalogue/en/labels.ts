/**
 * The English labels of the closed vocabularies (../../vocabulary/codes.ts), list by list in code
 * order, and their readings: the Hanyu Pinyin, with tones, of the Chinese term each label renders.
 * The terms are the common English Bazi ones, as lunar-typescript's English catalogue has them for
 * the stems, branches, ten gods and life stages (Source: [lunar-typescript]); the stems and branches
 * are named by toneless pinyin, while sentences keep their characters (甲, 子).
 * 比肩 is Companion, not lunar-typescript's Friend, so that the god and its group (比劫, Companions)
 * share one word, as English texts that name the group do. Source: [saju] (its ten-gods.ts) for the
 * god; auvylo.com/en/learn/bazi/ten-gods for the group.
 * Where English follows the Chinese term, not the Japanese one: 印綬 is Direct Resource (正印),
 * 建禄 is Officer (臨官), 啓蟄 is Awakening of Insects (驚蟄), and 亥 is the Pig (not the boar).
 */
import { ganzhiName } from '../../calendar/sexagenary.ts';
import type { Catalogue as Labels } from '../../vocabulary/ja.ts';

export const LABELS = {
  stem: ['Jia', 'Yi', 'Bing', 'Ding', 'Wu', 'Ji', 'Geng', 'Xin', 'Ren', 'Gui'],
  branch: ['Zi', 'Chou', 'Yin', 'Mao', 'Chen', 'Si', 'Wu', 'Wei', 'Shen', 'You', 'Xu', 'Hai'],
  element: ['Wood', 'Fire', 'Earth', 'Metal', 'Water'],
  polarity: ['Yang+', 'Yin-'],
  // prettier-ignore
  shishen: [
    'Companion', 'Rob Wealth', 'Eating God', 'Hurting Officer', 'Indirect Wealth',
    'Direct Wealth', 'Seven Killings', 'Direct Officer', 'Indirect Resource', 'Direct Resource',
  ],
  shishen_group: ['Companions', 'Output', 'Wealth', 'Power', 'Resource'],
  // prettier-ignore
  stage: ['Growth', 'Bath', 'Youth', 'Officer', 'Emperor', 'Decline', 'Sickness', 'Death', 'Grave', 'Extinction', 'Conception', 'Nurture'],
  // prettier-ignore
  nayin: [
    'Gold in the Sea', 'Fire in the Furnace', 'Great Forest Wood', 'Roadside Earth', 'Sword-Edge Metal',
    'Mountain-Top Fire', 'Ravine-Stream Water', 'City-Wall Earth', 'White-Wax Metal', 'Willow Wood',
    'Spring Water', 'Rooftop Earth', 'Thunderbolt Fire', 'Pine-and-Cypress Wood', 'Long-Flowing Water',
    'Gold in the Sand', 'Fire at the Foot of the Mountain', 'Flatland Wood', 'Earth on the Wall', 'Gold-Foil Metal',
    'Lamp Fire', 'Heavenly River Water', 'Great Post-Road Earth', 'Hairpin-and-Bracelet Metal', 'Mulberry Wood',
    'Great Stream Water', 'Earth in the Sand', 'Fire in the Sky', 'Pomegranate Wood', 'Great Sea Water',
  ],
  // prettier-ignore
  jieqi: [
    'Minor Cold', 'Major Cold', 'Start of Spring', 'Rain Water', 'Awakening of Insects', 'Spring Equinox',
    'Pure Brightness', 'Grain Rain', 'Start of Summer', 'Grain Full', 'Grain in Ear', 'Summer Solstice',
    'Minor Heat', 'Major Heat', 'Start of Autumn', 'End of Heat', 'White Dew', 'Autumn Equinox',
    'Cold Dew', "Frost's Descent", 'Start of Winter', 'Minor Snow', 'Major Snow', 'Winter Solstice',
  ],
  zodiac: ['Rat', 'Ox', 'Tiger', 'Rabbit', 'Dragon', 'Snake', 'Horse', 'Goat', 'Monkey', 'Rooster', 'Dog', 'Pig'],
  // prettier-ignore
  nine_star: [
    '1 White Water', '2 Black Earth', '3 Jade Wood', '4 Green Wood', '5 Yellow Earth',
    '6 White Metal', '7 Red Metal', '8 White Earth', '9 Purple Fire',
  ],
  sanhe: ['Water Frame', 'Metal Frame', 'Fire Frame', 'Wood Frame'],
  // prettier-ignore
  row: [
    'Heavenly Stem', 'Earthly Branch', 'Hidden Stem', 'Ten God', 'Hidden Stem Ten God',
    'Life Stage', 'Na Yin', 'Void', 'Symbolic Stars',
  ],
  void_basis: ['Day-Pillar Void', 'Year-Pillar Void'],
  palace: ['Conception Pillar', 'Fetal Breath', 'Life Palace', 'Body Palace'],
} as const satisfies Labels;

/** Hanyu Pinyin with tone marks of each label's Chinese term: syllables of a word joined, words apart. */
export const READINGS = {
  stem: ['jiǎ', 'yǐ', 'bǐng', 'dīng', 'wù', 'jǐ', 'gēng', 'xīn', 'rén', 'guǐ'],
  branch: ['zǐ', 'chǒu', 'yín', 'mǎo', 'chén', 'sì', 'wǔ', 'wèi', 'shēn', 'yǒu', 'xū', 'hài'],
  element: ['mù', 'huǒ', 'tǔ', 'jīn', 'shuǐ'],
  polarity: ['yáng', 'yīn'],
  shishen: ['bǐjiān', 'jiécái', 'shíshén', 'shāngguān', 'piāncái', 'zhèngcái', 'qīshā', 'zhèngguān', 'piānyìn', 'zhèngyìn'],
  shishen_group: ['bǐjié', 'shíshāng', 'cáixīng', 'guānshā', 'yìnxīng'],
  // prettier-ignore
  stage: ['chángshēng', 'mùyù', 'guāndài', 'línguān', 'dìwàng', 'shuāi', 'bìng', 'sǐ', 'mù', 'jué', 'tāi', 'yǎng'],
  // prettier-ignore
  nayin: [
    'hǎizhōng jīn', 'lúzhōng huǒ', 'dàlín mù', 'lùpáng tǔ', 'jiànfēng jīn', 'shāntóu huǒ', 'jiànxià shuǐ', 'chéngtóu tǔ', 'báilà jīn', 'yángliǔ mù',
    'quánzhōng shuǐ', 'wūshàng tǔ', 'pīlì huǒ', 'sōngbǎi mù', 'chángliú shuǐ', 'shāzhōng jīn', 'shānxià huǒ', 'píngdì mù', 'bìshàng tǔ', 'jīnbó jīn',
    'fùdēng huǒ', 'tiānhé shuǐ', 'dàyì tǔ', 'chāichuàn jīn', 'sāngzhè mù', 'dàxī shuǐ', 'shāzhōng tǔ', 'tiānshàng huǒ', 'shíliu mù', 'dàhǎi shuǐ',
  ],
  // prettier-ignore
  jieqi: [
    'xiǎohán', 'dàhán', 'lìchūn', 'yǔshuǐ', 'jīngzhé', 'chūnfēn', 'qīngmíng', 'gǔyǔ', 'lìxià', 'xiǎomǎn', 'mángzhòng', 'xiàzhì',
    'xiǎoshǔ', 'dàshǔ', 'lìqiū', 'chǔshǔ', 'báilù', 'qiūfēn', 'hánlù', 'shuāngjiàng', 'lìdōng', 'xiǎoxuě', 'dàxuě', 'dōngzhì',
  ],
  zodiac: ['shǔ', 'niú', 'hǔ', 'tù', 'lóng', 'shé', 'mǎ', 'yáng', 'hóu', 'jī', 'gǒu', 'zhū'],
  // prettier-ignore
  nine_star: ['yībái shuǐxīng', 'èrhēi tǔxīng', 'sānbì mùxīng', 'sìlǜ mùxīng', 'wǔhuáng tǔxīng', 'liùbái jīnxīng', 'qīchì jīnxīng', 'bābái tǔxīng', 'jiǔzǐ huǒxīng'],
  sanhe: ['shuǐjú', 'jīnjú', 'huǒjú', 'mùjú'],
  row: ['tiāngān', 'dìzhī', 'cánggān', 'shíshén', 'cánggān shíshén', "shí'èr chángshēng", 'nàyīn', 'kōngwáng', 'shénshà'],
  void_basis: ['rìzhù kōngwáng', 'niánzhù kōngwáng'],
  palace: ['tāiyuán', 'tāixī', 'mìnggōng', 'shēngōng'],
} as const satisfies Labels;

/** A stem's character (甲 … 癸), which sentences keep in every language: the stem of the cycle's pillar `stem`. */
export const stemChar = (stem: number): string => ganzhiName(stem)[0]!;
/** A branch's character (子 … 亥): the branch of the cycle's pillar `branch`. */
export const branchChar = (branch: number): string => ganzhiName(branch)[1]!;

/** English list words: `a`, `a and b`, `a, b and c`. */
export function listText(items: readonly string[]): string {
  return items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
}

/** A signed number of points: `+5`, `-6`, `0`. */
export const signed = (points: number): string => (points > 0 ? `+${points}` : String(points));
