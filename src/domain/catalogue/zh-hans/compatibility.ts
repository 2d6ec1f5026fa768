/**
 * The Simplified Chinese text of 八字配对 (docs/scores.md, "Compatibility (相性)"): the levels, the
 * names of the day-stem classes and branch relations, and one explanation per kind of item, from what
 * the rule found (stem, branch and pillar indices, ten-god codes, points). Mainland terms: 天干五合,
 * 六合, 半合 (two of a 三合 with its 旺 branch) and 拱合 (the two without it), 相冲 相刑 相害 相破,
 * 天地德合, 天克地冲, 正印 and 七杀 (Japanese 印綬, 偏官). The Japanese 同中殺 has no Chinese name: it is
 * said as two day pillars of one 旬 sharing their 空亡.
 */
import type { Catalogue } from '../index.ts';
import { ganzhiName } from '../../calendar/sexagenary.ts';
import type { TenGodCode } from '../../vocabulary/codes.ts';
import { labelOf } from '../../vocabulary/labels.ts';
import { LABELS } from './labels.ts';

const stem = (s: number): string => LABELS.stem[s]!;
const branch = (z: number): string => LABELS.branch[z]!;
const god = (code: TenGodCode): string => labelOf(LABELS, code);
const signed = (points: number): string => (points > 0 ? `+${points}` : String(points));
const POSITIONS = { day: '日支', year: '年支' } as const;

export const COMPATIBILITY = {
  levels: { excellent: '非常契合', good: '契合', fair: '一般', uneasy: '略难契合', hard: '难以契合' },
  stemClasses: {
    kango: '天干五合',
    seizai_seikan: '正财与正官（非五合，属有情之克）',
    shokujin_hen_in: '食神与偏印',
    shokan_inju: '伤官与正印',
    same: '日干相同（比肩与比肩）',
    kyozai: '劫财与劫财',
    henzai_henkan: '偏财与七杀（偏官）',
  },
  branchRelations: {
    shigo: '六合',
    hankai: '半合（三合中含旺支的两支）',
    sango: '拱合（三合中不含旺支的两支）',
    same: '地支相同',
    same_jikei: '地支相同（自刑）',
    chu: '相冲',
    kei: '相刑',
    gai: '相害',
    ha: '相破',
  },
  dayStems: (p: {
    readonly a: number;
    readonly b: number;
    readonly aSeesB: TenGodCode;
    readonly bSeesA: TenGodCode;
    readonly classLabel: string;
    readonly points: number;
  }) =>
    `A 的日干${stem(p.a)}见 B 的日干${stem(p.b)}为${god(p.aSeesB)}，` +
    `B 的日干${stem(p.b)}见 A 的日干${stem(p.a)}为${god(p.bSeesA)}：${p.classLabel}（${signed(p.points)}）`,
  spouseStars: (p: {
    readonly man: 'A' | 'B';
    readonly woman: 'A' | 'B';
    readonly manStem: number;
    readonly womanStem: number;
    readonly wifeStar: TenGodCode;
    readonly husbandStar: TenGodCode;
    readonly points: number;
  }) =>
    `男方 ${p.man} 的日干${stem(p.manStem)}见女方 ${p.woman} 的日干${stem(p.womanStem)}为${god(p.wifeStar)}（妻星），` +
    `女方见男方为${god(p.husbandStar)}（夫星）：互为配偶星（${signed(p.points)}）`,
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
    `A 的${POSITIONS[p.position]}${branch(p.x)}（${ganzhiName(p.pillarA)}）与 B 的${POSITIONS[p.position]}${branch(p.y)}（${ganzhiName(p.pillarB)}）：` +
    `${p.relationLabel}（${signed(p.points)}${p.weight === 1 ? '' : `，×${p.weight}`}）`,
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
    `${p.first} 的年支${branch(p.x)}（${ganzhiName(p.yearPillar)}）与 ${p.second} 的日支${branch(p.y)}（${ganzhiName(p.dayPillar)}）：` +
    `${p.relationLabel}（${signed(p.points)}，×${p.weight}）`,
  tenchiTokugo: (p: { readonly dayA: number; readonly dayB: number; readonly points: number }) =>
    `A 的日柱${ganzhiName(p.dayA)}与 B 的日柱${ganzhiName(p.dayB)}：天地德合（日干五合、日支六合）（${signed(p.points)}）`,
  tenkokuChichu: (p: { readonly dayA: number; readonly dayB: number }) =>
    `A 的日柱${ganzhiName(p.dayA)}与 B 的日柱${ganzhiName(p.dayB)}：天克地冲（日干为偏财、七杀之克，日支相冲）。` +
    '有人视为冲突最烈的组合，也有人视为缘分深厚、彼此强烈吸引的组合（不另计分：克与冲已分别计入）',
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
    const counts = (perElement: readonly number[]) => perElement.map((n, e) => `${LABELS.element[e]}${n}`).join(' ');
    const supplies = p.supplies.map(({ lacking, other, element, supplied, points }) =>
      supplied === 0
        ? `${lacking} 缺${LABELS.element[element]}，${other} 也没有（0）`
        : `${lacking} 缺${LABELS.element[element]}，${other} 有 ${supplied} 个（${signed(points)}）`,
    );
    return (
      `五行（${p.withHour ? '四柱' : '除时柱外三柱'}的天干与地支）A ${counts(p.countsA)}，B ${counts(p.countsB)}：` +
      (supplies.length === 0 ? '双方五行俱全' : supplies.join('；')) +
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
    `${p.them} 的日支${branch(p.theirBranch)}落入 ${p.me} 的日柱${ganzhiName(p.myDay)}的空亡（${p.myVoid.map(branch).join('')}）（${signed(p.points)}）`,
  sameVoid: (p: { readonly voidBranches: readonly number[] }) =>
    `空亡相同（${p.voidBranches.map(branch).join('')}）：双方日柱同旬。容易意气相投，也容易互相较劲（不计分）`,
} satisfies Catalogue['compatibility'];
