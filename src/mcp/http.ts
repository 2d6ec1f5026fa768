/**
 * `/mcp`: the Model Context Protocol over Streamable HTTP, stateless: each POST is one
 * JSON-RPC exchange answered as JSON, by a server made for it with the caller's key. The key comes
 * as for GraphQL (`Authorization: Bearer` or `X-API-Key`); a paid tool charges through the one
 * paid-operation pipeline and the request's identity, so its charge settles when the answer is
 * delivered, exactly like a REST call. GET (a server-sent stream) and DELETE (sessions) are not
 * offered: 405.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { resolveCredentials } from '../application/paid/credentials.ts';
import { refusals } from '../application/refusals.ts';
import type { RequestIdentity } from '../application/paid/request-identity.ts';
import type { Services } from '../application/services.ts';
import { isDomainError } from '../application/errors.ts';
import { checkJsonContentType, ClientAbortedError, parseJsonBody, readBody } from '../wire/body.ts';
import { sendError, sendJson } from '../wire/respond.ts';
import { directAnswer } from './direct.ts';
import { createMcpServer } from './server.ts';
import type { ToolMode } from './tools.ts';
import { singleHeader } from '../wire/headers.ts';

export const MCP_PATH = '/mcp';

export async function handleMcp(req: IncomingMessage, res: ServerResponse, services: Services, identity: RequestIdentity): Promise<void> {
  if (req.method !== 'POST') return sendError(req, res, refusals.methodNotAllowed(req.method ?? '', 'POST'), { Allow: 'POST' });
  const refusal = checkJsonContentType(req.headers['content-type']);
  if (refusal !== null) return sendError(req, res, refusal);
  let body: unknown;
  try {
    body = parseJsonBody(await readBody(req));
  } catch (error) {
    // The client's own mistakes (malformed JSON, a body too large) and a client gone mid-body.
    if (error instanceof ClientAbortedError) return void res.destroy();
    if (isDomainError(error)) return sendError(req, res, error);
    throw error;
  }
  // One message per POST: JSON-RPC batches left the protocol (2025-06-18), and a batch whose member
  // is cancelled is never answered while the connection waits.
  if (Array.isArray(body)) {
    return sendJson(res, 400, {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Batches are not supported: send one JSON-RPC message per request' },
    });
  }
  const credentials = resolveCredentials('graphql', {
    authorization: singleHeader(req.headers.authorization) ?? null,
    xApiKey: singleHeader(req.headers['x-api-key']) ?? null,
  });
  const mode: ToolMode = {
    kind: 'paid',
    paid: services.paid,
    prices: services.prices,
    call: { credentials, idempotencyKey: null, identity, viaMcp: true },
  };
  const direct = directAnswer(req, body, mode);
  if (direct !== undefined) {
    const json = Buffer.from(await direct, 'utf8');
    // As the SDK's transport answers: its own Content-Type, no charset.
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': json.length });
    res.end(json);
    return;
  }
  const server = createMcpServer(mode);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.once('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}
