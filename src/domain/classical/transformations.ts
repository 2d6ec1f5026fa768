/**
 * 合化: every 干合 among the chart's stems (甲己 土, 乙庚 金, 丙辛 水, 丁壬 木, 戊癸 火), each condition
 * checked on its own, and the verdict per school, because the schools' conditions differ.
 *
 * Conditions: `adjacent` (neighbouring pillars; 子平真詮 ch. 5: far apart "合而不能合也"); `month_supports`
 * (the 化神's element rules the month: 子平真詮 ch. 47 "化出之物，得时乘令", 滴天髓 化象); `dragon` (a 辰 or
 * another exposed stem of the 化神's element: 滴天髓 原注 "得龍以運之", 任鐵樵 逢五而化); `broken_by` (exposed
 * stems that control the 化神: 子平真詮 ch. 5 "闲神来伤化气"); `rivals` (a second stem of either side: 争合
 * ・妬合, ch. 5 "情不专"); `day_master` (the day stem is one side: ch. 5 "本身之合 … 不为合去").
 *
 * Verdicts: `shiping` — far apart: `distant`; two other stems side by side are bound (合去・合絆: they
 * lose their use, ch. 4 — 李參政's 乙合庚 "合煞留官" although 庚 rules the 酉 month); the day master's own
 * pair transforms (化気, ch. 47) when the month supports the 化神, no exposed stem breaks it and no rival
 * competes, else it is `own` (not removed). `japanese` (fourpillar.net, gluck: 干合 needs neighbouring pillars and the
 * month's element): adjacent and the month supports: `transforms`; adjacent only: `bound`; else
 * `no_effect`.
 */
import { isStemCombination, stemCombinationElement } from '../calendar/relations.ts';
import { phaseOf } from './roots.ts';
import type { PillarParts } from './strength.ts';

export type TransformationVerdict = 'transforms' | 'bound' | 'distant' | 'own' | 'no_effect';

export interface Transformation {
  /** Pillar slots of the two stems (0 year … 3 hour), the earlier first. */
  readonly slots: readonly [number, number];
  readonly stems: readonly [number, number];
  /** The 化神's element (0 木 … 4 水). */
  readonly element: number;
  readonly adjacent: boolean;
  readonly monthSupports: boolean;
  readonly dragon: boolean;
  /** Slots of exposed stems that control the 化神. */
  readonly brokenBy: readonly number[];
  /** Slots of a second stem equal to either side. */
  readonly rivals: readonly number[];
  readonly dayMaster: boolean;
  readonly verdicts: { readonly shiping: TransformationVerdict; readonly japanese: TransformationVerdict };
}

const DAY = 2;
const DRAGON = 4; // 辰

export function transformationsOf({ stems, branches }: PillarParts): Transformation[] {
  const found: Transformation[] = [];
  const month = branches[1]!;
  for (let a = 0; a < stems.length; a++) {
    for (let b = a + 1; b < stems.length; b++) {
      if (!isStemCombination(stems[a]!, stems[b]!)) continue;
      const element = stemCombinationElement(stems[a]!);
      const others = stems.map((stem, slot) => ({ stem, slot })).filter(({ slot }) => slot !== a && slot !== b);
      const adjacent = b - a === 1;
      const monthSupports = phaseOf(element, month) === 0;
      const dragon = branches.includes(DRAGON) || others.some(({ stem }) => stem >> 1 === element);
      // A stem controls the 化神 when its element is the one before the 化神's in the controlling cycle (element − 2).
      const brokenBy = others.filter(({ stem }) => stem >> 1 === (element + 3) % 5).map(({ slot }) => slot);
      const rivals = others.filter(({ stem }) => stem === stems[a] || stem === stems[b]).map(({ slot }) => slot);
      const dayMaster = a === DAY || b === DAY;
      const transforms = monthSupports && brokenBy.length === 0 && rivals.length === 0;
      const shiping: TransformationVerdict = !adjacent ? 'distant' : !dayMaster ? 'bound' : transforms ? 'transforms' : 'own';
      const japanese: TransformationVerdict = !adjacent ? 'no_effect' : monthSupports ? 'transforms' : 'bound';
      found.push({
        slots: [a, b],
        stems: [stems[a]!, stems[b]!],
        element,
        adjacent,
        monthSupports,
        dragon,
        brokenBy,
        rivals,
        dayMaster,
        verdicts: { shiping, japanese },
      });
    }
  }
  return found;
}
