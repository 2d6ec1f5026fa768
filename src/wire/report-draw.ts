/** A report job drawn into its PDF (on the report thread: report-worker.ts; in tests, beside it). */
import '../application/places-data.ts';
import { catalogueFor } from '../domain/catalogue/catalogues.ts';
import { computeChartCore } from '../domain/chart/chart-core.ts';
import type { ReportJob } from './report-renderer.ts';
import { reportPdf } from './report-pdf.ts';

/** The report of a job, as the main thread would draw it. */
export function drawReport(job: ReportJob): Buffer {
  const { request, luckYear, version, compatibility } = job;
  return reportPdf({
    core: computeChartCore(request),
    catalogue: catalogueFor(request.lang),
    luckYear,
    version,
    ...(compatibility === undefined ? {} : { compatibility }),
  });
}
