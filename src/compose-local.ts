/**
 * The composition root's part for the local CLIs (`bazi`, the stdio MCP server), which compute on
 * this machine without a store or a configuration: only what they draw reports with. Kept apart from
 * composition.ts so that a CLI does not load the server's modules.
 */
import { createThreadedReportRenderer, defaultReportThreads } from './adapters/pdf/report-threads.ts';
import type { ReportRenderer } from './application/ports/report-renderer.ts';

/** The report renderer of a local CLI: the default threads (the cores but one); the CLI closes it when it ends. */
export function composeLocalReports(): ReportRenderer {
  return createThreadedReportRenderer(defaultReportThreads());
}
