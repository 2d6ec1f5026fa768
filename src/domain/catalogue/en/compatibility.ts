/**
 * The English text of compatibility (docs/scores.md, "Compatibility (相性)"): the levels, the names of
 * the day-stem classes and branch relations, and one explanation per kind of item, composed from what
 * the rule found (stem, branch and pillar indices, ten-god codes, points). Charts are A and B; stems,
 * branches and pillars keep their characters.
 */
import type { Catalogue } from '../index.ts';
import { ganzhiName } from '../../calendar/sexagenary.ts';
import type { TenGodCode } from '../../vocabulary/codes.ts';
import { labelOf } from '../../vocabulary/labels.ts';
import { branchChar, LABELS, signed, stemChar as stemOf } from './labels.ts';

const god = (code: TenGodCode): string => labelOf(LABELS, code);
const POSITIONS = { day: 'Day Branch', year: 'Year Branch' } as const;
/** The points, and the weight when it is not 1: `+2, ×0.5`. */
const pointsText = (points: number, weight: number): string => `${signed(points)}${weight === 1 ? '' : `, ×${weight}`}`;

export const COMPATIBILITY = {
  levels: { excellent: 'Excellent', good: 'Good', fair: 'Fair', uneasy: 'Somewhat difficult', hard: 'Difficult' },
  stemClasses: {
    kango: 'Stem Combination',
    seizai_seikan: 'Direct Wealth and Direct Officer (not a Stem Combination; an affectionate control)',
    shokujin_hen_in: 'Eating God and Indirect Resource',
    shokan_inju: 'Hurting Officer and Direct Resource',
    same: 'Same Day Stem (Companion and Companion)',
    kyozai: 'Rob Wealth and Rob Wealth',
    henzai_henkan: 'Indirect Wealth and Seven Killings',
  },
  branchRelations: {
    shigo: 'Six Combination',
    hankai: 'Half Three Harmony (two branches of a Three Harmony, including its cardinal branch)',
    sango: 'Two branches of a Three Harmony (without its cardinal branch)',
    same: 'Same branch',
    same_jikei: 'Same branch (Self-Punishment)',
    chu: 'Clash',
    kei: 'Punishment',
    gai: 'Harm',
    ha: 'Destruction',
  },
  dayStems: (p: {
    readonly a: number;
    readonly b: number;
    readonly aSeesB: TenGodCode;
    readonly bSeesA: TenGodCode;
    readonly classLabel: string;
    readonly points: number;
  }) =>
    `Day Stems: A's ${stemOf(p.a)} sees B's ${stemOf(p.b)} as ${god(p.aSeesB)}, and B's ${stemOf(p.b)} sees A's ${stemOf(p.a)} as ${god(p.bSeesA)}: ` +
    `${p.classLabel} (${signed(p.points)})`,
  spouseStars: (p: {
    readonly man: 'A' | 'B';
    readonly woman: 'A' | 'B';
    readonly manStem: number;
    readonly womanStem: number;
    readonly wifeStar: TenGodCode;
    readonly husbandStar: TenGodCode;
    readonly points: number;
  }) =>
    `${p.man} (man, Day Stem ${stemOf(p.manStem)}) sees ${p.woman}'s Day Stem ${stemOf(p.womanStem)} as ${god(p.wifeStar)}, his wife star, ` +
    `and ${p.woman} (woman) sees ${p.man} as ${god(p.husbandStar)}, her husband star: each is the other's spouse star (${signed(p.points)})`,
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
    `A's ${POSITIONS[p.position]} ${branchChar(p.x)} (${ganzhiName(p.pillarA)}) and B's ${POSITIONS[p.position]} ${branchChar(p.y)} (${ganzhiName(p.pillarB)}): ` +
    `${p.relationLabel} (${pointsText(p.points, p.weight)})`,
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
    `${p.first}'s Year Branch ${branchChar(p.x)} (${ganzhiName(p.yearPillar)}) and ${p.second}'s Day Branch ${branchChar(p.y)} (${ganzhiName(p.dayPillar)}): ` +
    `${p.relationLabel} (${signed(p.points)}, ×${p.weight})`,
  tenchiTokugo: (p: { readonly dayA: number; readonly dayB: number; readonly points: number }) =>
    `Day Pillars A ${ganzhiName(p.dayA)} and B ${ganzhiName(p.dayB)}: Heaven-and-Earth Combination, ` +
    `the Day Stems forming a Stem Combination and the Day Branches a Six Combination (${signed(p.points)})`,
  tenkokuChichu: (p: { readonly dayA: number; readonly dayB: number }) =>
    `Day Pillars A ${ganzhiName(p.dayA)} and B ${ganzhiName(p.dayB)}: Tian Ke Di Chong (Double Clash), ` +
    `one Day Stem controlling the other (Indirect Wealth and Seven Killings) and the Day Branches clashing. ` +
    `It is read both as the most conflicting of pairings and as a deep bond of strong mutual attraction ` +
    `(no points of its own: the control and the clash are each counted above)`,
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
    const counts = (perElement: readonly number[]) => perElement.map((n, e) => `${LABELS.element[e]} ${n}`).join(', ');
    const supplies = p.supplies.map(({ lacking, other, element, supplied, points }) =>
      supplied === 0
        ? `${lacking} lacks ${LABELS.element[element]}, and ${other} has none either (0)`
        : `${lacking} lacks ${LABELS.element[element]} and ${other} has ${supplied} (${signed(points)})`,
    );
    return (
      `Five Elements (stems and branches of ${p.withHour ? 'the four pillars' : 'the three pillars without the Hour Pillar'}) ` +
      `A: ${counts(p.countsA)}; B: ${counts(p.countsB)}. ` +
      (supplies.length === 0 ? 'Neither chart lacks an element' : supplies.join('; ')) +
      (p.cappedAt === null ? '' : ` (capped at ${signed(p.cappedAt)})`)
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
    `${p.them}'s Day Branch ${branchChar(p.theirBranch)} falls in the Void (${p.myVoid.map(branchChar).join('')}) ` +
    `of ${p.me}'s Day Pillar ${ganzhiName(p.myDay)} (${signed(p.points)})`,
  sameVoid: (p: { readonly voidBranches: readonly number[] }) =>
    `The same Void (${p.voidBranches.map(branchChar).join('')}) in both Day Pillars: easy to open up to each other, but prone to rivalry (no points)`,
} satisfies Catalogue['compatibility'];
