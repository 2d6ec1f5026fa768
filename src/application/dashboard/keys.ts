/** The account's API keys from the dashboard: listed, issued (at most MAX_KEYS at once) and revoked, each change audited. */
import { createAccountAdmin, KEY_NAME_PATTERN, type IssuedKey } from '../accounts/account-admin.ts';
import { endOfTokyoDay } from '../accounts/rules.ts';
import { keyScopes } from '../key-scopes.ts';
import { succeed } from '../outcome.ts';
import type { KeyRecord } from '../ports/credit-store.ts';
import type { DashboardDeps } from './deps.ts';
import { fail, type DashboardOutcome } from './refusal.ts';
import type { SignedIn } from './session.ts';

/** Keys an account may hold at once (revoked ones do not count). */
export const MAX_KEYS = 20;
/** The longest a key may be issued for. */
const KEY_MAX_DAYS = 3 * 366;

export interface Keys {
  keys(who: SignedIn): Promise<readonly KeyRecord[]>;
  createKey(
    who: SignedIn,
    form: { name: string; scopes: readonly string[]; expires: string },
    address: string,
  ): Promise<DashboardOutcome<IssuedKey>>;
  revokeKey(who: SignedIn, keyId: string, address: string): Promise<DashboardOutcome<null>>;
}

export function createKeys(deps: DashboardDeps): Keys {
  const { store, users, clock } = deps;
  const admin = createAccountAdmin(store, clock);

  /** Serializes work per key (an account's key creations): the limit is then checked one creation at a time in this process. */
  const queues = new Map<string, Promise<unknown>>();
  function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = queues.get(key) ?? Promise.resolve();
    const run = before.then(work, work);
    const settled = run.then(
      () => {},
      () => {},
    );
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return run;
  }

  /** A suspended or deleted account changes nothing from the dashboard. */
  async function notActive(who: SignedIn): Promise<DashboardOutcome<never> | null> {
    const status = (await store.balance(who.user.accountId))?.status ?? 'deleted';
    return status === 'active' ? null : fail(status === 'suspended' ? 'account_suspended' : 'account_closed');
  }

  async function issueKeyFor(
    who: SignedIn,
    form: { name: string; scopes: readonly string[]; expires: string },
    address: string,
  ): Promise<DashboardOutcome<IssuedKey>> {
    const name = form.name.trim();
    if (!KEY_NAME_PATTERN.test(name)) return fail('key_name_invalid', 'name');
    if (form.scopes.length === 0) return fail('key_scopes_empty', 'scopes');
    const unknown = form.scopes.find((scope) => !keyScopes().includes(scope));
    if (unknown !== undefined) return fail('key_scope_unknown', 'scopes', { scope: unknown.slice(0, 40) });
    let expiresMs: number | null = null;
    if (form.expires.trim() !== '') {
      // The key works through the whole chosen day, in Tokyo.
      const at = endOfTokyoDay(form.expires.trim());
      if (at === null || at <= clock.now() || at > clock.now() + KEY_MAX_DAYS * 86_400_000)
        return fail('key_expiry_invalid', 'expires', { days: KEY_MAX_DAYS });
      expiresMs = at;
    }
    const standing = await notActive(who);
    if (standing !== null) return standing;
    const held = (await store.listKeys(who.user.accountId)) ?? [];
    if (held.length >= MAX_KEYS) return fail('key_limit', undefined, { max: MAX_KEYS });
    const all = keyScopes().every((scope) => form.scopes.includes(scope));
    const issued = await admin.issueKey(who.user.accountId, { name, expiresMs, scopes: all ? null : [...new Set(form.scopes)] });
    if (issued === null) return fail('account_closed');
    // Checked again once the key is there, so parallel creations cannot pass the limit together:
    // one that finds the account over it takes its own key back (never shown, never audited).
    if (((await store.listKeys(who.user.accountId)) ?? []).length > MAX_KEYS) {
      await admin.revokeKey(issued.apiKey);
      return fail('key_limit', undefined, { max: MAX_KEYS });
    }
    await users.appendAudit({
      atMs: clock.now(),
      actor: `user:${who.user.userId}`,
      action: 'key.issue',
      accountId: who.user.accountId,
      details: {
        key_id: issued.keyId,
        name,
        scopes: all ? null : [...new Set(form.scopes)],
        expires_at: expiresMs === null ? null : new Date(expiresMs).toISOString(),
      },
      address,
    });
    return succeed(issued);
  }

  return {
    keys: async (who) => (await store.listKeys(who.user.accountId)) ?? [],

    createKey: (who, form, address) => oneAtATime(who.user.accountId, () => issueKeyFor(who, form, address)),

    async revokeKey(who, keyId, address) {
      if (!/^[\x21-\x7e]{1,64}$/.test(keyId) || !(await store.revokeKeyById(who.user.accountId, keyId))) return fail('key_not_found');
      await users.appendAudit({
        atMs: clock.now(),
        actor: `user:${who.user.userId}`,
        action: 'key.revoke',
        accountId: who.user.accountId,
        details: { key_id: keyId },
        address,
      });
      return succeed(null);
    },
  };
}
