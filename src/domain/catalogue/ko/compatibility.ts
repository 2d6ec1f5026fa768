/**
 * The Korean text of 궁합: the levels, the names of the day-stem classes and branch relations, and
 * one explanation per kind of item, composed from what the rule found (stem, branch and pillar
 * indices, ten-god codes, points). Korean 궁합 terms: 천간합, 육합, 반합, 충 형 육해 파, 처성 and
 * 남편성 for the spouse stars; stems, branches and pillars stay as characters. 害 is 육해, not a bare
 * 해, which would read as the branch 亥.
 * Korean has no name for two charts sharing one 공망 (Japanese 同中殺): the item says what it is.
 */
import type { Catalogue } from '../index.ts';
import { ganzhiName } from '../../calendar/sexagenary.ts';
import { labelOf } from '../../vocabulary/labels.ts';
import { LABELS, branchChar, josa, particle, stemChar } from './labels.ts';

const signed = (points: number): string => (points > 0 ? `+${points}` : String(points));
const POSITIONS = { day: '일지', year: '연지' } as const;
const element = (e: number): string => LABELS.element[e]!;

export const COMPATIBILITY = {
  levels: { excellent: '매우 좋음', good: '좋음', fair: '보통', uneasy: '다소 어려움', hard: '어려움' },
  stemClasses: {
    kango: '천간합',
    seizai_seikan: '정재·정관(천간합은 아니지만 유정한 극)',
    shokujin_hen_in: '식신·편인',
    shokan_inju: '상관·정인',
    same: '같은 일간(비견·비견)',
    kyozai: '겁재·겁재',
    henzai_henkan: '편재·편관(칠살)',
  },
  branchRelations: {
    shigo: '육합',
    hankai: '반합(왕지를 포함한 삼합의 두 지지)',
    sango: '삼합의 두 지지(왕지 없음)',
    same: '같은 지지',
    same_jikei: '같은 지지(자형)',
    chu: '충',
    kei: '형',
    gai: '육해',
    ha: '파',
  },
  dayStems: (p) =>
    `A의 일간 ${stemChar(p.a)}에서 본 B의 일간 ${josa(stemChar(p.b), '은', '는')} ${labelOf(LABELS, p.aSeesB)}, ` +
    `B의 일간 ${stemChar(p.b)}에서 본 A의 일간 ${josa(stemChar(p.a), '은', '는')} ${labelOf(LABELS, p.bSeesA)}: ${p.classLabel} (${signed(p.points)})`,
  spouseStars: (p) =>
    `남성 ${p.man}의 일간 ${stemChar(p.manStem)}에서 본 여성 ${p.woman}의 일간 ${josa(stemChar(p.womanStem), '은', '는')} ${labelOf(LABELS, p.wifeStar)}(처성), ` +
    `여성 쪽에서 본 남성은 ${labelOf(LABELS, p.husbandStar)}(남편성): 서로 상대의 배우자성 (${signed(p.points)})`,
  branches: (p) =>
    `${POSITIONS[p.position]} A ${branchChar(p.x)}(${ganzhiName(p.pillarA)})${particle(branchChar(p.x), '과', '와')} ` +
    `B ${branchChar(p.y)}(${ganzhiName(p.pillarB)}): ${p.relationLabel} (${signed(p.points)}${p.weight === 1 ? '' : `, ×${p.weight}`})`,
  yearDayBranches: (p) =>
    `${p.first}의 연지 ${branchChar(p.x)}(${ganzhiName(p.yearPillar)})${particle(branchChar(p.x), '과', '와')} ` +
    `${p.second}의 일지 ${branchChar(p.y)}(${ganzhiName(p.dayPillar)}): ${p.relationLabel} (${signed(p.points)}, ×${p.weight})`,
  tenchiTokugo: (p) =>
    `일주 A ${josa(ganzhiName(p.dayA), '과', '와')} B ${ganzhiName(p.dayB)}: 천지덕합(일간은 천간합, 일지는 육합) (${signed(p.points)})`,
  tenkokuChichu: (p) =>
    `일주 A ${josa(ganzhiName(p.dayA), '과', '와')} B ${ganzhiName(p.dayB)}: 천극지충(일간은 편재·편관의 극, 일지는 충). ` +
    '가장 크게 부딪치는 조합으로도, 인연이 깊어 서로 강하게 끌리는 조합으로도 봅니다 (점수 없음: 극과 충은 각각 따로 계산함)',
  fiveElements: (p) => {
    const counts = (perElement: readonly number[]) => perElement.map((n, e) => `${element(e)}${n}`).join(' ');
    const supplies = p.supplies.map(({ lacking, other, element: e, supplied, points }) =>
      supplied === 0
        ? `${lacking}에 없는 ${josa(element(e), '은', '는')} ${other}에도 없음 (0)`
        : `${lacking}에 없는 ${josa(element(e), '을', '를')} ${other}가 ${supplied}개 가짐 (${signed(points)})`,
    );
    return (
      `오행(${p.withHour ? '사주' : '시주를 뺀 삼주'}의 천간과 지지) A ${counts(p.countsA)}, B ${counts(p.countsB)}: ` +
      (supplies.length === 0 ? '서로 부족한 오행이 없음' : supplies.join(', ')) +
      (p.cappedAt === null ? '' : ` (상한 ${signed(p.cappedAt)})`)
    );
  },
  voidBranch: (p) =>
    `${p.them}의 일지 ${josa(branchChar(p.theirBranch), '이', '가')} ${p.me}의 일주 ${ganzhiName(p.myDay)}의 공망(${p.myVoid.map(branchChar).join('')})에 해당 (${signed(p.points)})`,
  sameVoid: (p) => `공망(${p.voidBranches.map(branchChar).join('')})이 같은 두 사람: 쉽게 마음이 통하지만 서로 경쟁하기도 쉬움 (점수 없음)`,
} satisfies Catalogue['compatibility'];
