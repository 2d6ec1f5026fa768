import { ganzhiName } from '../../calendar/sexagenary.ts';
import { JA } from '../../vocabulary/ja.ts';

/**
 * The Japanese names and readings (hiragana) of the special stars (神殺, docs/fields.md section 10),
 * by code. Readings as the Japanese sources print them (かいごう for 魁罡).
 */
export const JA_STARS = {
  tenotsu_kijin: { name: '天乙貴人', reading: 'てんおつきじん' },
  bunshou_kijin: { name: '文昌貴人', reading: 'ぶんしょうきじん' },
  touka: { name: '桃花', reading: 'とうか' },
  kagai: { name: '華蓋', reading: 'かがい' },
  kuubou: { name: '空亡', reading: 'くうぼう' },
  kaikou: { name: '魁罡', reading: 'かいごう' },
  youjin: { name: '羊刃', reading: 'ようじん' },
  hijin: { name: '飛刃', reading: 'ひじん' },
  jikkanroku: { name: '十干禄', reading: 'じっかんろく' },
  kinyo: { name: '金輿', reading: 'きんよ' },
  anroku: { name: '暗禄', reading: 'あんろく' },
  kouen: { name: '紅艶', reading: 'こうえん' },
  tenchu_kijin: { name: '天厨貴人', reading: 'てんちゅうきじん' },
  tenkan_kijin: { name: '天官貴人', reading: 'てんかんきじん' },
  ryuuka: { name: '流霞', reading: 'りゅうか' },
  gakudou: { name: '学堂', reading: 'がくどう' },
  tentoku_kijin: { name: '天徳貴人', reading: 'てんとくきじん' },
  tentoku_gou: { name: '天徳合', reading: 'てんとくごう' },
  gettoku_kijin: { name: '月徳貴人', reading: 'げっとくきじん' },
  gettoku_gou: { name: '月徳合', reading: 'げっとくごう' },
  ekiba: { name: '駅馬', reading: 'えきば' },
  gousatsu: { name: '劫殺', reading: 'ごうさつ' },
  boushin: { name: '亡神', reading: 'ぼうしん' },
  koshin: { name: '孤辰', reading: 'こしん' },
  kashuku: { name: '寡宿', reading: 'かしゅく' },
  ketsujin: { name: '血刃', reading: 'けつじん' },
  shousei: { name: '将星', reading: 'しょうせい' },
  saisatsu: { name: '災殺', reading: 'さいさつ' },
  rokuyaku: { name: '六厄', reading: 'ろくやく' },
  byakko: { name: '白虎', reading: 'びゃっこ' },
  kouran: { name: '紅鸞', reading: 'こうらん' },
  tenki: { name: '天喜', reading: 'てんき' },
  koukou: { name: '勾絞', reading: 'こうこう' },
  soumon: { name: '喪門', reading: 'そうもん' },
  choukaku: { name: '弔客', reading: 'ちょうきゃく' },
  hima: { name: '披麻', reading: 'ひま' },
  genshin: { name: '元辰', reading: 'げんしん' },
  tenra: { name: '天羅', reading: 'てんら' },
  chimou: { name: '地網', reading: 'ちもう' },
  ten_i: { name: '天医', reading: 'てんい' },
  taikyoku_kijin: { name: '太極貴人', reading: 'たいきょくきじん' },
  kokuin_kijin: { name: '国印貴人', reading: 'こくいんきじん' },
  fukusei_kijin: { name: '福星貴人', reading: 'ふくせいきじん' },
  tokushuu_kijin: { name: '徳秀貴人', reading: 'とくしゅうきじん' },
  sanki: { name: '三奇', reading: 'さんき' },
  tensha: { name: '天赦', reading: 'てんしゃ' },
  shihai: { name: '四廃', reading: 'しはい' },
  juuaku_taihai: { name: '十悪大敗', reading: 'じゅうあくたいはい' },
  insa_yousaku: { name: '陰差陽錯', reading: 'いんさようさく' },
  koran: { name: '孤鸞', reading: 'こらん' },
  rokushuu: { name: '六秀', reading: 'ろくしゅう' },
  juurei: { name: '十霊', reading: 'じゅうれい' },
  hassen: { name: '八専', reading: 'はっせん' },
  nittoku: { name: '日徳', reading: 'にっとく' },
  nikki: { name: '日貴', reading: 'にっき' },
  kinjin: { name: '金神', reading: 'きんしん' },
} as const satisfies Readonly<Record<string, { readonly name: string; readonly reading: string }>>;

export type StarCode = keyof typeof JA_STARS;
export type StarTexts = Readonly<Record<StarCode, { readonly name: string; readonly reading: string }>>;

/** Where a star's lookup starts, as found: what the rule line names first. */
export type RuleHead =
  | { readonly kind: 'day_stem'; readonly stem: number }
  /** A pillar's branch (0 year … 3 hour): the year and day branches, the month branch. */
  | { readonly kind: 'branch'; readonly pillar: number; readonly branch: number }
  /** The year pillar (cycle index) and its 納音. */
  | { readonly kind: 'year_nayin'; readonly pillar: number }
  /** The day pillar (cycle index). */
  | { readonly kind: 'day_pillar'; readonly pillar: number }
  /** The hour pillar (cycle index). */
  | { readonly kind: 'hour_pillar'; readonly pillar: number }
  /** Stems of pillars in a row (三奇). */
  | { readonly kind: 'stems'; readonly stems: readonly number[] };

/** One clause of a rule line: the head, and the stems or branches it found (none for a pillar that is the star itself). */
export interface RuleClause {
  readonly head: RuleHead;
  readonly found: { readonly part: 'stem' | 'branch'; readonly indices: readonly number[] } | null;
}

/** The kinds of lookup, by what they read and where they look. */
export type LookupKind =
  | 'day_stem'
  | 'year_day_branches'
  | 'month_branch'
  | 'month_branch_virtue'
  | 'day_pillar_void'
  | 'day_pillar'
  | 'year_branch'
  | 'year_branch_gender'
  | 'year_nayin'
  | 'month_branch_branches'
  | 'stem_sequence'
  | 'month_day_pillar'
  | 'hour_pillar';

const PILLAR_CHARACTERS = ['年', '月', '日', '時'] as const;
const JA_LIST_SEPARATOR = '・';

export const JA_STAR_RULES = {
  /** The lookup in words (the catalogue's `key`). */
  lookups: {
    day_stem: '日干 → 地支',
    year_day_branches: '年支・日支 → 地支',
    month_branch: '月支 → 天干',
    month_branch_virtue: '月支 → 天干・地支',
    day_pillar_void: '日柱 → 年支・月支・時支',
    day_pillar: '日柱',
    year_branch: '年支 → 地支',
    year_branch_gender: '年支・性別 → 地支',
    year_nayin: '年柱の納音 → 地支',
    month_branch_branches: '月支 → 地支',
    stem_sequence: '三柱続きの天干',
    month_day_pillar: '月支 → 日柱',
    hour_pillar: '時柱',
  } satisfies Readonly<Record<LookupKind, string>>,
  /** One clause, e.g. `日干 甲 → 地支 卯`. */
  clause: ({ head, found }: RuleClause): string => {
    const start =
      head.kind === 'day_stem'
        ? `日干 ${JA.stem[head.stem]}`
        : head.kind === 'branch'
          ? `${PILLAR_CHARACTERS[head.pillar]}支 ${JA.branch[head.branch]}`
          : head.kind === 'year_nayin'
            ? `年柱 ${ganzhiName(head.pillar)} ${JA.nayin[head.pillar >> 1]}`
            : head.kind === 'stems'
              ? `天干 ${head.stems.map((s) => JA.stem[s]).join(JA_LIST_SEPARATOR)}`
              : `${head.kind === 'hour_pillar' ? '時柱' : '日柱'} ${ganzhiName(head.pillar)}`;
    if (found === null) return start;
    return found.part === 'stem'
      ? `${start} → 天干 ${found.indices.map((s) => JA.stem[s]).join(JA_LIST_SEPARATOR)}`
      : `${start} → 地支 ${found.indices.map((z) => JA.branch[z]).join(JA_LIST_SEPARATOR)}`;
  },
  /** Several clauses of one star. */
  clauseSeparator: '、',
};
