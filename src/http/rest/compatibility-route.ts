/**
 * `POST /api/v1/compatibility`: `{ "a": {…birth…}, "b": {…birth…} }` in, Variant B's
 * envelope with the compatibility as `result` out. Variant B's credential channels and error
 * table; one charge (`COMPATIBILITY_COST`) through the same paid-operation pipeline as a chart,
 * never on an error.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveCredentials } from '../../application/credentials.ts';
import { compatibilityEnvelope } from '../../wire/envelope.ts';
import { compatibilityResultJson } from '../../application/operations/compatibility.ts';
import { OPERATIONS } from '../../application/operations/index.ts';
import { refusals } from '../../application/refusals.ts';
import type { RequestIdentity } from '../../application/request-identity.ts';
import type { Services } from '../../application/services.ts';
import { CHART_REQUEST_FIELDS } from '../../domain/chart/request.ts';
import { checkJsonContentType, parseJsonBody, readBody } from '../../wire/body.ts';
import { createQueryParser } from './query.ts';
import { sendError, sendJsonText } from '../../wire/respond.ts';
import { singleHeader } from '../../wire/headers.ts';

export const COMPATIBILITY_METHODS = 'POST';

/** Only `api_key` is read from the query (Variant B's second channel). */
const parseQuery = createQueryParser(CHART_REQUEST_FIELDS.filter((field) => field.credential));

export async function handleCompatibility(
  req: IncomingMessage,
  res: ServerResponse,
  services: Services,
  identity: RequestIdentity,
  search: string,
): Promise<void> {
  if (req.method !== 'POST') {
    return sendError(req, res, refusals.methodNotAllowed(req.method ?? '', 'POST'), { Allow: COMPATIBILITY_METHODS });
  }
  const refusal = checkJsonContentType(req.headers['content-type']);
  if (refusal !== null) return sendError(req, res, refusal);
  const body = parseJsonBody(await readBody(req));
  const query = parseQuery(search);
  const credentials = resolveCredentials('B', {
    query: query.apiKey,
    body: null,
    authorization: req.headers.authorization,
    xApiKey: singleHeader(req.headers['x-api-key']),
  });
  const members = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  const outcome = await services.paid.run(
    OPERATIONS.compatibility,
    // A body that is not an object has neither member: both are reported missing.
    { a: members?.['a'], b: members?.['b'], otherMembers: [...Object.keys(members ?? {}), ...(query.params?.keys() ?? [])] },
    { credentials, idempotencyKey: singleHeader(req.headers['idempotency-key']), identity },
    compatibilityResultJson,
  );
  if (!outcome.ok) return sendError(req, res, outcome.error);
  sendJsonText(res, 200, JSON.stringify(compatibilityEnvelope(outcome.value.result, outcome.value.receipt)));
}
