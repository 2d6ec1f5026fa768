/**
 * REST routes, served with plain node:http ahead of yoga (the app calls this for every path but
 * `/graphql`): the paid and the free operations' paths (wire/operations: `/v1/lunar-dates`,
 * `/v1/places`, …), `/`, `/chart`, `/openapi.json`, `/llms.txt`, `/docs/…`,
 * `/health`, `/ready`, `/metrics`, and a JSON 404 for anything else. Never rejects: every failure becomes an error body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DutyState } from '../../application/duties.ts';
import { stackOf } from '../../application/ports/logger.ts';
import { refusals, toDomainError } from '../../application/refusals.ts';
import type { RequestIdentity } from '../../application/paid/request-identity.ts';
import type { Services } from '../../application/services.ts';
import { ClientAbortedError } from '../../wire/body.ts';
import { handlePaidRoute, type PaidRoute } from './paid-route.ts';
import { docAt } from './docs-files.ts';
import { openApiJson } from './openapi.ts';
import { LANDING_PAGE } from './landing-page.ts';
import { llmsTxt } from './llms-txt.ts';
import { chartPage, pageLang } from '../chart-page.ts';
import { langRule } from '../../domain/catalogue/lang.ts';
import { answerQuery } from '../../wire/operations/free.ts';
import { freeOperations } from '../../wire/operations/index.ts';
import { once } from '../../application/registry.ts';
import { sendError, sendJson, sendJsonText, sendText } from '../../wire/respond.ts';

/** The free operations' REST paths. */
export const freeRoutes = once(
  () => new Map(freeOperations().flatMap((free) => (free.rest === undefined ? [] : [[free.rest.path, free]]))),
);

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
    const free = freeRoutes().get(path);
    if (free !== undefined) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return sendError(req, res, refusals.methodNotAllowed(req.method ?? '', 'GET'), { Allow: READ_ONLY_METHODS });
      }
      const answer = answerQuery(free, new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1)));
      if (!answer.ok) return sendError(req, res, refusals.invalidRequest(answer.issues));
      return sendJson(res, 200, answer.answer, { 'Cache-Control': free.rest!.cacheControl });
    }
    switch (path) {
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
