/** The operator's writes to API keys (docs/admin.md): issued with a name, scopes and expiry, and revoked by id or by the key itself. */
import { createAccountAdmin, keyIdOf } from '../accounts/account-admin.ts';
import { API_KEY_PREFIX, digestApiKey } from '../accounts/api-keys.ts';
import { refuse, succeed, type Outcome } from '../outcome.ts';
import { refusals } from '../refusals.ts';
import type { OperatorBase } from './base.ts';
import { invalid, issuesOf, KEY_ID_PATTERN, keyScopesIssue, nameIssue, parseExpiry } from './input.ts';
import type { AdminContext, IssuedKeyView, KeyRequest, RevokedKey } from './views.ts';

export interface KeyWrites {
  issueKey(context: AdminContext, accountId: string, request: KeyRequest): Promise<Outcome<IssuedKeyView>>;
  revokeKey(context: AdminContext, accountId: string, keyId: string): Promise<Outcome<RevokedKey>>;
  /** By the key itself (the admin CLI's `revoke-key --key`). */
  revokeApiKey(context: AdminContext, apiKey: string): Promise<Outcome<RevokedKey>>;
}

export function createKeyWrites(base: OperatorBase): KeyWrites {
  const { store, clock, audited, found, changeable } = base;
  const admin = createAccountAdmin(store, clock);
  return {
    async issueKey(context, accountId, request) {
      const name = request.name ?? 'key';
      const scopes = request.scopes ?? null;
      const expires = request.expiresAt === undefined || request.expiresAt === null ? null : parseExpiry('expires_at', request.expiresAt);
      const nowMs = clock.now();
      const issues = issuesOf(
        ['name', nameIssue('name', name)],
        ['scopes', scopes === null ? null : keyScopesIssue('scopes', scopes)],
        [
          'expires_at',
          typeof expires === 'string'
            ? expires
            : expires !== null && expires <= nowMs
              ? `expires_at must be in the future (it is ${new Date(nowMs).toISOString()} now)`
              : null,
        ],
      );
      if (issues.length > 0) return invalid(issues);
      const expiresMs = expires as number | null;
      const account = await changeable(accountId);
      if (!account.ok) return account;
      const issued = await audited(
        context,
        'key.issue',
        accountId,
        { name, scopes, expires_at: expiresMs === null ? null : new Date(expiresMs).toISOString() },
        () => admin.issueKey(accountId, { name, scopes, expiresMs }),
        (key) => ({ key_id: key.keyId }),
      );
      if (issued === null) return refuse(refusals.accountNotFound(accountId));
      return succeed({
        accountId,
        apiKey: issued.apiKey,
        key: { keyId: issued.keyId, name, scopes, expiresMs, createdMs: nowMs, lastUsedMs: null },
      });
    },

    async revokeKey(context, accountId, keyId) {
      const account = await found(accountId);
      if (!account.ok) return account;
      if (!KEY_ID_PATTERN.test(keyId)) return refuse(refusals.accountKeyNotFound(accountId, keyId));
      const revoked = await audited(context, 'key.revoke', accountId, { key_id: keyId }, async () =>
        (await store.revokeKeyById(accountId, keyId)) ? true : null,
      );
      if (revoked === null) return refuse(refusals.accountKeyNotFound(accountId, keyId));
      return succeed({ accountId, keyId });
    },

    async revokeApiKey(context, apiKey) {
      const digest = digestApiKey(apiKey);
      const holder = await store.authenticate(digest);
      const accountId = holder === null || 'rateLimited' in holder ? null : holder.accountId;
      const keyId = apiKey.startsWith(API_KEY_PREFIX) ? keyIdOf(apiKey) : null;
      const revoked = await audited(context, 'key.revoke', accountId, { key_id: keyId }, async () =>
        (await store.revokeKey(digest)) ? true : null,
      );
      if (revoked === null) return refuse(refusals.invalidKey());
      return succeed({ accountId, keyId });
    },
  };
}
