import { MemoryCreditStore } from '../../src/adapters/memory/credit-store.js';
import { creditStoreContract } from './credit-store.contract.js';

creditStoreContract('embedded (memory)', async (clock) => ({
  store: new MemoryCreditStore({ clock }),
  close: async () => {},
}));
