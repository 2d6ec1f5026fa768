/**
 * The one pipeline of every paid call, whatever the protocol (REST, GraphQL, MCP) and whatever the
 * operation (chart, compatibility):
 *
 *   authenticate → validate → compute → present → charge (with the key's rate-limit token) → receipt
 *
 * in the order of docs/rest.md ("Responses"), except that the rate limit is applied at the charge, in
 * the same store round trip: a malformed paid call is answered 400 without spending a token. A key the
 * store rate-limited a moment ago, or an account it found short of the price a moment ago, is
 * refused before the compute (`refusal-hints.ts`). Refusals come back as values and charge nothing; a store outage throws
 * `DomainError('STORE_UNAVAILABLE')`; anything else thrown is a bug (INTERNAL). Everything that can
 * fail for a reason of the request's own (validation, computation, the protocol's presentation)
 * happens before the charge, so an error never costs credits.
 */
import { randomUUID } from 'node:crypto';
import { authenticate } from './authenticate.ts';
import type { ChargeHandle, ChargeSettlement } from './charge-settlement.ts';
import type { Credentials } from './credentials.ts';
import { isDomainError } from '../errors.ts';
import { refuse, succeed, type Outcome } from '../outcome.ts';
import {
  systemClock,
  type ChargeOutcome,
  type ChargeReceipt,
  type Clock,
  type ChargingStore,
  type RateLimit,
} from '../ports/credit-store.ts';
import { FairTurns } from './fair-turns.ts';
import { RefusalHints } from './refusal-hints.ts';
import { refusals } from '../refusals.ts';
import { requestDigest } from './request-digest.ts';
import type { RequestIdentity } from './request-identity.ts';
import type { ReportRenderer } from '../ports/report-renderer.ts';
import type { BirthOf } from '../subjects/references.ts';

/** The stored births of an account's saved subjects (application/subjects). */
export interface SubjectBirths {
  birthOf(accountId: string, subjectId: unknown, field: string): ReturnType<BirthOf>;
}

/**
 * A paid operation: a domain function with its input rules. Registering one in
 * `operations/index.ts` (and pricing it in the composition root) makes it callable from every
 * protocol through {@link PaidOperationRunner}.
 */
export interface PaidOperation<Input, Request, Result> {
  /** Stable name: the key of its price, and the name in logs. */
  readonly name: string;
  /** Protocol input → validated request, or a BAD_USER_INPUT refusal naming every bad field. */
  validate(input: Input): Outcome<Request>;
  /** The domain work. Pure and fast (microseconds): it runs before the charge. */
  compute(request: Request): Result;
  /**
   * What identifies the request for idempotency: plain JSON data, digested canonically. The same
   * key with another digest is a conflict, so an operation's fingerprint should hold its name, or a
   * shape no other operation's has, lest one key replay another operation.
   */
  fingerprint(request: Request): unknown;
  /**
   * The input with the saved subjects it names (`{"subject_id": "sub_…"}` in place of a birth) replaced
   * by their stored births, for the authenticated account; absent: the operation takes no subject.
   */
  resolveSubjects?(input: Input, birthOf: BirthOf): Promise<Outcome<Input>>;
}

/** How the call came in: the key the protocol found, the retry key and the request's identity. */
export interface PaidCall {
  readonly credentials: Credentials;
  /** `Idempotency-Key` header / `idempotencyKey` argument; absent when null or undefined. */
  readonly idempotencyKey?: string | null | undefined;
  readonly identity: RequestIdentity;
  /** The call came over MCP: the key needs the `mcp` scope besides the operation's (application/key-scopes.ts). */
  readonly viaMcp?: boolean;
}

/** A charged (or replayed) call: the presented result and what the store recorded. */
export interface Paid<Presented> {
  readonly result: Presented;
  /** `receipt.logId` is the first call's on an idempotent replay. */
  readonly receipt: ChargeReceipt;
}

export interface PaidOperationRunner {
  /**
   * Runs `operation` for a caller. `present` turns the result into what the protocol answers with
   * (the full REST body, a lazy GraphQL view); it runs before the charge, so its failure is free.
   */
  run<Input, Request, Result, Presented>(
    operation: PaidOperation<Input, Request, Result>,
    input: Input,
    call: PaidCall,
    present: (result: Result, context: PresentContext) => Presented | Promise<Presented>,
  ): Promise<Outcome<Paid<Presented>>>;
}

/** Who the presentation is for, and what draws a report (its drawing is queued per account). */
export interface PresentContext {
  readonly accountId: string;
  readonly reports: ReportRenderer;
}

/** Printable ASCII without spaces, like the IETF Idempotency-Key drafts' typical keys. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** Credits a paying plan is charged per successful call of each operation, by name (enterprise: 0). */
export type Prices = Readonly<Record<string, number>>;

export interface PaidOperationRunnerDeps {
  readonly store: ChargingStore;
  readonly prices: Prices;
  /** Undoes a charge the store may have applied after the pipeline gave up on it. */
  readonly settlement: ChargeSettlement;
  readonly newChargeId?: () => string;
  /** Per API key (`RATE_LIMIT_PER_SECOND`, `RATE_LIMIT_BURST`); null for none. */
  readonly rateLimit?: RateLimit | null;
  /** This gateway's id, written into each charge record: the sweep leaves a live gateway's charges alone. */
  readonly gatewayId?: string;
  readonly clock?: Clock;
  /** Draws the reports an operation presents (the composition root's). */
  readonly reports: ReportRenderer;
  /** The saved subjects a call may name; null: this deployment keeps none (a reference is refused, naming why). */
  readonly subjects?: SubjectBirths | null;
}

export function createPaidOperationRunner({
  store,
  prices,
  settlement,
  newChargeId = randomUUID,
  rateLimit = null,
  gatewayId,
  clock = systemClock,
  reports,
  subjects = null,
}: PaidOperationRunnerDeps): PaidOperationRunner {
  const hints = new RefusalHints(clock);
  const turns = new FairTurns();
  const limited = rateLimit !== null && rateLimit.perSecond > 0 ? rateLimit : null;
  return {
    async run(operation, input, call, present) {
      const unitCost = prices[operation.name];
      if (unitCost === undefined) throw new Error(`no price for the paid operation "${operation.name}"`);
      const scopes = call.viaMcp === true ? [operation.name, 'mcp'] : [operation.name];
      const account = await authenticate(store, call.credentials, null, scopes, clock.now());
      if (!account.ok) return account;
      call.identity.note({ accountId: account.value.accountId });
      const idempotencyKey = call.idempotencyKey ?? null;
      if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) return refuse(refusals.badIdempotencyKey());
      const { accountId, keyDigest } = account.value;
      if (limited !== null) {
        const retryAfterMs = hints.rateLimitedFor(keyDigest);
        if (retryAfterMs !== null) return refuse(refusals.rateLimited(retryAfterMs));
      }
      // A retry with a key may be a replay, which is free: only the store can tell.
      const short = idempotencyKey === null ? hints.shortOf(accountId, unitCost) : null;
      if (short !== null) return refuse(refusals.insufficientCredits(unitCost, short.monthlyCredits + short.autoCredits));

      let given = input;
      if (operation.resolveSubjects !== undefined) {
        const resolved = await operation.resolveSubjects(input, (subjectId, field) =>
          subjects === null
            ? Promise.resolve(refuse(refusals.invalidField(field, `${field}: this deployment keeps no saved subjects (docs/subjects.md)`)))
            : subjects.birthOf(accountId, subjectId, field),
        );
        if (!resolved.ok) return resolved;
        given = resolved.value;
      }
      const request = operation.validate(given);
      if (!request.ok) return request;
      // An account whose presentations are heavy takes turns with the others (fair-turns.ts); a light one never waits.
      const turn = turns.isHeavy(accountId) ? turns.take(accountId) : null;
      if (turn) await turn;
      let presented;
      try {
        const startedMs = performance.now();
        let made;
        try {
          made = present(operation.compute(request.value), { accountId, reports });
        } finally {
          turns.presented(accountId, performance.now() - startedMs);
          if (turn !== null) turns.release();
        }
        // A presentation made elsewhere (the report's PDF, drawn off the event loop) is awaited; the rest take no extra turn.
        presented = made instanceof Promise ? await made : made;
      } catch (error) {
        if (isDomainError(error)) return refuse(error);
        throw error;
      }

      const charge: ChargeHandle = { accountId, chargeId: newChargeId(), idempotencyKey };
      let outcome: ChargeOutcome;
      try {
        outcome = await store.charge({
          accountId: charge.accountId,
          chargeId: charge.chargeId,
          unitCost,
          logId: call.identity.logId,
          operation: operation.name,
          idempotency:
            idempotencyKey === null ? null : { key: idempotencyKey, requestDigest: requestDigest(operation.fingerprint(request.value)) },
          rateLimit: limited === null ? null : { keyDigest, limit: limited },
          ...(gatewayId === undefined ? {} : { gatewayId }),
        });
      } catch (error) {
        // The store gave up waiting, yet the charge may have run (a late reply, a frozen event loop):
        // the caller gets an error, so the charge must not stand.
        settlement.void(charge, 'the store did not confirm the charge in time');
        throw error;
      }
      switch (outcome.kind) {
        case 'charged':
          // Every charge has a record, enterprise's 0-credit ones too (their ledger entry is voided with it).
          hints.accountCharged(accountId);
          call.identity.charged(charge);
          call.identity.answerAs(outcome.receipt.logId);
          return succeed({ result: presented, receipt: outcome.receipt });
        case 'replayed':
          call.identity.answerAs(outcome.receipt.logId);
          return succeed({ result: presented, receipt: outcome.receipt });
        case 'insufficient':
          hints.accountShort(accountId, outcome);
          return refuse(refusals.insufficientCredits(outcome.cost, outcome.monthlyCredits + outcome.autoCredits));
        case 'idempotency-conflict':
          return refuse(refusals.idempotencyConflict());
        case 'rate-limited':
          hints.keyRateLimited(keyDigest, outcome.retryAfterMs);
          return refuse(refusals.rateLimited(outcome.retryAfterMs));
        case 'unknown-account':
          return refuse(refusals.invalidKey());
        case 'voided':
          throw refusals.chargeNotApplied();
      }
    },
  };
}
