/**
 * The protocol tests' one HTTP client: REST GET and POST with the caller's key, GraphQL POSTs and MCP
 * JSON-RPC over HTTP, against a running app. `clientOf(() => target)` reads the target at every call,
 * so a suite builds its client before its `beforeAll` has started the app and created the account.
 */
import { expect } from 'vitest';
import { openApiProblems } from '../rest/support/openapi-validator.ts';

/** Where a call goes, and the key it carries as `Authorization: Bearer …` (none: anonymous). */
export interface Target {
  readonly baseUrl: string;
  readonly apiKey?: string | undefined;
}

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body parsed as JSON, on first read (which throws if the body is not JSON). */
  readonly json: any;
}

/** A GraphQL response body. */
export interface GraphQLAnswer {
  data?: Record<string, any> | null;
  errors?: { message: string; extensions: Record<string, any> }[];
}

/** What an MCP client over HTTP must accept (the streamable HTTP transport). */
export const MCP_ACCEPT = 'application/json, text/event-stream';

export interface Client {
  get(path: string, headers?: Record<string, string>): Promise<Reply>;
  /** A JSON POST (a string body is sent as it is). */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Reply>;
  /** `post`, with the answer checked against /openapi.json (the path's query left out). */
  postChecked(path: string, body: unknown, headers?: Record<string, string>): Promise<Reply>;
  /** POST /graphql: `{ query }`, and `variables` when given. */
  graphql(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<GraphQLAnswer>;
  /** One JSON-RPC message to POST /mcp. */
  mcp(message: unknown, headers?: Record<string, string>): Promise<Reply>;
  /** MCP `tools/call` of `name` with `args`. */
  callTool(name: string, args: Record<string, unknown>, id?: number): Promise<Reply>;
}

async function send(target: Target, method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Reply> {
  const response = await fetch(`${target.baseUrl}${path}`, {
    method,
    headers: {
      ...(target.apiKey === undefined ? {} : { authorization: `Bearer ${target.apiKey}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: { value: any } | undefined;
  return {
    status: response.status,
    headers: response.headers,
    text,
    get json() {
      parsed ??= { value: JSON.parse(text) };
      return parsed.value;
    },
  };
}

export function clientOf(target: () => Target): Client {
  const client: Client = {
    get: (path, headers = {}) => send(target(), 'GET', path, undefined, headers),
    post: (path, body, headers = {}) => send(target(), 'POST', path, body, headers),
    async postChecked(path, body, headers = {}) {
      const reply = await client.post(path, body, headers);
      const [pathOnly] = path.split('?');
      expect(
        openApiProblems({ path: pathOnly!, method: 'POST', status: reply.status, headers: reply.headers, body: reply.json }),
        `POST ${path} → ${reply.status} matches /openapi.json`,
      ).toEqual([]);
      return reply;
    },
    async graphql(query, variables, headers = {}) {
      const reply = await client.post('/graphql', variables === undefined ? { query } : { query, variables }, headers);
      return reply.json as GraphQLAnswer;
    },
    mcp: (message, headers = {}) => client.post('/mcp', message, { accept: MCP_ACCEPT, ...headers }),
    callTool: (name, args, id = 1) => client.mcp({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
  };
  return client;
}

/** The client of a suite's app and account (see `appWithAccount`), read at each call. */
export const keyedClient = (env: { readonly app: { readonly baseUrl: string }; readonly account: { readonly apiKey: string } }): Client =>
  clientOf(() => ({ baseUrl: env.app.baseUrl, apiKey: env.account.apiKey }));
