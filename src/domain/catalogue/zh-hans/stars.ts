/**
 * The Simplified Chinese names of the special stars (神煞, docs/fields.md, "10. Special stars") with
 * their pinyin, by code, and the words of a star's rule line. Mainland forms: 煞 where Japanese writes
 * 殺 (劫煞), 驿马, 华盖, 红艳, 天厨贵人 (Sources: [bazi-mcp], [lunar-typescript]).
 */
import type { Catalogue } from '../index.ts';
import { ganzhiName } from '../../calendar/sexagenary.ts';
import type { LookupKind, RuleClause } from '../ja/stars.ts';
import { LABELS } from './labels.ts';

export const STARS = {
  tenotsu_kijin: { name: '天乙贵人', reading: 'tiānyǐ guìrén' },
  bunshou_kijin: { name: '文昌贵人', reading: 'wénchāng guìrén' },
  touka: { name: '桃花', reading: 'táohuā' },
  kagai: { name: '华盖', reading: 'huágài' },
  kuubou: { name: '空亡', reading: 'kōngwáng' },
  kaikou: { name: '魁罡', reading: 'kuígāng' },
  youjin: { name: '羊刃', reading: 'yángrèn' },
  hijin: { name: '飞刃', reading: 'fēirèn' },
  jikkanroku: { name: '十干禄', reading: 'shígān lù' },
  kinyo: { name: '金舆', reading: 'jīnyú' },
  anroku: { name: '暗禄', reading: 'ànlù' },
  kouen: { name: '红艳', reading: 'hóngyàn' },
  tenchu_kijin: { name: '天厨贵人', reading: 'tiānchú guìrén' },
  tenkan_kijin: { name: '天官贵人', reading: 'tiānguān guìrén' },
  ryuuka: { name: '流霞', reading: 'liúxiá' },
  gakudou: { name: '学堂', reading: 'xuétáng' },
  tentoku_kijin: { name: '天德贵人', reading: 'tiāndé guìrén' },
  tentoku_gou: { name: '天德合', reading: 'tiāndé hé' },
  gettoku_kijin: { name: '月德贵人', reading: 'yuèdé guìrén' },
  gettoku_gou: { name: '月德合', reading: 'yuèdé hé' },
  ekiba: { name: '驿马', reading: 'yìmǎ' },
  gousatsu: { name: '劫煞', reading: 'jiéshà' },
  boushin: { name: '亡神', reading: 'wángshén' },
  koshin: { name: '孤辰', reading: 'gūchén' },
  kashuku: { name: '寡宿', reading: 'guǎsù' },
  ketsujin: { name: '血刃', reading: 'xuèrèn' },
  shousei: { name: '将星', reading: 'jiàngxīng' },
  saisatsu: { name: '灾煞', reading: 'zāishà' },
  rokuyaku: { name: '六厄', reading: "liù'è" },
  byakko: { name: '白虎', reading: 'báihǔ' },
  kouran: { name: '红鸾', reading: 'hóngluán' },
  tenki: { name: '天喜', reading: 'tiānxǐ' },
  koukou: { name: '勾绞', reading: 'gōujiǎo' },
  soumon: { name: '丧门', reading: 'sāngmén' },
  choukaku: { name: '吊客', reading: 'diàokè' },
  hima: { name: '披麻', reading: 'pīmá' },
  genshin: { name: '元辰', reading: 'yuánchén' },
  tenra: { name: '天罗', reading: 'tiānluó' },
  chimou: { name: '地网', reading: 'dìwǎng' },
  ten_i: { name: '天医', reading: 'tiānyī' },
  taikyoku_kijin: { name: '太极贵人', reading: 'tàijí guìrén' },
  kokuin_kijin: { name: '国印贵人', reading: 'guóyìn guìrén' },
  fukusei_kijin: { name: '福星贵人', reading: 'fúxīng guìrén' },
  tokushuu_kijin: { name: '德秀贵人', reading: 'déxiù guìrén' },
  sanki: { name: '三奇贵人', reading: 'sānqí guìrén' },
  tensha: { name: '天赦', reading: 'tiānshè' },
  shihai: { name: '四废', reading: 'sìfèi' },
  juuaku_taihai: { name: '十恶大败', reading: "shí'è dàbài" },
  insa_yousaku: { name: '阴差阳错', reading: 'yīnchā yángcuò' },
  koran: { name: '孤鸾', reading: 'gūluán' },
  rokushuu: { name: '六秀', reading: 'liùxiù' },
  juurei: { name: '十灵', reading: 'shílíng' },
  hassen: { name: '八专', reading: 'bāzhuān' },
  nittoku: { name: '日德', reading: 'rìdé' },
  nikki: { name: '日贵', reading: 'rìguì' },
  kinjin: { name: '金神', reading: 'jīnshén' },
} as const satisfies Catalogue['stars'];

const PILLAR_CHARACTERS = ['年', '月', '日', '时'] as const;
const LIST_SEPARATOR = '、';

export const STAR_RULES = {
  /** The lookup in words. */
  lookups: {
    day_stem: '日干 → 地支',
    year_day_branches: '年支、日支 → 地支',
    month_branch: '月支 → 天干',
    month_branch_virtue: '月支 → 天干、地支',
    day_pillar_void: '日柱 → 年支、月支、时支',
    day_pillar: '日柱',
    year_branch: '年支 → 地支',
    year_branch_gender: '年支、性别 → 地支',
    year_nayin: '年柱纳音 → 地支',
    month_branch_branches: '月支 → 地支',
    stem_sequence: '三柱相连的天干',
    month_day_pillar: '月支 → 日柱',
    hour_pillar: '时柱',
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
              : `${head.kind === 'hour_pillar' ? '时柱' : '日柱'} ${ganzhiName(head.pillar)}`;
    if (found === null) return start;
    return found.part === 'stem'
      ? `${start} → 天干 ${found.indices.map((s) => LABELS.stem[s]).join(LIST_SEPARATOR)}`
      : `${start} → 地支 ${found.indices.map((z) => LABELS.branch[z]).join(LIST_SEPARATOR)}`;
  },
  /** Several clauses of one star (a clause may list several branches with 、). */
  clauseSeparator: '；',
} satisfies Catalogue['starRules'];
