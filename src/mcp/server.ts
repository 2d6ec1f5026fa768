/**
 * The MCP server over our tools (tools.ts): the official SDK's server, with the tools listed and
 * called through its request handlers so that their JSON Schemas are the REST contract's own (the
 * SDK's `registerTool` would want zod shapes). One per HTTP request (stateless), or one per stdio
 * process.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { isDomainError } from '../application/errors.ts';
import { stackOf } from '../application/ports/logger.ts';
import { toDomainError } from '../application/refusals.ts';
import { MCP_PROMPTS } from './prompts.ts';
import { MCP_RESOURCES, readResource } from './resources.ts';
import { callTool, toolDefinitions, toolError, type ToolMode } from './tools.ts';

export const MCP_SERVER_INFO = { name: 'four-pillars', version: '1.0.0' } as const;

export function createMcpServer(mode: ToolMode): McpServer {
  const mcp = new McpServer(MCP_SERVER_INFO, {
    capabilities: { tools: {}, resources: {}, prompts: {} },
    instructions:
      'Four Pillars (四柱推命 / Bazi) charts computed to the second (solar terms, true solar time): calculate_chart casts a birth ' +
      '(date, optional time, place or longitude) with optional sections; chart_analysis, chart_luck (a year) and chart_certainty answer one ' +
      'question each; compatibility scores two births; solar_terms, lunar_dates, pillars_to_dates and find_places are free. Quote the answers, ' +
      'do not compute pillars yourself. The resources hold the docs and the vocabulary; the prompts the common readings. ' +
      'Errors are tool errors whose text is {"status":"error","message","code"}.',
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
      // as REST answers it 503; only a bug stays a JSON-RPC internal error. Over HTTP its message is
      // masked as REST masks it (the stack goes to the request's log line), as the direct path answers.
      if (isDomainError(error)) return toolError(error);
      if (mode.kind !== 'paid') throw error;
      mode.call.identity.note({ error: stackOf(error), unexpected: true });
      // The SDK answers a thrown error with code -32603 and the error's message.
      throw new Error(toDomainError(error, mode.call.identity.logId).message, { cause: error });
    }
  });
  mcp.server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [...MCP_RESOURCES] }));
  mcp.server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const found = readResource(request.params.uri);
    if (found === undefined) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `unknown resource "${request.params.uri}": ${MCP_RESOURCES.map((r) => r.uri).join(', ')}`,
      );
    }
    return { contents: [{ uri: request.params.uri, mimeType: found.mimeType, text: found.text }] };
  });
  mcp.server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: MCP_PROMPTS.map(({ name, title, description, arguments: args }) => ({ name, title, description, arguments: [...args] })),
  }));
  mcp.server.setRequestHandler(GetPromptRequestSchema, (request) => {
    const prompt = MCP_PROMPTS.find((p) => p.name === request.params.name);
    if (prompt === undefined) {
      throw new McpError(ErrorCode.InvalidParams, `unknown prompt "${request.params.name}": ${MCP_PROMPTS.map((p) => p.name).join(', ')}`);
    }
    const args = request.params.arguments ?? {};
    const missing = prompt.arguments.filter((a) => a.required === true && (args[a.name] ?? '').trim() === '').map((a) => a.name);
    if (missing.length > 0) throw new McpError(ErrorCode.InvalidParams, `prompt "${prompt.name}" needs ${missing.join(', ')}`);
    const unknown = Object.keys(args).filter((name) => !prompt.arguments.some((a) => a.name === name));
    if (unknown.length > 0) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `prompt "${prompt.name}" has no argument ${unknown.join(', ')}: its arguments are ${prompt.arguments.map((a) => a.name).join(', ')}`,
      );
    }
    return {
      description: prompt.description,
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text: prompt.text(args) } }],
    };
  });
  return mcp;
}
