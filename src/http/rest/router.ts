/**
 * REST routes, served with plain node:http (entries of the app's route table, http/routes.ts): the
 * paid and the free operations' paths (wire/operations: `/v1/lunar-dates`, `/v1/places`, …), `/`,
 * `/chart`, `/openapi.json`, `/llms.txt`, `/docs/…`, `/health`, `/ready`, `/metrics`. Never rejects:
 * every failure becomes an error body.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DutyState } from '../../application/duties.ts';
import { stackOf } from '../../application/ports/logger.ts';
import { refusals, toDomainError } from '../../application/refusals.ts';
import type { RequestIdentity } from '../../application/paid/request-identity.ts';
import type { Services } from '../../application/services.ts';
import { ClientAbortedError } from '../../wire/body.ts';
import { handlePaidRoute, type PaidRoute } from './paid-route.ts';
import { subjectRoutes } from './subjects.ts';
import { docAt } from './docs-files.ts';
import { openApiJson } from './openapi.ts';
import { LANDING_PAGE } from './landing-page.ts';
import { llmsTxt } from './llms-txt.ts';
import { chartPage, pageLang } from '../chart-page.ts';
import { langRule } from '../../domain/catalogue/lang.ts';
import { answerQuery, type FreeOperationDeclaration } from '../../wire/operations/free.ts';
import { freeOperations } from '../../wire/operations/index.ts';
import { sendError, sendJson, sendJsonText, sendText } from '../../wire/respond.ts';
import {
  literalPath,
  methodNotAllowed,
  pathOf,
  queryOf,
  sendNotFound,
  type Route,
  type RouteFacts,
  type RouteHandler,
} from '../route-table.ts';

/** Methods of the read-only routes (the pages, health, readiness, the OpenAPI document, the free operations). */
const READ_ONLY = ['GET', 'HEAD'] as const;
const wrongReadOnlyMethod = methodNotAllowed('GET', READ_ONLY.join(', '));

export interface RestRouteOptions {
  /**
   * Who may read `/metrics`: `open` (anyone), `closed` (nobody: 404), or a bearer token. Checked
   * before the method: a closed `/metrics` is not there for any method.
   */
  readonly metricsAccess: 'open' | 'closed' | { readonly token: string };
}

/** The REST routes: each paid path, each free one, then the fixed pages and documents. */
export function restRoutes(
  services: Services,
  paidRoutes: ReadonlyMap<string, PaidRoute>,
  { metricsAccess }: RestRouteOptions,
): Route<RequestIdentity>[] {
  const readOnly = (path: string, handle: RouteHandler<RequestIdentity>, facts: RouteFacts = {}): Route<RequestIdentity> => ({
    path,
    label: path,
    methods: READ_ONLY,
    handle: guarded(handle),
    wrongMethod: wrongReadOnlyMethod,
    ...facts,
  });
  const metricsGuard = (handler: RouteHandler<RequestIdentity>): RouteHandler<RequestIdentity> => {
    if (metricsAccess === 'open') return handler;
    if (metricsAccess === 'closed') return sendNotFound;
    return (req, res, identity, params) =>
      bearerMatches(req.headers.authorization, metricsAccess.token)
        ? handler(req, res, identity, params)
        : sendError(req, res, refusals.metricsToken());
  };
  const metrics = readOnly(
    '/metrics',
    async (_req, res) => {
      const { contentType, body } = await services.metrics.render();
      sendText(res, 200, body, contentType);
    },
    { unlimited: true, ownCredentials: true },
  );
  return [
    ...[...paidRoutes].map(([path, paid]): Route<RequestIdentity> => ({
      path: literalPath(path),
      label: path,
      // HEAD only where declared: a GET here spends credits, and a HEAD must not.
      methods: paid.endpoint.methods,
      handle: guarded((req, res, identity) => handlePaidRoute(req, res, services, identity, paid, queryOf(req.url) ?? '')),
      wrongMethod: methodNotAllowed(paid.allowed.text, paid.allowed.header),
      paid: true,
    })),
    ...freeOperations().flatMap((free) =>
      free.rest === undefined ? [] : [readOnly(literalPath(free.rest.path), (req, res) => answerFree(req, res, free))],
    ),
    ...subjectRoutes(services, guarded),
    readOnly('/', (_req, res) => sendText(res, 200, LANDING_PAGE, 'text/html; charset=utf-8')),
    // Its form spends credits with a key kept in the browser: no other site may frame it.
    readOnly('/chart', (req, res) => {
      const search = queryOf(req.url);
      const query = search === null ? null : new URLSearchParams(search).get('lang');
      const lang = pageLang(query, req.headers['accept-language']);
      if (lang === undefined) return sendError(req, res, refusals.invalidRequest([{ field: 'lang', message: langRule('lang', query) }]));
      sendText(res, 200, chartPage(lang), 'text/html; charset=utf-8', {
        'Content-Security-Policy': "frame-ancestors 'none'",
        'X-Frame-Options': 'DENY',
        'Content-Language': lang,
        // Without `?lang=` the language follows the browser's.
        Vary: 'Accept-Language',
      });
    }),
    { ...metrics, handle: metricsGuard(metrics.handle), wrongMethod: metricsGuard(metrics.wrongMethod) },
    readOnly('/health', (_req, res) => sendJson(res, 200, { status: 'ok' }), { unlimited: true }),
    readOnly('/ready', (req, res) => sendReadiness(req, res, services), { unlimited: true }),
    readOnly('/openapi.json', (_req, res) =>
      sendJsonText(res, 200, openApiJson(services.prices), { 'Cache-Control': 'public, max-age=300' }),
    ),
    readOnly('/llms.txt', (_req, res) =>
      sendText(res, 200, llmsTxt(services.prices), 'text/plain; charset=utf-8', { 'Cache-Control': 'public, max-age=300' }),
    ),
    // The documents are read on the first request: a path that names none is a 404, whatever the method.
    {
      path: '/docs/*',
      label: '/docs',
      methods: READ_ONLY,
      handle: (req, res) => {
        const doc = docAt(pathOf(req.url));
        if (doc === undefined) return sendNotFound(req, res);
        sendText(res, 200, doc.body, doc.contentType);
      },
      wrongMethod: (req, res, identity, params) =>
        docAt(pathOf(req.url)) === undefined ? sendNotFound(req, res) : wrongReadOnlyMethod(req, res, identity, params),
    },
  ];
}

function answerFree(req: IncomingMessage, res: ServerResponse, free: FreeOperationDeclaration): void {
  const answer = answerQuery(free, new URLSearchParams(queryOf(req.url) ?? ''));
  if (!answer.ok) return sendError(req, res, refusals.invalidRequest(answer.issues));
  sendJson(res, 200, answer.answer, { 'Cache-Control': free.rest!.cacheControl });
}

/** A REST handler whose failures become error bodies (see `answerFailure`). */
function guarded(handler: RouteHandler<RequestIdentity>): RouteHandler<RequestIdentity> {
  return async (req, res, identity, params) => {
    try {
      await handler(req, res, identity, params);
    } catch (thrown) {
      answerFailure(req, res, identity, thrown);
    }
  };
}

/** `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  if (match === null) return false;
  const given = Buffer.from(match[1]!);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
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
