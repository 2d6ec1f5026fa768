/**
 * The common GraphQL request — POST, a JSON body `{query, variables?, operationName?}` — served
 * without yoga's Fetch-API layer (Request/Response objects, body streams, abort signals), which
 * costs more per request than executing a full chart selection. Everything that defines the
 * answer is still yoga's own: the enveloped parse/validate/context/execute with every plugin
 * (armor limits, graphql-jit, variable coercion, error masking, our operation rules), and
 * `processRegularResult` for the status, headers and body. Anything else — another method, media
 * type or Accept, a body that is not such JSON, a parse or validation error, a subscription — goes
 * to yoga whole, with the body already read handed over, so its answers stay exactly yoga's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getOperationAST, GraphQLError, type DocumentNode } from 'graphql';
import { processRegularResult, type YogaInitialContext } from 'graphql-yoga';
import type { GraphQLContext, ServerContext } from '../graphql/builder.ts';
import { GRAPHQL_MAX_BODY_BYTES as MAX_BODY_BYTES, type GraphQLServer } from '../graphql/server.ts';

/** The media type yoga answers with, for the Accept headers this path takes; undefined: leave it to yoga. */
function acceptedMediaType(accept: string | undefined): 'application/json' | 'application/graphql-response+json' | undefined {
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

/** The whole body, or undefined when the client went away before sending it. */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
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

/** Documents kept by KnownDocuments before it starts afresh (a client sending ever-new texts cannot grow it). */
const MAX_KNOWN_DOCUMENTS = 1_000;
/**
 * Texts kept per length and ends: each is compared in full on a lookup, so texts made alike on
 * purpose (the same length and ends, differing inside) cannot make a lookup compare hundreds.
 */
const MAX_ALIKE_DOCUMENTS = 4;

/**
 * Documents this path has parsed and found valid, by their exact text: the same text parses and
 * validates the same way every time (the schema and every rule are fixed for the server's life), so
 * a known one skips envelop's parse and validate. Yoga's own caches key on the whole text, and a
 * full Variant B selection is ~3,800 characters, which V8 hashes in full on every lookup of a
 * freshly parsed body (~5 µs); here a text is found by its length and ends, then compared whole.
 */
class KnownDocuments {
  private readonly byShape = new Map<string, { readonly query: string; readonly document: DocumentNode }[]>();
  private size = 0;

  find(query: string): DocumentNode | undefined {
    const candidates = this.byShape.get(shapeOf(query));
    if (candidates === undefined) return undefined;
    for (const candidate of candidates) if (candidate.query === query) return candidate.document;
    return undefined;
  }

  remember(query: string, document: DocumentNode): void {
    if (this.size >= MAX_KNOWN_DOCUMENTS) {
      this.byShape.clear();
      this.size = 0;
    }
    const shape = shapeOf(query);
    const candidates = this.byShape.get(shape);
    if (candidates === undefined) this.byShape.set(shape, [{ query, document }]);
    else if (candidates.length < MAX_ALIKE_DOCUMENTS) candidates.push({ query, document });
    else return;
    this.size++;
  }
}

const shapeOf = (query: string): string => `${query.length}:${query.slice(0, 24)}${query.slice(-24)}`;

/** An execution result that yoga would answer 200 with nothing but its content type: no errors, no HTTP extensions. */
function isPlainSuccess(
  result: unknown,
): result is { readonly data: unknown; readonly extensions?: Record<string, unknown>; readonly stringify?: (value: unknown) => string } {
  if (typeof result !== 'object' || result === null || Array.isArray(result) || Symbol.asyncIterator in result) return false;
  const { errors, extensions } = result as { errors?: readonly unknown[]; extensions?: { http?: unknown } };
  return (errors === undefined || errors.length === 0) && extensions?.http === undefined;
}

export function createGraphQLFastPath(yoga: GraphQLServer) {
  const known = new KnownDocuments();
  /** Writes a yoga Response to node's response. */
  async function send(res: ServerResponse, response: Response): Promise<void> {
    const body = Buffer.from(await response.text(), 'utf8');
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    headers['content-length'] = String(body.length);
    res.writeHead(response.status, headers);
    res.end(body);
  }

  /** The request, whose body is already read, answered by yoga in full. */
  function throughYoga(req: IncomingMessage, res: ServerResponse, body: Buffer, context: ServerContext): Promise<void> {
    context.identity.note({ graphqlVia: 'yoga' });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      // The body is handed over whole: its framing headers no longer apply.
      if (value === undefined || name === 'content-length' || name === 'transfer-encoding' || name === 'connection') continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/graphql'}`;
    return Promise.resolve(yoga.fetch(url, { method: 'POST', headers, body: body.toString('utf8') }, context)).then((response) =>
      send(res, response),
    );
  }

  /**
   * Serves the request and resolves true, or resolves false without touching it (yoga takes it).
   */
  return async function serve(req: IncomingMessage, res: ServerResponse, context: ServerContext): Promise<boolean> {
    if (req.method !== 'POST' || !isJsonContentType(req.headers['content-type'])) return false;
    const mediaType = acceptedMediaType(req.headers.accept);
    const declared = Number(req.headers['content-length']);
    if (mediaType === undefined || !(declared >= 0 && declared <= MAX_BODY_BYTES) || req.headers['transfer-encoding'] !== undefined)
      return false;

    const body = await readBody(req);
    if (body === undefined) return true; // nothing to answer: the connection is gone
    let params: Params | undefined;
    try {
      params = paramsOf(JSON.parse(body.toString('utf8')));
    } catch {
      params = undefined;
    }
    if (params === undefined) {
      await throughYoga(req, res, body, context);
      return true;
    }
    // tsc types the enveloped functions (envelop's graphql types); tsgolint's bundled TypeScript
    // resolves them to `any` (as in graphql/execution-plugins.ts) and would flag every use.
    /* oxlint-disable typescript/no-unsafe-assignment, typescript/no-unsafe-member-access, typescript/no-unsafe-enum-comparison, typescript/await-thenable */
    // Yoga's initial context type wants the Fetch Request; resolvers read only its headers (GraphQLContext).
    const initial = { ...context, request: headersOf(req), params } as unknown as ServerContext & YogaInitialContext;
    const enveloped = yoga.getEnveloped(initial);
    let document = known.find(params.query);
    const knownValid = document !== undefined;
    if (document === undefined) {
      try {
        document = enveloped.parse(params.query) as DocumentNode;
      } catch {
        await throughYoga(req, res, body, context);
        return true;
      }
    }
    const operation = getOperationAST(document, params.operationName ?? undefined);
    // A validation rule may also throw (graphql-armor's limits throw their rejection, e.g. more than
    // 10 aliases): yoga answers those as the client's error, so such a document goes to yoga too.
    let valid = knownValid;
    if (!knownValid) {
      try {
        valid = enveloped.validate(enveloped.schema, document).length === 0;
      } catch (error) {
        // Only a rule's rejection; a bug in a rule still surfaces as one.
        if (!(error instanceof GraphQLError)) throw error;
        valid = false;
      }
      if (valid) known.remember(params.query, document);
    }
    if (operation === null || operation === undefined || operation.operation === 'subscription' || !valid) {
      await throughYoga(req, res, body, context);
      return true;
    }
    const contextValue = await enveloped.contextFactory();
    const result = await enveloped.execute({
      schema: enveloped.schema,
      document,
      contextValue,
      variableValues: params.variables ?? undefined,
      operationName: params.operationName ?? undefined,
    });
    if (isPlainSuccess(result)) {
      // What processRegularResult answers for a result without errors or HTTP extensions (status 200,
      // its content type, the body from the result's own stringifier — graphql-jit's — or
      // JSON.stringify), written without building a Fetch Response to read back.
      const answer = Buffer.from(typeof result.stringify === 'function' ? result.stringify(result) : JSON.stringify(result), 'utf8');
      // The header names as the Fetch path wrote them (yoga's `Content-Type`, our `content-length`).
      res.writeHead(200, { 'Content-Type': `${mediaType}; charset=utf-8`, 'content-length': String(answer.length) });
      res.end(answer);
      return true;
    }
    await send(res, await processRegularResult(result as never, yoga.fetchAPI, mediaType));
    return true;
    /* oxlint-enable typescript/no-unsafe-assignment, typescript/no-unsafe-member-access, typescript/no-unsafe-enum-comparison, typescript/await-thenable */
  };
}
