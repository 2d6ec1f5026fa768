/**
 * The sample bodies in docs/samples are real answers: the REST paths are called on the real app for
 * the documented request, and only the per-call ids are replaced by fixed example values. A change
 * in any answer shows here; `SAMPLES_RECORD=1 npx vitest run test/docs/samples.test.ts` rewrites the
 * samples after an intended change.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountAdmin } from '../../src/application/accounts/account-admin.ts';
import { EXAMPLE_REQUEST as SAMPLE_REQUEST } from '../../src/wire/openapi-examples.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';

const EXAMPLE_IDS = {
  transaction_id: '1763855400000-0',
  log_id: '6f1c2b9e-8d4a-4c7e-9b2f-3a5d7e9c1f04',
};

/** The answer with its per-call ids replaced by the fixed example values. */
function withExampleIds(body: Record<string, unknown>): Record<string, unknown> {
  expect(body['transaction_id']).toMatch(/^\d+-\d+$/);
  expect(body['log_id']).toMatch(/^[0-9a-f-]{36}$/);
  return { ...body, ...EXAMPLE_IDS };
}

describe('docs/samples: the documented success bodies are what the service answers', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(() => app?.close());

  /** A new standard account as the demo account is: 1,000 monthly credits, nothing else. */
  const newAccountKey = async (): Promise<string> =>
    (
      await createAccountAdmin(app.store).createAccount({
        plan: 'standard',
        monthlyAllowance: 1_000,
        autoCredits: 0,
        autocharge: { threshold: 0, amount: 0 },
      })
    ).apiKey;

  it.each([
    ['variant-a.json', '/v1/calculate'],
    ['variant-b.json', '/api/v1/calculate'],
  ])('docs/samples/%s = POST %s', async (file, path) => {
    const response = await fetch(`${app.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await newAccountKey()}` },
      body: JSON.stringify(SAMPLE_REQUEST),
    });
    expect(response.status).toBe(200);
    const sample = `${JSON.stringify(withExampleIds((await response.json()) as Record<string, unknown>), null, 2)}\n`;
    const target = new URL(`../../docs/samples/${file}`, import.meta.url);
    if (process.env['SAMPLES_RECORD'] === '1') writeFileSync(target, sample);
    expect(readFileSync(target, 'utf8')).toBe(sample);
  });
});
