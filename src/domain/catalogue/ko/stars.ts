/**
 * The Korean names of the special stars (신살), by code, and how a star's rule line reads. Names as
 * Korean 사주명리 apps print them: 귀인 for the helping stars, 살 for those read as harmful or
 * double-edged (도화살, 역마살, 양인살 …); 孤辰 read 고신살 as Korean reads 辰 in that word; the
 * reading of each name is its Hangul. In a rule line the stems, branches and pillars stay as characters.
 */
import type { Catalogue } from '../index.ts';
import type { LookupKind, RuleClause } from '../ja/stars.ts';
import { ganzhiName } from '../../calendar/sexagenary.ts';
import { LABELS, branchChar, stemChar } from './labels.ts';

const star = (name: string) => ({ name, reading: name });

export const STARS = {
  tenotsu_kijin: star('천을귀인'),
  bunshou_kijin: star('문창귀인'),
  touka: star('도화살'),
  kagai: star('화개살'),
  kuubou: star('공망'),
  kaikou: star('괴강살'),
  youjin: star('양인살'),
  hijin: star('비인살'),
  jikkanroku: star('십간록'),
  kinyo: star('금여록'),
  anroku: star('암록'),
  kouen: star('홍염살'),
  tenchu_kijin: star('천주귀인'),
  tenkan_kijin: star('천관귀인'),
  ryuuka: star('유하살'),
  gakudou: star('학당귀인'),
  tentoku_kijin: star('천덕귀인'),
  tentoku_gou: star('천덕합'),
  gettoku_kijin: star('월덕귀인'),
  gettoku_gou: star('월덕합'),
  ekiba: star('역마살'),
  gousatsu: star('겁살'),
  boushin: star('망신살'),
  koshin: star('고신살'),
  kashuku: star('과숙살'),
  ketsujin: star('혈인살'),
  shousei: star('장성살'),
  saisatsu: star('재살'),
  rokuyaku: star('육액살'),
  byakko: star('백호살'),
  kouran: star('홍란살'),
  tenki: star('천희살'),
  koukou: star('구교살'),
  soumon: star('상문살'),
  choukaku: star('조객살'),
  hima: star('피마살'),
  // 元辰 and 怨嗔 (원진살) read alike in Korean: the name shows the Hanja.
  genshin: { name: '원진(元辰)', reading: '원진' },
  tenra: star('천라'),
  chimou: star('지망'),
  ten_i: star('천의성'),
  taikyoku_kijin: star('태극귀인'),
  kokuin_kijin: star('국인귀인'),
  fukusei_kijin: star('복성귀인'),
  tokushuu_kijin: star('덕수귀인'),
  sanki: star('삼기귀인'),
  tensha: star('천사일'),
  shihai: star('사폐일'),
  juuaku_taihai: star('십악대패'),
  insa_yousaku: star('음차양착살'),
  koran: star('고란살'),
  rokushuu: star('육수일'),
  juurei: star('십령일'),
  hassen: star('팔전'),
  nittoku: star('일덕'),
  nikki: star('일귀'),
  kinjin: star('금신'),
} satisfies Catalogue['stars'];

/** The pillars' branches by pillar index (0 year … 3 hour). */
const BRANCH_OF_PILLAR = ['연지', '월지', '일지', '시지'] as const;
const LIST_SEPARATOR = '·';

export const STAR_RULES = {
  /** The lookup in words (the catalogue's `key`). */
  lookups: {
    day_stem: '일간 → 지지',
    year_day_branches: '연지·일지 → 지지',
    month_branch: '월지 → 천간',
    month_branch_virtue: '월지 → 천간·지지',
    day_pillar_void: '일주 → 연지·월지·시지',
    day_pillar: '일주',
    year_branch: '연지 → 지지',
    year_branch_gender: '연지·성별 → 지지',
    year_nayin: '연주 납음 → 지지',
    month_branch_branches: '월지 → 지지',
    stem_sequence: '연속한 세 주의 천간',
    month_day_pillar: '월지 → 일주',
    hour_pillar: '시주',
  } satisfies Readonly<Record<LookupKind, string>>,
  /** One clause, e.g. `일간 甲 → 지지 卯`. */
  clause: ({ head, found }: RuleClause): string => {
    const start =
      head.kind === 'day_stem'
        ? `일간 ${stemChar(head.stem)}`
        : head.kind === 'branch'
          ? `${BRANCH_OF_PILLAR[head.pillar]} ${branchChar(head.branch)}`
          : head.kind === 'year_nayin'
            ? `연주 ${ganzhiName(head.pillar)} ${LABELS.nayin[head.pillar >> 1]}`
            : head.kind === 'stems'
              ? `천간 ${head.stems.map(stemChar).join(LIST_SEPARATOR)}`
              : `${head.kind === 'hour_pillar' ? '시주' : '일주'} ${ganzhiName(head.pillar)}`;
    if (found === null) return start;
    return found.part === 'stem'
      ? `${start} → 천간 ${found.indices.map(stemChar).join(LIST_SEPARATOR)}`
      : `${start} → 지지 ${found.indices.map(branchChar).join(LIST_SEPARATOR)}`;
  },
  /** Several clauses of one star. */
  clauseSeparator: ', ',
} satisfies Catalogue['starRules'];
