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

function adjacent(positions: readonly PillarPosition[]): boolean {
  const order = positions.map((p) => NATAL_ORDER[p]);
  if (order.some((o) => o === undefined)) return false;
  const sorted = (order as number[]).toSorted((a, b) => a - b);
  return sorted.every((o, i) => i === 0 || o - (sorted[i - 1] ?? o) === 1);
}

/**
 * Relations among `pillars`. With `focus`, only those that involve at least one pillar at a focus
 * position (a luck pillar against the natal chart).
 */
export function relationsAmong(pillars: readonly PlacedPillar[], focus: ReadonlySet<PillarPosition> | null = null): Relation[] {
  const found: Relation[] = [];
  const involvesFocus = (members: readonly PlacedPillar[]): boolean => focus === null || members.some((m) => focus.has(m.position));
  const add = (
    type: RelationType,
    code: string,
    name: string,
    members: readonly PlacedPillar[],
    part: 'stem' | 'branch',
    element: number | null,
  ) => {
    if (!involvesFocus(members)) return;
    found.push({
      type,
      code,
      name,
      members: members.map((m) => ({ pillar: m.position, part })),
      element: element === null ? null : ELEMENTS[element]!,
      adjacent: adjacent(members.map((m) => m.position)),
    });
  };
  const both = (type: RelationType, code: string, name: string, a: PlacedPillar, b: PlacedPillar) => {
    if (!involvesFocus([a, b])) return;
    found.push({
      type,
      code,
      name,
      members: [
        { pillar: a.position, part: 'stem' },
        { pillar: a.position, part: 'branch' },
        { pillar: b.position, part: 'stem' },
        { pillar: b.position, part: 'branch' },
      ],
      element: null,
      adjacent: adjacent([a.position, b.position]),
    });
  };

  // Pairs.
  for (let i = 0; i < pillars.length; i++) {
    for (let j = i + 1; j < pillars.length; j++) {
      const a = pillars[i]!;
      const b = pillars[j]!;
      const [sa, sb, za, zb] = [stemOf(a.pillar), stemOf(b.pillar), branchOf(a.pillar), branchOf(b.pillar)];
      if (isStemCombination(sa, sb)) {
        add('STEM_COMBINATION', 'kango', `干合（${STEM_COMBINATION_NAMES[sa % 5]}）`, [a, b], 'stem', stemCombinationElement(sa));
      }
      if (isBranchCombination(za, zb)) add('BRANCH_COMBINATION', 'shigo', '支合', [a, b], 'branch', branchCombinationElement(za, zb));
      if (isClash(za, zb)) add('CLASH', 'chu', '冲', [a, b], 'branch', null);
      if (isHarm(za, zb)) add('HARM', 'gai', '害', [a, b], 'branch', null);
      if (isBreak(za, zb)) add('BREAK', 'ha', '破', [a, b], 'branch', null);
      if (za === zb && SELF_PUNISHMENT_BRANCHES.includes(za)) add('PUNISHMENT', 'jikei', '自刑', [a, b], 'branch', null);
      if (
        (za === RUDE_PUNISHMENT.branches[0] && zb === RUDE_PUNISHMENT.branches[1]) ||
        (zb === RUDE_PUNISHMENT.branches[0] && za === RUDE_PUNISHMENT.branches[1])
      ) {
        add('PUNISHMENT', RUDE_PUNISHMENT.code, RUDE_PUNISHMENT.name, [a, b], 'branch', null);
      }
      if (isClash(za, zb) && stemsControl(sa, sb)) both('HEAVEN_STRIKE_EARTH_CLASH', 'tenkoku_chichu', '天剋地冲', a, b);
      if (isStemCombination(sa, sb) && isBranchCombination(za, zb)) both('HEAVEN_EARTH_COMBINATION', 'tenchi_tokugo', '天地徳合', a, b);
    }
  }

  // Sets of three branches (三合, 方合, 三刑), or the 半会 / 刑 pairs of an incomplete set.
  const withBranch = (z: number) => pillars.filter((p) => branchOf(p.pillar) === z);
  const present = (zs: readonly number[]) => zs.every((z) => withBranch(z).length > 0);
  const membersOf = (zs: readonly number[]) => pillars.filter((p) => zs.includes(branchOf(p.pillar)));
  const pairsOf = (zs: readonly number[], keep: (x: number, y: number) => boolean, emit: (m: PlacedPillar[]) => void) => {
    for (let i = 0; i < pillars.length; i++) {
      for (let j = i + 1; j < pillars.length; j++) {
        const [x, y] = [branchOf(pillars[i]!.pillar), branchOf(pillars[j]!.pillar)];
        if (x !== y && zs.includes(x) && zs.includes(y) && keep(x, y)) emit([pillars[i]!, pillars[j]!]);
      }
    }
  };
  for (let group = 0; group < 4; group++) {
    const zs = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].filter((z) => threeHarmonyGroup(z) === group);
    const element = THREE_HARMONY_ELEMENT_BY_GROUP[group]!;
    if (present(zs)) add('THREE_HARMONY', 'sango', `三合（${ELEMENTS[element]}局）`, membersOf(zs), 'branch', element);
    else
      pairsOf(
        zs,
        (x, y) => isCardinal(x) || isCardinal(y),
        (m) => add('HALF_HARMONY', 'hankai', `半会（${ELEMENTS[element]}局）`, m, 'branch', element),
      );
  }
  for (let group = 0; group < 4; group++) {
    const zs = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].filter((z) => directionalGroup(z) === group);
    const element = DIRECTIONAL_ELEMENT_BY_GROUP[group]!;
    if (present(zs)) add('DIRECTIONAL_HARMONY', 'hogo', `方合（${ELEMENTS[element]}）`, membersOf(zs), 'branch', element);
  }
  for (const triple of PUNISHMENT_TRIPLES) {
    if (present(triple.branches)) add('PUNISHMENT', triple.code, triple.name, membersOf(triple.branches), 'branch', null);
    else
      pairsOf(
        triple.branches,
        () => true,
        (m) => add('PUNISHMENT', triple.code, triple.name, m, 'branch', null),
      );
  }
  return found;
}
