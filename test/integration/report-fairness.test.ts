/**
 * Fairness: one key drawing 鑑定書 as fast as it can (the report: 35/s) beside another customer
 * who draws a report and casts charts now and then. Every call of both completes and is charged
 * once; the other customer's report waits behind at most one of the busy key's (the threads take
 * accounts in turn, adapters/pdf/report-threads.ts), never behind its queue. Latencies are printed for the
 * closing note, not asserted (a shared machine).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { createStandardAccount } from '../rest/support/server.ts';
import { budgetMs, pollWithin } from '../support/time-budget.ts';

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

describe('one key drawing reports at full speed beside another customer', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(() => app.close());

  const report = (key: string, year: number) =>
    fetch(
      `${app.baseUrl}/v1/report.pdf?year=${year}&month=5&day=15&time=10:30&place=${encodeURIComponent('東京都')}&gender=female&luck_year=2026`,
      {
        headers: { authorization: `Bearer ${key}` },
      },
    );
  const chart = (key: string, year: number) =>
    fetch(`${app.baseUrl}/api/v1/calculate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ year, month: 5, day: 15, time: '10:30', location: 139.69 }),
    });

  async function timed(call: () => Promise<Response>): Promise<{ ms: number; status: number }> {
    const started = performance.now();
    const response = await call();
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  }

  it(
    'the other customer’s reports and charts all complete, each charged once, while the busy key is served in its turn',
    { timeout: budgetMs(120_000) },
    async () => {
      const busy = await createStandardAccount(app.admin, 1_000_000);
      const calm = await createStandardAccount(app.admin, 1_000_000);
      // Alone first: the calm customer's figures without the busy key.
      const alone = { reports: [] as number[], charts: [] as number[] };
      for (let i = 0; i < 10; i++) {
        alone.reports.push((await timed(() => report(calm.apiKey, 1960 + i))).ms);
        alone.charts.push((await timed(() => chart(calm.apiKey, 1960 + i))).ms);
      }
      let stopping = false;
      let busyDone = 0;
      let busyRefused = 0;
      const hog = async (lane: number) => {
        for (let i = 0; !stopping; i++) {
          const { status } = await timed(() => report(busy.apiKey, 1930 + ((lane * 37 + i) % 90)));
          if (status === 200) busyDone += 1;
          else if (status === 429) busyRefused += 1;
          else throw new Error(`busy key: ${status}`);
        }
      };
      const lanes = Array.from({ length: 6 }, (_, lane) => hog(lane));
      // The hogs are at work (as many answers as lanes) before the calm key is measured beside them.
      await expect.poll(() => busyDone + busyRefused, pollWithin(10_000)).toBeGreaterThanOrEqual(6);
      const beside = { reports: [] as number[], charts: [] as number[] };
      for (let i = 0; i < 20; i++) {
        const drawn = await timed(() => report(calm.apiKey, 1970 + i));
        expect(drawn.status).toBe(200);
        beside.reports.push(drawn.ms);
        const cast = await timed(() => chart(calm.apiKey, 1970 + i));
        expect(cast.status).toBe(200);
        beside.charts.push(cast.ms);
      }
      stopping = true;
      await Promise.all(lanes);
      const figure = (values: readonly number[]) =>
        `p50 ${percentile(values, 50).toFixed(0)} / p99 ${percentile(values, 99).toFixed(0)} ms`;
      console.log(
        `report fairness: busy key ${busyDone} reports drawn (${busyRefused} refused 429); the other customer alone: reports ${figure(alone.reports)}, charts ${figure(alone.charts)}; beside the busy key: reports ${figure(beside.reports)}, charts ${figure(beside.charts)}`,
      );
      expect(await app.services.settlement.drain(budgetMs(3000))).toBe(true);
      const calmAccount = await app.admin.show(calm.accountId);
      // 30 reports at 50 and 30 charts at 10, each charged once.
      expect(1_000_000 - calmAccount!.monthlyCredits).toBe(30 * 50 + 30 * 10);
      const busyAccount = await app.admin.show(busy.accountId);
      expect(1_000_000 - busyAccount!.monthlyCredits).toBe(busyDone * 50);
    },
  );

  it(
    'a key sending every-section charts at full speed: the other customer’s charts all complete, each charged once',
    { timeout: budgetMs(120_000) },
    async () => {
      const busy = await createStandardAccount(app.admin, 10_000_000);
      const calm = await createStandardAccount(app.admin, 1_000_000);
      const heavy = (year: number) =>
        fetch(`${app.baseUrl}/api/v1/calculate?include=luck,relations,special_stars,warnings,alternatives,analysis,palaces`, {
          method: 'POST',
          headers: { authorization: `Bearer ${busy.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            year,
            month: 5,
            day: 15,
            time: '10:30',
            location: 139.69,
            gender: 'female',
            luck_cycles: 12,
            luck_years: '1950-2099',
            uncertainty_minutes: 720,
          }),
        });
      const alone: number[] = [];
      for (let i = 0; i < 30; i++) alone.push((await timed(() => chart(calm.apiKey, 1960 + (i % 40)))).ms);
      let stopping = false;
      let busyDone = 0;
      const lanes = Array.from({ length: 12 }, async (_, lane) => {
        for (let i = 0; !stopping; i++) {
          const { status } = await timed(() => heavy(1930 + ((lane * 31 + i) % 90)));
          if (status !== 200) throw new Error(`busy key: ${status}`);
          busyDone += 1;
        }
      });
      // The hogs are at work (as many answers as lanes) before the calm key is measured beside them.
      await expect.poll(() => busyDone, pollWithin(10_000)).toBeGreaterThanOrEqual(12);
      const beside: number[] = [];
      for (let i = 0; i < 60; i++) {
        const cast = await timed(() => chart(calm.apiKey, 1960 + (i % 40)));
        expect(cast.status).toBe(200);
        beside.push(cast.ms);
      }
      stopping = true;
      await Promise.all(lanes);
      const figure = (values: readonly number[]) =>
        `p50 ${percentile(values, 50).toFixed(0)} / p99 ${percentile(values, 99).toFixed(0)} ms`;
      console.log(
        `chart fairness: busy key ${busyDone} every-section charts; the other customer's charts alone ${figure(alone)}, beside ${figure(beside)}`,
      );
      expect(await app.services.settlement.drain(budgetMs(3000))).toBe(true);
      expect(1_000_000 - (await app.admin.show(calm.accountId))!.monthlyCredits).toBe(90 * 10);
      expect(10_000_000 - (await app.admin.show(busy.accountId))!.monthlyCredits).toBe(busyDone * 10);
    },
  );
});
