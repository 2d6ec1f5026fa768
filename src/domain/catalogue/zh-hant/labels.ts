/**
 * The Traditional Chinese (Taiwan / Hong Kong) labels of the closed vocabularies
 * (../../vocabulary/codes.ts), list by list in code order, and their Hanyu Pinyin with tone marks.
 * The mainstream Chinese terms in Taiwan-standard glyphs (Source: [lunar-typescript] for the terms):
 * 正印 and 七殺 for the ten gods, 臨官 for the life stage, 驚蟄 for the third solar term, 泉中水,
 * 石榴木, 路旁土 and 白蠟金 among the 納音, 猴 狗 豬 among the animals; 絕, 冠帶, 爐, 劍, 驛, 溪, 綠, 黑.
 * Where Japanese has a word of its own, the Chinese one is used: 正印 (Japanese 印綬), 臨官 (Japanese
 * 建禄), 驚蟄 (the older name Japan kept), 十神, 十二長生 and 神煞 for the Japanese names of the sets.
 */
import type { Catalogue as Labels } from '../../vocabulary/ja.ts';

export const LABELS = {
  stem: ['甲', '乙', '丙', '丁', '戊', '己', '庚', '辛', '壬', '癸'],
  branch: ['子', '丑', '寅', '卯', '辰', '巳', '午', '未', '申', '酉', '戌', '亥'],
  element: ['木', '火', '土', '金', '水'],
  polarity: ['陽+', '陰-'],
  shishen: ['比肩', '劫財', '食神', '傷官', '偏財', '正財', '七殺', '正官', '偏印', '正印'],
  shishen_group: ['比劫', '食傷', '財星', '官殺', '印星'],
  stage: ['長生', '沐浴', '冠帶', '臨官', '帝旺', '衰', '病', '死', '墓', '絕', '胎', '養'],
  // prettier-ignore
  nayin: [
    '海中金', '爐中火', '大林木', '路旁土', '劍鋒金', '山頭火', '澗下水', '城頭土', '白蠟金', '楊柳木',
    '泉中水', '屋上土', '霹靂火', '松柏木', '長流水', '沙中金', '山下火', '平地木', '壁上土', '金箔金',
    '覆燈火', '天河水', '大驛土', '釵釧金', '桑柘木', '大溪水', '沙中土', '天上火', '石榴木', '大海水',
  ],
  // prettier-ignore
  jieqi: [
    '小寒', '大寒', '立春', '雨水', '驚蟄', '春分', '清明', '穀雨', '立夏', '小滿', '芒種', '夏至',
    '小暑', '大暑', '立秋', '處暑', '白露', '秋分', '寒露', '霜降', '立冬', '小雪', '大雪', '冬至',
  ],
  zodiac: ['鼠', '牛', '虎', '兔', '龍', '蛇', '馬', '羊', '猴', '雞', '狗', '豬'],
  nine_star: ['一白水星', '二黑土星', '三碧木星', '四綠木星', '五黃土星', '六白金星', '七赤金星', '八白土星', '九紫火星'],
  sanhe: ['水局', '金局', '火局', '木局'],
  row: ['天干', '地支', '藏干', '十神', '藏干十神', '十二長生', '納音', '空亡', '神煞'],
  void_basis: ['日柱空亡', '年柱空亡'],
  palace: ['胎元', '胎息', '命宮', '身宮'],
} as const satisfies Labels;

/**
 * Hanyu Pinyin with tone marks of the labels, list by list: the syllables of a word joined, words
 * separated by a space (`bǐjiān`, `hǎizhōng jīn`). Taiwan readings where they differ from the
 * mainland's: 石榴 shíliú (mainland shíliu, neutral tone).
 */
export const READINGS = {
  stem: ['jiǎ', 'yǐ', 'bǐng', 'dīng', 'wù', 'jǐ', 'gēng', 'xīn', 'rén', 'guǐ'],
  branch: ['zǐ', 'chǒu', 'yín', 'mǎo', 'chén', 'sì', 'wǔ', 'wèi', 'shēn', 'yǒu', 'xū', 'hài'],
  element: ['mù', 'huǒ', 'tǔ', 'jīn', 'shuǐ'],
  polarity: ['yáng', 'yīn'],
  shishen: ['bǐjiān', 'jiécái', 'shíshén', 'shāngguān', 'piāncái', 'zhèngcái', 'qīshā', 'zhèngguān', 'piānyìn', 'zhèngyìn'],
  shishen_group: ['bǐjié', 'shíshāng', 'cáixīng', 'guānshā', 'yìnxīng'],
  stage: ['chángshēng', 'mùyù', 'guāndài', 'línguān', 'dìwàng', 'shuāi', 'bìng', 'sǐ', 'mù', 'jué', 'tāi', 'yǎng'],
  // prettier-ignore
  nayin: [
    'hǎizhōng jīn', 'lúzhōng huǒ', 'dàlín mù', 'lùpáng tǔ', 'jiànfēng jīn', 'shāntóu huǒ', 'jiànxià shuǐ', 'chéngtóu tǔ', 'báilà jīn', 'yángliǔ mù',
    'quánzhōng shuǐ', 'wūshàng tǔ', 'pīlì huǒ', 'sōngbǎi mù', 'chángliú shuǐ', 'shāzhōng jīn', 'shānxià huǒ', 'píngdì mù', 'bìshàng tǔ', 'jīnbó jīn',
    'fùdēng huǒ', 'tiānhé shuǐ', 'dàyì tǔ', 'chāichuàn jīn', 'sāngzhè mù', 'dàxī shuǐ', 'shāzhōng tǔ', 'tiānshàng huǒ', 'shíliú mù', 'dàhǎi shuǐ',
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
