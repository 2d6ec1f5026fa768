/**
 * The MCP server over our tools (tools.ts): the official SDK's server, with the tools listed and
 * called through its request handlers so that their JSON Schemas are the REST contract's own (the
 * SDK's `registerTool` would want zod shapes). One per HTTP request (stateless), or one per stdio
 * process.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { isDomainError } from '../application/errors.ts';
import { callTool, toolDefinitions, toolError, type ToolMode } from './tools.ts';

export const MCP_SERVER_INFO = { name: 'four-pillars', version: '1.0.0' } as const;

export function createMcpServer(mode: ToolMode): McpServer {
  const mcp = new McpServer(MCP_SERVER_INFO, {
    capabilities: { tools: {} },
    instructions:
      'Four Pillars (四柱推命 / Bazi) charts: calculate_chart casts a birth (date, optional time, longitude) in Variant A or B with optional sections; ' +
      'solar_terms lists a year’s 24 terms; compatibility scores two births. Errors are tool errors whose text is {"status":"error","message","code"}.',
  });
  const tools = toolDefinitions(mode.kind, mode.kind === 'paid' ? mode.prices : undefined);
  const names = new Set(tools.map((tool) => tool.name));
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  mcp.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    if (!names.has(request.params.name)) {
      throw new McpError(ErrorCode.InvalidParams, `unknown tool "${request.params.name}": ${[...names].join(', ')}`);
    }
    try {
      return await callTool(request.params.name, request.params.arguments ?? {}, mode);
    } catch (error) {
      // A store outage (or a charge the replicas did not confirm) is the tool's error with our code,
      // as REST answers it 503; only a bug stays a JSON-RPC internal error.
      if (isDomainError(error)) return toolError(error);
      throw error;
    }
  });
  return mcp;
}
