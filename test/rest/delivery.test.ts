/**
 * A charge stands only if its answer reaches the caller: a client that goes away while its paid call
 * is being charged gets nothing, and pays nothing (the charge is voided and its ledger entry marked).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryCreditStore } from '../../src/adapters/memory/credit-store.ts';
import type { ChargeCommand, ChargeOutcome } from '../../src/application/ports/credit-store.ts';
import { budgetMs, pollWithin } from '../support/time-budget.ts';
import { createStandardAccount, creditState, startRestServer, type RestTestServer, type TestAccount } from './support/server.ts';

/** A real embedded store whose charges take 300 ms, as a loaded Redis might (failure injection). */
class SlowChargeStore extends MemoryCreditStore {
  /** Charges begun and not yet answered. */
  charging = 0;
  override async charge(command: ChargeCommand): Promise<ChargeOutcome> {
    this.charging += 1;
    try {
      // The injected slowness itself: time passing is the point.
      await new Promise((resolve) => setTimeout(resolve, 300));
      return await super.charge(command);
    } finally {
      this.charging -= 1;
    }
  }
}

const BODY = JSON.stringify({ year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 });

/** Sends a whole request, then closes the connection after `hangUpAfterMs` without reading the answer. */
function sendAndHangUp(port: number, head: string, body: string, hangUpAfterMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`${head}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, hangUpAfterMs);
    });
    socket.once('error', reject);
  });
}

describe('a client that goes away before its answer is not charged', () => {
  let server: RestTestServer;
  let account: TestAccount;
  const store = new SlowChargeStore();
  beforeAll(async () => {
    server = await startRestServer(store);
  });
  afterAll(() => server.close());

  /** Every settlement and void the server queued is taken by the store. */
  const drained = async () => expect(await server.services.settlement.drain(budgetMs(3000))).toBe(true);

  it('REST: the charge made while the client hung up is voided; the balance is whole again', async () => {
    account = await createStandardAccount(server.admin, 1000);
    const head = `POST /api/v1/calculate HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${account.apiKey}\r\nContent-Type: application/json\r\n`;
    await sendAndHangUp(server.port, head, BODY, 100);
    // The charge completes after the hang-up, then is voided.
    await vi.waitFor(
      async () => expect(await creditState(server.admin, account.accountId)).toEqual({ monthly: 1000, auto: 0, ledger: 1 }),
      pollWithin(3000),
    );
    await drained();
    const [entry] = (await server.admin.usage(account.accountId, { limit: 1 }))!;
    expect(entry!.voided).toBe(true);
  });

  it('GraphQL: every alias charged for the operation the client abandoned is voided', async () => {
    account = await createStandardAccount(server.admin, 1000);
    const query =
      'mutation { a: calculate(input: {year: 1990, month: 5, day: 15, location: 135}) { __typename } b: calculate(input: {year: 1990, month: 5, day: 16, location: 135}) { __typename } }';
    const head = `POST /graphql HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${account.apiKey}\r\nContent-Type: application/json\r\n`;
    await sendAndHangUp(server.port, head, JSON.stringify({ query }), 450);
    // The second alias's charge completes after the hang-up; then every charge is voided.
    await vi.waitFor(async () => {
      expect(store.charging).toBe(0);
      const state = await creditState(server.admin, account.accountId);
      expect(state.monthly).toBe(1000);
      const entries = (await server.admin.usage(account.accountId, { limit: 10 }))!;
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.every((entry) => entry.voided)).toBe(true);
    }, pollWithin(3000));
    await drained();
  });

  it('a delivered answer keeps its charge', async () => {
    account = await createStandardAccount(server.admin, 1000);
    const response = await fetch(`${server.baseUrl}/api/v1/calculate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
      body: BODY,
    });
    expect(response.status).toBe(200);
    // Settled: no later sweep can take it for an orphan.
    const unsettled = async () =>
      (await store.unsettledCharges(Date.now() + 60_000, 100_000)).filter((charge) => charge.accountId === account.accountId);
    await expect.poll(unsettled, pollWithin(3000)).toEqual([]);
    await drained();
    expect(await creditState(server.admin, account.accountId)).toEqual({ monthly: 990, auto: 0, ledger: 1 });
    const [entry] = (await server.admin.usage(account.accountId, { limit: 1 }))!;
    expect(entry!.voided).toBe(false);
    expect(await unsettled()).toEqual([]);
  });
});
