import { MemoryCreditStore } from '../../src/adapters/memory/credit-store.ts';
import { creditStoreContract } from './credit-store.contract.ts';

creditStoreContract('embedded (memory)', async (clock) => ({
  store: new MemoryCreditStore({ clock }),
  close: async () => {},
}));
