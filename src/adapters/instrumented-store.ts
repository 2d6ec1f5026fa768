/** A CreditStore that times every call and counts charge outcomes into the Metrics port, side by side. */
import type { AccountDirectory, ChargingStore, CreditStore } from '../application/ports/credit-store.ts';
import type { Metrics } from '../application/ports/metrics.ts';

type Timed = <A extends unknown[], R>(operation: string, call: (...args: A) => Promise<R>) => (...args: A) => Promise<R>;

const timerOf =
  (metrics: Metrics): Timed =>
  (operation, call) =>
  async (...args) => {
    const started = performance.now();
    try {
      const result = await call(...args);
      metrics.storeCall(operation, (performance.now() - started) / 1000, true);
      return result;
    } catch (error) {
      metrics.storeCall(operation, (performance.now() - started) / 1000, false);
      throw error;
    }
  };

export function instrumentStore(store: CreditStore, metrics: Metrics): CreditStore {
  const timed = timerOf(metrics);
  return {
    ...instrumentCharging(store, metrics),
    ...instrumentDirectory(store, metrics),
    ping: timed('ping', () => store.ping()),
    close: () => store.close(),
  };
}

/** The hot side: each call timed, and each charge's outcome counted. */
export function instrumentCharging(store: ChargingStore, metrics: Metrics): ChargingStore {
  const timed = timerOf(metrics);
  const charge = timed('charge', (command: Parameters<ChargingStore['charge']>[0]) => store.charge(command));
  const voidCharge = timed('voidCharge', (command: Parameters<ChargingStore['voidCharge']>[0]) => store.voidCharge(command));
  const settleCharge = timed('settleCharge', (ref: Parameters<ChargingStore['settleCharge']>[0]) => store.settleCharge(ref));
  return {
    authenticate: timed('authenticate', (digest, limit) => store.authenticate(digest, limit)),
    async charge(command) {
      const outcome = await charge(command);
      metrics.charge(outcome.kind);
      return outcome;
    },
    async voidCharge(command) {
      const outcome = await voidCharge(command);
      if (outcome === 'voided') metrics.charge('voided');
      return outcome;
    },
    async settleCharge(ref) {
      await settleCharge(ref);
      metrics.charge('settled');
    },
    unsettledCharges: timed('unsettledCharges', (beforeMs, limit) => store.unsettledCharges(beforeMs, limit)),
    heartbeat: timed('heartbeat', (gatewayId, ttlMs) => store.heartbeat(gatewayId, ttlMs)),
    endHeartbeat: timed('heartbeat', (gatewayId) => store.endHeartbeat(gatewayId)),
    liveGateways: timed('liveGateways', (gatewayIds) => store.liveGateways(gatewayIds)),
  };
}

/** The cold side: each call timed. */
export function instrumentDirectory(store: AccountDirectory, metrics: Metrics): AccountDirectory {
  const timed = timerOf(metrics);
  return {
    balance: timed('balance', (accountId) => store.balance(accountId)),
    usage: timed('usage', (accountId, page) => store.usage(accountId, page)),
    createAccount: timed('createAccount', (account) => store.createAccount(account)),
    addKey: timed('addKey', (accountId, digest, grant) => store.addKey(accountId, digest, grant)),
    revokeKey: timed('revokeKey', (digest) => store.revokeKey(digest)),
    revokeKeyById: timed('revokeKey', (accountId, keyId) => store.revokeKeyById(accountId, keyId)),
    listKeys: timed('listKeys', (accountId) => store.listKeys(accountId)),
    findKey: timed('findKey', (keyId) => store.findKey(keyId)),
    grantAutoCredits: timed('grantAutoCredits', (accountId, amount) => store.grantAutoCredits(accountId, amount)),
    setAutocharge: timed('setAutocharge', (accountId, settings) => store.setAutocharge(accountId, settings)),
    setPlan: timed('setPlan', (accountId, change) => store.setPlan(accountId, change)),
    setSuspended: timed('setSuspended', (accountId, suspended) => store.setSuspended(accountId, suspended)),
    deleteAccount: timed('deleteAccount', (accountId) => store.deleteAccount(accountId)),
    listAccounts: timed('listAccounts', (page) => store.listAccounts(page)),
  };
}
