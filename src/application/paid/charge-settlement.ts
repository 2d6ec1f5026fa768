/**
 * What becomes of a charge after it ran (docs/credits.md): the server wrote its answer, and it is
 * settled (final); or the server failed before that, and it is voided (refunded): the store gave up
 * waiting after the charge may have run, the body could not be produced, the connection was gone
 * before the answer was written, or shutdown cut the request first. Both are idempotent, so each is
 * retried until the store takes it. A periodic sweep voids charges left neither settled nor voided
 * by a gateway whose heartbeat stopped (it died in between); a live gateway's charges are its own.
 */
import type { ChargeRef, ChargingStore, VoidCommand } from '../ports/credit-store.ts';
import type { Logger } from '../ports/logger.ts';

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
  /**
   * Voids charges made before `beforeMs`, never settled, whose gateway has no heartbeat (it died
   * between charge and answer); charges of live gateways, this one's included, are left to them.
   * Resolves with how many were voided.
   */
  sweep(beforeMs: number): Promise<number>;
  /** Resolves when nothing is pending, or after `timeoutMs`; true when nothing is left. */
  drain(timeoutMs: number): Promise<boolean>;
  /** Settlements and voids started and not yet taken by the store. */
  readonly pending: number;
}

export function createChargeSettlement(store: ChargingStore, logger: Logger): ChargeSettlement {
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
      if (outcome === 'final')
        logger.info('charge not voided: an idempotent retry was answered with it', { chargeId: charge.chargeId, reason });
      else logger.warn('charge voided: its answer was not written', { chargeId: charge.chargeId, reason, outcome });
    });

  return {
    confirm(charge) {
      track(untilTaken('settling a charge', charge, () => store.settleCharge(charge)));
    },
    void(charge, reason) {
      track(voidNow(charge, reason));
    },
    async sweep(beforeMs) {
      const unsettled = await store.unsettledCharges(beforeMs, SWEEP_BATCH);
      if (unsettled.length === 0) return 0;
      const live = await store.liveGateways(unsettled.flatMap((charge) => (charge.gatewayId === null ? [] : [charge.gatewayId])));
      const orphaned = unsettled.filter((charge) => charge.gatewayId === null || !live.has(charge.gatewayId));
      await Promise.all(
        orphaned.map(({ accountId, chargeId, idempotencyKey }) =>
          voidNow({ accountId, chargeId, idempotencyKey }, 'left unsettled by a gateway that stopped'),
        ),
      );
      return orphaned.length;
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
