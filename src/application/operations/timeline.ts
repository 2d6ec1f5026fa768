/**
 * The timeline search as a paid operation: a birth (the chart request's fields, under `birth`), a
 * level, a range of civil dates, a condition and a limit, validated and bounded before any charge,
 * then searched over the chart's own luck periods (domain/timeline). Members are reported by their
 * path: `birth.month`, `where.all[1].relation`, `to`.
 */
import { computeChartCore, type ChartCore } from '../../domain/chart/chart-core.ts';
import { CHART_REQUEST_FIELDS, parseChartRequest, unknownFieldIssues, type ChartRequest } from '../../domain/chart/request.ts';
import { langField, type Lang } from '../../domain/catalogue/lang.ts';
import { isPlainObject } from '../../domain/plain-object.ts';
import { civilDateText, parseCivilDate } from '../../domain/luck/fine-luck.ts';
import { daysFromCivil } from '../../domain/time/civil.ts';
import { oneOf, parseCondition, type Condition, type QueryIssue } from '../../domain/timeline/query.ts';
import {
  DEFAULT_MATCHES,
  DEFAULT_RANGE_YEARS,
  MAX_MATCHES,
  MAX_SCANNED_PERIODS,
  scanEstimate,
  searchableDays,
  searchTimeline,
  TIMELINE_LEVELS,
  type TimelineLevel,
  type TimelineResult,
  type TimelineSearch,
} from '../../domain/timeline/timeline.ts';
import type { FieldIssue } from '../errors.ts';
import { refuse, succeed } from '../outcome.ts';
import type { PaidOperation } from '../paid/paid-operation.ts';
import { namesSubject, unreadSubjectIssue, withSubjectBirth } from '../subjects/references.ts';
import { refusals } from '../refusals.ts';

export interface TimelineInput {
  readonly birth: unknown;
  readonly level: unknown;
  readonly from?: unknown;
  readonly to?: unknown;
  readonly after?: unknown;
  readonly limit?: unknown;
  readonly where?: unknown;
  readonly lang?: unknown;
  /** Every member the request carried (body members, query parameters, tool arguments): refused unless known. */
  readonly members?: Iterable<string>;
}

export interface TimelineOrder {
  readonly request: ChartRequest;
  readonly search: TimelineSearch;
  readonly lang?: Lang;
}

export interface CastTimeline {
  readonly core: ChartCore;
  readonly search: TimelineSearch;
  readonly result: TimelineResult;
  readonly lang?: Lang;
}

/** The members a timeline request may carry (`api_key`: Variant B's query channel). */
export const TIMELINE_MEMBERS: ReadonlySet<string> = new Set([
  'birth',
  'level',
  'from',
  'to',
  'after',
  'limit',
  'where',
  'lang',
  'api_key',
]);
const BIRTH_FIELDS: ReadonlySet<string> = new Set(CHART_REQUEST_FIELDS.map((field) => field.name).filter((name) => name !== 'lang'));
const LANG = langField('lang');
/** An instant as the answers print them: a date, a time to the minute or second, and an offset (or Z). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)$/;

function parsedBirth(raw: unknown, issues: FieldIssue[]): { request: ChartRequest; timeKnown: boolean } | undefined {
  if (namesSubject(raw)) {
    issues.push(unreadSubjectIssue('birth'));
    return undefined;
  }
  if (!isPlainObject(raw)) {
    issues.push({
      field: 'birth',
      message: 'birth is required: an object with the chart request fields (year, month, day, location, time …)',
    });
    return undefined;
  }
  const { api_key: _notACredential, ...fields } = raw;
  const parsed = parseChartRequest(fields);
  const own = [
    ...(parsed.ok ? [] : parsed.issues),
    ...unknownFieldIssues(Object.keys(fields), BIRTH_FIELDS).map((issue) =>
      issue.field === 'lang' ? { field: 'lang', message: 'lang is the answer’s, not the birth’s: put it beside birth' } : issue,
    ),
  ];
  issues.push(...own.map((issue) => ({ field: `birth.${issue.field}`, message: `birth: ${issue.message}` })));
  return parsed.ok && own.length === 0 ? { request: parsed.request, timeKnown: raw['time'] != null || raw['hour'] != null } : undefined;
}

function dayOf(field: 'from' | 'to', raw: unknown, issues: FieldIssue[]): number | undefined {
  if (raw == null) return undefined;
  const { first, last } = searchableDays();
  const day = parseCivilDate(raw);
  if (day === undefined) issues.push({ field, message: `${field} must be a date YYYY-MM-DD` });
  else if (day < first || day > last)
    issues.push({ field, message: `${field} must be from ${civilDateText(first)} to ${civilDateText(last)}` });
  else return day;
  return undefined;
}

export type TimelineOperation = PaidOperation<TimelineInput, TimelineOrder, CastTimeline>;

export const timelineOperation: TimelineOperation = {
  name: 'timeline',
  validate: (input) => {
    const issues: FieldIssue[] = [...unknownFieldIssues(input.members ?? [], TIMELINE_MEMBERS)];
    const birth = parsedBirth(input.birth, issues);
    const level = input.level;
    if (!(TIMELINE_LEVELS as readonly unknown[]).includes(level)) {
      issues.push({
        field: 'level',
        message:
          level == null
            ? `level is required: one of ${TIMELINE_LEVELS.join(', ')} (大運, 歳運, 月運, 日運)`
            : oneOf('level', level, TIMELINE_LEVELS, 'a level (major 大運, annual 歳運, monthly 月運, daily 日運)'),
      });
    }
    if (level === 'major' && birth !== undefined) {
      if (birth.request.luck === undefined)
        issues.push({ field: 'birth.gender', message: 'birth.gender is required for level major: the 大運 run forward or backward by it' });
      if (birth.request.timeUnknown === true)
        issues.push({
          field: 'birth.time_unknown',
          message: 'level major needs the birth time: without one the 交運 instants are ranges (ask the chart’s luck section)',
        });
    }
    const lang = LANG.safeParse(input.lang);
    if (!lang.success) issues.push(...lang.error.issues.map((issue) => ({ field: 'lang', message: issue.message })));
    const limit = input.limit ?? DEFAULT_MATCHES;
    if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_MATCHES)
      issues.push({ field: 'limit', message: `limit must be an integer from 1 to ${MAX_MATCHES}` });
    let afterUnixSec: number | null = null;
    if (input.after != null) {
      const ms = typeof input.after === 'string' && INSTANT.test(input.after) ? Date.parse(input.after) : Number.NaN;
      if (Number.isNaN(ms))
        issues.push({
          field: 'after',
          message: 'after must be an instant like 2027-02-04T05:46:00+09:00 (a match’s starts_at, or next_after)',
        });
      else afterUnixSec = Math.floor(ms / 1000);
    }
    const queryIssues: QueryIssue[] = [];
    const where: Condition | null = input.where == null ? null : (parseCondition(input.where, 'where', queryIssues) ?? null);
    issues.push(...queryIssues);
    let fromDay = dayOf('from', input.from, issues);
    let toDay = dayOf('to', input.to, issues);
    if (birth === undefined || issues.length > 0) return refuse(refusals.invalidRequest(issues));

    // The range: from the birth date, a hundred years on, unless given; clipped to the listable days.
    const { first, last } = searchableDays();
    const { year, month, day } = birth.request;
    fromDay ??= Math.max(first, daysFromCivil(year, month, day));
    toDay ??= Math.min(last, daysFromCivil(year + DEFAULT_RANGE_YEARS, month, 1) - 1);
    if (toDay < fromDay)
      return refuse(
        refusals.invalidRequest([
          { field: 'to', message: `to (${civilDateText(toDay)}) must not be before from (${civilDateText(fromDay)})` },
        ]),
      );
    // Bounded before any charge: the days before the cursor are not scanned.
    const scanFrom = afterUnixSec === null ? fromDay : Math.max(fromDay, Math.floor(afterUnixSec / 86_400) - 1);
    const periods = scanEstimate(level as TimelineLevel, Math.min(scanFrom, toDay), toDay);
    if (periods > MAX_SCANNED_PERIODS) {
      return refuse(
        refusals.invalidRequest([
          {
            field: 'to',
            message: `the range ${civilDateText(fromDay)} – ${civilDateText(toDay)} holds ${periods} ${level as TimelineLevel} periods: a search scans at most ${MAX_SCANNED_PERIODS} (narrow from and to, or pass after)`,
          },
        ]),
      );
    }
    const search: TimelineSearch = { level: level as TimelineLevel, fromDay, toDay, afterUnixSec, where, limit: limit as number };
    return succeed(lang.data == null ? { request: birth.request, search } : { request: birth.request, search, lang: lang.data });
  },
  // `birth` may name a saved subject of the caller's account: `{"subject_id": "sub_…"}`.
  resolveSubjects: (input, birthOf) => withSubjectBirth(input, 'birth', birthOf),
  compute: ({ request, search, lang }) => {
    const core = computeChartCore(request);
    return { core, search, result: searchTimeline(core, search), ...(lang === undefined ? {} : { lang }) };
  },
  // Named, so an idempotency key used for a chart can never replay a search; the birth as the chart's digest holds it.
  fingerprint: ({ request: { timeGiven: _implied, ...request }, search, lang }) => ({
    operation: 'timeline',
    request,
    search,
    ...(lang === undefined ? {} : { lang }),
  }),
};
