/**
 * The data an answer is made from, listed once for the answer's version digests
 * (wire/answer-version.ts): the ephemeris (the generated astronomical tables) and the rule tables
 * (the sourced calendar, star and classical tables). A new table that changes answers is added to
 * one of these arrays; `data/versions.json` then needs a new entry (`npm run versions:update`), and a
 * test says so until it has one. Rules written as code, not tables, are covered by the engine version.
 */
import { TERM_INSTANTS_UNIX_SEC, FIRST_TERM_YEAR } from '../astronomy/solar-terms.generated.ts';
import { NEW_MOONS_UNIX_SEC } from '../calendar/new-moons.generated.ts';
import { EOT_DECISECONDS, EOT_FIRST_SAMPLE_UNIX_SEC, EOT_SAMPLE_STEP_DAYS } from '../astronomy/equation-of-time.generated.ts';
import { BRANCH_ELEMENT_INDEX } from '../calendar/branches.ts';
import { HIDDEN_STEMS_BY_BRANCH, ZOKAN_GETSURITSU_DAYS, ZOKAN_NIJUHACHIGEN_DAYS } from '../calendar/hidden-stems.ts';
import { LONGEVITY_BRANCH_BY_STEM } from '../calendar/life-stages.ts';
import { NINE_STAR_SWITCHES } from '../calendar/nine-star.ts';
import {
  DIRECTIONAL_ELEMENT_BY_GROUP,
  PUNISHMENT_TRIPLES,
  RUDE_PUNISHMENT,
  SELF_PUNISHMENT_BRANCHES,
  THREE_HARMONY_ELEMENT_BY_GROUP,
} from '../calendar/relations.ts';
import { HEAVENLY_NOBLE_BRANCHES_BY_STEM, KUIGANG_DAY_PILLARS, LITERARY_STAR_BRANCH_BY_STEM } from '../calendar/shensha-rules.ts';
import { THREE_HARMONY_GROUPS } from '../calendar/three-harmony.ts';
import * as furtherStarTables from '../stars/further-star-tables.ts';
import * as specialStarTables from '../stars/special-star-tables.ts';
import { SPECIAL_STAR_OPTION_DEFAULTS } from '../stars/special-star-options.ts';
import { FORMATION_RULES } from '../classical/formation.ts';
import { INNER_PATTERNS, LU_BRANCH, OUTER_PATTERNS, REN_BRANCH } from '../classical/pattern.ts';
import { SEASON_ELEMENT_BY_BRANCH } from '../classical/roots.ts';
import { DELING_GRADES } from '../classical/strength.ts';
import { TIAOHOU_TABLE } from '../classical/tiaohou.ts';
import { TONGGUAN_RATIO } from '../classical/useful-gods.ts';
import { PATTERN_RULES, STRENGTH_RULES } from '../classical/analysis.ts';
import { DEFAULT_CONVENTIONS } from '../chart/conventions.ts';
import { DEFAULT_PALACE_SCHOOLS } from '../chart/palaces.ts';
import { DEFAULT_LUCK_METHOD } from '../luck/start-age.ts';
import { COMPATIBILITY_RULES } from '../compatibility/compatibility.ts';

/** A named table, digested by its name and its canonical JSON (wire/answer-version.ts). */
export interface DigestedTable {
  readonly name: string;
  readonly table: unknown;
}

/** The ephemeris: when the terms (year and month pillars), the new moons (lunar dates) and the equation of time (apparent solar time) fall. */
export const EPHEMERIS_TABLES: readonly DigestedTable[] = [
  { name: 'solar_terms', table: { firstYear: FIRST_TERM_YEAR, instantsUnixSec: TERM_INSTANTS_UNIX_SEC } },
  { name: 'new_moons', table: NEW_MOONS_UNIX_SEC },
  {
    name: 'equation_of_time',
    table: { firstSampleUnixSec: EOT_FIRST_SAMPLE_UNIX_SEC, stepDays: EOT_SAMPLE_STEP_DAYS, deciseconds: EOT_DECISECONDS },
  },
];

/**
 * The rule tables an answer reads — a chart's, and the points of 相性 (a comparison reads both) — and
 * the defaults of the school settings (a changed default changes answers too). One list: a chart's
 * digest also moves when the score table does, erring towards "may have changed", never the reverse.
 */
export const RULE_TABLES: readonly DigestedTable[] = [
  { name: 'branch_elements', table: BRANCH_ELEMENT_INDEX },
  { name: 'hidden_stems', table: HIDDEN_STEMS_BY_BRANCH },
  { name: 'zokan_getsuritsu_days', table: ZOKAN_GETSURITSU_DAYS },
  { name: 'zokan_nijuhachigen_days', table: ZOKAN_NIJUHACHIGEN_DAYS },
  { name: 'longevity_branch_by_stem', table: LONGEVITY_BRANCH_BY_STEM },
  { name: 'nine_star_switches', table: NINE_STAR_SWITCHES },
  {
    name: 'relations',
    table: {
      threeHarmonyElements: THREE_HARMONY_ELEMENT_BY_GROUP,
      directionalElements: DIRECTIONAL_ELEMENT_BY_GROUP,
      punishmentTriples: PUNISHMENT_TRIPLES,
      rudePunishment: RUDE_PUNISHMENT,
      selfPunishment: SELF_PUNISHMENT_BRANCHES,
    },
  },
  { name: 'three_harmony_groups', table: THREE_HARMONY_GROUPS },
  {
    name: 'shensha',
    table: { heavenlyNoble: HEAVENLY_NOBLE_BRANCHES_BY_STEM, literaryStar: LITERARY_STAR_BRANCH_BY_STEM, kuigang: KUIGANG_DAY_PILLARS },
  },
  { name: 'special_stars', table: specialStarTables },
  { name: 'further_stars', table: furtherStarTables },
  { name: 'classical_formation', table: FORMATION_RULES },
  { name: 'classical_patterns', table: { inner: INNER_PATTERNS, outer: OUTER_PATTERNS, lu: LU_BRANCH, ren: REN_BRANCH } },
  { name: 'classical_strength', table: { seasons: SEASON_ELEMENT_BY_BRANCH, deling: DELING_GRADES, rules: STRENGTH_RULES } },
  { name: 'classical_useful_gods', table: { tiaohou: TIAOHOU_TABLE, tongguanRatio: TONGGUAN_RATIO, patternRules: PATTERN_RULES } },
  { name: 'compatibility_scores', table: COMPATIBILITY_RULES },
  {
    name: 'defaults',
    table: {
      conventions: DEFAULT_CONVENTIONS,
      luckMethod: DEFAULT_LUCK_METHOD,
      palaces: DEFAULT_PALACE_SCHOOLS,
      stars: SPECIAL_STAR_OPTION_DEFAULTS,
    },
  },
];
