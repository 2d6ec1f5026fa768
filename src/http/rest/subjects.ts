/**
 * Saved subjects over REST (docs/subjects.md): `GET|POST /v1/subjects` (the account's subjects, a new
 * one) and `GET|PUT|DELETE /v1/subjects/{id}`. Keyed like GraphQL (an `Authorization: Bearer` or
 * `X-API-Key` header, never the query: a subject is personal data), with the key's `account` scope;
 * free. Answers are never cached (`Cache-Control: no-store`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Outcome } from '../../application/outcome.ts';
import { resolveCredentials } from '../../application/paid/credentials.ts';
import type { RequestIdentity } from '../../application/paid/request-identity.ts';
import { refusals } from '../../application/refusals.ts';
import type { Services } from '../../application/services.ts';
import { sendError, sendJson } from '../../wire/respond.ts';
import { createHash } from 'node:crypto';
import { FEED_PATH_PREFIX } from '../../application/subjects/feeds.ts';
import { feedIcs, pausedIcs } from '../../wire/present/ics.ts';
import { readJsonObject } from '../input.ts';
import { methodNotAllowed, queryOf, type Route, type RouteHandler } from '../route-table.ts';

export const SUBJECTS_PATH = '/v1/subjects';
const NO_STORE = { 'Cache-Control': 'no-store' };

const credentialsOf = (req: IncomingMessage) =>
  resolveCredentials('graphql', { authorization: req.headers.authorization, xApiKey: req.headers['x-api-key'] as string | undefined });

function answer<T>(req: IncomingMessage, res: ServerResponse, outcome: Outcome<T>, status = 200): void {
  if (outcome.ok) sendJson(res, status, outcome.value, NO_STORE);
  else sendError(req, res, outcome.error);
}

/** The subject routes, each wrapped by `guard` (the router's: a throw becomes its error body). */
export function subjectRoutes(
  services: Services,
  guard: (handler: RouteHandler<RequestIdentity>) => RouteHandler<RequestIdentity>,
): Route<RequestIdentity>[] {
  const off = (req: IncomingMessage, res: ServerResponse) =>
    sendError(req, res, refusals.featureOff(SUBJECTS_PATH, 'this deployment keeps no saved subjects (docs/subjects.md: SUBJECT_KEYS)'));
  const collection: RouteHandler<RequestIdentity> = async (req, res) => {
    const subjects = services.subjects;
    if (subjects == null) return off(req, res);
    if (req.method === 'POST') return answer(req, res, await subjects.create(credentialsOf(req), await readJsonObject(req)), 201);
    const query = new URLSearchParams(queryOf(req.url) ?? '');
    const unknown = [...query.keys()].find((name) => name !== 'limit' && name !== 'after');
    if (unknown !== undefined)
      return sendError(req, res, refusals.invalidField(unknown, `${unknown} is not a parameter of ${SUBJECTS_PATH} (limit, after)`));
    const limit = query.get('limit');
    answer(
      req,
      res,
      await subjects.list(credentialsOf(req), {
        limit: limit === null ? undefined : Number(limit),
        after: query.get('after') ?? undefined,
      }),
    );
  };
  const one: RouteHandler<RequestIdentity> = async (req, res, _identity, params) => {
    const subjects = services.subjects;
    if (subjects == null) return off(req, res);
    const id = params['id'] ?? '';
    if (req.method === 'PUT') return answer(req, res, await subjects.replace(credentialsOf(req), id, await readJsonObject(req)));
    if (req.method === 'DELETE') return answer(req, res, await subjects.remove(credentialsOf(req), id));
    answer(req, res, await subjects.get(credentialsOf(req), id));
  };
  const feed: RouteHandler<RequestIdentity> = async (req, res, _identity, params) => {
    const feeds = services.feeds;
    if (feeds == null) return off(req, res);
    const id = params['id'] ?? '';
    if (req.method === 'POST') return answer(req, res, await feeds.issue(credentialsOf(req), id, await readJsonObject(req, true)), 201);
    if (req.method === 'DELETE') return answer(req, res, await feeds.revoke(credentialsOf(req), id));
    answer(req, res, await feeds.show(credentialsOf(req), id));
  };
  const calendar: RouteHandler<RequestIdentity> = async (req, res, identity, params) => {
    const feeds = services.feeds;
    const file = params['file'] ?? '';
    // An unknown or malformed token says nothing of why (and the path, a secret, is never echoed).
    if (feeds == null || !file.endsWith('.ics'))
      return sendError(req, res, refusals.notHeld('No such feed: revoked, re-issued or never issued'));
    const fetched = await feeds.fetch(file.slice(0, -'.ics'.length), identity);
    if (!fetched.ok) return sendError(req, res, fetched.error);
    const found = fetched.value;
    const calendarOf = { feedId: found.feed.feedId, lang: found.feed.lang, createdMs: found.feed.createdMs, zone: found.zone };
    const body = found.kind === 'calendar' ? feedIcs(calendarOf, found.events) : pausedIcs(calendarOf, found.cost, Date.now());
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
    // The month is paid once its calendar is written (the charge is settled then, and voided otherwise).
    if (found.paid !== null) {
      const month = found.paid;
      res.once(
        'finish',
        () =>
          void feeds
            .paid(found.feed, month)
            .catch((error: unknown) => services.logger.warn('recording a feed month failed', { error: String(error) })),
      );
    }
    const headers = {
      'Content-Type': 'text/calendar; charset=utf-8',
      ETag: etag,
      // A paused calendar is asked again soon; a served one may be kept an hour.
      'Cache-Control': found.kind === 'calendar' ? 'private, max-age=3600' : 'no-cache',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Length': Buffer.byteLength(body) }).end(body);
  };
  return [
    {
      path: `${SUBJECTS_PATH}/:id/feed`,
      label: `${SUBJECTS_PATH}/{id}/feed`,
      methods: ['GET', 'POST', 'DELETE'],
      handle: guard(feed),
      wrongMethod: methodNotAllowed('GET, POST or DELETE', 'GET, POST, DELETE'),
      headerKeyOnly: true,
    },
    {
      path: `${FEED_PATH_PREFIX}:file`,
      label: `${FEED_PATH_PREFIX}{token}.ics`,
      methods: ['GET'],
      handle: guard(calendar),
      wrongMethod: methodNotAllowed('GET', 'GET'),
      secretPath: true,
    },
    {
      path: SUBJECTS_PATH,
      label: SUBJECTS_PATH,
      methods: ['GET', 'POST'],
      handle: guard(collection),
      wrongMethod: methodNotAllowed('GET or POST', 'GET, POST'),
      headerKeyOnly: true,
    },
    {
      path: `${SUBJECTS_PATH}/:id`,
      label: `${SUBJECTS_PATH}/{id}`,
      methods: ['GET', 'PUT', 'DELETE'],
      handle: guard(one),
      wrongMethod: methodNotAllowed('GET, PUT or DELETE', 'GET, PUT, DELETE'),
      headerKeyOnly: true,
    },
  ];
}
