/**
 * Undoes charges whose answers never reached their callers (docs/credits.md): the store gave up
 * after the charge may have run, the client went away before the answer was written, or shutdown cut
 * the request. A void is idempotent, so it is retried until the store takes it; voids still pending
 * at shutdown are awaited for a bounded time.
 */
import { randomUUID } from 'node:crypto';
import type { CreditStore, VoidCommand } from './ports/credit-store.js';
import type { Logger } from './ports/logger.js';

/** A charge that can still be undone. */
export type ChargeHandle = VoidCommand;

const RETRY_DELAYS_MS = [50, 100, 200, 400, 800, 1600, 3200] as const;
const MAX_RETRY_DELAY_MS = 5000;

export interface ChargeVoider {
  /** Starts undoing a charge; retries until the store has taken it. Never throws. */
  void(charge: ChargeHandle, reason: string): void;
  /** Resolves when no void is pending, or after `timeoutMs`; true when none is left. */
  drain(timeoutMs: number): Promise<boolean>;
  /** Voids started and not yet taken by the store. */
  readonly pending: number;
}

export function createChargeVoider(store: CreditStore, logger: Logger): ChargeVoider {
  const inFlight = new Map<string, Promise<void>>();

  async function attempt(charge: ChargeHandle, reason: string): Promise<void> {
    for (let tries = 0; ; tries++) {
      try {
        const outcome = await store.voidCharge(charge);
        logger.warn('charge voided: its answer never reached the caller', { chargeId: charge.chargeId, reason, outcome });
        return;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[tries] ?? MAX_RETRY_DELAY_MS;
        if (tries === 0 || delay === MAX_RETRY_DELAY_MS) {
          logger.warn('voiding a charge failed; retrying', { chargeId: charge.chargeId, error: String(error), retryInMs: delay });
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  return {
    void(charge, reason) {
      const id = `${charge.chargeId}:${randomUUID()}`;
      inFlight.set(
        id,
        attempt(charge, reason).finally(() => inFlight.delete(id)),
      );
    },
    async drain(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([Promise.all(inFlight.values()), timeout]);
      clearTimeout(timer);
      return inFlight.size === 0;
    },
    get pending() {
      return inFlight.size;
    },
  };
}
