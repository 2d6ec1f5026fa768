/**
 * Every paid REST path, served from its operation's declaration (wire/operations): the method
 * (checked by the route table), the JSON body of a POST, the key from the declared variant's
 * channels, the one paid-operation pipeline, and the declared answer. Order (docs/rest.md, Responses): route → parse → authenticate →
 * validate → compute → charge; the last four happen inside the pipeline.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveCredentials } from '../../application/paid/credentials.ts';
import type { RequestIdentity } from '../../application/paid/request-identity.ts';
import type { Services } from '../../application/services.ts';
import { checkJsonContentType, parseJsonBody, readBody } from '../../wire/body.ts';
import { singleHeader } from '../../wire/headers.ts';
import type { AnyOperationDeclaration, HttpMethod, Read, RestEndpoint } from '../../wire/operations/declaration.ts';
import { createQueryParser, type QueryInput } from '../../wire/query.ts';
import { holdsLongArray, jsonChunks } from '../../wire/json-slices.ts';
import { sendError, sendJsonChunks, sendJsonText, sendText } from '../../wire/respond.ts';

/** A paid path: its endpoint, its operation, and the parser of its query string (built once). */
export interface PaidRoute {
  readonly endpoint: RestEndpoint<any, any>;
  readonly operation: AnyOperationDeclaration['operation'];
  readonly parseQuery: (search: string) => QueryInput;
  /** `GET or POST`, for the 405's message, and `GET, POST` for its Allow header. */
  readonly allowed: { readonly text: string; readonly header: string };
  /** A JSON answer holding long arrays is serialized in slices (`JSON_SLICES`), else at once. */
  readonly jsonSlices: boolean;
}

export const paidRoutesOf = (
  operations: readonly AnyOperationDeclaration[],
  { jsonSlices = true }: { jsonSlices?: boolean } = {},
): ReadonlyMap<string, PaidRoute> =>
  new Map(
    operations.flatMap(({ operation, rest }) =>
      rest.map((endpoint) => [
        endpoint.path,
        {
          endpoint,
          operation,
          parseQuery: createQueryParser(endpoint.queryFields),
          allowed: { text: endpoint.methods.join(' or '), header: endpoint.methods.join(', ') },
          jsonSlices,
        },
      ]),
    ),
  );

export async function handlePaidRoute(
  req: IncomingMessage,
  res: ServerResponse,
  services: Services,
  identity: RequestIdentity,
  route: PaidRoute,
  search: string,
): Promise<void> {
  const { endpoint } = route;
  // One of the endpoint's methods: the route table answers the others (a 405 naming these, HEAD
  // too where GET is served: a GET here spends credits, and a HEAD must not).
  const method = req.method as HttpMethod;
  const query = route.parseQuery(search);
  let body: unknown;
  if (method === 'POST') {
    const refusal = checkJsonContentType(req.headers['content-type']);
    if (refusal !== null) return sendError(req, res, refusal);
    body = parseJsonBody(await readBody(req));
  }
  const read: Read<unknown, unknown> = endpoint.read({ method, query, body });
  const { input, present, bodyKey = null } = read;
  const credentials = resolveCredentials(endpoint.credentials, {
    query: query.apiKey,
    body: bodyKey,
    authorization: req.headers.authorization,
    xApiKey: singleHeader(req.headers['x-api-key']),
  });
  const outcome = await services.paid.run(
    route.operation,
    input,
    { credentials, idempotencyKey: singleHeader(req.headers['idempotency-key']), identity },
    present,
  );
  if (!outcome.ok) return sendError(req, res, outcome.error);
  const answer = endpoint.answer(outcome.value);
  if ('json' in answer) {
    if (!route.jsonSlices || !holdsLongArray(answer.json)) return sendJsonText(res, 200, JSON.stringify(answer.json), answer.headers);
    // Written a slice at a time, letting other requests in between (wire/json-slices.ts).
    return sendJsonChunks(res, 200, await jsonChunks(answer.json), answer.headers);
  }
  if (answer.contentType === 'application/json' && typeof answer.body === 'string')
    return sendJsonText(res, 200, answer.body, answer.headers);
  sendText(res, 200, answer.body, answer.contentType, answer.headers);
}
