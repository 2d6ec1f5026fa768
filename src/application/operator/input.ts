/**
 * The rules of what an operator enters (docs/admin.md), shared by the operator API and the admin
 * CLI: each check names the field as its caller spells it (`expires_at` over HTTP, `--expires` on
 * the command line) and says the rule. A check answers a message, or null when the value is good.
 */
import { editDistance } from '../../domain/chart/request.ts';
import { ACCOUNT_ID_PATTERN, MAX_CREDITS, PLANS } from '../../domain/credits/account.ts';
import { KEY_NAME_PATTERN } from '../accounts/account-admin.ts';
import { endOfTokyoDay, isDateShaped, isEmailAddress } from '../accounts/rules.ts';
import { isKeyScope, keyScopes } from '../key-scopes.ts';
import type { FieldIssue } from '../errors.ts';
import { refuse, type Outcome } from '../outcome.ts';
import { ADMIN_SCOPES, type AdminScope } from '../ports/dashboard-store.ts';
import { refusals } from '../refusals.ts';

/** A key's public id: `fp_` and the next 8 characters. */
export const KEY_ID_PATTERN = /^fp_[A-Za-z0-9_-]{8}$/;

/** A refusal naming every bad field (400). */
export const invalid = <T>(issues: readonly FieldIssue[]): Outcome<T> => refuse(refusals.invalidRequest(issues));
/** The issues of `[field, message or null]` checks, in order. */
export const issuesOf = (...checks: readonly [string, string | null][]): FieldIssue[] =>
  checks.flatMap(([field, message]) => (message === null ? [] : [{ field, message }]));

/** The nearest of `candidates` to a misspelt `name`, when one is close enough to be meant. */
export function nearestName(name: string, candidates: Iterable<string>): string | undefined {
  const folded = name.toLowerCase().replaceAll(/[_-]/g, '');
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(folded, candidate.toLowerCase().replaceAll(/[_-]/g, ''));
    if (best === undefined || distance < best.distance) best = { name: candidate, distance };
  }
  if (best === undefined) return undefined;
  // A swap of two letters costs 2 edits: allowed from five letters on (`chrat` → `chart`), never for short names.
  const allowed = best.name.length >= 5 ? Math.max(2, Math.floor(best.name.length / 3)) : 1;
  return best.distance <= allowed ? best.name : undefined;
}

/** `"chrat" is not a scope: did you mean "chart"?`, or the list when nothing is close. */
function unknownOf(kind: string, value: string, known: readonly string[]): string {
  const nearest = nearestName(value, known);
  return nearest === undefined
    ? `${JSON.stringify(value)} is not ${kind} (one of ${known.join(', ')})`
    : `${JSON.stringify(value)} is not ${kind}: did you mean "${nearest}"?`;
}

export const accountIdIssue = (field: string, id: string): string | null =>
  ACCOUNT_ID_PATTERN.test(id) ? null : `${field} must be 1–64 characters of A–Z a–z 0–9 _ -`;

export const planIssue = (plan: string): string | null => {
  if ((PLANS as readonly string[]).includes(plan)) return null;
  const nearest = nearestName(plan, PLANS);
  return `plan must be ${PLANS.join(' or ')}${nearest === undefined ? '' : ` (did you mean "${nearest}"?)`}`;
};

export const creditsIssue = (field: string, value: number, min = 0): string | null =>
  Number.isSafeInteger(value) && value >= min && value <= MAX_CREDITS
    ? null
    : `${field} must be a whole number from ${min} to ${MAX_CREDITS}`;

export const nameIssue = (field: string, name: string): string | null =>
  KEY_NAME_PATTERN.test(name) ? null : `${field} must be 1–64 characters without control characters`;

/** An API key's scopes: each one of the key scopes (the nearest named for a misspelling), at least one, no repeats. */
export function keyScopesIssue(field: string, scopes: readonly string[]): string | null {
  if (scopes.length === 0) return `${field} must name at least one scope (leave it out for a key with every scope)`;
  const unknown = scopes.find((scope) => !isKeyScope(scope));
  if (unknown !== undefined) return `${field}: ${unknownOf('a scope', unknown, keyScopes())}`;
  if (new Set(scopes).size !== scopes.length) return `${field} must not name a scope twice`;
  return null;
}

/** An admin token's scopes: `read` and/or `write`. */
export function adminScopesIssue(field: string, scopes: readonly string[]): string | null {
  if (scopes.length === 0) return `${field} must name read, write or both`;
  const unknown = scopes.find((scope) => !(ADMIN_SCOPES as readonly string[]).includes(scope));
  if (unknown !== undefined) return `${field}: ${unknownOf('an admin scope', unknown, ADMIN_SCOPES)}`;
  if (new Set(scopes).size !== scopes.length) return `${field} must not name a scope twice`;
  return null;
}

export const isAdminScopes = (scopes: readonly string[]): scopes is readonly AdminScope[] => adminScopesIssue('', scopes) === null;

export const emailIssue = (field: string, email: string): string | null =>
  isEmailAddress(email) ? null : `${field} must be an e-mail address like name@example.com`;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A key's expiry: a date `YYYY-MM-DD` (the key works to the end of that day, Asia/Tokyo) or an
 * RFC 3339 instant with its offset; epoch ms, or a message. Whether it is in the future is the
 * caller's to check (it holds the clock).
 */
export function parseExpiry(field: string, text: string): number | string {
  if (isDateShaped(text)) return endOfTokyoDay(text) ?? `${field}: ${text} is not a date`;
  const atMs = TIMESTAMP.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(atMs))
    return `${field} must be a date YYYY-MM-DD (the end of that day, Asia/Tokyo) or an instant like 2027-01-31T00:00:00Z`;
  return atMs;
}
