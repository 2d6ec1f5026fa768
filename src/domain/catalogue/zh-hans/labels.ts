/**
 * The Simplified Chinese (mainland) labels of the closed vocabularies, list by list in code order,
 * and their Hanyu Pinyin with tone marks. Mainland 八字 usage, not a glyph conversion of the Japanese:
 * 正印 and 七杀 for the ten gods, 临官 for the life stage, 惊蛰 for the third term, 泉中水 石榴木 路旁土
 * 白蜡金 for the 纳音, 猴 狗 猪 for the animals, 十神 十二长生 神煞 for the rows (Source: [lunar-typescript]).
 * The 命盘 rows name the hidden stems' ten gods 藏干十神 (Japanese 蔵干通変星).
 */
import type { Catalogue as Labels } from '../../vocabulary/ja.ts';

export const LABELS = {
  stem: ['甲', '乙', '丙', '丁', '戊', '己', '庚', '辛', '壬', '癸'],
  branch: ['子', '丑', '寅', '卯', '辰', '巳', '午', '未', '申', '酉', '戌', '亥'],
  element: ['木', '火', '土', '金', '水'],
  polarity: ['阳+', '阴-'],
  shishen: ['比肩', '劫财', '食神', '伤官', '偏财', '正财', '七杀', '正官', '偏印', '正印'],
  shishen_group: ['比劫', '食伤', '财星', '官杀', '印星'],
  stage: ['长生', '沐浴', '冠带', '临官', '帝旺', '衰', '病', '死', '墓', '绝', '胎', '养'],
  // prettier-ignore
  nayin: [
    '海中金', '炉中火', '大林木', '路旁土', '剑锋金', '山头火', '涧下水', '城头土', '白蜡金', '杨柳木',
    '泉中水', '屋上土', '霹雳火', '松柏木', '长流水', '沙中金', '山下火', '平地木', '壁上土', '金箔金',
    '覆灯火', '天河水', '大驿土', '钗钏金', '桑柘木', '大溪水', '沙中土', '天上火', '石榴木', '大海水',
  ],
  // prettier-ignore
  jieqi: [
    '小寒', '大寒', '立春', '雨水', '惊蛰', '春分', '清明', '谷雨', '立夏', '小满', '芒种', '夏至',
    '小暑', '大暑', '立秋', '处暑', '白露', '秋分', '寒露', '霜降', '立冬', '小雪', '大雪', '冬至',
  ],
  zodiac: ['鼠', '牛', '虎', '兔', '龙', '蛇', '马', '羊', '猴', '鸡', '狗', '猪'],
  nine_star: ['一白水星', '二黑土星', '三碧木星', '四绿木星', '五黄土星', '六白金星', '七赤金星', '八白土星', '九紫火星'],
  sanhe: ['水局', '金局', '火局', '木局'],
  row: ['天干', '地支', '藏干', '十神', '藏干十神', '十二长生', '纳音', '空亡', '神煞'],
  void_basis: ['日柱空亡', '年柱空亡'],
  palace: ['胎元', '胎息', '命宫', '身宫'],
} as const satisfies Labels;

/** Hanyu Pinyin with tone marks of each label: syllables of a word joined, words separated by a space. */
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
