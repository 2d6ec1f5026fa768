/**
 * A timeline search as REST, MCP, GraphQL (as JSON) and the CLI answer it: the search as understood,
 * how many periods were scanned, each match with the luck section's own fields (the same keys as a
 * 大運, 歳運, 月運 or 日運 entry there) and why it matched, in the answer's language.
 */
import type { CastTimeline } from '../../application/operations/timeline.ts';
import { BRANCHES } from '../../domain/calendar/branches.ts';
import { branchOf, ganzhiName, stemOf } from '../../domain/calendar/sexagenary.ts';
import { STEMS } from '../../domain/calendar/stems.ts';
import { catalogueFor } from '../../domain/catalogue/catalogues.ts';
import type { Catalogue } from '../../domain/catalogue/index.ts';
import { civilDateText } from '../../domain/luck/fine-luck.ts';
import { LUCK_READINGS } from '../../domain/luck/luck.ts';
import type { TimelinePeriod, Why } from '../../domain/timeline/timeline.ts';
import { TEN_GOD_CODES } from '../../domain/vocabulary/codes.ts';
import { labelOf } from '../../domain/vocabulary/labels.ts';

function whyJson(why: Why, c: Catalogue): Record<string, unknown> {
  switch (why.condition) {
    case 'ten_god': {
      const code = TEN_GOD_CODES[why.tenGod]!;
      return { condition: 'ten_god', of: why.of, code, name: labelOf(c.labels, code) };
    }
    case 'relation':
      return { condition: 'relation', code: why.code, with: why.with, name: c.relations.name(why.code, why.relation?.element ?? null) };
    case 'void':
      return { condition: 'void', branch: BRANCHES[why.branch]! };
    case 'star':
      return { condition: 'star', code: why.code, name: c.stars[why.code as keyof typeof c.stars].name };
    case 'ganzhi':
      return { condition: 'ganzhi', value: ganzhiName(why.pillar) };
    case 'stem':
      return { condition: 'stem', value: STEMS[stemOf(why.pillar)]! };
    case 'branch':
      return { condition: 'branch', value: BRANCHES[branchOf(why.pillar)]! };
  }
}

function periodJson(p: TimelinePeriod, year: number | undefined, c: Catalogue): Record<string, unknown> {
  const reading = LUCK_READINGS[p.readingIndex]!;
  return {
    ...(p.index === undefined ? {} : { index: p.index }),
    ...((year ?? p.year) === undefined ? {} : { year: year ?? p.year }),
    ...(p.term === undefined ? {} : { term: labelOf(c.labels, p.term) }),
    ...(p.date === undefined ? {} : { date: p.date }),
    ganzhi: reading.ganzhi,
    stem_ten_god: labelOf(c.labels, reading.stemTenGod),
    branch_ten_god: labelOf(c.labels, reading.branchTenGod),
    is_void: reading.isVoid,
    starts_at: p.startsAt,
    ends_at: p.endsAt,
  };
}

/** The `result` of a timeline answer. */
export function timelineResultJson(cast: CastTimeline) {
  const c = catalogueFor(cast.lang);
  const { search, result } = cast;
  const last = result.matches[result.matches.length - 1];
  return {
    level: search.level,
    from: civilDateText(search.fromDay),
    to: civilDateText(search.toDay),
    scanned: result.scanned,
    matches: result.matches.map((m) => ({ ...periodJson(m.period, m.pillarYear, c), why: m.why.map((w) => whyJson(w, c)) })),
    next_after: result.nextAfterUnixSec === null || last === undefined ? null : last.period.startsAt,
  };
}

export type TimelineResultJson = ReturnType<typeof timelineResultJson>;
