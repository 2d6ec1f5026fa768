/**
 * The English names of the special stars (Symbolic Stars, 神殺; docs/fields.md section 10), by code,
 * each with the Hanyu Pinyin of its Chinese name as its reading (English names of these stars vary
 * from book to book; the pinyin does not, so a name needs no Chinese characters beside it), and the
 * words of a star's rule line. The names are the most common in English Bazi texts; lunar-typescript's
 * English catalogue gives the virtue stars (Source: [lunar-typescript]).
 */
import type { LookupKind, RuleClause } from '../ja/stars.ts';
import type { Catalogue } from '../index.ts';
import { ganzhiName } from '../../calendar/sexagenary.ts';
import { branchChar, LABELS, stemChar } from './labels.ts';

export const STARS = {
  tenotsu_kijin: { name: 'Nobleman Star', reading: 'tiānyǐ guìrén' },
  bunshou_kijin: { name: 'Academic Star', reading: 'wénchāng guìrén' },
  touka: { name: 'Peach Blossom', reading: 'táohuā' },
  kagai: { name: 'Canopy Star', reading: 'huágài' },
  kuubou: { name: 'Void', reading: 'kōngwáng' },
  kaikou: { name: 'Kui Gang', reading: 'kuígāng' },
  youjin: { name: 'Goat Blade', reading: 'yángrèn' },
  hijin: { name: 'Flying Blade', reading: 'fēirèn' },
  jikkanroku: { name: 'Prosperity Star', reading: 'shígān lù' },
  kinyo: { name: 'Golden Carriage', reading: 'jīnyú' },
  anroku: { name: 'Hidden Prosperity', reading: 'ànlù' },
  kouen: { name: 'Red Romance Star', reading: 'hóngyàn' },
  tenchu_kijin: { name: 'Heavenly Kitchen Nobleman', reading: 'tiānchú guìrén' },
  tenkan_kijin: { name: 'Heavenly Official Nobleman', reading: 'tiānguān guìrén' },
  ryuuka: { name: 'Red Clouds', reading: 'liúxiá' },
  gakudou: { name: 'Academic Hall', reading: 'xuétáng' },
  tentoku_kijin: { name: 'Heavenly Virtue Nobleman', reading: 'tiāndé guìrén' },
  tentoku_gou: { name: 'Heavenly Virtue Combination', reading: 'tiāndé hé' },
  gettoku_kijin: { name: 'Monthly Virtue Nobleman', reading: 'yuèdé guìrén' },
  gettoku_gou: { name: 'Monthly Virtue Combination', reading: 'yuèdé hé' },
  ekiba: { name: 'Travelling Horse', reading: 'yìmǎ' },
  gousatsu: { name: 'Robbery Star', reading: 'jiéshà' },
  boushin: { name: 'Death God', reading: 'wángshén' },
  koshin: { name: 'Solitary Star', reading: 'gūchén' },
  kashuku: { name: 'Widow Star', reading: 'guǎsù' },
  ketsujin: { name: 'Blood Blade', reading: 'xuèrèn' },
  shousei: { name: 'General Star', reading: 'jiàngxīng' },
  saisatsu: { name: 'Disaster Star', reading: 'zāishà' },
  rokuyaku: { name: 'Six Calamities', reading: "liù'è" },
  byakko: { name: 'White Tiger', reading: 'báihǔ' },
  kouran: { name: 'Red Phoenix', reading: 'hóngluán' },
  tenki: { name: 'Heavenly Happiness', reading: 'tiānxǐ' },
  koukou: { name: 'Hook and Strangle', reading: 'gōujiǎo' },
  soumon: { name: 'Funeral Door', reading: 'sāngmén' },
  choukaku: { name: 'Mourning Guest', reading: 'diàokè' },
  hima: { name: 'Hemp Mourning Cloth', reading: 'pīmá' },
  genshin: { name: 'Yuan Chen', reading: 'yuánchén' },
  tenra: { name: 'Heaven’s Net', reading: 'tiānluó' },
  chimou: { name: 'Earth’s Net', reading: 'dìwǎng' },
  ten_i: { name: 'Heavenly Doctor', reading: 'tiānyī' },
  taikyoku_kijin: { name: 'Tai Ji Nobleman', reading: 'tàijí guìrén' },
  kokuin_kijin: { name: 'National Seal Nobleman', reading: 'guóyìn guìrén' },
  fukusei_kijin: { name: 'Fortune Star Nobleman', reading: 'fúxīng guìrén' },
  tokushuu_kijin: { name: 'Virtue and Elegance Nobleman', reading: 'déxiù guìrén' },
  sanki: { name: 'Three Marvels', reading: 'sānqí' },
  tensha: { name: 'Heavenly Pardon', reading: 'tiānshè' },
  shihai: { name: 'Four Wastes', reading: 'sìfèi' },
  juuaku_taihai: { name: 'Ten Evils and Great Defeat', reading: "shí'è dàbài" },
  insa_yousaku: { name: 'Yin-Yang Mismatch', reading: 'yīnchā yángcuò' },
  koran: { name: 'Lonely Phoenix', reading: 'gūluán' },
  rokushuu: { name: 'Six Elegances', reading: 'liùxiù' },
  juurei: { name: 'Ten Spirits', reading: 'shílíng' },
  hassen: { name: 'Eight Exclusives', reading: 'bāzhuān' },
  nittoku: { name: 'Day Virtue', reading: 'rìdé' },
  nikki: { name: 'Day Nobleman', reading: 'rìguì' },
  kinjin: { name: 'Golden Spirit', reading: 'jīnshén' },
} as const satisfies Catalogue['stars'];

const PILLAR_WORDS = ['Year', 'Month', 'Day', 'Hour'] as const;
const LIST_SEPARATOR = ', ';
/** `Branch 卯`, `Branches 子, 午`. */
const found = (one: string, many: string, characters: readonly string[]): string =>
  `${characters.length === 1 ? one : many} ${characters.join(LIST_SEPARATOR)}`;

export const STAR_RULES = {
  /** The lookup in words (the catalogue's `key`). */
  lookups: {
    day_stem: 'Day Stem → Branch',
    year_day_branches: 'Year and Day Branches → Branch',
    month_branch: 'Month Branch → Stem',
    month_branch_virtue: 'Month Branch → Stem or Branch',
    day_pillar_void: 'Day Pillar → Year, Month and Hour Branches',
    day_pillar: 'Day Pillar',
    year_branch: 'Year Branch → Branch',
    year_branch_gender: 'Year Branch and Gender → Branch',
    year_nayin: 'Year Pillar’s Nayin → Branch',
    month_branch_branches: 'Month Branch → Branch',
    stem_sequence: 'Stems of Three Pillars in a Row',
    month_day_pillar: 'Month Branch → Day Pillar',
    hour_pillar: 'Hour Pillar',
  } satisfies Readonly<Record<LookupKind, string>>,
  /** One clause, e.g. `Day Stem 甲 → Branch 卯`. */
  clause: ({ head, found: hit }: RuleClause): string => {
    const start =
      head.kind === 'day_stem'
        ? `Day Stem ${stemChar(head.stem)}`
        : head.kind === 'branch'
          ? `${PILLAR_WORDS[head.pillar]} Branch ${branchChar(head.branch)}`
          : head.kind === 'year_nayin'
            ? `Year Pillar ${ganzhiName(head.pillar)} (${LABELS.nayin[head.pillar >> 1]})`
            : head.kind === 'stems'
              ? `Stems ${head.stems.map(stemChar).join(LIST_SEPARATOR)}`
              : `${head.kind === 'hour_pillar' ? 'Hour' : 'Day'} Pillar ${ganzhiName(head.pillar)}`;
    if (hit === null) return start;
    return hit.part === 'stem'
      ? `${start} → ${found('Stem', 'Stems', hit.indices.map(stemChar))}`
      : `${start} → ${found('Branch', 'Branches', hit.indices.map(branchChar))}`;
  },
  /** Several clauses of one star. */
  clauseSeparator: '; ',
} satisfies Catalogue['starRules'];
