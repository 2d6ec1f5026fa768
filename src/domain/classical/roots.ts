/**
 * The shared facts of the classical analysis: 旺相休囚死 of an element in the month, and the day
 * master's roots (通根) graded by depth.
 *
 * 旺相休囚死: the element of the season is 旺, the one it generates 相, the one that generates it 休,
 * the one that controls it 囚, the one it controls 死 (当令者旺, 令生者相, 生令者休, 克令者囚, 令克者死);
 * the months 辰未戌丑 are 土's whole month (Source: [mingyu] baziElementData.ts SEASON_STATUS;
 * [fourpillars-web] seeds 丑辰未戌 as 土用). Other schools give 土 only the last 18 days (not used here).
 *
 * Roots, after 子平真詮 ch. 6 論十干得時不旺失時不弱 (Source: [zipingzhenquan]): a branch roots the day
 * master when it hides a stem of the day master's element; the root is heavy on the day master's
 * 長生 (yang stems only), 臨官 (禄) or 帝旺 branch, light elsewhere (墓庫, 余気). A yin stem's 長生
 * branch (乙午, 丁酉, 己酉, 辛子, 癸卯) hides none of its element but counts as a light root (明根, equal to
 * one 余気). So 乙 in 戌 and 丁 in 丑 are no roots; 壬 on 辰 and 丙 on 戌 are (light).
 */
import { HIDDEN_STEMS_BY_BRANCH } from '../calendar/hidden-stems.ts';
import { LIFE_STAGE_BY_STEM } from '../calendar/life-stages.ts';

/** 旺 相 休 囚 死, in this order (index = phase). */
export const PHASE_CODES = ['phase.wang', 'phase.xiang', 'phase.xiu', 'phase.qiu', 'phase.si'] as const;
export type PhaseCode = (typeof PHASE_CODES)[number];

/** The element (0 木 … 4 水) that rules the month of a branch: 寅卯 木, 巳午 火, 申酉 金, 亥子 水, 辰未戌丑 土. */
// prettier-ignore
export const SEASON_ELEMENT_BY_BRANCH = [4, 2, 0, 0, 2, 1, 1, 2, 3, 3, 2, 4] as const;

/** The phase (0 旺 … 4 死) of `element` in the month of `monthBranch`. */
export function phaseOf(element: number, monthBranch: number): number {
  const season = SEASON_ELEMENT_BY_BRANCH[monthBranch]!;
  // Steps from the season's element in the generating cycle: 0 itself (旺), 1 it generates (相),
  // 4 generates it (休), 3 controls it (囚), 2 it controls (死).
  const step = (element - season + 5) % 5;
  return [0, 1, 4, 3, 2][step]!;
}

/** 長生, 臨官, 帝旺 in the life-stage order 長生 沐浴 冠帯 臨官 帝旺 …. */
const CHANG_SHENG = 0;
const LIN_GUAN = 3;
const DI_WANG = 4;

export type RootDepth = 'heavy' | 'light';
/** Which hidden stem carries the root: 本気, 中気, 余気, or none (a yin stem's 長生 branch). */
export type RootQi = 'main' | 'middle' | 'residual' | 'growth';

export interface Root {
  /** Pillar slot 0 year … 3 hour. */
  readonly slot: number;
  readonly branch: number;
  /** The hidden stem of the day master's element, or null for a yin 長生 root. */
  readonly stem: number | null;
  readonly qi: RootQi;
  readonly depth: RootDepth;
}

const QI: readonly RootQi[] = ['main', 'middle', 'residual'];

/** The root `stem` has in `branch`, computed from the tables (null: none). */
function computeRoot(stem: number, branch: number, slot: number): Root | null {
  const element = stem >> 1;
  const hidden = HIDDEN_STEMS_BY_BRANCH[branch]!;
  const stage = LIFE_STAGE_BY_STEM[stem]![branch]!;
  const yang = (stem & 1) === 0;
  const index = hidden.findIndex((h) => h >> 1 === element);
  if (index === -1) {
    return !yang && stage === CHANG_SHENG ? Object.freeze({ slot, branch, stem: null, qi: 'growth', depth: 'light' }) : null;
  }
  const heavy = stage === LIN_GUAN || stage === DI_WANG || (yang && stage === CHANG_SHENG);
  return Object.freeze({ slot, branch, stem: hidden[index]!, qi: QI[index]!, depth: heavy ? 'heavy' : 'light' });
}

/** Every (stem, branch, slot) root made once: 10 × 12 × 4, shared and frozen. */
const ROOTS: readonly (Root | null)[] = Array.from({ length: 480 }, (_, i) =>
  computeRoot(Math.floor(i / 48), Math.floor(i / 4) % 12, i % 4),
);

/** The root `stem` has in `branch` at pillar `slot` (null: none). */
export const rootOf = (stem: number, branch: number, slot: number): Root | null => ROOTS[stem * 48 + branch * 4 + slot]!;

/** Every root of `stem` among `branches` (pillar order). */
export function rootsOf(stem: number, branches: readonly number[]): Root[] {
  const found: Root[] = [];
  for (let slot = 0; slot < branches.length; slot++) {
    const root = ROOTS[stem * 48 + branches[slot]! * 4 + slot]!;
    if (root !== null) found.push(root);
  }
  return found;
}
