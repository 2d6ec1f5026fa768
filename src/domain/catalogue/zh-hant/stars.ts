/**
 * The Traditional Chinese names and Hanyu Pinyin of the special stars (神煞, docs/fields.md section
 * 10), by code, and the words of their rule lines. Chinese names in Taiwan-standard glyphs (Source:
 * [bazi-mcp] for the Chinese star names): 劫煞 with 煞 where Japanese writes 殺, 驛馬, 祿, 廚, 德,
 * 學堂, 紅艷 (Taiwan Bazi usage; the dictionary form is 紅豔).
 */
import type { Catalogue } from '../index.ts';
import { ganzhiName } from '../../calendar/sexagenary.ts';
import type { LookupKind, RuleClause } from '../ja/stars.ts';
import { LABELS } from './labels.ts';

export const STARS = {
  tenotsu_kijin: { name: '天乙貴人', reading: 'tiānyǐ guìrén' },
  bunshou_kijin: { name: '文昌貴人', reading: 'wénchāng guìrén' },
  touka: { name: '桃花', reading: 'táohuā' },
  kagai: { name: '華蓋', reading: 'huágài' },
  kuubou: { name: '空亡', reading: 'kōngwáng' },
  kaikou: { name: '魁罡', reading: 'kuígāng' },
  youjin: { name: '羊刃', reading: 'yángrèn' },
  hijin: { name: '飛刃', reading: 'fēirèn' },
  jikkanroku: { name: '十干祿', reading: 'shígān lù' },
  kinyo: { name: '金輿', reading: 'jīnyú' },
  anroku: { name: '暗祿', reading: 'ànlù' },
  kouen: { name: '紅艷', reading: 'hóngyàn' },
  tenchu_kijin: { name: '天廚貴人', reading: 'tiānchú guìrén' },
  tenkan_kijin: { name: '天官貴人', reading: 'tiānguān guìrén' },
  ryuuka: { name: '流霞', reading: 'liúxiá' },
  gakudou: { name: '學堂', reading: 'xuétáng' },
  tentoku_kijin: { name: '天德貴人', reading: 'tiāndé guìrén' },
  tentoku_gou: { name: '天德合', reading: 'tiāndé hé' },
  gettoku_kijin: { name: '月德貴人', reading: 'yuèdé guìrén' },
  gettoku_gou: { name: '月德合', reading: 'yuèdé hé' },
  ekiba: { name: '驛馬', reading: 'yìmǎ' },
  gousatsu: { name: '劫煞', reading: 'jiéshà' },
  boushin: { name: '亡神', reading: 'wángshén' },
  koshin: { name: '孤辰', reading: 'gūchén' },
  kashuku: { name: '寡宿', reading: 'guǎsù' },
  ketsujin: { name: '血刃', reading: 'xuèrèn' },
  shousei: { name: '將星', reading: 'jiàngxīng' },
  saisatsu: { name: '災煞', reading: 'zāishà' },
  rokuyaku: { name: '六厄', reading: "liù'è" },
  byakko: { name: '白虎', reading: 'báihǔ' },
  kouran: { name: '紅鸞', reading: 'hóngluán' },
  tenki: { name: '天喜', reading: 'tiānxǐ' },
  koukou: { name: '勾絞', reading: 'gōujiǎo' },
  soumon: { name: '喪門', reading: 'sāngmén' },
  choukaku: { name: '弔客', reading: 'diàokè' },
  hima: { name: '披麻', reading: 'pīmá' },
  genshin: { name: '元辰', reading: 'yuánchén' },
  tenra: { name: '天羅', reading: 'tiānluó' },
  chimou: { name: '地網', reading: 'dìwǎng' },
  ten_i: { name: '天醫', reading: 'tiānyī' },
  taikyoku_kijin: { name: '太極貴人', reading: 'tàijí guìrén' },
  kokuin_kijin: { name: '國印貴人', reading: 'guóyìn guìrén' },
  fukusei_kijin: { name: '福星貴人', reading: 'fúxīng guìrén' },
  tokushuu_kijin: { name: '德秀貴人', reading: 'déxiù guìrén' },
  sanki: { name: '三奇貴人', reading: 'sānqí guìrén' },
  tensha: { name: '天赦', reading: 'tiānshè' },
  shihai: { name: '四廢', reading: 'sìfèi' },
  juuaku_taihai: { name: '十惡大敗', reading: "shí'è dàbài" },
  insa_yousaku: { name: '陰差陽錯', reading: 'yīnchā yángcuò' },
  koran: { name: '孤鸞', reading: 'gūluán' },
  rokushuu: { name: '六秀', reading: 'liùxiù' },
  juurei: { name: '十靈', reading: 'shílíng' },
  hassen: { name: '八專', reading: 'bāzhuān' },
  nittoku: { name: '日德', reading: 'rìdé' },
  nikki: { name: '日貴', reading: 'rìguì' },
  kinjin: { name: '金神', reading: 'jīnshén' },
} as const satisfies Catalogue['stars'];

const PILLAR_CHARACTERS = ['年', '月', '日', '時'] as const;
/** Several stems or branches found by one clause: `地支 丑、未`. */
const LIST_SEPARATOR = '、';

export const STAR_RULES = {
  /** The lookup in words. */
  lookups: {
    day_stem: '日干 → 地支',
    year_day_branches: '年支、日支 → 地支',
    month_branch: '月支 → 天干',
    month_branch_virtue: '月支 → 天干、地支',
    day_pillar_void: '日柱 → 年支、月支、時支',
    day_pillar: '日柱',
    year_branch: '年支 → 地支',
    year_branch_gender: '年支、性別 → 地支',
    year_nayin: '年柱納音 → 地支',
    month_branch_branches: '月支 → 地支',
    stem_sequence: '三柱相連的天干',
    month_day_pillar: '月支 → 日柱',
    hour_pillar: '時柱',
  } satisfies Readonly<Record<LookupKind, string>>,
  /** One clause, e.g. `日干 甲 → 地支 丑、未`. */
  clause: ({ head, found }: RuleClause): string => {
    const start =
      head.kind === 'day_stem'
        ? `日干 ${LABELS.stem[head.stem]}`
        : head.kind === 'branch'
          ? `${PILLAR_CHARACTERS[head.pillar]}支 ${LABELS.branch[head.branch]}`
          : head.kind === 'year_nayin'
            ? `年柱 ${ganzhiName(head.pillar)} ${LABELS.nayin[head.pillar >> 1]}`
            : head.kind === 'stems'
              ? `天干 ${head.stems.map((s) => LABELS.stem[s]).join(LIST_SEPARATOR)}`
              : `${head.kind === 'hour_pillar' ? '時柱' : '日柱'} ${ganzhiName(head.pillar)}`;
    if (found === null) return start;
    return found.part === 'stem'
      ? `${start} → 天干 ${found.indices.map((s) => LABELS.stem[s]).join(LIST_SEPARATOR)}`
      : `${start} → 地支 ${found.indices.map((z) => LABELS.branch[z]).join(LIST_SEPARATOR)}`;
  },
  /** Several clauses of one star (a clause may list several branches with 、). */
  clauseSeparator: '；',
} satisfies Catalogue['starRules'];
