/**
 * Relations present among pillars (docs/fields.md, "8.2 `relations`"; Source: [fourpillars-web]
 * RelationJudgementService.php for what a luck pillar forms with the natal ones): every pair and triple
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
  stemCombinationElement,
  stemsControl,
  THREE_HARMONY_ELEMENT_BY_GROUP,
  threeHarmonyGroup,
} from '../calendar/relations.ts';
import { branchOf, stemOf, type CycleIndex } from '../calendar/sexagenary.ts';
import type { ElementIndex } from '../calendar/stems.ts';
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

/**
 * Every relation code, in docs order. `kei_jisei` is the set 寅巳申 and `kei_muon` the set 丑戌未,
 * whatever a language calls them (Japanese books and Chinese ones swap the two names).
 */
export const RELATION_CODES = [
  'kango',
  'shigo',
  'sango',
  'hankai',
  'hogo',
  'chu',
  'kei_jisei',
  'kei_muon',
  'kei_murei',
  'jikei',
  'gai',
  'ha',
  'tenkoku_chichu',
  'tenchi_tokugo',
] as const;

export const PILLAR_POSITIONS = ['year', 'month', 'day', 'hour', 'major', 'annual', 'monthly', 'minor', 'daily', 'hourly'] as const;
export type PillarPosition = (typeof PILLAR_POSITIONS)[number];

export interface RelationMember {
  readonly pillar: PillarPosition;
  readonly part: 'stem' | 'branch';
}

export interface Relation {
  readonly type: RelationType;
  /** This relation object's number when it is one of the shared frozen ones (what caches of its words are indexed by); -1 when made for one call. */
  readonly id: number;
  /** Stable code (e.g. `kango`, `kei_jisei`); labels may change, codes do not. */
  readonly code: string;
  readonly members: readonly RelationMember[];
  /** The element (index 0..4, 木火土金水) the relation is named after (干合, 支合, 三合, 半会, 方合); null otherwise. */
  readonly element: ElementIndex | null;
  /** True when every member is a natal pillar and they stand side by side (年–月, 月–日, 日–時). */
  readonly adjacent: boolean;
}

export interface PlacedPillar {
  readonly position: PillarPosition;
  readonly pillar: CycleIndex;
}

const POSITION_COUNT = PILLAR_POSITIONS.length;
const POSITION_INDEX = Object.fromEntries(PILLAR_POSITIONS.map((p, i) => [p, i])) as Record<PillarPosition, number>;

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
  /** `both`: stem and branch of each pillar (the composites). */
  readonly part: 'stem' | 'branch' | 'both';
  readonly element: ElementIndex | null;
  /** Only when this set of three branches (bit mask) is not complete: 半会 and the pairs of a 三刑 (0: always). */
  readonly unlessComplete: number;
  /** Which set a partial pair belongs to (三合 groups 0–3, then the 三刑 sets): its place in the output; -1 for none. */
  readonly setId: number;
  /** The relation placed between two positions, built once per (position, position) and shared, frozen. */
  readonly placed: (Relation | undefined)[];
}

type TemplateFields = Omit<PairTemplate, 'placed' | 'unlessComplete' | 'setId'> & Partial<Pick<PairTemplate, 'unlessComplete' | 'setId'>>;
/**
 * One template per distinct relation (a few dozen, however many of the 3,600 pillar pairs hold it),
 * all of one shape (one hidden class, so the lookups that read them stay monomorphic): their
 * placed copies then stay few and close together in memory, where a copy per pair missed the cache.
 */
const TEMPLATES = new Map<string, PairTemplate>();
function pairTemplate(t: TemplateFields): PairTemplate {
  const fields = {
    type: t.type,
    code: t.code,
    part: t.part,
    element: t.element,
    unlessComplete: t.unlessComplete ?? 0,
    setId: t.setId ?? -1,
  };
  const key = JSON.stringify(fields);
  let template = TEMPLATES.get(key);
  if (template === undefined) {
    template = { ...fields, placed: Array.from({ length: POSITION_COUNT * POSITION_COUNT }, () => undefined) };
    TEMPLATES.set(key, template);
  }
  return template;
}

const branchMask = (branches: readonly number[]): number => branches.reduce((mask, z) => mask | (1 << z), 0);
const ALL_BRANCHES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const THREE_HARMONY_SETS = [0, 1, 2, 3].map((group) => {
  const branches = ALL_BRANCHES.filter((z) => threeHarmonyGroup(z) === group);
  const element = THREE_HARMONY_ELEMENT_BY_GROUP[group]!;
  return { group, branches, mask: branchMask(branches), element };
});
const DIRECTIONAL_SETS = [0, 1, 2, 3].map((group) => {
  const branches = ALL_BRANCHES.filter((z) => directionalGroup(z) === group);
  const element = DIRECTIONAL_ELEMENT_BY_GROUP[group]!;
  return { branches, mask: branchMask(branches), element };
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
      const push = (t: TemplateFields): void => void found.push(pairTemplate(t));
      if (isStemCombination(sa, sb)) {
        push({
          type: 'STEM_COMBINATION',
          code: 'kango',
          part: 'stem',
          element: stemCombinationElement(sa),
        });
      }
      if (isBranchCombination(za, zb))
        push({
          type: 'BRANCH_COMBINATION',
          code: 'shigo',
          part: 'branch',
          element: branchCombinationElement(za, zb),
        });
      if (isClash(za, zb)) push({ type: 'CLASH', code: 'chu', part: 'branch', element: null });
      if (isHarm(za, zb)) push({ type: 'HARM', code: 'gai', part: 'branch', element: null });
      if (isBreak(za, zb)) push({ type: 'BREAK', code: 'ha', part: 'branch', element: null });
      if (za === zb && SELF_PUNISHMENT_BRANCHES.includes(za)) push({ type: 'PUNISHMENT', code: 'jikei', part: 'branch', element: null });
      const [r0, r1] = RUDE_PUNISHMENT.branches;
      if ((za === r0 && zb === r1) || (za === r1 && zb === r0)) {
        push({ type: 'PUNISHMENT', code: RUDE_PUNISHMENT.code, part: 'branch', element: null });
      }
      if (isClash(za, zb) && stemsControl(sa, sb))
        push({ type: 'HEAVEN_STRIKE_EARTH_CLASH', code: 'tenkoku_chichu', part: 'both', element: null });
      if (isStemCombination(sa, sb) && isBranchCombination(za, zb)) {
        push({ type: 'HEAVEN_EARTH_COMBINATION', code: 'tenchi_tokugo', part: 'both', element: null });
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
      const push = (t: TemplateFields): void => void found.push(pairTemplate(t));
      if (x !== y) {
        for (const set of THREE_HARMONY_SETS) {
          if (set.branches.includes(x) && set.branches.includes(y) && (isCardinal(x) || isCardinal(y))) {
            push({
              type: 'HALF_HARMONY',
              code: 'hankai',
              part: 'branch',
              element: set.element,
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

/** How many shared frozen relations exist (each one's `id` is its number among them). */
let sharedRelations = 0;

/** A template between two placed pillars: one shared frozen object per pair of positions. */
const placed = (t: PairTemplate, a: PlacedPillar, b: PlacedPillar): Relation =>
  placedAt(t, POSITION_INDEX[a.position], POSITION_INDEX[b.position]);

/** {@link placed} by position indices (into {@link PILLAR_POSITIONS}). */
function placedAt(t: PairTemplate, a: number, b: number): Relation {
  const cached = t.placed[a * POSITION_COUNT + b];
  if (cached !== undefined) return cached;
  const pa = { position: PILLAR_POSITIONS[a]!, pillar: 0 };
  const pb = { position: PILLAR_POSITIONS[b]!, pillar: 0 };
  return (t.placed[a * POSITION_COUNT + b] = Object.freeze({
    type: t.type,
    id: sharedRelations++,
    code: t.code,
    members: Object.freeze(membersOf(pa, pb, t.part)),
    element: t.element,
    adjacent: adjacentPair(pa, pb),
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
  mask: number,
  element: ElementIndex | null,
): void {
  const members = pillars.filter((p) => (mask >> branchOf(p.pillar)) & 1);
  if (focus !== null && !members.some((m) => focus.has(m.position))) return;
  found.push({
    type,
    id: -1,
    code,
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
        if ((present & t.unlessComplete) !== t.unlessComplete) (partial[t.setId] ??= []).push(placed(t, a, b));
      }
    }
  }

  for (const set of THREE_HARMONY_SETS) {
    if ((present & set.mask) === set.mask) addSet(found, pillars, focus, 'THREE_HARMONY', 'sango', set.mask, set.element);
    else if (partial[set.group] !== undefined) found.push(...partial[set.group]!);
  }
  for (const set of DIRECTIONAL_SETS) {
    if ((present & set.mask) === set.mask) addSet(found, pillars, focus, 'DIRECTIONAL_HARMONY', 'hogo', set.mask, set.element);
  }
  for (let k = 0; k < PUNISHMENT_SETS.length; k++) {
    const set = PUNISHMENT_SETS[k]!;
    if ((present & set.mask) === set.mask) addSet(found, pillars, focus, 'PUNISHMENT', set.code, set.mask, null);
    else if (partial[THREE_HARMONY_SETS.length + k] !== undefined) found.push(...partial[THREE_HARMONY_SETS.length + k]!);
  }
  return found;
}

/** A complete set of three, placed: one shared frozen object per (set, positions holding its branches). */
interface SetKind {
  readonly type: RelationType;
  readonly code: string;
  readonly mask: number;
  readonly element: ElementIndex | null;
}
const SET_KINDS: readonly SetKind[] = [
  ...THREE_HARMONY_SETS.map((s): SetKind => ({
    type: 'THREE_HARMONY',
    code: 'sango',
    mask: s.mask,
    element: s.element,
  })),
  ...DIRECTIONAL_SETS.map((s): SetKind => ({
    type: 'DIRECTIONAL_HARMONY',
    code: 'hogo',
    mask: s.mask,
    element: s.element,
  })),
  ...PUNISHMENT_SETS.map((s): SetKind => ({ type: 'PUNISHMENT', code: s.code, mask: s.mask, element: null })),
];
const PLACED_SETS: Relation[] = [];

function placedSet(kind: number, positionMask: number): Relation {
  const key = kind * (1 << POSITION_COUNT) + positionMask;
  const cached = PLACED_SETS[key];
  if (cached !== undefined) return cached;
  const set = SET_KINDS[kind]!;
  const members: RelationMember[] = [];
  for (let p = 0; p < POSITION_COUNT; p++)
    if ((positionMask >> p) & 1) members.push(Object.freeze({ pillar: PILLAR_POSITIONS[p]!, part: 'branch' }));
  const positions = members.map((m) => ({ position: m.pillar, pillar: 0 }));
  return (PLACED_SETS[key] = Object.freeze({
    type: set.type,
    id: sharedRelations++,
    code: set.code,
    members: Object.freeze(members),
    element: set.element,
    adjacent: adjacent(positions),
  }));
}

/** The luck positions, by their index in {@link PILLAR_POSITIONS}. */
const MAJOR = POSITION_INDEX.major;
const ANNUAL = POSITION_INDEX.annual;
const MONTHLY = POSITION_INDEX.monthly;
const NO_PILLAR = -1;

/**
 * Partial-set pairs met while scanning one focus pillar: (set id, placed pair) in pair order, the
 * first `scratchCount` entries (a count, not `length = 0`, which is a slow runtime call).
 */
const scratchSetIds: number[] = [];
const scratchPairs: Relation[] = [];
let scratchCount = 0;

/** The pair relations of `other` (at position index `position`) with the focus, into `found`; partial-set pairs into the scratch lists. */
function pairWithFocus(
  found: Relation[],
  other: CycleIndex,
  position: number,
  focus: CycleIndex,
  focusIndex: number,
  present: number,
): void {
  const pairs = PAIR_TABLE[other * 60 + focus]!;
  for (let i = 0; i < pairs.length; i++) found.push(placedAt(pairs[i]!, position, focusIndex));
  const partials = PARTIAL_PAIRS[branchOf(other) * 12 + branchOf(focus)]!;
  for (let i = 0; i < partials.length; i++) {
    const t = partials[i]!;
    if ((present & t.unlessComplete) !== t.unlessComplete) {
      scratchSetIds[scratchCount] = t.setId;
      scratchPairs[scratchCount++] = placedAt(t, position, focusIndex);
    }
  }
}

/** The scratch partial pairs of one set, in pair order. */
function pushPartials(found: Relation[], setId: number): void {
  for (let i = 0; i < scratchCount; i++) if (scratchSetIds[i] === setId) found.push(scratchPairs[i]!);
}

/** Positions (bit mask over position indices) whose pillar's branch is in `mask`: the focus, natal pillars, 大運, 歳運. */
function positionsIn(mask: number, natal: FourPillars, major: number, annual: number, focusIndex: number, monthly = NO_PILLAR): number {
  let positions = 1 << focusIndex;
  if ((mask >> branchOf(natal.year)) & 1) positions |= 1;
  if ((mask >> branchOf(natal.month)) & 1) positions |= 2;
  if ((mask >> branchOf(natal.day)) & 1) positions |= 4;
  if (natal.hour !== null && (mask >> branchOf(natal.hour)) & 1) positions |= 8;
  if (major !== NO_PILLAR && (mask >> branchOf(major)) & 1) positions |= 1 << MAJOR;
  if (annual !== NO_PILLAR && (mask >> branchOf(annual)) & 1) positions |= 1 << ANNUAL;
  if (monthly !== NO_PILLAR && (mask >> branchOf(monthly)) & 1) positions |= 1 << MONTHLY;
  return positions;
}

/**
 * The relations a luck pillar forms with the natal pillars and the luck pillars above it (the 大運
 * for a 歳運; the 大運 and 歳運 for a 月運), in exactly the order and shape of
 * `relationsAmong([...natal, ...above, focus], new Set([focusPosition]))`, without building the
 * pillar list: a few table lookups and shared frozen relations (a chart lists a hundred 歳運).
 *
 * @param natal the natal pillars, year to hour (no hour in a three-pillar chart)
 * @param major the 大運 in force, or -1 (none, or the focus is the 大運)
 * @param annual the 歳運 in force, or -1 (none, or the focus is not a 月運)
 * @param monthly the 月運 in force, or -1 (only a 日運 or 時運 focus has one)
 */
export function luckPillarRelations(
  natal: FourPillars,
  major: CycleIndex,
  annual: CycleIndex,
  focus: CycleIndex,
  focusPosition: 'major' | 'annual' | 'monthly' | 'minor' | 'daily' | 'hourly',
  monthly: CycleIndex = NO_PILLAR,
): Relation[] {
  const fi = POSITION_INDEX[focusPosition];
  const fb = branchOf(focus);
  let present = (1 << branchOf(natal.year)) | (1 << branchOf(natal.month)) | (1 << branchOf(natal.day)) | (1 << fb);
  if (natal.hour !== null) present |= 1 << branchOf(natal.hour);
  if (major !== NO_PILLAR) present |= 1 << branchOf(major);
  if (annual !== NO_PILLAR) present |= 1 << branchOf(annual);
  if (monthly !== NO_PILLAR) present |= 1 << branchOf(monthly);
  const found: Relation[] = [];
  scratchCount = 0;
  pairWithFocus(found, natal.year, 0, focus, fi, present);
  pairWithFocus(found, natal.month, 1, focus, fi, present);
  pairWithFocus(found, natal.day, 2, focus, fi, present);
  if (natal.hour !== null) pairWithFocus(found, natal.hour, 3, focus, fi, present);
  if (major !== NO_PILLAR) pairWithFocus(found, major, MAJOR, focus, fi, present);
  if (annual !== NO_PILLAR) pairWithFocus(found, annual, ANNUAL, focus, fi, present);
  if (monthly !== NO_PILLAR) pairWithFocus(found, monthly, MONTHLY, focus, fi, present);

  // Sets of three: only those holding the focus branch can involve the focus (one of each kind at most).
  const harmony = threeHarmonyGroup(fb);
  const harmonyMask = THREE_HARMONY_SETS[harmony]!.mask;
  if ((present & harmonyMask) === harmonyMask) found.push(placedSet(harmony, positionsIn(harmonyMask, natal, major, annual, fi, monthly)));
  else if (scratchCount > 0) pushPartials(found, harmony);
  const directional = directionalGroup(fb);
  const directionalMask = DIRECTIONAL_SETS[directional]!.mask;
  if ((present & directionalMask) === directionalMask) {
    found.push(placedSet(THREE_HARMONY_SETS.length + directional, positionsIn(directionalMask, natal, major, annual, fi, monthly)));
  }
  for (let k = 0; k < PUNISHMENT_SETS.length; k++) {
    const mask = PUNISHMENT_SETS[k]!.mask;
    if (((mask >> fb) & 1) === 0) continue;
    if ((present & mask) === mask) {
      found.push(placedSet(THREE_HARMONY_SETS.length + DIRECTIONAL_SETS.length + k, positionsIn(mask, natal, major, annual, fi, monthly)));
    } else if (scratchCount > 0) pushPartials(found, THREE_HARMONY_SETS.length + k);
  }
  return found;
}

const NATAL_POSITIONS = ['year', 'month', 'day', 'hour'] as const;

/** Relations among the natal pillars (three in a three-pillar chart: nothing is read from an hour it does not have). */
export const natalRelationsOf = (pillars: FourPillars): Relation[] =>
  relationsAmong(
    NATAL_POSITIONS.flatMap((position) => {
      const pillar = pillars[position];
      return pillar === null ? [] : [{ position, pillar }];
    }),
  );
