/**
 * The Japanese text of 相性 (docs/scores.md, "Compatibility (相性)"): the levels, the names of the
 * day-stem classes and branch relations, and one explanation per kind of item, composed from what
 * the rule found (stem, branch and pillar indices, ten-god codes, points).
 */
import type { TenGodCode } from '../../vocabulary/codes.ts';
import { ganzhiName } from '../../calendar/sexagenary.ts';
import { JA } from '../../vocabulary/ja.ts';
import { labelOf } from '../../vocabulary/labels.ts';

const stem = (s: number): string => JA.stem[s]!;
const branch = (z: number): string => JA.branch[z]!;
const signed = (points: number): string => (points > 0 ? `+${points}` : String(points));
const POSITIONS = { day: '日支', year: '年支' } as const;

export const JA_COMPATIBILITY = {
  levels: { excellent: '非常に良い', good: '良い', fair: '普通', uneasy: 'やや難しい', hard: '難しい' },
  stemClasses: {
    kango: '干合',
    seizai_seikan: '正財・正官（干合ではない、有情の剋）',
    shokujin_hen_in: '食神・偏印',
    shokan_inju: '傷官・印綬',
    same: '同じ日干（比肩・比肩）',
    kyozai: '劫財・劫財',
    henzai_henkan: '偏財・七殺',
  },
  branchRelations: {
    shigo: '支合',
    hankai: '半会（旺を含む三合の二支）',
    sango: '三合の二支（旺を含まない）',
    same: '同じ支',
    same_jikei: '同じ支（自刑）',
    chu: '冲',
    kei: '刑',
    gai: '害',
    ha: '破',
  },
  dayStems: (p: {
    readonly a: number;
    readonly b: number;
    readonly aSeesB: TenGodCode;
    readonly bSeesA: TenGodCode;
    readonly classLabel: string;
    readonly points: number;
  }) =>
    `日干 A ${stem(p.a)} から見た B ${stem(p.b)} は${labelOf(JA, p.aSeesB)}、` +
    `B ${stem(p.b)} から見た A ${stem(p.a)} は${labelOf(JA, p.bSeesA)}：${p.classLabel}（${signed(p.points)}）`,
  spouseStars: (p: {
    readonly man: 'A' | 'B';
    readonly woman: 'A' | 'B';
    readonly manStem: number;
    readonly womanStem: number;
    readonly wifeStar: TenGodCode;
    readonly husbandStar: TenGodCode;
    readonly points: number;
  }) =>
    `男性 ${p.man} の日干 ${stem(p.manStem)} から見た女性 ${p.woman} の日干 ${stem(p.womanStem)} は${labelOf(JA, p.wifeStar)}（妻の星）、` +
    `女性から見た男性は${labelOf(JA, p.husbandStar)}（夫の星）：互いが配偶者の星（${signed(p.points)}）`,
  branches: (p: {
    readonly position: 'day' | 'year';
    readonly x: number;
    readonly y: number;
    readonly pillarA: number;
    readonly pillarB: number;
    readonly relationLabel: string;
    readonly points: number;
    readonly weight: number;
  }) =>
    `${POSITIONS[p.position]} A ${branch(p.x)}（${ganzhiName(p.pillarA)}）と B ${branch(p.y)}（${ganzhiName(p.pillarB)}）：` +
    `${p.relationLabel}（${signed(p.points)}${p.weight === 1 ? '' : `、×${p.weight}`}）`,
  yearDayBranches: (p: {
    readonly first: 'A' | 'B';
    readonly second: 'A' | 'B';
    readonly x: number;
    readonly y: number;
    readonly yearPillar: number;
    readonly dayPillar: number;
    readonly relationLabel: string;
    readonly points: number;
    readonly weight: number;
  }) =>
    `${p.first} の年支 ${branch(p.x)}（${ganzhiName(p.yearPillar)}）と ${p.second} の日支 ${branch(p.y)}（${ganzhiName(p.dayPillar)}）：` +
    `${p.relationLabel}（${signed(p.points)}、×${p.weight}）`,
  tenchiTokugo: (p: { readonly dayA: number; readonly dayB: number; readonly points: number }) =>
    `日柱 A ${ganzhiName(p.dayA)} と B ${ganzhiName(p.dayB)}：天地徳合（日干が干合し日支が支合）（${signed(p.points)}）`,
  tenkokuChichu: (p: { readonly dayA: number; readonly dayB: number }) =>
    `日柱 A ${ganzhiName(p.dayA)} と B ${ganzhiName(p.dayB)}：天剋地冲（日干が偏財・七殺の剋、日支が冲）。最も衝突する組み合わせとも、縁が深く強く惹かれ合う組み合わせとも読まれる（点数なし：剋と冲はそれぞれ数えた）`,
  fiveElements: (p: {
    readonly withHour: boolean;
    readonly countsA: readonly number[];
    readonly countsB: readonly number[];
    readonly supplies: readonly {
      readonly lacking: 'A' | 'B';
      readonly other: 'A' | 'B';
      readonly element: number;
      readonly supplied: number;
      readonly points: number;
    }[];
    /** The cap, when the points were capped. */
    readonly cappedAt: number | null;
  }) => {
    const counts = (perElement: readonly number[]) => perElement.map((n, e) => `${JA.element[e]}${n}`).join(' ');
    const supplies = p.supplies.map(({ lacking, other, element, supplied, points }) =>
      supplied === 0
        ? `${lacking} に無い${JA.element[element]}は ${other} にも無い（0）`
        : `${lacking} に無い${JA.element[element]}を ${other} が${supplied}つ持つ（${signed(points)}）`,
    );
    return (
      `五行（${p.withHour ? '四柱' : '時柱を除く三柱'}の天干と地支）A ${counts(p.countsA)}、B ${counts(p.countsB)}：` +
      (supplies.length === 0 ? '互いに欠ける五行はない' : supplies.join('、')) +
      (p.cappedAt === null ? '' : `（上限 ${signed(p.cappedAt)}）`)
    );
  },
  voidBranch: (p: {
    readonly them: 'A' | 'B';
    readonly me: 'A' | 'B';
    readonly theirBranch: number;
    readonly myDay: number;
    readonly myVoid: readonly number[];
    readonly points: number;
  }) =>
    `${p.them} の日支 ${branch(p.theirBranch)} が ${p.me} の日柱 ${ganzhiName(p.myDay)} の空亡（${p.myVoid.map(branch).join('')}）にあたる（${signed(p.points)}）`,
  sameVoid: (p: { readonly voidBranches: readonly number[] }) =>
    `同じ空亡（${p.voidBranches.map(branch).join('')}）：同中殺。打ち解けやすいが張り合いやすい（点数なし）`,
};

export type CompatibilityTexts = typeof JA_COMPATIBILITY;
