/**
 * Who may use the operator API (docs/admin.md): admin tokens checked, listed, created and revoked,
 * and the Idempotency-Key records of the operator's writes.
 */
import { timingSafeEqual } from 'node:crypto';
import { hasExpired } from '../accounts/rules.ts';
import { refuse, succeed, type Outcome } from '../outcome.ts';
import { ADMIN_REQUEST_KEEP_MS, type AdminRequest, type AdminScope } from '../ports/dashboard-store.ts';
import { refusals } from '../refusals.ts';
import { ADMIN_TOKEN_ID_PATTERN, ENV_ADMIN_TOKEN_ID, adminTokenIdOf, digestSecret, generateAdminToken } from './admin-tokens.ts';
import type { OperatorBase } from './base.ts';
import { adminScopesIssue, invalid, issuesOf, nameIssue, parseExpiry } from './input.ts';
import type { AdminContext, AdminPrincipal, AdminTokenView, NewAdminToken } from './views.ts';

export const ENV_TOKEN_NAME = 'ADMIN_TOKEN';
const ALL_ADMIN_SCOPES: readonly AdminScope[] = ['read', 'write'];
const BEARER = /^Bearer[ \t]+(\S{1,512})[ \t]*$/i;

export interface AdminAccess {
  /** The `Authorization` header's admin token, holding `scope`: 401 without a valid one, 403 without the scope. */
  authenticate(authorization: string | undefined, scope: AdminScope): Promise<Outcome<AdminPrincipal>>;
  listAdminTokens(): Promise<readonly AdminTokenView[]>;
  createAdminToken(
    context: AdminContext,
    request: {
      readonly name: string;
      readonly scopes: readonly string[];
      /** `YYYY-MM-DD` (end of that day, Asia/Tokyo) or an RFC 3339 instant; absent or null: until revoked. */
      readonly expiresAt?: string | null;
    },
  ): Promise<Outcome<NewAdminToken>>;
  revokeAdminToken(context: AdminContext, tokenId: string): Promise<Outcome<{ readonly tokenId: string }>>;

  /**
   * An operator's write sent with an Idempotency-Key (docs/admin.md): null when the key is now this
   * request's to run; else what holds it (running, or done with the answer to replay). Keys are per
   * actor and remembered for ADMIN_REQUEST_KEEP_MS.
   */
  claimRequest(context: AdminContext, key: string, requestDigest: string): Promise<AdminRequest | null>;
  /** The claimed request's answer, kept for replays (without secrets). */
  finishRequest(context: AdminContext, key: string, status: number, body: unknown): Promise<void>;
  /** The claimed request failed on the server's side: a retry runs anew. */
  releaseRequest(context: AdminContext, key: string): Promise<void>;
}

/** `envToken`: `ADMIN_TOKEN`, accepted as `adm_env` with every scope; kept in memory only, never stored. */
export function createAdminAccess(base: OperatorBase, envToken: string | undefined): AdminAccess {
  const { dashboard, clock, users, audited } = base;
  const envDigest = envToken === undefined ? null : Buffer.from(digestSecret(envToken), 'hex');
  return {
    async authenticate(authorization, scope) {
      const token = BEARER.exec(authorization ?? '')?.[1];
      if (token === undefined) return refuse(refusals.adminTokenRequired());
      const digest = digestSecret(token);
      let principal: AdminPrincipal | null = null;
      if (envDigest !== null && timingSafeEqual(Buffer.from(digest, 'hex'), envDigest)) {
        principal = { tokenId: ENV_ADMIN_TOKEN_ID, name: ENV_TOKEN_NAME, scopes: ALL_ADMIN_SCOPES };
      } else if (dashboard !== null) {
        const stored = await dashboard.adminToken(digest);
        if (stored !== null && stored.revokedMs === null) {
          if (stored.expiresMs !== null && hasExpired(stored.expiresMs, clock.now()))
            return refuse(refusals.expiredAdminToken(new Date(stored.expiresMs).toISOString()));
          principal = { tokenId: stored.tokenId, name: stored.name, scopes: stored.scopes };
        }
      }
      if (principal === null) return refuse(refusals.invalidAdminToken());
      if (!principal.scopes.includes(scope)) return refuse(refusals.adminScopeMissing(scope, principal.scopes));
      return succeed(principal);
    },

    listAdminTokens: async () =>
      (await users().listAdminTokens()).map(({ tokenId, name, scopes, createdMs, revokedMs, expiresMs }) => ({
        tokenId,
        name,
        scopes,
        createdMs,
        revokedMs,
        expiresMs,
      })),

    async createAdminToken(context, { name, scopes, expiresAt }) {
      const expiry = expiresAt == null ? null : parseExpiry('expires_at', expiresAt);
      const issues = issuesOf(
        ['name', nameIssue('name', name)],
        ['scopes', adminScopesIssue('scopes', scopes)],
        [
          'expires_at',
          typeof expiry === 'string' ? expiry : expiry !== null && expiry <= clock.now() ? 'expires_at must be in the future' : null,
        ],
      );
      if (issues.length > 0) return invalid(issues);
      const token = generateAdminToken();
      const view: AdminTokenView = {
        tokenId: adminTokenIdOf(token),
        name,
        scopes: ALL_ADMIN_SCOPES.filter((scope) => scopes.includes(scope)),
        createdMs: clock.now(),
        revokedMs: null,
        expiresMs: typeof expiry === 'number' ? expiry : null,
      };
      await audited(
        context,
        'admin-token.create',
        null,
        {
          token_id: view.tokenId,
          name,
          scopes: view.scopes,
          expires_at: view.expiresMs === null ? null : new Date(view.expiresMs).toISOString(),
        },
        () =>
          users()
            .createAdminToken({ ...view, digest: digestSecret(token) })
            .then(() => true),
      );
      return succeed({ token, record: view });
    },

    claimRequest: (context, key, requestDigest) =>
      users().claimAdminRequest(context.actor, key, requestDigest, clock.now(), clock.now() - ADMIN_REQUEST_KEEP_MS),

    finishRequest: (context, key, status, body) => users().finishAdminRequest(context.actor, key, status, body),

    releaseRequest: (context, key) => users().releaseAdminRequest(context.actor, key),

    async revokeAdminToken(context, tokenId) {
      if (tokenId === ENV_ADMIN_TOKEN_ID)
        return invalid([{ field: 'id', message: `id: ${ENV_ADMIN_TOKEN_ID} is ADMIN_TOKEN, which is not stored: unset it and restart` }]);
      if (!ADMIN_TOKEN_ID_PATTERN.test(tokenId)) return refuse(refusals.adminTokenNotFound(tokenId));
      const revoked = await audited(context, 'admin-token.revoke', null, { token_id: tokenId }, async () =>
        (await users().revokeAdminToken(tokenId, clock.now())) ? true : null,
      );
      if (revoked === null) return refuse(refusals.adminTokenNotFound(tokenId));
      return succeed({ tokenId });
    },
  };
}
