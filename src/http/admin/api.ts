/**
 * The operator API (docs/admin.md): JSON over node:http under `/admin/v1`, behind admin tokens
 * (`Authorization: Bearer adm_…`; `read` for GET, `write` for the rest). Unknown paths are 404 and
 * wrong methods 405 with `Allow`, as everywhere in the service; then the token (401, or 403 without
 * the scope); then the input, every bad field named. Never rejects: every failure is an error body.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody, type DomainError } from '../../application/errors.ts';
import type { Outcome } from '../../application/outcome.ts';
import type { Operator } from '../../application/operator/operator.ts';
import { contextOf, type AdminContext } from '../../application/operator/views.ts';
import { accountIdIssue } from '../../application/operator/input.ts';
import { stackOf } from '../../application/ports/logger.ts';
import { refusals, toDomainError } from '../../application/refusals.ts';
import type { RequestIdentity } from '../../application/paid/request-identity.ts';
import {
  auditJson,
  detailJson,
  invitationJson,
  issuedKeyJson,
  keyJson,
  ledgerJson,
  searchHitJson,
  statementJson,
  summaryJson,
} from '../../wire/admin-json.ts';
import { ClientAbortedError, readBody } from '../../wire/body.ts';
import { sendError, sendJson } from '../../wire/respond.ts';
import {
  jsonObject,
  jsonString,
  jsonStringsOrNull,
  jsonWholeNumber,
  readJsonObject,
  readMembers,
  readQuery,
  wholeNumberParam,
} from '../input.ts';
import { methodNotAllowed, pathOf, sendNotFound, shownPath, type Route, type RouteHandler, type RouteParams } from '../route-table.ts';

export const ADMIN_API_PATH = '/admin/v1';

const PAGE_DEFAULT = 20;
const PAGE_MAX = 100;
const OPERATOR_API_OFF =
  'the operator API is off: it needs the dashboard store (DASHBOARD=off turns it off; with Redis it needs DASHBOARD_DATABASE_URL or LEDGER_DATABASE_URL): docs/admin.md';

interface Call {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly operator: Operator;
  readonly context: AdminContext;
  /** The path's `{account}`, `{key}` and `{month}`, percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The request's JSON object (`optional`: a request without a body reads as `{}`). */
  json(optional?: boolean): Promise<Record<string, unknown>>;
  /** The answer waits until it is kept for replays (an Idempotency-Key's write): `answered.send()`. */
  readonly deferred: boolean;
  /** What `answer` sent, or will send: for an Idempotency-Key's replays. */
  answered?: { readonly status: number; readonly body: unknown; readonly send: () => void };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Handler = (call: Call) => Promise<void>;

interface AdminRoute {
  /** The path after `/admin/v1`, in the route table's syntax (`:name` takes one segment as a parameter). */
  readonly path: string;
  readonly methods: Partial<Record<Method, Handler>>;
}

/** Sends the outcome's value through `present` with `status`, or its refusal (once kept, when deferred). */
function answer<T>(call: Call, outcome: Outcome<T>, present: (value: T) => unknown, status = 200): void {
  if (outcome.ok) {
    const body = present(outcome.value);
    call.answered = { status, body, send: () => sendJson(call.res, status, body) };
  } else {
    const { error } = outcome;
    call.answered = { status: error.httpStatus, body: errorBody(error), send: () => sendError(call.req, call.res, error) };
  }
  if (!call.deferred) call.answered.send();
}

const account = (call: Call): string => call.params['account']!;

/** `autocharge: {threshold, amount}` (or another member of that shape), both required when it is sent. */
const autocharge = () => jsonObject({ threshold: jsonWholeNumber(), amount: jsonWholeNumber() });

/** Each route's input, declared once: read by `readQuery` and `readMembers` (the refusal names every bad field). */
const INPUT = {
  listAccounts: z
    .strictObject({ q: z.string().optional(), limit: wholeNumberParam(1, PAGE_MAX, PAGE_DEFAULT), before: z.string().optional() })
    .superRefine(
      ({ q, before }, context) => {
        if (q !== undefined && before !== undefined)
          context.addIssue({ code: 'custom', path: ['before'], message: 'before pages the list; a search (q) answers in one page' });
      },
      { when: () => true },
    ),
  createAccount: z.strictObject({
    id: jsonString().optional(),
    plan: jsonString().optional(),
    monthly_allowance: jsonWholeNumber().optional(),
    auto_credits: jsonWholeNumber().optional(),
    autocharge: autocharge().optional(),
  }),
  updateAccount: z.strictObject({
    plan: jsonString().optional(),
    monthly_allowance: jsonWholeNumber().optional(),
    autocharge: autocharge().optional(),
    autocharge_ceiling: autocharge().nullable().optional(),
  }),
  grant: z.strictObject({ auto_credits: jsonWholeNumber() }),
  action: z.strictObject({}),
  issueKey: z.strictObject({
    name: jsonString().optional(),
    scopes: jsonStringsOrNull().optional(),
    expires_at: jsonString().nullable().optional(),
  }),
  usage: z.strictObject({ limit: wholeNumberParam(1, PAGE_MAX, PAGE_DEFAULT), before: z.string().optional() }),
  invite: z.strictObject({ email: jsonString() }),
  audit: z
    .strictObject({
      account: z.string().optional(),
      limit: wholeNumberParam(1, PAGE_MAX, PAGE_DEFAULT),
      before: wholeNumberParam(1, Number.MAX_SAFE_INTEGER, 0),
    })
    .superRefine(
      ({ account: accountId }, context) => {
        const issue = accountId === undefined ? null : accountIdIssue('account', accountId);
        if (issue !== null) context.addIssue({ code: 'custom', path: ['account'], message: issue });
      },
      { when: () => true },
    ),
};

const ROUTES: readonly AdminRoute[] = [
  {
    path: '/accounts',
    methods: {
      async GET(call) {
        const { q, before, limit } = readQuery(INPUT.listAccounts, call.query);
        if (q !== undefined)
          return answer(call, await call.operator.search(q, limit), (hits) => ({ accounts: hits.map(searchHitJson), next_before: null }));
        return answer(call, await call.operator.listAccounts({ limit, before }), (page) => ({
          accounts: page.items.map(summaryJson),
          next_before: page.nextBefore,
        }));
      },
      async POST(call) {
        const body = readMembers(INPUT.createAccount, await call.json());
        const input = {
          accountId: body.id,
          plan: body.plan,
          monthlyAllowance: body.monthly_allowance,
          autoCredits: body.auto_credits,
          autocharge: body.autocharge,
        };
        const created = await call.operator.createAccount(call.context, withoutUndefined(input));
        answer(call, created, (value) => ({ account: detailJson(value.detail), api_key: value.apiKey, key_id: value.keyId }), 201);
      },
    },
  },
  {
    path: '/accounts/:account',
    methods: {
      GET: async (call) => answer(call, await call.operator.show(account(call)), detailJson),
      async PATCH(call) {
        const body = readMembers(INPUT.updateAccount, await call.json());
        const change = {
          plan: body.plan,
          monthlyAllowance: body.monthly_allowance,
          autocharge: body.autocharge,
          autochargeCeiling: body.autocharge_ceiling,
        };
        answer(call, await call.operator.updateAccount(call.context, account(call), withoutUndefined(change)), detailJson);
      },
      DELETE: async (call) =>
        answer(call, await call.operator.deleteAccount(call.context, account(call)), (deleted) => ({
          account_id: deleted.accountId,
          deleted: true,
          keys_revoked: deleted.keysRevoked,
          sessions_deleted: deleted.sessionsDeleted,
        })),
    },
  },
  {
    path: '/accounts/:account/grants',
    methods: {
      async POST(call) {
        const { auto_credits: amount } = readMembers(INPUT.grant, await call.json());
        answer(call, await call.operator.grant(call.context, account(call), amount), detailJson);
      },
    },
  },
  ...(['suspend', 'resume'] as const).map((action): AdminRoute => ({
    path: `/accounts/:account/${action}`,
    methods: {
      async POST(call) {
        readMembers(INPUT.action, await call.json(true));
        answer(call, await call.operator.setSuspended(call.context, account(call), action === 'suspend'), detailJson);
      },
    },
  })),
  {
    path: '/accounts/:account/keys',
    methods: {
      GET: async (call) => answer(call, await call.operator.listKeys(account(call)), (keys) => ({ keys: keys.map(keyJson) })),
      async POST(call) {
        const body = readMembers(INPUT.issueKey, await call.json(true));
        const request = { name: body.name, scopes: body.scopes, expiresAt: body.expires_at };
        answer(call, await call.operator.issueKey(call.context, account(call), withoutUndefined(request)), issuedKeyJson, 201);
      },
    },
  },
  {
    path: '/accounts/:account/keys/:key',
    methods: {
      DELETE: async (call) =>
        answer(call, await call.operator.revokeKey(call.context, account(call), call.params['key']!), (revoked) => ({
          account_id: revoked.accountId,
          key_id: revoked.keyId,
          revoked: true,
        })),
    },
  },
  {
    path: '/accounts/:account/usage',
    methods: {
      async GET(call) {
        const { limit, before } = readQuery(INPUT.usage, call.query);
        answer(call, await call.operator.usage(account(call), { limit, before }), (page) => ({
          entries: page.items.map(ledgerJson),
          next_before: page.nextBefore,
        }));
      },
    },
  },
  {
    path: '/accounts/:account/statements/:month',
    methods: {
      GET: async (call) => answer(call, await call.operator.statement(account(call), call.params['month']!), statementJson),
    },
  },
  {
    path: '/invitations',
    methods: {
      async POST(call) {
        const { email } = readMembers(INPUT.invite, await call.json());
        answer(call, await call.operator.invite(call.context, email), invitationJson, 201);
      },
    },
  },
  {
    path: '/audit',
    methods: {
      async GET(call) {
        const { account: accountId, limit, before } = readQuery(INPUT.audit, call.query);
        answer(call, await call.operator.auditLog({ limit, before: before === 0 ? undefined : before, accountId }), (page) => ({
          entries: page.items.map(auditJson),
          next_before: page.nextBefore,
        }));
      },
    },
  },
];

/** Operator writes' Idempotency-Key: as the paid paths take it. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** Members of an answer that hold a secret shown once: a new API key, an invitation's link (its token). */
const SECRET_MEMBERS = ['api_key', 'signup_url'] as const;

/** An answer as kept for replays: its secrets null (a key's id and an invitation's e-mail stay). */
function withoutSecrets(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !SECRET_MEMBERS.some((member) => member in body)) return body;
  const kept: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const member of SECRET_MEMBERS) if (member in kept) kept[member] = null;
  return kept;
}

/** Drops absent members, so the use-case sees only what was sent. */
function withoutUndefined<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** The path's parameters percent-decoded; undefined when one is not valid UTF-8 percent-encoding (a 404). */
function decoded(params: RouteParams): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  try {
    for (const [name, value] of Object.entries(params)) values[name] = decodeURIComponent(value ?? '');
  } catch {
    return undefined;
  }
  return values;
}

export interface AdminApiRouteOptions {
  /** The operator's use-cases; undefined while the API is off (every path under `/admin/v1` says so). */
  readonly operator: () => Operator | undefined;
  /** The client's address, for the audit log. */
  readonly addressOf: (req: IncomingMessage) => string;
}

/**
 * The operator API's entries of the route table, every one labelled `/admin/v1`: its routes (HEAD
 * where GET is served: `Allow` names it last), then the family's other paths (404). Off, every path
 * of it says why; an undecodable parameter is a 404 whatever the method.
 */
export function adminApiRoutes({ operator, addressOf }: AdminApiRouteOptions): Route<RequestIdentity>[] {
  const off: RouteHandler<RequestIdentity> = (req, res) =>
    sendError(req, res, refusals.featureOff(shownPath(pathOf(req.url)), OPERATOR_API_OFF));
  const family = { label: ADMIN_API_PATH, ownCredentials: true, methods: 'any', wrongMethod: off } as const;
  const unknown: RouteHandler<RequestIdentity> = (req, res, identity, params) =>
    operator() === undefined ? off(req, res, identity, params) : sendNotFound(req, res);
  return [
    ...ROUTES.map((route): Route<RequestIdentity> => {
      const declared = Object.keys(route.methods);
      const methods = declared.includes('GET') ? [...declared, 'HEAD'] : declared;
      const wrongMethod = methodNotAllowed(methods.join(', '), methods.join(', '));
      return {
        ...family,
        path: `${ADMIN_API_PATH}${route.path}`,
        methods,
        handle: (req, res, identity, params) => {
          const served = operator();
          if (served === undefined) return off(req, res, identity, params);
          return handleAdminApi(req, res, served, identity, addressOf(req), route, params);
        },
        wrongMethod: (req, res, identity, params) => {
          if (operator() === undefined) return off(req, res, identity, params);
          if (decoded(params) === undefined) return sendNotFound(req, res);
          return wrongMethod(req, res, identity, params);
        },
      };
    }),
    { ...family, path: ADMIN_API_PATH, handle: unknown },
    { ...family, path: `${ADMIN_API_PATH}/*`, handle: unknown },
  ];
}

async function handleAdminApi(
  req: IncomingMessage,
  res: ServerResponse,
  operator: Operator,
  identity: RequestIdentity,
  address: string,
  route: AdminRoute,
  rawParams: RouteParams,
): Promise<void> {
  try {
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    const params = decoded(rawParams);
    if (params === undefined) return sendNotFound(req, res);
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    // One of the route's methods: the route table answers the others.
    const handler = route.methods[method as Method]!;
    const principal = await operator.authenticate(req.headers.authorization, method === 'GET' ? 'read' : 'write');
    if (!principal.ok) return sendError(req, res, principal.error);
    const accountId = params['account'];
    if (accountId !== undefined) identity.note({ accountId });
    let attempted = false;
    const context = { ...contextOf(principal.value, address), onWrite: () => (attempted = true) };
    const sent = method === 'GET' ? undefined : req.headers['idempotency-key'];
    // Sent twice: no key of its own (refused below).
    const idempotencyKey = Array.isArray(sent) ? '' : sent;
    let read: Buffer | undefined;
    const call: Call = {
      req,
      res,
      operator,
      context,
      params,
      query: new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1)),
      json: (optional = false) => readJsonObject(req, optional, read),
      deferred: idempotencyKey !== undefined,
    };
    if (idempotencyKey === undefined) return await handler(call);
    if (!IDEMPOTENCY_KEY.test(idempotencyKey)) return sendError(req, res, refusals.badIdempotencyKey());
    // The key names this request: its method, path and body bytes.
    read = (req.headers['content-length'] ?? req.headers['transfer-encoding']) === undefined ? Buffer.alloc(0) : await readBody(req);
    const digest = createHash('sha256').update(`${req.method} ${path}\n`).update(read).digest('hex');
    const held = await operator.claimRequest(context, idempotencyKey, digest);
    if (held !== null) {
      if (held.requestDigest !== digest) return sendError(req, res, refusals.idempotencyConflict());
      if (held.state === 'running') return sendError(req, res, refusals.idempotencyInProgress());
      return sendJson(res, held.status, held.body, { 'Idempotent-Replayed': 'true' });
    }
    try {
      await handler(call);
    } catch (thrown) {
      const error = toDomainError(thrown, identity.logId);
      // A refusal is the request's answer, replayed like a success. A failure before any write frees
      // the key for a retry; one after a write began keeps it (the write may stand: a retry must not
      // apply it again), and its replay says to look in the audit log.
      if (thrown instanceof ClientAbortedError || (error.httpStatus >= 500 && !attempted))
        await operator.releaseRequest(context, idempotencyKey);
      else
        await operator.finishRequest(
          context,
          idempotencyKey,
          error.httpStatus,
          error.httpStatus >= 500 ? errorBody(refusals.writeOutcomeUnknown(error.message)) : errorBody(error),
        );
      throw thrown;
    }
    const answered = call.answered;
    if (answered === undefined) return await operator.releaseRequest(context, idempotencyKey);
    // Kept before it is sent: a retry that follows the answer at once is replayed, never "in progress".
    // The write stands whether or not it is kept: its answer goes out either way.
    try {
      await operator.finishRequest(context, idempotencyKey, answered.status, withoutSecrets(answered.body));
    } catch (thrown) {
      noteFailure(identity, thrown);
    }
    answered.send();
  } catch (thrown) {
    if (thrown instanceof ClientAbortedError) {
      res.destroy();
      return;
    }
    const error = noteFailure(identity, thrown);
    if (res.headersSent) res.destroy();
    else sendError(req, res, error);
  }
}

/** A failure as the request's answer would say it, noted for its access-log line (the stack of a bug). */
function noteFailure(identity: RequestIdentity, thrown: unknown): DomainError {
  const error = toDomainError(thrown, identity.logId);
  if (error.code === 'INTERNAL') identity.note({ error: stackOf(thrown), unexpected: true });
  else if (error.code === 'STORE_UNAVAILABLE') {
    const cause = error.cause ?? thrown;
    identity.note({ error: cause instanceof Error ? `${cause.name}: ${cause.message}` : error.message });
  }
  return error;
}
