/**
 * Byte-identical answers on the golden set (test/golden/cases.ts), recorded before the
 * refactoring. `GOLDEN_RECORD=1 npx vitest run test/golden` rewrites the record: only when a
 * behaviour change is intended, and say so in the commit.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { GOLDEN_CALLS, playGolden, type GoldenAnswer } from './cases.ts';

const RECORD = new URL('./answers.json', import.meta.url);

describe('golden set: REST and GraphQL answers stay byte-identical', () => {
  let app: RunningApp;
  let answers: GoldenAnswer[];

  beforeAll(async () => {
    app = await startAppServer();
    answers = await playGolden(app);
    if (process.env['GOLDEN_RECORD'] === '1') writeFileSync(RECORD, `${JSON.stringify(answers, null, 1)}\n`);
  });
  afterAll(() => app.close());

  it('has a record of every call', () => {
    expect(existsSync(RECORD)).toBe(true);
    const recorded = JSON.parse(readFileSync(RECORD, 'utf8')) as GoldenAnswer[];
    expect(recorded.map((a) => a.name)).toEqual(GOLDEN_CALLS.map((c) => c.name));
  });

  it.each(GOLDEN_CALLS.map((call, index) => [call.name, index] as const))('%s', (_name, index) => {
    const recorded = JSON.parse(readFileSync(RECORD, 'utf8')) as GoldenAnswer[];
    expect(answers[index]).toEqual(recorded[index]);
  });
});
