/**
 * `npm run -s mcp`: the MCP server on stdio for a local assistant. The same tools as
 * `/mcp`, computed on this machine without a key or a charge, like the CLI; answers are the
 * `result` alone.
 *
 * The host ends the session by closing stdin. The SDK's transport does not watch for that, so the
 * process does: it closes the server and exits within a second whatever is in flight (a report being
 * drawn on its thread, a call half answered), so a host waiting for its child never hangs.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { composeLocalReports } from '../compose-local.ts';
import { createMcpServer } from '../mcp/server.ts';

/** What answers already written to stdout get to drain before the process ends. */
const EXIT_GRACE_MS = 250;

const reports = composeLocalReports();
const server = createMcpServer({ kind: 'local', reports });
await server.connect(new StdioServerTransport());

let ending = false;
const end = (): void => {
  if (ending) return;
  ending = true;
  void server.close().catch(() => undefined);
  void reports.close().catch(() => undefined);
  setTimeout(() => process.exit(0), EXIT_GRACE_MS);
};
process.stdin.once('end', end);
process.stdin.once('close', end);
