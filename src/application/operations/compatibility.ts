/**
 * 相性 as a paid operation: two births validated with the chart's own request rules,
 * both charts cast, and the two compared by the domain's documented rule. The fields of each birth
 * are reported under `a.` / `b.` (REST members `a` and `b`, GraphQL arguments `a` and `b`).
 */
import { computeChartCore, type ChartCore } from '../../domain/chart/chart-core.ts';
import { isPlainObject } from '../../domain/plain-object.ts';
import { CHART_REQUEST_FIELDS, parseChartRequest, unknownFieldIssues, type ChartRequest } from '../../domain/chart/request.ts';
import { ganzhiName, stemOf } from '../../domain/calendar/sexagenary.ts';
import { STEMS } from '../../domain/calendar/stems.ts';
import { compatibilityOf, type Compatibility } from '../../domain/compatibility/compatibility.ts';
import type { FieldIssue } from '../errors.ts';
import { refuse, succeed } from '../outcome.ts';
import type { PaidOperation } from '../paid/paid-operation.ts';
import { namesSubject, unreadSubjectIssue, withSubjectBirth } from '../subjects/references.ts';
import { refusals } from '../refusals.ts';
import { langField, type Lang } from '../../domain/catalogue/lang.ts';
import { catalogueFor } from '../../domain/catalogue/catalogues.ts';

export const COMPATIBILITY_SIDES = ['a', 'b'] as const;
export type CompatibilitySide = (typeof COMPATIBILITY_SIDES)[number];

export interface CompatibilityInput {
  /** Each birth's request fields in the spec's names (a REST member, a GraphQL input mapped back). */
  readonly a: unknown;
  readonly b: unknown;
  /** The language of the answer (`lang` beside `a` and `b`), as sent. */
  readonly lang?: unknown;
  /** The names the request carried beside `a` and `b` (REST body members and query parameters, MCP arguments): refused unless known. */
  readonly otherMembers?: Iterable<string>;
}

/** What a compatibility request may carry besides `a` and `b`: Variant B's `api_key` channel (a body one is ignored, as on the chart path). */
const TOP_LEVEL_MEMBERS: ReadonlySet<string> = new Set(['a', 'b', 'api_key', 'lang']);

interface Birth {
  readonly request: ChartRequest;
  /** A time (`time` or `hour`) was given: its hour pillar counts. */
  readonly timeKnown: boolean;
}

export interface CompatibilityOrder {
  readonly a: Birth;
  readonly b: Birth;
  /** Present when given: the language of the explanations and the level. */
  readonly lang?: Lang;
}

export interface CastCompatibility {
  readonly a: { readonly core: ChartCore; readonly timeKnown: boolean };
  readonly b: { readonly core: ChartCore; readonly timeKnown: boolean };
  readonly compatibility: Compatibility;
}

/** A birth's members: the chart request fields but `lang`, which is the answer's (beside `a` and `b`). */
const BIRTH_FIELDS: ReadonlySet<string> = new Set(CHART_REQUEST_FIELDS.map((field) => field.name).filter((name) => name !== 'lang'));
const LANG = langField('lang');

/** One side's birth, or its issues named `a.year`, `b.location`, …. */
function parseBirth(side: CompatibilitySide, raw: unknown): { birth?: Birth; issues: FieldIssue[] } {
  if (namesSubject(raw)) return { issues: [unreadSubjectIssue(side)] };
  if (!isPlainObject(raw)) {
    const rule = `${side} must be an object with the birth fields (year, month, day, location, and time when known)`;
    return {
      issues: [{ field: side, message: raw === undefined || raw === null ? `${side} is required: ${rule.slice(side.length + 1)}` : rule }],
    };
  }
  // As in Variant B's chart body, an `api_key` member is neither a credential nor a field to validate.
  const { api_key: _notACredential, ...fields } = raw;
  const parsed = parseChartRequest(fields);
  // A member no birth knows is refused, never dropped.
  const issues = [
    ...(parsed.ok ? [] : parsed.issues).filter((issue) => issue.field !== 'lang'),
    ...unknownFieldIssues(Object.keys(fields), BIRTH_FIELDS).map((issue) =>
      issue.field === 'lang' ? { field: 'lang', message: 'lang is the answer’s, not a birth’s: put it beside a and b' } : issue,
    ),
  ];
  if (!parsed.ok || issues.length > 0)
    return { issues: issues.map((issue) => ({ field: `${side}.${issue.field}`, message: `${side}: ${issue.message}` })) };
  return { birth: { request: parsed.request, timeKnown: raw['time'] != null || raw['hour'] != null }, issues: [] };
}

/** The fields a compatibility depends on: the pillars' inputs and the gender (not the 起運 method, 蔵干 table or window). */
const birthIdentity = ({ request, timeKnown }: Birth) => ({
  // Only when given, so the digests of requests without one stay.
  ...(request.luck === undefined ? {} : { gender: request.luck.gender }),
  date: [request.year, request.month, request.day],
  time: timeKnown ? [request.hour, request.minute] : null,
  longitude: request.longitudeDeg,
  timezone: request.conventions.timezone,
  solarTime: request.conventions.solarTime,
  dayBoundary: request.conventions.dayBoundary,
});

export type CompatibilityOperation = PaidOperation<CompatibilityInput, CompatibilityOrder, CastCompatibility>;

export const compatibilityOperation: CompatibilityOperation = {
  name: 'compatibility',
  validate: (input) => {
    const a = parseBirth('a', input.a);
    const b = parseBirth('b', input.b);
    // `{"a": …, "b": …, "c": …}` or `?langg=en` is refused, not dropped.
    const unknown = unknownFieldIssues(input.otherMembers ?? [], TOP_LEVEL_MEMBERS);
    const lang = LANG.safeParse(input.lang);
    const langIssues = lang.success ? [] : lang.error.issues.map((issue) => ({ field: 'lang', message: issue.message }));
    if (a.birth === undefined || b.birth === undefined || unknown.length > 0 || !lang.success) {
      return refuse(refusals.invalidRequest([...a.issues, ...b.issues, ...unknown, ...langIssues]));
    }
    return succeed(lang.data == null ? { a: a.birth, b: b.birth } : { a: a.birth, b: b.birth, lang: lang.data });
  },
  // `a` and `b` may each name a saved subject of the caller's account: `{"subject_id": "sub_…"}`.
  resolveSubjects: async (input, birthOf) => {
    const a = await withSubjectBirth(input, 'a', birthOf);
    return a.ok ? withSubjectBirth(a.value, 'b', birthOf) : a;
  },
  compute: ({ a, b, lang }) => {
    const coreA = computeChartCore(a.request);
    const coreB = computeChartCore(b.request);
    return {
      a: { core: coreA, timeKnown: a.timeKnown },
      b: { core: coreB, timeKnown: b.timeKnown },
      compatibility: compatibilityOf(
        { pillars: coreA.pillars, timeKnown: a.timeKnown, gender: a.request.luck?.gender },
        { pillars: coreB.pillars, timeKnown: b.timeKnown, gender: b.request.luck?.gender },
        catalogueFor(lang).compatibility,
      ),
    };
  },
  // Named, so an idempotency key used for a chart can never replay a compatibility (or the reverse);
  // only what the answer depends on, so a retry that adds, say, a gender replays instead of a 409.
  // Another language is another answer; without one the digest stays as it was.
  fingerprint: ({ a, b, lang }) => ({
    operation: 'compatibility',
    a: birthIdentity(a),
    b: birthIdentity(b),
    ...(lang === undefined ? {} : { lang }),
  }),
};

/** One side as answered: its pillars (the hour pillar null without a birth time) and its day master. */
export interface CompatibilityChartJson {
  readonly year_ganzhi: string;
  readonly month_ganzhi: string;
  readonly day_ganzhi: string;
  readonly time_ganzhi: string | null;
  readonly day_master: string;
}

/** The `result` of a compatibility answer (REST as it is; GraphQL exposes the same values in camelCase). */
export interface CompatibilityResultJson {
  readonly a: CompatibilityChartJson;
  readonly b: CompatibilityChartJson;
  readonly score: number;
  readonly level: string;
  readonly raw_score: number;
  readonly pillars_compared: 3 | 4;
  readonly items: readonly { readonly code: string; readonly points: number; readonly explanation: string }[];
}

const chartJson = ({ core, timeKnown }: CastCompatibility['a']): CompatibilityChartJson => ({
  year_ganzhi: ganzhiName(core.pillars.year),
  month_ganzhi: ganzhiName(core.pillars.month),
  day_ganzhi: ganzhiName(core.pillars.day),
  time_ganzhi: timeKnown && core.pillars.hour !== null ? ganzhiName(core.pillars.hour) : null,
  day_master: STEMS[stemOf(core.pillars.day)]!,
});

export const compatibilityResultJson = (cast: CastCompatibility): CompatibilityResultJson => ({
  a: chartJson(cast.a),
  b: chartJson(cast.b),
  score: cast.compatibility.score,
  level: cast.compatibility.level,
  raw_score: cast.compatibility.rawScore,
  pillars_compared: cast.compatibility.pillarsCompared,
  items: cast.compatibility.items,
});
