/**
 * `npm run -s mcp`: the MCP server on stdio for a local assistant. The same tools as
 * `/mcp`, computed on this machine without a key or a charge, like the CLI; answers are the
 * `result` alone.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from '../mcp/server.ts';

await createMcpServer({ kind: 'local' }).connect(new StdioServerTransport());
