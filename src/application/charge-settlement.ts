/**
 * What becomes of a charge after it ran (docs/credits.md): its answer was delivered, and it is
 * settled (final); or it was not, and it is voided (refunded): the store gave up waiting after the
 * charge may have run, the client went away before the answer, or shutdown cut the request. Both
 * are idempotent, so each is retried until the store takes it. A periodic sweep voids charges left
 * neither settled nor voided by a gateway that died in between.
 */
import type { ChargeRef, CreditStore, VoidCommand } from './ports/credit-store.ts';
import type { Logger } from './ports/logger.ts';

/** A charge that can still be settled or undone. */
export type ChargeHandle = VoidCommand;

const RETRY_DELAYS_MS = [50, 100, 200, 400, 800, 1600, 3200] as const;
const MAX_RETRY_DELAY_MS = 5000;
/** Unsettled charges undone per sweep at most (the next sweep takes the rest). */
const SWEEP_BATCH = 1000;

export interface ChargeSettlement {
  /** The answer was delivered: the charge is final. Never throws; retries until the store takes it. */
  confirm(charge: ChargeRef): void;
  /** The answer was not delivered: undo the charge. Never throws; retries until the store takes it. */
  void(charge: ChargeHandle, reason: string): void;
  /** Voids charges made before `beforeMs` and never settled (their gateway died); resolves with how many. */
  sweep(beforeMs: number): Promise<number>;
  /** Resolves when nothing is pending, or after `timeoutMs`; true when nothing is left. */
  drain(timeoutMs: number): Promise<boolean>;
  /** Settlements and voids started and not yet taken by the store. */
  readonly pending: number;
}

export function createChargeSettlement(store: CreditStore, logger: Logger): ChargeSettlement {
  const inFlight = new Set<Promise<void>>();

  async function untilTaken(what: string, charge: ChargeRef, work: () => Promise<unknown>): Promise<void> {
    for (let tries = 0; ; tries++) {
      try {
        await work();
        return;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[tries] ?? MAX_RETRY_DELAY_MS;
        if (tries === 0 || delay === MAX_RETRY_DELAY_MS) {
          logger.warn(`${what} failed; retrying`, { chargeId: charge.chargeId, error: String(error), retryInMs: delay });
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  const track = (work: Promise<void>): void => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  const voidNow = (charge: ChargeHandle, reason: string): Promise<void> =>
    untilTaken('voiding a charge', charge, async () => {
      const outcome = await store.voidCharge(charge);
      logger.warn('charge voided: its answer never reached the caller', { chargeId: charge.chargeId, reason, outcome });
    });

  return {
    confirm(charge) {
      track(untilTaken('settling a charge', charge, () => store.settleCharge(charge)));
    },
    void(charge, reason) {
      track(voidNow(charge, reason));
    },
    async sweep(beforeMs) {
      const stale = await store.unsettledCharges(beforeMs, SWEEP_BATCH);
      await Promise.all(stale.map((charge) => voidNow(charge, 'left unsettled by a gateway that stopped')));
      return stale.length;
    },
    async drain(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([Promise.all(inFlight), timeout]);
      clearTimeout(timer);
      return inFlight.size === 0;
    },
    get pending() {
      return inFlight.size;
    },
  };
}
