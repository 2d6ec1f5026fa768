/**
 * The 鑑定書 as a paid operation at its own price: a birth (the chart request fields), the pillar year
 * whose 歳運 and 月運 it reads (`luck_year`, required: the same request always makes the same report),
 * and optionally a partner's birth for the 相性 page. Validated like the chart and the compatibility;
 * computed as their cores; each protocol presents it (REST as the PDF's bytes).
 */
import { computeChartCore, type ChartCore } from '../../domain/chart/chart-core.ts';
import { parseChartRequest, type ChartRequest } from '../../domain/chart/request.ts';
import { LUCK_YEARS } from '../../domain/luck/luck.ts';
import { isPlainObject } from '../../domain/plain-object.ts';
import type { FieldIssue } from '../errors.ts';
import { refuse, succeed } from '../outcome.ts';
import type { PaidOperation } from '../paid/paid-operation.ts';
import { namesSubject, unreadSubjectIssue, withSubjectBirth } from '../subjects/references.ts';
import { refusals } from '../refusals.ts';
import { compatibilityOperation, type CastCompatibility, type CompatibilityOrder } from './compatibility.ts';

export interface ReportInput {
  /** The birth's request fields in the spec's names (`lang` among them), without `luck_year` and `partner`. */
  readonly fields: unknown;
  readonly luckYear: unknown;
  /** The partner's birth fields, for the 相性 page; undefined without one. */
  readonly partner?: unknown;
  /** Problems the protocol found in its own members, reported with the request's. */
  readonly optionIssues?: readonly FieldIssue[];
}

export interface ReportOrder {
  readonly request: ChartRequest;
  readonly luckYear: number;
  readonly partner?: CompatibilityOrder;
}

export interface CastReport {
  readonly core: ChartCore;
  readonly luckYear: number;
  readonly compatibility?: CastCompatibility;
}

const WHAT = `the pillar year whose 歳運 and 月運 the report reads, an integer from ${LUCK_YEARS.first} to ${LUCK_YEARS.last}`;
const LUCK_YEAR_RULE = `luck_year must be ${WHAT}`;

/** `luck_year` as an integer (a query parameter arrives as text), or the issue naming it. */
function readLuckYear(value: unknown): { year?: number; issue?: FieldIssue } {
  if (value === undefined || value === null || value === '')
    return { issue: { field: 'luck_year', message: `luck_year is required: ${WHAT}` } };
  const year = typeof value === 'string' && /^\d{4}$/.test(value) ? Number(value) : value;
  if (typeof year !== 'number' || !Number.isInteger(year) || year < LUCK_YEARS.first || year > LUCK_YEARS.last)
    return { issue: { field: 'luck_year', message: LUCK_YEAR_RULE } };
  return { year };
}

export type ReportOperation = PaidOperation<ReportInput, ReportOrder, CastReport>;

export const reportOperation: ReportOperation = {
  name: 'report',
  validate: ({ fields, luckYear, partner, optionIssues = [] }) => {
    // A saved subject no account read (an in-process call: the CLI).
    const unread = [
      ...(namesSubject(fields) ? [unreadSubjectIssue('birth')] : []),
      ...(namesSubject(partner) ? [unreadSubjectIssue('partner')] : []),
    ];
    if (unread.length > 0) return refuse(refusals.invalidRequest(unread));
    const parsed = parseChartRequest(fields);
    const year = readLuckYear(luckYear);
    const issues: FieldIssue[] = [...(parsed.ok ? [] : parsed.issues), ...(year.issue === undefined ? [] : [year.issue]), ...optionIssues];
    let pair: CompatibilityOrder | undefined;
    if (partner !== undefined) {
      // The 相性 of the birth and the partner, checked as the compatibility checks `a` and `b`; the
      // partner's issues are named `partner.…`.
      const { lang, ...birth } = isPlainObject(fields) ? fields : {};
      const order = compatibilityOperation.validate({ a: birth, b: partner, lang });
      if (order.ok) pair = order.value;
      else
        issues.push(
          ...(order.error.issues ?? [])
            .filter((issue) => issue.field.startsWith('b'))
            .map((issue) => ({ field: `partner${issue.field.slice(1)}`, message: issue.message.replace(/^b: /, 'partner: ') })),
        );
    }
    if (!parsed.ok || issues.length > 0) return refuse(refusals.invalidRequest(issues));
    return succeed({ request: parsed.request, luckYear: year.year!, ...(pair === undefined ? {} : { partner: pair }) });
  },
  // The birth (its `lang` kept: the report's language) and the partner may each name a saved subject.
  resolveSubjects: async (input, birthOf) => {
    const birth = await withSubjectBirth(input, 'fields', birthOf, ['lang']);
    return birth.ok && input.partner !== undefined ? withSubjectBirth(birth.value, 'partner', birthOf) : birth;
  },
  compute: ({ request, luckYear, partner }) => ({
    core: computeChartCore(request),
    luckYear,
    ...(partner === undefined ? {} : { compatibility: compatibilityOperation.compute(partner) }),
  }),
  // Named, so that a retry key used for a chart never replays a report.
  fingerprint: ({ request: { timeGiven: _implied, ...request }, luckYear, partner }) => ({
    operation: 'report',
    request,
    luckYear,
    ...(partner === undefined ? {} : { partner: compatibilityOperation.fingerprint(partner) }),
  }),
};
