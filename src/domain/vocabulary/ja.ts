/**
 * The Japanese catalogue of the closed vocabularies (./codes.ts): one list per namespace, in the
 * order of its codes. The calendar tables (`STEMS`, `TEN_GODS`, `LIFE_STAGES`, …) are these lists;
 * the type checker holds every list to its vocabulary's length, and test/unit/vocabulary checks
 * that every code has a label. Japanese usage in shinjitai: 印綬 and 七殺 for the ten gods
 * (docs/fields.md, "7.4 通変星 (ten gods)"), 建禄 for the life stage, 亥 as 猪 and 辰 as 龍.
 */
import type { VOCABULARIES } from './codes.ts';

/** A catalogue: a label for every code of every vocabulary, list by list in code order. */
export type Catalogue = {
  readonly [Namespace in keyof typeof VOCABULARIES]: readonly string[] & { readonly length: (typeof VOCABULARIES)[Namespace]['length'] };
};

export const JA = {
  stem: ['甲', '乙', '丙', '丁', '戊', '己', '庚', '辛', '壬', '癸'],
  branch: ['子', '丑', '寅', '卯', '辰', '巳', '午', '未', '申', '酉', '戌', '亥'],
  element: ['木', '火', '土', '金', '水'],
  polarity: ['陽+', '陰-'],
  shishen: ['比肩', '劫財', '食神', '傷官', '偏財', '正財', '七殺', '正官', '偏印', '印綬'],
  shishen_group: ['比劫', '食傷', '財星', '官殺', '印星'],
  stage: ['長生', '沐浴', '冠帯', '建禄', '帝旺', '衰', '病', '死', '墓', '絶', '胎', '養'],
  // prettier-ignore
  nayin: [
    '海中金', '炉中火', '大林木', '路傍土', '剣鋒金', '山頭火', '澗下水', '城頭土', '白鑞金', '楊柳木',
    '井泉水', '屋上土', '霹靂火', '松柏木', '長流水', '沙中金', '山下火', '平地木', '壁上土', '金箔金',
    '覆燈火', '天河水', '大駅土', '釵釧金', '桑柘木', '大渓水', '沙中土', '天上火', '石榴木', '大海水',
  ],
  // prettier-ignore
  jieqi: [
    '小寒', '大寒', '立春', '雨水', '啓蟄', '春分', '清明', '穀雨', '立夏', '小満', '芒種', '夏至',
    '小暑', '大暑', '立秋', '処暑', '白露', '秋分', '寒露', '霜降', '立冬', '小雪', '大雪', '冬至',
  ],
  zodiac: ['鼠', '牛', '虎', '兎', '龍', '蛇', '馬', '羊', '猿', '鶏', '犬', '猪'],
  nine_star: ['一白水星', '二黒土星', '三碧木星', '四緑木星', '五黄土星', '六白金星', '七赤金星', '八白土星', '九紫火星'],
  sanhe: ['水局', '金局', '火局', '木局'],
  row: ['天干', '地支', '蔵干', '通変星', '蔵干通変星', '十二運', '納音', '空亡', '特殊星'],
  void_basis: ['日柱空亡', '年柱空亡'],
  palace: ['胎元', '胎息', '命宮', '身宮'],
} as const satisfies Catalogue;

/**
 * Hiragana readings of the Japanese labels, list by list: the kun readings of the stems and
 * branches (きのえ … みずのと; unique where the on readings collide), the readings Japanese
 * 四柱推命 books print for the rest (Source: [lumbermill] README for 通変星 and 十二運).
 */
export const JA_READINGS = {
  stem: ['きのえ', 'きのと', 'ひのえ', 'ひのと', 'つちのえ', 'つちのと', 'かのえ', 'かのと', 'みずのえ', 'みずのと'],
  branch: ['ね', 'うし', 'とら', 'う', 'たつ', 'み', 'うま', 'ひつじ', 'さる', 'とり', 'いぬ', 'い'],
  element: ['もく', 'か', 'ど', 'きん', 'すい'],
  polarity: ['よう', 'いん'],
  shishen: ['ひけん', 'ごうざい', 'しょくじん', 'しょうかん', 'へんざい', 'せいざい', 'しちさつ', 'せいかん', 'へんいん', 'いんじゅ'],
  shishen_group: ['ひごう', 'しょくしょう', 'ざいせい', 'かんさつ', 'いんせい'],
  stage: ['ちょうせい', 'もくよく', 'かんたい', 'けんろく', 'ていおう', 'すい', 'びょう', 'し', 'ぼ', 'ぜつ', 'たい', 'よう'],
  // prettier-ignore
  nayin: [
    'かいちゅうきん', 'ろちゅうか', 'たいりんぼく', 'ろぼうど', 'けんぽうきん', 'さんとうか', 'かんかすい', 'じょうとうど', 'はくろうきん', 'ようりゅうぼく',
    'せいせんすい', 'おくじょうど', 'へきれきか', 'しょうはくぼく', 'ちょうりゅうすい', 'さちゅうきん', 'さんげか', 'へいちぼく', 'へきじょうど', 'きんぱくきん',
    'ふくとうか', 'てんがすい', 'たいえきど', 'さいせんきん', 'そうしゃくもく', 'だいけいすい', 'さちゅうど', 'てんじょうか', 'ざくろぼく', 'たいかいすい',
  ],
  // prettier-ignore
  jieqi: [
    'しょうかん', 'だいかん', 'りっしゅん', 'うすい', 'けいちつ', 'しゅんぶん', 'せいめい', 'こくう', 'りっか', 'しょうまん', 'ぼうしゅ', 'げし',
    'しょうしょ', 'たいしょ', 'りっしゅう', 'しょしょ', 'はくろ', 'しゅうぶん', 'かんろ', 'そうこう', 'りっとう', 'しょうせつ', 'たいせつ', 'とうじ',
  ],
  zodiac: ['ねずみ', 'うし', 'とら', 'うさぎ', 'たつ', 'へび', 'うま', 'ひつじ', 'さる', 'とり', 'いぬ', 'いのしし'],
  // prettier-ignore
  nine_star: ['いっぱくすいせい', 'じこくどせい', 'さんぺきもくせい', 'しろくもくせい', 'ごおうどせい', 'ろっぱくきんせい', 'しちせききんせい', 'はっぱくどせい', 'きゅうしかせい'],
  sanhe: ['すいきょく', 'きんきょく', 'かきょく', 'もっきょく'],
  row: ['てんかん', 'ちし', 'ぞうかん', 'つうへんせい', 'ぞうかんつうへんせい', 'じゅうにうん', 'なっちん', 'くうぼう', 'とくしゅせい'],
  void_basis: ['にっちゅうくうぼう', 'ねんちゅうくうぼう'],
  palace: ['たいげん', 'たいそく', 'めいきゅう', 'しんきゅう'],
} as const satisfies Catalogue;
