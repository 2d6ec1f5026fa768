/**
 * The two messages that make nearly all of `/mcp`'s traffic, `tools/call` and `tools/list`, answered
 * without the SDK's per-request server and transport (a Web Request and Response around node:http,
 * two schema passes over the answer and a second serialization of it), byte for byte as the SDK
 * answers them. Anything else — initialize, notifications, resources, prompts, an unknown tool, a
 * header or message the SDK would refuse or treat otherwise — goes to the SDK, which stays the
 * reference (test/integration/mcp-direct.test.ts compares the two).
 */
import type { IncomingMessage } from 'node:http';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { isDomainError } from '../application/errors.ts';
import { stackOf } from '../application/ports/logger.ts';
import { toDomainError } from '../application/refusals.ts';
import { isPlainObject } from '../domain/plain-object.ts';
import { callTool, toolDefinitions, toolError, toolResultJson, type ToolMode } from './tools.ts';

/** Per price list: the tools/list result's JSON and the tools' names (built once each). */
const LISTS = new WeakMap<object, { readonly json: string; readonly names: ReadonlySet<string> }>();
const listOf = (prices: Readonly<Record<string, number>>): { readonly json: string; readonly names: ReadonlySet<string> } => {
  let list = LISTS.get(prices);
  if (list === undefined) {
    const tools = toolDefinitions('paid', prices);
    list = { json: JSON.stringify({ tools }), names: new Set(tools.map((tool) => tool.name)) };
    LISTS.set(prices, list);
  }
  return list;
};

const hasOnly = (value: Record<string, unknown>, allowed: readonly string[]): boolean => {
  for (const key in value) if (!allowed.includes(key)) return false;
  return true;
};

/** A JSON-RPC result as the SDK serializes it: `result`, then `jsonrpc` and `id`. */
const response = (id: string | number, result: string): string => `{"result":${result},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;

/**
 * The answer's JSON when the message is one of the two and everything about the request is what
 * the SDK takes without comment (its Accept and protocol-version checks, a plain request with an
 * integer or string id); undefined to leave the message to the SDK.
 */
export function directAnswer(req: IncomingMessage, message: unknown, mode: ToolMode & { kind: 'paid' }): Promise<string> | undefined {
  const accept = req.headers.accept;
  if (accept === undefined || !accept.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  const version = req.headers['mcp-protocol-version'];
  if (version !== undefined && !(typeof version === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(version))) return undefined;
  if (!isPlainObject(message) || !hasOnly(message, ['jsonrpc', 'id', 'method', 'params']) || message['jsonrpc'] !== '2.0') return undefined;
  const id = message['id'];
  if (typeof id !== 'string' && !Number.isInteger(id)) return undefined;
  const requestId = id as string | number;
  const params = message['params'];
  if (message['method'] === 'tools/list') {
    if (params !== undefined && !(isPlainObject(params) && Object.keys(params).length === 0)) return undefined;
    return Promise.resolve(response(requestId, listOf(mode.prices).json));
  }
  if (message['method'] !== 'tools/call' || !isPlainObject(params) || !hasOnly(params, ['name', 'arguments'])) return undefined;
  const { name, arguments: args } = params;
  if (typeof name !== 'string' || !listOf(mode.prices).names.has(name)) return undefined;
  if (args !== undefined && !isPlainObject(args)) return undefined;
  return callTool(name, args ?? {}, mode).then(
    (result) => response(requestId, toolResultJson(result)),
    (error: unknown) => {
      // As our SDK server answers: a store outage is the tool's error with our code; a bug is JSON-RPC's
      // internal error (its message masked, as REST masks it; the stack goes to the request's log line).
      if (isDomainError(error)) return response(requestId, toolResultJson(toolError(error)));
      mode.call.identity.note({ error: stackOf(error), unexpected: true });
      const masked = toDomainError(error, mode.call.identity.logId);
      return `{"jsonrpc":"2.0","id":${JSON.stringify(requestId)},"error":${JSON.stringify({ code: -32603, message: masked.message })}}`;
    },
  );
}
