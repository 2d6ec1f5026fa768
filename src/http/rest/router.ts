/**
 * REST routes, served with plain node:http ahead of yoga (the app calls this for every path but
 * `/graphql`): the paid operations' paths (wire/operations), the free `/v1/lunar-dates`,
 * `/v1/pillars-to-dates`, `/v1/places`, `/v1/attribution` and `/v1/versions`, `/`, `/chart`, `/openapi.json`, `/llms.txt`, `/docs/…`,
 * `/health`, `/ready`, `/metrics`, and a JSON 404 for anything else. Never rejects: every failure becomes an error body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DutyState } from '../../application/duties.ts';
import { stackOf } from '../../application/ports/logger.ts';
import { refusals, toDomainError } from '../../application/refusals.ts';
import type { RequestIdentity } from '../../application/request-identity.ts';
import type { Services } from '../../application/services.ts';
import { ClientAbortedError } from '../../wire/body.ts';
import { handlePaidRoute, type PaidRoute } from './paid-route.ts';
import { docAt } from './docs-files.ts';
import { openApiJson } from './openapi.ts';
import { LANDING_PAGE } from './landing-page.ts';
import { llmsTxt } from './llms-txt.ts';
import { chartPage, pageLang } from '../chart-page.ts';
import { langRule } from '../../domain/catalogue/lang.ts';
import { lunarDates } from '../../domain/calendar/lunar-dates.ts';
import { PILLARS_TO_DATES_FIELDS, pillarsToDatesOf } from '../../domain/chart/pillars-to-dates-json.ts';
import { placeJson, searchPlaces } from '../../domain/places/gazetteer.ts';
import { PLACE_SOURCES } from '../../domain/places/attribution.ts';
import { unknownFieldIssues, type RequestIssue } from '../../domain/chart/request.ts';
import { sendError, sendJson, sendJsonText, sendText } from '../../wire/respond.ts';
import { versionsAnswer, VERSIONS_PARAMETERS } from '../../wire/versions.ts';

/**
 * A free route's query, read as the paid routes read theirs: an unknown parameter refused (with the
 * nearest name), a known one at most once, an empty value as not sent.
 */
function freeQuery(params: URLSearchParams, known: ReadonlySet<string>): { values: URLSearchParams; issues: RequestIssue[] } {
  const issues = unknownFieldIssues(new Set(params.keys()), known);
  const values = new URLSearchParams();
  for (const name of new Set(params.keys())) {
    if (!known.has(name)) continue;
    const all = params.getAll(name);
    if (all.length > 1) issues.push({ field: name, message: `${name} must be given at most once` });
    if (all[0] !== '') values.set(name, all[0]!);
  }
  return { values, issues };
}

/** The free date conversion: query parameters as typed values; an unknown parameter is refused, naming the nearest. */
function sendLunarDates(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): void {
  const { values: params, issues: unknown } = freeQuery(query, LUNAR_DATE_PARAMETERS);
  const number = (name: string) => {
    const value = params.get(name);
    return value === null ? undefined : /^-?\d+$/.test(value) ? Number(value) : value;
  };
  const leap = params.get('leap_month');
  const answer = lunarDates({
    ...(params.has('date') ? { date: params.get('date') } : {}),
    ...(params.has('calendar') ? { calendar: params.get('calendar') } : {}),
    ...(params.has('year') ? { year: number('year') } : {}),
    ...(params.has('month') ? { month: number('month') } : {}),
    ...(params.has('day') ? { day: number('day') } : {}),
    ...(leap === null ? {} : { leap_month: leap === 'true' ? true : leap === 'false' ? false : leap }),
  });
  if (unknown.length > 0 || !answer.ok)
    return sendError(req, res, refusals.invalidRequest([...unknown, ...(answer.ok ? [] : answer.issues)]));
  return sendJson(res, 200, answer.answer, { 'Cache-Control': 'public, max-age=86400' });
}
const PLACES_PARAMETERS: ReadonlySet<string> = new Set(['q', 'limit']);
const PILLARS_TO_DATES_PARAMETERS: ReadonlySet<string> = new Set(PILLARS_TO_DATES_FIELDS);
const LUNAR_DATE_PARAMETERS: ReadonlySet<string> = new Set(['date', 'calendar', 'year', 'month', 'day', 'leap_month']);

/** Methods of the read-only routes (health, readiness, the OpenAPI document). */
const READ_ONLY_METHODS = 'GET, HEAD';
const MAX_ECHOED_PATH_CHARS = 200;

export async function handleRest(
  req: IncomingMessage,
  res: ServerResponse,
  services: Services,
  identity: RequestIdentity,
  paidRoutes: ReadonlyMap<string, PaidRoute>,
): Promise<void> {
  try {
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    const paid = paidRoutes.get(path);
    if (paid !== undefined)
      return await handlePaidRoute(req, res, services, identity, paid, queryStart === -1 ? '' : url.slice(queryStart + 1));
    switch (path) {
      case '/v1/lunar-dates':
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          return sendError(req, res, refusals.methodNotAllowed(req.method ?? '', 'GET'), { Allow: READ_ONLY_METHODS });
        }
        return sendLunarDates(req, res, new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1)));
      case '/v1/places':
      case '/v1/attribution': {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          return sendError(req, res, refusals.methodNotAllowed(req.method ?? '', 'GET'), { Allow: READ_ONLY_METHODS });
        }
        const query = new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1));
        if (path === '/v1/attribution') {
          const { issues } = freeQuery(query, new Set());
          if (issues.length > 0) return sendError(req, res, refusals.invalidRequest(issues));
          return sendJson(res, 200, { sources: PLACE_SOURCES }, { 'Cache-Control': 'public, max-age=86400' });
        }
        const { values: params, issues } = freeQuery(query, PLACES_PARAMETERS);
        const q = params.get('q') ?? '';
        const limitText = params.get('limit');
        const limit = limitText === null ? 10 : Number(limitText);
        if (q.trim() === '') issues.push({ field: 'q', message: 'q is required: a place name or its beginning, e.g. q=札幌' });
        if (!Number.isInteger(limit) || limit < 1 || limit > 50)
          issues.push({ field: 'limit', message: 'limit must be an integer from 1 to 50' });
        if (issues.length > 0) return sendError(req, res, refusals.invalidRequest(issues));
        return sendJson(
          res,
          200,
          { query: q, places: searchPlaces(q, limit).map(placeJson) },
          { 'Cache-Control': 'public, max-age=86400' },
        );
      }
      case '/v1/versions': {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          return sendError(req, res, refusals.methodNotAllowed(req.method ?? '', 'GET'), { Allow: READ_ONLY_METHODS });
        }
        const { values: params, issues } = freeQuery(
          new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1)),
          VERSIONS_PARAMETERS,
        );
        const answer = versionsAnswer(params.get('from'), params.get('to'));
        if (issues.length > 0 || !answer.ok)
          return sendError(req, res, refusals.invalidRequest([...issues, ...(answer.ok ? [] : answer.issues)]));
        // The build's own digests: the answer changes only with a deployment.
        return sendJson(res, 200, answer.answer, { 'Cache-Control': 'no-cache' });
      }
      case '/v1/pillars-to-dates': {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          return sendError(req, res, refusals.methodNotAllowed(req.method ?? '', 'GET'), { Allow: READ_ONLY_METHODS });
        }
        const { values: params, issues } = freeQuery(
          new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1)),
          PILLARS_TO_DATES_PARAMETERS,
        );
        const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
        for (const [name, value] of params) fields[name] = name === 'location' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
        const answer = pillarsToDatesOf(fields);
        if (issues.length > 0 || !answer.ok)
          return sendError(req, res, refusals.invalidRequest([...issues, ...(answer.ok ? [] : answer.issues)]));
        return sendJson(res, 200, answer.answer, { 'Cache-Control': 'public, max-age=86400' });
      }
      case '/chart':
      case '/':
      case '/metrics':
      case '/health':
      case '/ready':
      case '/openapi.json':
      case '/llms.txt':
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          return sendError(req, res, refusals.methodNotAllowed(req.method ?? '', 'GET'), { Allow: READ_ONLY_METHODS });
        }
        if (path === '/') return sendText(res, 200, LANDING_PAGE, 'text/html; charset=utf-8');
        // Its form spends credits with a key kept in the browser: no other site may frame it.
        if (path === '/chart') {
          const query = queryStart === -1 ? null : new URLSearchParams(url.slice(queryStart + 1)).get('lang');
          const lang = pageLang(query, req.headers['accept-language']);
          if (lang === undefined)
            return sendError(req, res, refusals.invalidRequest([{ field: 'lang', message: langRule('lang', query) }]));
          return sendText(res, 200, chartPage(lang), 'text/html; charset=utf-8', {
            'Content-Security-Policy': "frame-ancestors 'none'",
            'X-Frame-Options': 'DENY',
            'Content-Language': lang,
            // Without `?lang=` the language follows the browser's.
            Vary: 'Accept-Language',
          });
        }
        if (path === '/metrics') {
          const { contentType, body } = await services.metrics.render();
          return sendText(res, 200, body, contentType);
        }
        if (path === '/health') return sendJson(res, 200, { status: 'ok' });
        if (path === '/ready') return await sendReadiness(req, res, services);
        if (path === '/llms.txt') {
          return sendText(res, 200, llmsTxt(services.prices), 'text/plain; charset=utf-8', { 'Cache-Control': 'public, max-age=300' });
        }
        return sendJsonText(res, 200, openApiJson(services.prices), { 'Cache-Control': 'public, max-age=300' });
      default: {
        const doc = docAt(path);
        if (doc !== undefined) {
          if (req.method !== 'GET' && req.method !== 'HEAD') {
            return sendError(req, res, refusals.methodNotAllowed(req.method ?? '', 'GET'), { Allow: READ_ONLY_METHODS });
          }
          return sendText(res, 200, doc.body, doc.contentType);
        }
        const shown = path.length > MAX_ECHOED_PATH_CHARS ? `${path.slice(0, MAX_ECHOED_PATH_CHARS)}…` : path;
        return sendError(req, res, refusals.notFound(req.method ?? '', shown));
      }
    }
  } catch (thrown) {
    answerFailure(req, res, identity, thrown);
  }
}

/**
 * 200 while the credit store answers and no background duty has failed past its threshold; 503
 * otherwise, naming the failed duties. Either way every duty's state (docs/admin.md, "Health").
 */
async function sendReadiness(req: IncomingMessage, res: ServerResponse, services: Services): Promise<void> {
  const reachable = await services.checkReady().then(
    () => true,
    () => false,
  );
  const { healthy, duties } = services.duties.report();
  const states = Object.fromEntries(duties.map((duty) => [duty.name, dutyJson(duty)]));
  if (reachable && healthy) return sendJson(res, 200, { status: 'ok', store: 'reachable', duties: states });
  const failed = duties.filter((duty) => duty.condition === 'failed');
  const error = reachable
    ? refusals.dutiesFailed(failed.map((duty) => ({ name: duty.name, kind: duty.lastErrorKind, sinceMs: duty.failingSinceMs })))
    : refusals.storeNotReachable();
  sendError(
    req,
    res,
    error,
    {},
    { store: reachable ? 'reachable' : 'unreachable', failing: failed.map((duty) => duty.name), duties: states },
  );
}

const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

function dutyJson(duty: DutyState) {
  return {
    state: duty.condition,
    last_success_at: isoOrNull(duty.lastSuccessMs),
    lag_seconds: Math.round(duty.lagSeconds * 10) / 10,
    failures: duty.failures,
    failures_in_a_row: duty.failuresInARow,
    failing_since: isoOrNull(duty.failingSinceMs),
    last_error_kind: duty.lastErrorKind,
  };
}

/**
 * Expected errors are answered as they are; anything else is masked. Either way the failure goes
 * into the request's one access-log line: the message for an expected error, the stack for a bug.
 */
function answerFailure(req: IncomingMessage, res: ServerResponse, identity: RequestIdentity, thrown: unknown): void {
  if (thrown instanceof ClientAbortedError) {
    res.destroy();
    return;
  }
  const error = toDomainError(thrown, identity.logId);
  if (error.code === 'INTERNAL') identity.note({ error: stackOf(thrown), unexpected: true });
  else if (error.code === 'STORE_UNAVAILABLE') identity.note({ error: messageOf(error.cause ?? thrown) });
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendError(req, res, error);
}

function messageOf(value: unknown): string {
  return value instanceof Error ? `${value.name}: ${value.message}` : String(value);
}
