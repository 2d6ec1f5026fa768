/**
 * Relations present among pillars (research/luck-and-relations.md §4.7–4.8): every pair and triple
 * found, with the pillars and parts involved; no 化 (transformation) judgement. The natal chart
 * lists relations among its own pillars; a luck pillar lists those it forms with the natal pillars
 * (pairs, and triples completed with two natal branches).
 */
import {
  branchCombinationElement,
  DIRECTIONAL_ELEMENT_BY_GROUP,
  directionalGroup,
  isBranchCombination,
  isBreak,
  isCardinal,
  isClash,
  isHarm,
  isStemCombination,
  PUNISHMENT_TRIPLES,
  RUDE_PUNISHMENT,
  SELF_PUNISHMENT_BRANCHES,
  STEM_COMBINATION_NAMES,
  stemCombinationElement,
  stemsControl,
  THREE_HARMONY_ELEMENT_BY_GROUP,
  threeHarmonyGroup,
} from '../calendar/relations.ts';
import { branchOf, stemOf, type CycleIndex } from '../calendar/sexagenary.ts';
import { ELEMENTS, type Element } from '../calendar/stems.ts';
import type { FourPillars } from './pillars.ts';

export const RELATION_TYPES = [
  'STEM_COMBINATION',
  'BRANCH_COMBINATION',
  'THREE_HARMONY',
  'HALF_HARMONY',
  'DIRECTIONAL_HARMONY',
  'CLASH',
  'PUNISHMENT',
  'HARM',
  'BREAK',
  'HEAVEN_STRIKE_EARTH_CLASH',
  'HEAVEN_EARTH_COMBINATION',
] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

export const PILLAR_POSITIONS = ['year', 'month', 'day', 'hour', 'major', 'annual', 'monthly'] as const;
export type PillarPosition = (typeof PILLAR_POSITIONS)[number];

export interface RelationMember {
  readonly pillar: PillarPosition;
  readonly part: 'stem' | 'branch';
}

export interface Relation {
  readonly type: RelationType;
  /** Stable code (e.g. `kango`, `kei_jisei`); labels may change, codes do not. */
  readonly code: string;
  /** Japanese label (majority Japanese usage, e.g. 恃勢の刑 for 寅巳申). */
  readonly name: string;
  readonly members: readonly RelationMember[];
  /** The element the relation is named after (干合, 支合, 三合, 半会, 方合); null otherwise. */
  readonly element: Element | null;
  /** True when every member is a natal pillar and they stand side by side (年–月, 月–日, 日–時). */
  readonly adjacent: boolean;
}

export interface PlacedPillar {
  readonly position: PillarPosition;
  readonly pillar: CycleIndex;
}

const NATAL_ORDER: Readonly<Partial<Record<PillarPosition, number>>> = { year: 0, month: 1, day: 2, hour: 3 };

/** Two natal pillars side by side (年–月, 月–日, 日–時). */
function adjacentPair(a: PlacedPillar, b: PlacedPillar): boolean {
  const x = NATAL_ORDER[a.position];
  const y = NATAL_ORDER[b.position];
  return x !== undefined && y !== undefined && Math.abs(x - y) === 1;
}

function adjacent(members: readonly PlacedPillar[]): boolean {
  let mask = 0;
  for (const m of members) {
    const order = NATAL_ORDER[m.position];
    if (order === undefined) return false;
    mask |= 1 << order;
  }
  // Consecutive natal positions: the set bits form one run.
  const low = mask & -mask;
  return ((mask + low) & mask) === 0;
}

/** A pair relation found between two pillars, before it is placed. */
interface PairTemplate {
  readonly type: RelationType;
  readonly code: string;
  readonly name: string;
  /** `both`: stem and branch of each pillar (the composites). */
  readonly part: 'stem' | 'branch' | 'both';
  readonly element: Element | null;
  /** Only when this set of three branches (bit mask) is not complete: 半会 and the pairs of a 三刑. */
  readonly unlessComplete?: number;
  /** Which set (index into SET_ORDER) a partial pair belongs to: its place in the output. */
  readonly setId?: number;
  /** The relation placed between two positions, built once per (position, position) and shared, frozen. */
  readonly placed: Relation[];
}

const branchMask = (branches: readonly number[]): number => branches.reduce((mask, z) => mask | (1 << z), 0);
const ALL_BRANCHES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const THREE_HARMONY_SETS = [0, 1, 2, 3].map((group) => {
  const branches = ALL_BRANCHES.filter((z) => threeHarmonyGroup(z) === group);
  const element = THREE_HARMONY_ELEMENT_BY_GROUP[group]!;
  return { group, branches, mask: branchMask(branches), element, name: `三合（${ELEMENTS[element]}局）` };
});
const DIRECTIONAL_SETS = [0, 1, 2, 3].map((group) => {
  const branches = ALL_BRANCHES.filter((z) => directionalGroup(z) === group);
  const element = DIRECTIONAL_ELEMENT_BY_GROUP[group]!;
  return { branches, mask: branchMask(branches), element, name: `方合（${ELEMENTS[element]}）` };
});
const PUNISHMENT_SETS = PUNISHMENT_TRIPLES.map((triple) => ({ ...triple, mask: branchMask(triple.branches) }));

/**
 * Pair relations of two pillars (by cycle index, 60 × 60), in the order they are reported: stems,
 * branches, composites, then the partial sets (半会, 三刑 pairs). Built once.
 */
const PAIR_TABLE: readonly (readonly PairTemplate[])[] = (() => {
  const table: PairTemplate[][] = [];
  for (let a = 0; a < 60; a++) {
    for (let b = 0; b < 60; b++) {
      const [sa, sb, za, zb] = [stemOf(a), stemOf(b), branchOf(a), branchOf(b)];
      const found: PairTemplate[] = [];
      const push = (t: Omit<PairTemplate, 'placed'>): void => void found.push({ ...t, placed: [] });
      if (isStemCombination(sa, sb)) {
        push({
          type: 'STEM_COMBINATION',
          code: 'kango',
          name: `干合（${STEM_COMBINATION_NAMES[sa % 5]}）`,
          part: 'stem',
          element: ELEMENTS[stemCombinationElement(sa)]!,
        });
      }
      if (isBranchCombination(za, zb))
        push({
          type: 'BRANCH_COMBINATION',
          code: 'shigo',
          name: '支合',
          part: 'branch',
          element: ELEMENTS[branchCombinationElement(za, zb)]!,
        });
      if (isClash(za, zb)) push({ type: 'CLASH', code: 'chu', name: '冲', part: 'branch', element: null });
      if (isHarm(za, zb)) push({ type: 'HARM', code: 'gai', name: '害', part: 'branch', element: null });
      if (isBreak(za, zb)) push({ type: 'BREAK', code: 'ha', name: '破', part: 'branch', element: null });
      if (za === zb && SELF_PUNISHMENT_BRANCHES.includes(za))
        push({ type: 'PUNISHMENT', code: 'jikei', name: '自刑', part: 'branch', element: null });
      const [r0, r1] = RUDE_PUNISHMENT.branches;
      if ((za === r0 && zb === r1) || (za === r1 && zb === r0)) {
        push({ type: 'PUNISHMENT', code: RUDE_PUNISHMENT.code, name: RUDE_PUNISHMENT.name, part: 'branch', element: null });
      }
      if (isClash(za, zb) && stemsControl(sa, sb))
        push({ type: 'HEAVEN_STRIKE_EARTH_CLASH', code: 'tenkoku_chichu', name: '天剋地冲', part: 'both', element: null });
      if (isStemCombination(sa, sb) && isBranchCombination(za, zb)) {
        push({ type: 'HEAVEN_EARTH_COMBINATION', code: 'tenchi_tokugo', name: '天地徳合', part: 'both', element: null });
      }
      table[a * 60 + b] = found;
    }
  }
  return table;
})();

/** Partial-set pairs (半会, a 三刑's pairs) of two different branches, in set order; emitted when the set is incomplete. */
const PARTIAL_PAIRS: readonly (readonly PairTemplate[])[] = (() => {
  const table: PairTemplate[][] = [];
  for (let x = 0; x < 12; x++) {
    for (let y = 0; y < 12; y++) {
      const found: PairTemplate[] = [];
      const push = (t: Omit<PairTemplate, 'placed'>): void => void found.push({ ...t, placed: [] });
      if (x !== y) {
        for (const set of THREE_HARMONY_SETS) {
          if (set.branches.includes(x) && set.branches.includes(y) && (isCardinal(x) || isCardinal(y))) {
            const element = ELEMENTS[set.element];
            push({
              type: 'HALF_HARMONY',
              code: 'hankai',
              name: `半会（${element}局）`,
              part: 'branch',
              element,
              unlessComplete: set.mask,
              setId: set.group,
            });
          }
        }
        PUNISHMENT_SETS.forEach((set, k) => {
          if ((set.branches as readonly number[]).includes(x) && (set.branches as readonly number[]).includes(y)) {
            push({
              type: 'PUNISHMENT',
              code: set.code,
              name: set.name,
              part: 'branch',
              element: null,
              unlessComplete: set.mask,
              setId: THREE_HARMONY_SETS.length + k,
            });
          }
        });
      }
      table[x * 12 + y] = found;
    }
  }
  return table;
})();

const POSITION_COUNT = PILLAR_POSITIONS.length;
const POSITION_INDEX = Object.fromEntries(PILLAR_POSITIONS.map((p, i) => [p, i])) as Record<PillarPosition, number>;

/** A template between two placed pillars: one shared frozen object per pair of positions. */
function placed(t: PairTemplate, a: PlacedPillar, b: PlacedPillar): Relation {
  const key = POSITION_INDEX[a.position] * POSITION_COUNT + POSITION_INDEX[b.position];
  return (t.placed[key] ??= Object.freeze({
    type: t.type,
    code: t.code,
    name: t.name,
    members: Object.freeze(membersOf(a, b, t.part)),
    element: t.element,
    adjacent: adjacentPair(a, b),
  }));
}

const membersOf = (a: PlacedPillar, b: PlacedPillar, part: PairTemplate['part']): RelationMember[] =>
  part === 'both'
    ? [
        { pillar: a.position, part: 'stem' },
        { pillar: a.position, part: 'branch' },
        { pillar: b.position, part: 'stem' },
        { pillar: b.position, part: 'branch' },
      ]
    : [
        { pillar: a.position, part },
        { pillar: b.position, part },
      ];

/** A complete set of three branches: every pillar holding one of them, when one is in focus. */
function addSet(
  found: Relation[],
  pillars: readonly PlacedPillar[],
  focus: ReadonlySet<PillarPosition> | null,
  type: RelationType,
  code: string,
  name: string,
  mask: number,
  element: Element | null,
): void {
  const members = pillars.filter((p) => (mask >> branchOf(p.pillar)) & 1);
  if (focus !== null && !members.some((m) => focus.has(m.position))) return;
  found.push({
    type,
    code,
    name,
    members: members.map((m) => ({ pillar: m.position, part: 'branch' })),
    element,
    adjacent: adjacent(members),
  });
}

/**
 * Relations among `pillars`. With `focus`, only those that involve at least one pillar at a focus
 * position (a luck pillar against the natal chart). Order: pair relations pair by pair, then the
 * sets of three (三合 or its 半会, 方合, 三刑 or its pairs). Pair relations come from tables built
 * once: a call is a few lookups (it runs for each of a hundred 歳運).
 */
export function relationsAmong(pillars: readonly PlacedPillar[], focus: ReadonlySet<PillarPosition> | null = null): Relation[] {
  const found: Relation[] = [];
  const focused: boolean[] = [];
  for (const p of pillars) focused.push(focus === null || focus.has(p.position));
  let present = 0;
  for (const p of pillars) present |= 1 << branchOf(p.pillar);
  const partial: Relation[][] = [];

  for (let i = 0; i < pillars.length; i++) {
    for (let j = i + 1; j < pillars.length; j++) {
      if (!focused[i] && !focused[j]) continue;
      const a = pillars[i]!;
      const b = pillars[j]!;
      const pairs = PAIR_TABLE[a.pillar * 60 + b.pillar]!;
      const partials = PARTIAL_PAIRS[branchOf(a.pillar) * 12 + branchOf(b.pillar)]!;
      if (pairs.length === 0 && partials.length === 0) continue;
      for (const t of pairs) found.push(placed(t, a, b));
      for (const t of partials) {
        if ((present & t.unlessComplete!) !== t.unlessComplete) (partial[t.setId!] ??= []).push(placed(t, a, b));
      }
    }
  }

  for (const set of THREE_HARMONY_SETS) {
    if ((present & set.mask) === set.mask)
      addSet(found, pillars, focus, 'THREE_HARMONY', 'sango', set.name, set.mask, ELEMENTS[set.element]);
    else if (partial[set.group] !== undefined) found.push(...partial[set.group]!);
  }
  for (const set of DIRECTIONAL_SETS) {
    if ((present & set.mask) === set.mask)
      addSet(found, pillars, focus, 'DIRECTIONAL_HARMONY', 'hogo', set.name, set.mask, ELEMENTS[set.element]);
  }
  for (let k = 0; k < PUNISHMENT_SETS.length; k++) {
    const set = PUNISHMENT_SETS[k]!;
    if ((present & set.mask) === set.mask) addSet(found, pillars, focus, 'PUNISHMENT', set.code, set.name, set.mask, null);
    else if (partial[THREE_HARMONY_SETS.length + k] !== undefined) found.push(...partial[THREE_HARMONY_SETS.length + k]!);
  }
  return found;
}

const NATAL_POSITIONS = ['year', 'month', 'day', 'hour'] as const;

/** Relations among the four natal pillars. */
export const natalRelationsOf = (pillars: FourPillars): Relation[] =>
  relationsAmong(NATAL_POSITIONS.map((position) => ({ position, pillar: pillars[position] })));
