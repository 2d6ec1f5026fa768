/**
 * The report thread (src/wire/report-renderer.ts): its PDFs are the bytes the main thread draws, in
 * every language and with a partner's 相性; a report it cannot draw fails alone, and the thread
 * goes on drawing the next.
 */
import { describe, expect, it } from 'vitest';
import '../../../src/application/places-data.ts';
import { parseChartRequest, type ChartRequest } from '../../../src/domain/chart/request.ts';
import { answerVersionOf } from '../../../src/wire/answer-version.ts';
import {
  configureReportThreads,
  defaultReportThreads,
  renderReport,
  REPORT_QUEUE_PER_ACCOUNT,
  reportsWaiting,
  type ReportJob,
} from '../../../src/wire/report-renderer.ts';
import { drawReport } from '../../../src/wire/report-draw.ts';

const requestOf = (fields: Record<string, unknown>): ChartRequest => {
  const parsed = parseChartRequest({ year: 1990, month: 5, day: 15, time: '10:30', location: 139.69, gender: 'female', ...fields });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.request;
};
const jobOf = (fields: Record<string, unknown>, more: Partial<ReportJob> = {}): ReportJob => {
  const request = requestOf(fields);
  return { request, luckYear: 2026, version: answerVersionOf(request), ...more };
};

describe('the report thread', () => {
  it.each(['ja', 'en', 'ko', 'zh-Hans', 'zh-Hant'])('draws the main thread’s bytes (%s)', async (lang) => {
    const job = jobOf({ lang, place: '東京都', location: undefined });
    const drawn = await renderReport('acct', job);
    expect(drawn.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Buffer.compare(drawn, drawReport(job))).toBe(0);
  });

  it('with a partner’s 相性, and several reports at once each get their own', async () => {
    const partner = { partnerBirth: '1992-11-03 壬申 辛亥 戊辰', score: 59, level: '良い', items: [{ text: '日干 戊 と 庚', points: 5 }] };
    const jobs = [jobOf({}, { compatibility: partner }), jobOf({ year: 1984 }), jobOf({ year: 2001, lang: 'en' })];
    const drawn = await Promise.all(jobs.map((job) => renderReport('acct', job)));
    drawn.forEach((pdf, i) => expect(Buffer.compare(pdf, drawReport(jobs[i]!))).toBe(0));
    expect(new Set(drawn.map((pdf) => pdf.toString('base64'))).size).toBe(3);
  });

  it('a report it cannot draw fails alone; the next is drawn', async () => {
    const broken = { ...jobOf({}), request: { ...requestOf({}), lang: 'xx' } } as unknown as ReportJob;
    await expect(renderReport('acct', broken)).rejects.toThrow(/the report could not be drawn/);
    const next = jobOf({ year: 1975 });
    expect(Buffer.compare(await renderReport('acct', next), drawReport(next))).toBe(0);
  });

  it('accounts take turns: a report of another account waits behind at most one of the busy account, whatever its queue', async () => {
    configureReportThreads(1);
    try {
      const order: string[] = [];
      const draw = (account: string, year: number) =>
        renderReport(account, jobOf({ year })).then(() => {
          order.push(account);
        });
      // One account queues ten reports; another sends one after them.
      const busy = Array.from({ length: 10 }, (_, i) => draw('busy', 1950 + i));
      const other = draw('other', 1999);
      await Promise.all([...busy, other]);
      // The first busy report was on the thread already; the other account's comes next, not eleventh.
      expect(order.indexOf('other')).toBeLessThanOrEqual(2);
      expect(order.filter((account) => account === 'busy')).toHaveLength(10);
      expect(reportsWaiting()).toBe(0);
    } finally {
      configureReportThreads(defaultReportThreads());
    }
  });

  it('an account with REPORT_QUEUE_PER_ACCOUNT reports waiting is refused one more at once (429), others are not', async () => {
    configureReportThreads(1);
    try {
      const queued = Array.from({ length: REPORT_QUEUE_PER_ACCOUNT + 1 }, (_, i) => renderReport('flood', jobOf({ year: 1950 + i })));
      await expect(renderReport('flood', jobOf({ year: 2000 }))).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      await expect(renderReport('calm', jobOf({ year: 2001 }))).resolves.toBeInstanceOf(Buffer);
      await Promise.all(queued);
    } finally {
      configureReportThreads(defaultReportThreads());
    }
  });
});
