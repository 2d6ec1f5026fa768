/**
 * The `evidence` section: the chart's conclusions as a language model can quote them — each a short
 * claim with the inputs it read, the rule ids it applied, the sources it cites (docs/sources.md keys)
 * and how sure it is. `compact` (the default) keeps to that; `full` adds each conclusion's evidence as
 * the sections answer it (the analysis's roots and supports, the 格's formation rules …). Nothing here
 * is computed anew: it gathers the chart, the warnings and the analysis.
 */
import type { Catalogue } from '../../domain/catalogue/index.ts';
import { ganzhiName, stemOf } from '../../domain/calendar/sexagenary.ts';
import type { ChartCore } from '../../domain/chart/chart-core.ts';
import { warningsJson } from './certainty-json.ts';
import { calendarFieldsB } from '../../domain/chart/calendar-fields.ts';
import type { Confidence } from '../../domain/classical/analysis.ts';
import { analysisJson } from './analysis-json.ts';

export const EVIDENCE_DETAILS = ['compact', 'full'] as const;
export type EvidenceDetail = (typeof EVIDENCE_DETAILS)[number];

export interface Conclusion {
  /** What is concluded: `pillars`, `day_master`, `strength.<method>`, `pattern.<school>`, `useful_gods`. */
  readonly id: string;
  /** The conclusion in a line, in the answer's words. */
  readonly claim: string;
  /** What it was read from. */
  readonly inputs: Readonly<Record<string, unknown>>;
  readonly rule_ids: readonly string[];
  /** docs/sources.md keys (the resource four-pillars://docs/sources.md over MCP). */
  readonly citations: readonly string[];
  readonly confidence: Confidence;
  /** Why the confidence is not high: the warnings or the disagreement behind it. */
  readonly caveats: readonly string[];
  /** `full` only: the section's own evidence for it. */
  readonly evidence?: unknown;
}

export interface EvidenceJson {
  readonly detail: EvidenceDetail;
  readonly conclusions: readonly Conclusion[];
}

/** The rules that place the pillars (docs/fields.md "3. Calendar fields"): the minute rule on the 節, true solar time for day and hour. */
const PILLAR_RULES = ['PILLAR-year-risshun-minute', 'PILLAR-month-jie-minute', 'PILLAR-day-jdn', 'PILLAR-hour-true-solar-time'];
const PILLAR_CITATIONS = ['naoj', 'wikipedia-kanshi'];
const PILLAR_FIELDS = ['year_ganzhi', 'month_ganzhi', 'day_ganzhi', 'time_ganzhi'] as const;

const lowest = (levels: readonly Confidence[]): Confidence =>
  levels.includes('low') ? 'low' : levels.includes('medium') ? 'medium' : 'high';

/**
 * A strength verdict with its finer grade, in the catalogue's words: the grade alone when it already
 * begins with the verdict (中和 and 中和, or 中和（強寄り）), so that no word is said twice.
 */
export function verdictText(c: Catalogue, verdict: string, grade: string): string {
  if (grade === '') return verdict;
  return grade.startsWith(verdict) ? grade : c.evidence.gloss(verdict, grade);
}

export function evidenceJson(core: ChartCore, detail: EvidenceDetail, c: Catalogue): EvidenceJson {
  const full = detail === 'full';
  const fields = calendarFieldsB(core, c);
  const words = c.evidence;
  const warnings = warningsJson(core, c);
  // A pillar is in doubt when a warning names its field (a boundary within the birth-time window).
  const doubtOf = (field: string) => warnings.filter((w) => w.fields.includes(field)).map((w) => `${w.code}: ${w.message}`);
  const pillarCaveats = [...new Set(PILLAR_FIELDS.flatMap(doubtOf))];
  const names = PILLAR_FIELDS.map((field) => fields[field as keyof typeof fields] as string | null);
  const conclusions: Conclusion[] = [
    {
      id: 'pillars',
      claim: names.map((name) => name ?? '—').join(' '),
      inputs: {
        input_date: fields.input_date,
        timezone: core.request.conventions.timezone,
        longitude: core.request.longitudeDeg,
        true_solar_time: fields.true_solar_time,
        month_term: `${fields.month_ganzhi_biko} ${fields.month_ganzhi_date}`,
        solar_time: core.request.conventions.solarTime,
        day_boundary: core.request.conventions.dayBoundary,
      },
      rule_ids: PILLAR_RULES,
      citations: PILLAR_CITATIONS,
      // Without a birth time, TIME_NOT_GIVEN names the hour pillar: 12:00 only stands in.
      confidence: pillarCaveats.length > 0 ? 'low' : 'high',
      caveats: pillarCaveats,
    },
  ];
  const dayStem = stemOf(core.pillars.day);
  conclusions.push({
    id: 'day_master',
    claim: words.gloss(
      ganzhiName(core.pillars.day).slice(0, 1),
      [c.labels.element[Math.floor(dayStem / 2)]!, c.labels.polarity[dayStem % 2]!].join(words.listSeparator),
    ),
    inputs: { day_ganzhi: names[2] },
    rule_ids: ['PILLAR-day-jdn'],
    citations: ['wikipedia-kanshi'],
    confidence: doubtOf('day_ganzhi').length > 0 ? 'low' : 'high',
    caveats: doubtOf('day_ganzhi'),
  });

  const analysis = analysisJson(core, c);
  for (const method of analysis.strength) {
    conclusions.push({
      id: `strength.${method.method}`,
      claim: words.labelled(method.name, verdictText(c, method.verdict_label, method.grade_label)),
      inputs: { pillars: names.filter((n) => n !== null).join(' ') },
      rule_ids: method.rule_ids,
      citations: method.citations,
      confidence: method.confidence,
      caveats: analysis.agreement.strength === 'agree' ? [] : [words.caveats.strength],
      ...(full ? { evidence: method.evidence } : {}),
    });
  }
  for (const school of analysis.pattern) {
    const formed = 'inner' in school && school.inner != null ? words.gloss(school.label, school.inner.formation_label) : school.label;
    conclusions.push({
      id: `pattern.${school.school}`,
      claim: words.labelled(school.name, formed),
      inputs: { month_ganzhi: names[1], day_ganzhi: names[2] },
      rule_ids: school.rule_ids,
      citations: school.citations,
      confidence: school.confidence,
      caveats: analysis.agreement.pattern === 'agree' ? [] : [words.caveats.pattern],
      ...(full ? { evidence: school } : {}),
    });
  }
  const u = analysis.useful_gods;
  const elementsOf = (list: readonly { readonly label: string }[]) => list.map((e) => e.label).join(' ');
  conclusions.push({
    id: 'useful_gods',
    claim: [
      words.labelled(u.fuyi.name, u.fuyi.element?.label ?? '—'),
      words.labelled(u.tiaohou.name, words.gloss(u.tiaohou.stems.join(' '), elementsOf(u.tiaohou.elements))),
      ...u.five_gods.map((gods) => words.labelled(gods.name, gods.yong.label)),
    ].join(words.claimSeparator),
    inputs: { strength: analysis.agreement.verdicts, month_branch: (names[1] ?? '').slice(1) },
    rule_ids: u.rule_ids,
    citations: u.citations,
    confidence: u.confidence,
    caveats: analysis.agreement.useful_element === 'agree' ? [] : [words.caveats.usefulElement],
    ...(full ? { evidence: u } : {}),
  });
  // The chart's own doubt caps every conclusion drawn from all four pillars (the day master reads the day pillar alone).
  const chartConfidence = conclusions[0]!.confidence;
  return {
    detail,
    conclusions: conclusions.map((conclusion) =>
      conclusion.id === 'pillars' || conclusion.id === 'day_master' || chartConfidence !== 'low'
        ? conclusion
        : {
            ...conclusion,
            confidence: lowest([conclusion.confidence, chartConfidence]),
            caveats: [...conclusion.caveats, words.caveats.pillars],
          },
    ),
  };
}
