/**
 * The report threads (src/adapters/pdf/report-threads.ts): their PDFs are the bytes the main thread
 * draws from the same description (src/wire/report-layout.ts), in every language and with a
 * partner's 相性; a report it cannot draw fails alone, and the thread goes on drawing the next;
 * accounts take turns; closing fails what waits and every later call.
 */
import { afterAll, describe, expect, it } from 'vitest';
import '../../../src/application/places-data.ts';
import type { ReportDocument } from '../../../src/application/ports/report-renderer.ts';
import { catalogueFor } from '../../../src/domain/catalogue/catalogues.ts';
import { computeChartCore } from '../../../src/domain/chart/chart-core.ts';
import { parseChartRequest, type ChartRequest } from '../../../src/domain/chart/request.ts';
import { reportPdf } from '../../../src/adapters/pdf/report-pdf.ts';
import { createThreadedReportRenderer, REPORT_QUEUE_PER_ACCOUNT } from '../../../src/adapters/pdf/report-threads.ts';
import { answerVersionOf } from '../../../src/wire/answer-version.ts';
import { reportDocument, type ReportPdfInput } from '../../../src/wire/report-layout.ts';

const requestOf = (fields: Record<string, unknown>): ChartRequest => {
  const parsed = parseChartRequest({ year: 1990, month: 5, day: 15, time: '10:30', location: 139.69, gender: 'female', ...fields });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.request;
};
const documentOf = (fields: Record<string, unknown>, more: Partial<ReportPdfInput> = {}): ReportDocument => {
  const request = requestOf(fields);
  return reportDocument({
    core: computeChartCore(request),
    catalogue: catalogueFor(request.lang),
    luckYear: 2026,
    version: answerVersionOf(request),
    ...more,
  });
};

describe('the report threads', () => {
  const reports = createThreadedReportRenderer();
  afterAll(() => reports.close());

  it.each(['ja', 'en', 'ko', 'zh-Hans', 'zh-Hant'])('draw the main thread’s bytes (%s)', async (lang) => {
    const document = documentOf({ lang, place: '東京都', location: undefined });
    const drawn = await reports.render('acct', document);
    expect(drawn.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Buffer.compare(drawn, reportPdf(document))).toBe(0);
  });

  it('with a partner’s 相性, and several reports at once each get their own', async () => {
    const partner = { partnerBirth: '1992-11-03 壬申 辛亥 戊辰', score: 59, level: '良い', items: [{ text: '日干 戊 と 庚', points: 5 }] };
    const documents = [documentOf({}, { compatibility: partner }), documentOf({ year: 1984 }), documentOf({ year: 2001, lang: 'en' })];
    const drawn = await Promise.all(documents.map((document) => reports.render('acct', document)));
    drawn.forEach((pdf, i) => expect(Buffer.compare(pdf, reportPdf(documents[i]!))).toBe(0));
    expect(new Set(drawn.map((pdf) => pdf.toString('base64'))).size).toBe(3);
  });

  it('a report it cannot draw fails alone; the next is drawn', async () => {
    const broken = { ...documentOf({}), fonts: ['xx'] } as unknown as ReportDocument;
    await expect(reports.render('acct', broken)).rejects.toThrow(/the report could not be drawn/);
    const next = documentOf({ year: 1975 });
    expect(Buffer.compare(await reports.render('acct', next), reportPdf(next))).toBe(0);
  });

  it('accounts take turns: a report of another account waits behind at most one of the busy account, whatever its queue', async () => {
    const one = createThreadedReportRenderer(1);
    try {
      const order: string[] = [];
      const draw = (account: string, year: number) =>
        one.render(account, documentOf({ year })).then(() => {
          order.push(account);
        });
      // One account queues ten reports; another sends one after them.
      const busy = Array.from({ length: 10 }, (_, i) => draw('busy', 1950 + i));
      const other = draw('other', 1999);
      await Promise.all([...busy, other]);
      // The first busy report was on the thread already; the other account's comes next, not eleventh.
      expect(order.indexOf('other')).toBeLessThanOrEqual(2);
      expect(order.filter((account) => account === 'busy')).toHaveLength(10);
      expect(one.waiting()).toBe(0);
    } finally {
      await one.close();
    }
  });

  it('an account with REPORT_QUEUE_PER_ACCOUNT reports waiting is refused one more at once (429), others are not', async () => {
    const one = createThreadedReportRenderer(1);
    try {
      const queued = Array.from({ length: REPORT_QUEUE_PER_ACCOUNT + 1 }, (_, i) => one.render('flood', documentOf({ year: 1950 + i })));
      await expect(one.render('flood', documentOf({ year: 2000 }))).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      await expect(one.render('calm', documentOf({ year: 2001 }))).resolves.toBeInstanceOf(Buffer);
      await Promise.all(queued);
    } finally {
      await one.close();
    }
  });

  it('closing fails the reports drawn and waiting, and every later one', async () => {
    const one = createThreadedReportRenderer(1);
    const failed = [one.render('a', documentOf({ year: 1960 })), one.render('a', documentOf({ year: 1961 }))].map((report) =>
      expect(report).rejects.toThrow(/closed/),
    );
    await one.close();
    await Promise.all(failed);
    await expect(one.render('a', documentOf({}))).rejects.toThrow(/closed/);
  });
});
