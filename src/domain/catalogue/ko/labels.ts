/**
 * The Korean labels of the closed vocabularies, list by list in code order, in Hangul, and their
 * readings (the Hangul itself). Korean 사주명리 usage, not a reading of the Japanese: 편관 and 정인
 * for the ten gods, 건록 for the life stage, 경칩 for the third term, 천중수 and 석류목 for the 납음,
 * 지장간 십성 십이운성 신살 for the rows; the initial-sound rule (두음법칙) throughout: 노중화, 노방토,
 * 육백금성 (Source: [lunar-typescript] for the codes the lists follow).
 * Also the few helpers every Korean sentence needs: the stem and branch characters, which stay as
 * characters in sentences, and the particle that agrees with the last syllable as read aloud.
 */
import { ganzhiName } from '../../calendar/sexagenary.ts';
import type { Catalogue as Labels } from '../../vocabulary/ja.ts';

export const LABELS = {
  stem: ['갑', '을', '병', '정', '무', '기', '경', '신', '임', '계'],
  branch: ['자', '축', '인', '묘', '진', '사', '오', '미', '신', '유', '술', '해'],
  element: ['목', '화', '토', '금', '수'],
  polarity: ['양+', '음-'],
  shishen: ['비견', '겁재', '식신', '상관', '편재', '정재', '편관', '정관', '편인', '정인'],
  shishen_group: ['비겁', '식상', '재성', '관성', '인성'],
  stage: ['장생', '목욕', '관대', '건록', '제왕', '쇠', '병', '사', '묘', '절', '태', '양'],
  // prettier-ignore
  nayin: [
    '해중금', '노중화', '대림목', '노방토', '검봉금', '산두화', '간하수', '성두토', '백랍금', '양류목',
    '천중수', '옥상토', '벽력화', '송백목', '장류수', '사중금', '산하화', '평지목', '벽상토', '금박금',
    '복등화', '천하수', '대역토', '차천금', '상자목', '대계수', '사중토', '천상화', '석류목', '대해수',
  ],
  // prettier-ignore
  jieqi: [
    '소한', '대한', '입춘', '우수', '경칩', '춘분', '청명', '곡우', '입하', '소만', '망종', '하지',
    '소서', '대서', '입추', '처서', '백로', '추분', '한로', '상강', '입동', '소설', '대설', '동지',
  ],
  zodiac: ['쥐', '소', '호랑이', '토끼', '용', '뱀', '말', '양', '원숭이', '닭', '개', '돼지'],
  nine_star: ['일백수성', '이흑토성', '삼벽목성', '사록목성', '오황토성', '육백금성', '칠적금성', '팔백토성', '구자화성'],
  sanhe: ['수국', '금국', '화국', '목국'],
  row: ['천간', '지지', '지장간', '십성', '지장간 십성', '십이운성', '납음', '공망', '신살'],
  void_basis: ['일주 공망', '연주 공망'],
  palace: ['태원', '태식', '명궁', '신궁'],
} as const satisfies Labels;

/** The Hangul of each label, as the list shows it; the polarity without its sign. */
export const READINGS = {
  ...LABELS,
  polarity: ['양', '음'],
} as const satisfies Labels;

/** The character of a stem (0 甲 … 9 癸) and of a branch (0 子 … 11 亥): a pillar index below 10 or 12 has that stem or branch. */
export const stemChar = (stem: number): string => ganzhiName(stem).charAt(0);
export const branchChar = (branch: number): string => ganzhiName(branch).charAt(1);

/** How a stem or branch character is read aloud, to choose the particle after it. */
const SPOKEN: ReadonlyMap<string, string> = new Map([
  ...LABELS.stem.map((name, s) => [stemChar(s), name] as const),
  ...LABELS.branch.map((name, z) => [branchChar(z), name] as const),
]);
/** Digits as read in Sino-Korean: 영 일 이 삼 사 오 육 칠 팔 구; those that end in a consonant. */
const DIGITS_WITH_FINAL = new Set(['0', '1', '3', '6', '7', '8']);

/** Whether `word`, read aloud, ends in a final consonant (받침). */
function endsInConsonant(word: string): boolean {
  const last = word.at(-1) ?? '';
  if (DIGITS_WITH_FINAL.has(last)) return true;
  const syllable = (SPOKEN.get(last) ?? last).charCodeAt(0) - 0xac00;
  return syllable >= 0 && syllable < 11172 && syllable % 28 !== 0;
}

/** The particle that agrees with `word`: `particle('甲', '은', '는')` is `은`, `particle('己', '은', '는')` is `는`. */
export const particle = (word: string, afterConsonant: string, afterVowel: string): string =>
  endsInConsonant(word) ? afterConsonant : afterVowel;
/** `word` and the particle that agrees with it: `josa('甲', '은', '는')` is `甲은`. */
export const josa = (word: string, afterConsonant: string, afterVowel: string): string =>
  `${word}${particle(word, afterConsonant, afterVowel)}`;
