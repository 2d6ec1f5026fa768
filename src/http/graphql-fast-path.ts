/**
 * The common GraphQL request — POST, a JSON body `{query, variables?, operationName?}` — served
 * without yoga's Fetch-API layer (Request/Response objects, body streams, abort signals), which
 * costs more per request than executing a full chart selection. Everything that defines the
 * answer is still yoga's own: the enveloped parse/validate/context/execute with every plugin
 * (armor limits, graphql-jit, variable coercion, error masking, our operation rules), and
 * `processRegularResult` for the status, headers and body. Anything else — another method, media
 * type or Accept, a body that is not such JSON, a parse or validation error, a subscription — goes
 * to yoga whole, with the body already read handed over, so its answers stay exactly yoga's.
 *
 * A document this path has seen valid before, of one operation, is prepared: its operation compiled
 * by graphql-jit (as the envelop plugin compiles it) and run without envelop's per-request
 * orchestration, with the same context, variable coercion, operation note and error mask as the
 * enveloped plugins (graphql/server.ts, graphql/execution-plugins.ts). Its text is found in the body's
 * bytes, so the ~3,800-character query of a full chart is neither decoded nor parsed again.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getOperationAST, GraphQLError, type DocumentNode, type GraphQLSchema } from 'graphql';
import { processRegularResult, type YogaInitialContext } from 'graphql-yoga';
import { AnonymousDocumentRefused } from '../graphql/anonymous-documents.ts';
import { KnownDocuments, type PreparedOperation, type RawMatch } from '../graphql/known-documents.ts';
import type { GraphQLContext, ServerContext } from '../graphql/builder.ts';
import { maskUnexpectedError } from '../graphql/errors.ts';
import { coerceVariables, operationLabel } from '../graphql/execution-plugins.ts';
import { GRAPHQL_MAX_BODY_BYTES as MAX_BODY_BYTES, operationContext, type GraphQLServer } from '../graphql/server.ts';

/** The media type yoga answers with, for the Accept headers this path takes; undefined: leave it to yoga. */
type MediaType = 'application/json' | 'application/graphql-response+json';

function acceptedMediaType(accept: string | undefined): MediaType | undefined {
  if (accept === undefined || accept === '' || accept === '*/*' || accept === 'application/json') return 'application/json';
  if (accept === 'application/graphql-response+json') return accept;
  if (accept === 'application/graphql-response+json, application/json') return 'application/graphql-response+json';
  if (accept === 'application/json, application/graphql-response+json') return 'application/json';
  return undefined;
}

const isJsonContentType = (value: string | undefined): boolean =>
  value === 'application/json' || value === 'application/json; charset=utf-8' || value === 'application/json;charset=utf-8';

interface Params {
  readonly query: string;
  readonly variables?: Record<string, unknown> | null;
  readonly operationName?: string | null;
}

function paramsOf(body: unknown): Params | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { query, variables, operationName, ...rest } = body as Record<string, unknown>;
  if (typeof query !== 'string' || Object.keys(rest).length > 0) return undefined;
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) return undefined;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return undefined;
  return body as Params;
}

/**
 * The whole body, or undefined when the client went away before sending it. Past `limit` bytes the
 * reading stops there: the first `limit + 1` bytes are answered (yoga refuses them as too large), and
 * the connection is closed after the answer, since the rest of the body is never read.
 */
function readBody(req: IncomingMessage, res: ServerResponse, limit: number = MAX_BODY_BYTES): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      chunks.push(chunk);
      size += chunk.length;
      if (size <= limit) return;
      req.off('data', onData);
      req.pause();
      res.setHeader('Connection', 'close');
      resolve(Buffer.concat(chunks).subarray(0, limit + 1));
    };
    req.on('data', onData);
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.once('close', () => {
      if (!req.complete) resolve(undefined);
    });
  });
}

/** Headers as resolvers read them (`request.headers.get`), straight from node's. */
function headersOf(req: IncomingMessage): GraphQLContext['request'] {
  return {
    headers: {
      get: (name) => {
        const value = req.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
  };
}

/**
 * A matched body's params. The rest must parse as an object of at least one member and no second
 * `query`: then the body is that object with the member put back at its top level, valid JSON
 * that parses to the same params; anything else is left to the full parse.
 */
function paramsOfRaw(match: RawMatch): Params | undefined {
  if (match.rest === null) return { query: match.known.query };
  let rest: unknown;
  try {
    rest = JSON.parse(match.rest);
  } catch {
    return undefined;
  }
  if (typeof rest !== 'object' || rest === null || Array.isArray(rest) || Object.hasOwn(rest, 'query') || Object.keys(rest).length === 0)
    return undefined;
  return paramsOf({ query: match.known.query, ...rest });
}

/** An execution result that yoga would answer 200 with nothing but its content type: no errors, no HTTP extensions. */
function isPlainSuccess(
  result: unknown,
): result is { readonly data: unknown; readonly extensions?: Record<string, unknown>; readonly stringify?: (value: unknown) => string } {
  if (typeof result !== 'object' || result === null || Array.isArray(result) || Symbol.asyncIterator in result) return false;
  const { errors, extensions } = result as { errors?: readonly unknown[]; extensions?: { http?: unknown } };
  return (errors === undefined || errors.length === 0) && extensions?.http === undefined;
}

/**
 * `direct` false (`FAST_GRAPHQL=off`): every request goes to yoga whole, its body read and its answer
 * written in one `end()` as below; the prepared and direct paths are never taken.
 */
export function createGraphQLFastPath(yoga: GraphQLServer, known: KnownDocuments, { direct = true }: { direct?: boolean } = {}) {
  const schema = yoga.getEnveloped({} as never).schema as GraphQLSchema;
  /**
   * Writes a yoga Response to node's response in one `end()`, whatever its media type (an event
   * stream or a multipart answer of one result is read whole first): the answer is written, and its
   * charges settled and its write timeout started, by the same rule as every other path's
   * (docs/credits.md). Yoga's own node listener waited for `drain` before `end()`, so a client that
   * read the first bytes and reset had its charges voided.
   */
  async function send(res: ServerResponse, response: Response): Promise<void> {
    const body = Buffer.from(await response.text(), 'utf8');
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      // The body is sent whole with its length: a chunked framing no longer applies.
      if (name !== 'transfer-encoding') headers[name] = value;
    });
    headers['content-length'] = String(body.length);
    res.writeHead(response.status, headers);
    res.end(body);
  }

  /** The request, whose body (if any) is already read, answered by yoga in full. */
  function throughYoga(req: IncomingMessage, res: ServerResponse, body: Buffer | undefined, context: ServerContext): Promise<void> {
    context.identity.note({ graphqlVia: 'yoga' });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      // The body is handed over whole: its framing headers no longer apply.
      if (value === undefined || name === 'content-length' || name === 'transfer-encoding' || name === 'connection') continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/graphql'}`;
    const method = req.method ?? 'GET';
    const init = body === undefined ? { method, headers } : { method, headers, body: body.toString('utf8') };
    return Promise.resolve(yoga.fetch(url, init, context)).then((response) => send(res, response));
  }

  /** Any request the prepared and direct paths do not take: its body read here (bounded), then yoga answers it. */
  async function viaYoga(req: IncomingMessage, res: ServerResponse, context: ServerContext): Promise<void> {
    const method = req.method ?? 'GET';
    let body: Buffer | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      body = await readBody(req, res);
      if (body === undefined) return; // nothing to answer: the connection is gone
    }
    await throughYoga(req, res, body, context);
  }

  /** The result answered as processRegularResult answers it. */
  async function answer(res: ServerResponse, mediaType: MediaType, result: unknown): Promise<void> {
    if (isPlainSuccess(result)) {
      // What processRegularResult answers for a result without errors or HTTP extensions (status 200,
      // its content type, the body from the result's own stringifier — graphql-jit's — or
      // JSON.stringify), written without building a Fetch Response to read back.
      const bytes = Buffer.from(typeof result.stringify === 'function' ? result.stringify(result) : JSON.stringify(result), 'utf8');
      // The header names as the Fetch path wrote them (yoga's `Content-Type`, our `content-length`).
      res.writeHead(200, { 'Content-Type': `${mediaType}; charset=utf-8`, 'content-length': String(bytes.length) });
      res.end(bytes);
      return;
    }
    // tsgolint's bundled TypeScript resolves yoga's types to `any` (see below).
    // oxlint-disable-next-line typescript/await-thenable
    await send(res, await processRegularResult(result as never, yoga.fetchAPI, mediaType));
  }

  /**
   * A prepared operation run as the enveloped plugins run it: the context yoga builds (plus
   * `operationContext`), the operation noted, the variables coerced (their refusal is the result),
   * graphql-jit's compiled query, and every error through yoga's mask.
   */
  async function runPrepared(
    prepared: PreparedOperation,
    initial: ServerContext & YogaInitialContext,
    variables: Record<string, unknown>,
  ): Promise<unknown> {
    const contextValue = { ...initial, ...operationContext() };
    contextValue.identity.note({ operation: operationLabel(prepared.operation) });
    const coerced = coerceVariables(schema, prepared.operation, variables);
    if ('errors' in coerced) return { errors: coerced.errors };
    const result = await prepared.compiled.query(undefined, contextValue, coerced.values);
    const masked = result.errors === undefined ? result : { ...result, errors: result.errors.map((error) => maskUnexpectedError(error)) };
    return Object.assign(masked, { stringify: prepared.compiled.stringify });
  }

  /**
   * Serves any request to the GraphQL path: the direct path (prepared, or enveloped) for the common
   * POST, yoga for everything else; every answer is written by `send` or `answer` in one `end()`.
   */
  return async function serve(req: IncomingMessage, res: ServerResponse, context: ServerContext): Promise<void> {
    if (!direct || req.method !== 'POST' || !isJsonContentType(req.headers['content-type'])) return viaYoga(req, res, context);
    const mediaType = acceptedMediaType(req.headers.accept);
    const declared = Number(req.headers['content-length']);
    if (mediaType === undefined || !(declared >= 0 && declared <= MAX_BODY_BYTES) || req.headers['transfer-encoding'] !== undefined)
      return viaYoga(req, res, context);

    const body = await readBody(req, res);
    if (body === undefined) return; // nothing to answer: the connection is gone
    const raw = known.findRaw(body);
    let params = raw === undefined ? undefined : paramsOfRaw(raw);
    if (params === undefined) {
      try {
        params = paramsOf(JSON.parse(body.toString('utf8')));
      } catch {
        params = undefined;
      }
    }
    if (params === undefined) {
      return throughYoga(req, res, body, context);
    }
    // tsc types the enveloped functions (envelop's graphql types); tsgolint's bundled TypeScript
    // resolves them to `any` (as in graphql/execution-plugins.ts) and would flag every use.
    /* oxlint-disable typescript/no-unsafe-assignment, typescript/no-unsafe-member-access, typescript/no-unsafe-enum-comparison */
    // Yoga's initial context type wants the Fetch Request; resolvers read only its headers (GraphQLContext).
    const initial = { ...context, request: headersOf(req), params } as unknown as ServerContext & YogaInitialContext;
    const caller = context.caller ?? 'keyed';
    // A caller without an accepted key never uses what keyed callers' documents left: its document
    // is parsed under the anonymous limits (and one that needs a key refused) every time.
    let document =
      caller !== 'keyed' ? undefined : ((params.query === raw?.known.query ? raw.known : known.find(params.query)) ?? undefined);
    const prepared = caller === 'keyed' ? document?.prepared : undefined;
    if (prepared != null && (params.operationName == null || params.operationName === prepared.operation.name?.value)) {
      return answer(res, mediaType, await runPrepared(prepared, initial, params.variables ?? {}));
    }
    const enveloped = yoga.getEnveloped(initial);
    let parsed = document?.document;
    const knownValid = parsed !== undefined;
    if (parsed === undefined) {
      try {
        parsed = enveloped.parse(params.query) as DocumentNode;
      } catch (error) {
        // A document that needs a key from a caller without one: answered here, as yoga answers it
        // (test/rest/graphql-fast-path.test.ts), without a second parse. Other parse errors: yoga's.
        if (error instanceof AnonymousDocumentRefused) return answer(res, mediaType, { errors: [error] });
        return throughYoga(req, res, body, context);
      }
    }
    const operation = getOperationAST(parsed, params.operationName ?? undefined);
    // A validation rule may also throw (graphql-armor's limits throw their rejection, e.g. more than
    // 10 aliases): yoga answers those as the client's error, so such a document goes to yoga too.
    let valid = knownValid;
    if (!knownValid) {
      try {
        valid = enveloped.validate(enveloped.schema, parsed).length === 0;
      } catch (error) {
        // Only a rule's rejection; a bug in a rule still surfaces as one.
        if (!(error instanceof GraphQLError)) throw error;
        valid = false;
      }
      // Kept (and compiled) for keyed callers only: an anonymous one runs it once on graphql-js.
      if (valid && caller === 'keyed') document = known.remember(params.query, parsed, schema);
    }
    if (operation === null || operation === undefined || operation.operation === 'subscription' || !valid) {
      return throughYoga(req, res, body, context);
    }
    const contextValue = await enveloped.contextFactory();
    const result = await enveloped.execute({
      schema: enveloped.schema,
      document: parsed,
      contextValue,
      variableValues: params.variables ?? undefined,
      operationName: params.operationName ?? undefined,
    });
    return answer(res, mediaType, result);
    /* oxlint-enable typescript/no-unsafe-assignment, typescript/no-unsafe-member-access, typescript/no-unsafe-enum-comparison */
  };
}
