/**
 * The English names of the special stars (Symbolic Stars, 神殺; docs/fields.md section 10), by code,
 * each with the Hanyu Pinyin of its Chinese name as its reading (English names of these stars vary
 * from book to book; the pinyin does not), and the words of a star's rule line. The names are the
 * most common in English Bazi texts; lunar-typescript's English catalogue gives the virtue stars
 * (Source: [lunar-typescript]).
 */
import type { LookupKind, RuleClause } from '../ja-stars.ts';
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
            : `Day Pillar ${ganzhiName(head.pillar)}`;
    if (hit === null) return start;
    return hit.part === 'stem'
      ? `${start} → ${found('Stem', 'Stems', hit.indices.map(stemChar))}`
      : `${start} → ${found('Branch', 'Branches', hit.indices.map(branchChar))}`;
  },
  /** Several clauses of one star. */
  clauseSeparator: '; ',
} satisfies Catalogue['starRules'];
