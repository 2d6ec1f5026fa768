/**
 * Child process of bench/rest.ts: a peer's MCP server as it ships — bazi-mcp (npm, ISC; the
 * cantian-ai Bazi MCP server: the official MCP SDK's Streamable HTTP transport on express, its
 * `getBaziDetail` tool on tyme4ts), started from its own `dist/httpServer.js` on a free port.
 * Prints one JSON line `{ port }` on stdout when ready (its own banner is kept off stdout).
 */
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as { port: number };
    probe.close(() => resolve(free));
  });
});
process.env['PORT'] = String(port);
const banner = console.log;
console.log = (...args: unknown[]) => {
  // Its "MCP is running on …" line: the bench reads the first line of stdout as this child's JSON.
  if (typeof args[0] === 'string' && args[0].startsWith('MCP is running')) {
    console.log = banner;
    banner(JSON.stringify({ port }));
    return;
  }
  banner(...args);
};
const entry = join(dirname(fileURLToPath(import.meta.resolve('bazi-mcp'))), 'httpServer.js');
await import(pathToFileURL(entry).href);
process.once('SIGTERM', () => process.exit(0));
