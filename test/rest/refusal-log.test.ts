/**
 * A caller's repeated refusals are sampled in the access log (`LOG_REFUSALS_PER_MINUTE`, here its
 * default 20): 1,000 calls refused by one key's rate limit write at most 20 access lines in full
 * and, when the window closes (here: shutdown begins), one summary line counting the other 980 —
 * 21 lines in all, not 1,000 — while `/metrics` counts every one of the 1,000 refusals. Another
 * caller's refusals keep their own budget, and no line carries the key.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollWithin } from '../support/time-budget.ts';
import { createLogger } from '../../src/adapters/logger.ts';
import { MemoryCreditStore } from '../../src/adapters/memory/credit-store.ts';
import { createAccountAdmin } from '../../src/application/accounts/account-admin.ts';
import { compose, type Composition } from '../../src/composition.ts';
import { createHttpServer } from '../../src/http/server.ts';
import type { Server } from 'node:http';

const REFUSALS = 1_000;
const LOGGED_IN_FULL = 20;
const BODY = JSON.stringify({ year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 });

describe('repeated refusals in the access log', () => {
  const logLines: string[] = [];
  let composition: Composition;
  let server: Server;
  let base: string;
  let account: { accountId: string; apiKey: string };
  beforeAll(async () => {
    const store = new MemoryCreditStore();
    account = await createAccountAdmin(store).createAccount({
      plan: 'standard',
      monthlyAllowance: 1_000_000,
      autoCredits: 0,
      autocharge: { threshold: 0, amount: 0 },
    });
    composition = await compose({
      // One call a second on the key: nearly every call of the flood is refused 429.
      env: { RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: '1', ANON_RATE_LIMIT_PER_SECOND: '0', ALLOW_EMBEDDED_STORE: '1' },
      store,
      logger: createLogger('info', (line) => void logLines.push(line)),
    });
    expect(composition.config.refusalLinesPerMinute).toBe(LOGGED_IN_FULL);
    server = createHttpServer(composition.app, composition.config.http);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await composition?.close();
  });

  /** The status, and for a 429 whether the key's rate limit refused it (not the server's connection cap). */
  const post = async (headers: Record<string, string>): Promise<number | 'key limit'> => {
    const response = await fetch(`${base}/api/v1/calculate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: BODY,
    });
    const text = await response.text();
    return response.status === 429 && text.includes('Too many requests for this API key') ? 'key limit' : response.status;
  };
  const lines = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const metric = async (series: string): Promise<number> => {
    const text = await (await fetch(`${base}/metrics`)).text();
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line === undefined ? 0 : Number(line.slice(series.length + 1));
  };

  it(`${REFUSALS.toLocaleString('en')} rate-limited refusals on one key: ${LOGGED_IN_FULL} lines in full and one summary; the metric counts all`, async () => {
    const auth = { authorization: `Bearer ${account.apiKey}` };
    // Exactly 1,000 refusals: each batch is at most what is still missing, and some calls may be
    // served as the bucket refills. Ten at a time: well under the connections allowed per address.
    let refused = 0;
    let served = 0;
    while (refused < REFUSALS) {
      const statuses = await Promise.all(Array.from({ length: Math.min(10, REFUSALS - refused) }, () => post(auth)));
      expect(statuses.filter((status) => status !== 'key limit' && status !== 200)).toEqual([]);
      refused += statuses.filter((status) => status === 'key limit').length;
      served += statuses.filter((status) => status === 200).length;
    }
    // Every line of a closed response is written when it closes: wait for the last ones.
    const requestLines = () => lines().filter((line) => line['message'] === 'request').length;
    await expect.poll(requestLines, pollWithin(1000)).toBeGreaterThanOrEqual(LOGGED_IN_FULL + served);

    const refusalLines = () => lines().filter((line) => line['message'] === 'request' && line['status'] === 429);
    expect(refusalLines()).toHaveLength(LOGGED_IN_FULL);
    expect(
      refusalLines().every((line) => line['accountId'] === account.accountId && String(line['error']).startsWith('RATE_LIMITED: ')),
    ).toBe(true);
    expect(lines().filter((line) => line['message'] === 'request' && line['status'] === 200)).toHaveLength(served);
    expect(await metric('fp_http_requests_total{route="/api/v1/calculate",status="429"}')).toBe(REFUSALS);
    expect(await metric('fp_access_log_suppressed_total')).toBe(REFUSALS - LOGGED_IN_FULL);

    // Another caller (no key, so its address) has a budget of its own: its refusal is logged in full.
    expect(await post({})).toBe(401);
    const unauthorizedLines = () => lines().filter((line) => line['message'] === 'request' && line['status'] === 401);
    await expect.poll(() => unauthorizedLines().length, pollWithin(1000)).toBeGreaterThan(0);
    expect(unauthorizedLines()).toHaveLength(1);

    // The window closes after a minute, or when shutdown begins: its summary counts what was left out.
    composition.app.drain();
    const summaries = lines().filter((line) => line['message'] === 'refusals not logged');
    expect(summaries).toEqual([
      expect.objectContaining({
        level: 'warn',
        accountId: account.accountId,
        suppressed: REFUSALS - LOGGED_IN_FULL,
        statuses: { '429': REFUSALS - LOGGED_IN_FULL },
        loggedInFull: LOGGED_IN_FULL,
        since: expect.any(String),
      }),
    ]);
    // The bound: 1,000 refusals, 21 lines.
    expect(refusalLines().length + summaries.length).toBe(LOGGED_IN_FULL + 1);
    expect(logLines.join('\n')).not.toContain(account.apiKey);
  });
});
