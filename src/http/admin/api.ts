/**
 * The operator API (docs/admin.md): JSON over node:http under `/admin/v1`, behind admin tokens
 * (`Authorization: Bearer adm_…`; `read` for GET, `write` for the rest). Unknown paths are 404 and
 * wrong methods 405 with `Allow`, as everywhere in the service; then the token (401, or 403 without
 * the scope); then the input, every bad field named. Never rejects: every failure is an error body.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody } from '../../application/errors.ts';
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
import { BodyReader, QueryReader, readJsonObject } from './input.ts';

export const ADMIN_API_PATH = '/admin/v1';

export const isAdminApiPath = (path: string): boolean => path === ADMIN_API_PATH || path.startsWith(`${ADMIN_API_PATH}/`);

const PAGE_DEFAULT = 20;
const PAGE_MAX = 100;
const MAX_ECHOED_PATH_CHARS = 200;

interface Call {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly operator: Operator;
  readonly context: AdminContext;
  /** The path's `{account}`, `{key}` and `{month}`. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The request's JSON object (`optional`: a request without a body reads as `{}`). */
  json(optional?: boolean): Promise<Record<string, unknown>>;
  /** What `answer` sent: for an Idempotency-Key's replays. */
  answered?: { readonly status: number; readonly body: unknown };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Handler = (call: Call) => Promise<void>;

interface Route {
  /** Path segments after `/admin/v1`; `:name` takes one segment as a parameter. */
  readonly pattern: readonly string[];
  readonly methods: Partial<Record<Method, Handler>>;
}

/** Sends the outcome's value through `present` with `status`, or its refusal. */
function answer<T>(call: Call, outcome: Outcome<T>, present: (value: T) => unknown, status = 200): void {
  if (outcome.ok) {
    const body = present(outcome.value);
    call.answered = { status, body };
    sendJson(call.res, status, body);
  } else {
    call.answered = { status: outcome.error.httpStatus, body: errorBody(outcome.error) };
    sendError(call.req, call.res, outcome.error);
  }
}

/** Throws the refusal naming every bad field the reader found (answered by `handleAdminApi`). */
function refuseIssues(reader: { readonly issues: readonly { field: string; message: string }[] }): void {
  if (reader.issues.length > 0) throw refusals.invalidRequest(reader.issues);
}

const account = (call: Call): string => call.params['account']!;

const ROUTES: readonly Route[] = [
  {
    pattern: ['accounts'],
    methods: {
      async GET(call) {
        const query = new QueryReader(call.query, ['q', 'limit', 'before']);
        const q = query.string('q');
        const before = query.string('before');
        const limit = query.integer('limit', 1, PAGE_MAX, PAGE_DEFAULT);
        if (q !== undefined && before !== undefined)
          query.issues.push({ field: 'before', message: 'before pages the list; a search (q) answers in one page' });
        refuseIssues(query);
        if (q !== undefined)
          return answer(call, await call.operator.search(q, limit), (hits) => ({ accounts: hits.map(searchHitJson), next_before: null }));
        return answer(call, await call.operator.listAccounts({ limit, before }), (page) => ({
          accounts: page.items.map(summaryJson),
          next_before: page.nextBefore,
        }));
      },
      async POST(call) {
        const body = new BodyReader(await call.json(), ['id', 'plan', 'monthly_allowance', 'auto_credits', 'autocharge']);
        const input = {
          accountId: body.string('id'),
          plan: body.string('plan'),
          monthlyAllowance: body.integer('monthly_allowance'),
          autoCredits: body.integer('auto_credits'),
          autocharge: autochargeOf(body),
        };
        refuseIssues(body);
        const created = await call.operator.createAccount(call.context, withoutUndefined(input));
        answer(call, created, (value) => ({ account: detailJson(value.detail), api_key: value.apiKey, key_id: value.keyId }), 201);
      },
    },
  },
  {
    pattern: ['accounts', ':account'],
    methods: {
      GET: async (call) => answer(call, await call.operator.show(account(call)), detailJson),
      async PATCH(call) {
        const body = new BodyReader(await call.json(), ['plan', 'monthly_allowance', 'autocharge', 'autocharge_ceiling']);
        const change = {
          plan: body.string('plan'),
          monthlyAllowance: body.integer('monthly_allowance'),
          autocharge: autochargeOf(body),
          autochargeCeiling: body.isNull('autocharge_ceiling') ? null : autochargeOf(body, 'autocharge_ceiling'),
        };
        refuseIssues(body);
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
    pattern: ['accounts', ':account', 'grants'],
    methods: {
      async POST(call) {
        const body = new BodyReader(await call.json(), ['auto_credits']);
        const amount = body.integer('auto_credits', true);
        refuseIssues(body);
        answer(call, await call.operator.grant(call.context, account(call), amount!), detailJson);
      },
    },
  },
  ...(['suspend', 'resume'] as const).map((action): Route => ({
    pattern: ['accounts', ':account', action],
    methods: {
      async POST(call) {
        refuseIssues(new BodyReader(await call.json(true), []));
        answer(call, await call.operator.setSuspended(call.context, account(call), action === 'suspend'), detailJson);
      },
    },
  })),
  {
    pattern: ['accounts', ':account', 'keys'],
    methods: {
      GET: async (call) => answer(call, await call.operator.listKeys(account(call)), (keys) => ({ keys: keys.map(keyJson) })),
      async POST(call) {
        const body = new BodyReader(await call.json(true), ['name', 'scopes', 'expires_at']);
        const request = { name: body.string('name'), scopes: body.nullableStrings('scopes'), expiresAt: body.nullableString('expires_at') };
        refuseIssues(body);
        answer(call, await call.operator.issueKey(call.context, account(call), withoutUndefined(request)), issuedKeyJson, 201);
      },
    },
  },
  {
    pattern: ['accounts', ':account', 'keys', ':key'],
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
    pattern: ['accounts', ':account', 'usage'],
    methods: {
      async GET(call) {
        const query = new QueryReader(call.query, ['limit', 'before']);
        const limit = query.integer('limit', 1, PAGE_MAX, PAGE_DEFAULT);
        const before = query.string('before');
        refuseIssues(query);
        answer(call, await call.operator.usage(account(call), { limit, before }), (page) => ({
          entries: page.items.map(ledgerJson),
          next_before: page.nextBefore,
        }));
      },
    },
  },
  {
    pattern: ['accounts', ':account', 'statements', ':month'],
    methods: {
      GET: async (call) => answer(call, await call.operator.statement(account(call), call.params['month']!), statementJson),
    },
  },
  {
    pattern: ['invitations'],
    methods: {
      async POST(call) {
        const body = new BodyReader(await call.json(), ['email']);
        const email = body.string('email', true);
        refuseIssues(body);
        answer(call, await call.operator.invite(call.context, email!), invitationJson, 201);
      },
    },
  },
  {
    pattern: ['audit'],
    methods: {
      async GET(call) {
        const query = new QueryReader(call.query, ['account', 'limit', 'before']);
        const accountId = query.string('account');
        const limit = query.integer('limit', 1, PAGE_MAX, PAGE_DEFAULT);
        const before = query.integer('before', 1, Number.MAX_SAFE_INTEGER, 0);
        const issue = accountId === undefined ? null : accountIdIssue('account', accountId);
        if (issue !== null) query.issues.push({ field: 'account', message: issue });
        refuseIssues(query);
        answer(call, await call.operator.auditLog({ limit, before: before === 0 ? undefined : before, accountId }), (page) => ({
          entries: page.items.map(auditJson),
          next_before: page.nextBefore,
        }));
      },
    },
  },
];

/** `autocharge: {threshold, amount}` (or another member of that shape), both required when it is sent. */
function autochargeOf(body: BodyReader, member = 'autocharge'): { threshold: number; amount: number } | undefined {
  const autocharge = body.object(member, ['threshold', 'amount']);
  if (autocharge === undefined) return undefined;
  const threshold = autocharge.integer('threshold', true);
  const amount = autocharge.integer('amount', true);
  return threshold === undefined || amount === undefined ? undefined : { threshold, amount };
}

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

/** The route and its parameters for the segments after `/admin/v1`; undefined for an unknown path. */
function match(segments: readonly string[]): { route: Route; params: Record<string, string> } | undefined {
  for (const route of ROUTES) {
    if (route.pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = route.pattern.every((part, i) => {
      if (part.startsWith(':')) params[part.slice(1)] = segments[i]!;
      return part.startsWith(':') || part === segments[i];
    });
    if (fits) return { route, params };
  }
  return undefined;
}

function allowOf(route: Route): string {
  const methods = Object.keys(route.methods);
  return (methods.includes('GET') ? [...methods, 'HEAD'] : methods).join(', ');
}

/** Path segments, percent-decoded; undefined when one is not valid UTF-8 percent-encoding. */
function segmentsOf(path: string): string[] | undefined {
  try {
    return path
      .slice(ADMIN_API_PATH.length + 1)
      .split('/')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

export async function handleAdminApi(
  req: IncomingMessage,
  res: ServerResponse,
  operator: Operator,
  identity: RequestIdentity,
  address: string,
): Promise<void> {
  try {
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    const segments = segmentsOf(path);
    const found = segments === undefined ? undefined : match(segments);
    if (found === undefined) {
      const shown = path.length > MAX_ECHOED_PATH_CHARS ? `${path.slice(0, MAX_ECHOED_PATH_CHARS)}…` : path;
      return sendError(req, res, refusals.notFound(req.method ?? '', shown));
    }
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const handler = found.route.methods[method as Method];
    if (handler === undefined) {
      const allow = allowOf(found.route);
      return sendError(req, res, refusals.methodNotAllowed(req.method ?? '', allow), { Allow: allow });
    }
    const principal = await operator.authenticate(req.headers.authorization, method === 'GET' ? 'read' : 'write');
    if (!principal.ok) return sendError(req, res, principal.error);
    const accountId = found.params['account'];
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
      params: found.params,
      query: new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1)),
      json: (optional = false) => readJsonObject(req, optional, read),
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
    if (answered === undefined) await operator.releaseRequest(context, idempotencyKey);
    else await operator.finishRequest(context, idempotencyKey, answered.status, withoutSecrets(answered.body));
  } catch (thrown) {
    if (thrown instanceof ClientAbortedError) {
      res.destroy();
      return;
    }
    const error = toDomainError(thrown, identity.logId);
    if (error.code === 'INTERNAL') identity.note({ error: stackOf(thrown), unexpected: true });
    else if (error.code === 'STORE_UNAVAILABLE') {
      const cause = error.cause ?? thrown;
      identity.note({ error: cause instanceof Error ? `${cause.name}: ${cause.message}` : error.message });
    }
    if (res.headersSent) res.destroy();
    else sendError(req, res, error);
  }
}
