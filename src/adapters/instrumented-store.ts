/** A CreditStore that times every call and counts charge outcomes into the Metrics port. */
import type { CreditStore } from '../application/ports/credit-store.ts';
import type { Metrics } from '../application/ports/metrics.ts';

export function instrumentStore(store: CreditStore, metrics: Metrics): CreditStore {
  const timed =
    <A extends unknown[], R>(operation: string, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
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
  const charge = timed('charge', (command: Parameters<CreditStore['charge']>[0]) => store.charge(command));
  const voidCharge = timed('voidCharge', (command: Parameters<CreditStore['voidCharge']>[0]) => store.voidCharge(command));
  const settleCharge = timed('settleCharge', (ref: Parameters<CreditStore['settleCharge']>[0]) => store.settleCharge(ref));
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
    ping: timed('ping', () => store.ping()),
    close: () => store.close(),
  };
}
