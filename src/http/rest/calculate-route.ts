/**
 * `GET|POST /v1/calculate` (Variant A) and `/api/v1/calculate` (Variant B): HTTP in, the shared
 * calculate use-case, the legacy JSON out. Order (docs/rest.md, Responses): route → parse → authenticate →
 * validate → compute → charge; the last four happen inside the use-case.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveCredentials } from '../../application/credentials.ts';
import { variantAEnvelope, variantBEnvelope } from '../../wire/envelope.ts';
import { OPERATIONS } from '../../application/operations/index.ts';
import { refusals } from '../../application/refusals.ts';
import type { RequestIdentity } from '../../application/request-identity.ts';
import type { Services } from '../../application/services.ts';
import { CHART_REQUEST_FIELDS } from '../../domain/chart/request.ts';
import type { Variant } from '../../domain/chart/variants.ts';
import { chartRequestOnTheWire } from '../../wire/chart-json.ts';
import { checkJsonContentType, parseJsonBody, readBody } from '../../wire/body.ts';
import { createQueryParser } from './query.ts';
import { sendError, sendJsonText } from '../../wire/respond.ts';
import { isPlainObject } from '../../domain/plain-object.ts';
import { singleHeader } from '../../wire/headers.ts';

export const CALCULATE_METHODS = 'GET, POST';

const parseQuery = createQueryParser(CHART_REQUEST_FIELDS);

export async function handleCalculate(
  req: IncomingMessage,
  res: ServerResponse,
  services: Services,
  identity: RequestIdentity,
  variant: Variant,
  search: string,
): Promise<void> {
  const method = req.method;
  if (method !== 'GET' && method !== 'POST') {
    // HEAD too: a GET here spends credits, and a HEAD must not.
    return sendError(req, res, refusals.methodNotAllowed(method ?? '', 'GET or POST'), { Allow: CALCULATE_METHODS });
  }

  const query = parseQuery(search);
  let input: unknown = query.fields;
  let bodyKey: string | null = null;
  let body: Record<string, unknown> | null = null;
  if (method === 'POST') {
    const refusal = checkJsonContentType(req.headers['content-type']);
    if (refusal !== null) return sendError(req, res, refusal);
    input = parseJsonBody(await readBody(req));
    // Variant A reads a body key; B does not, but its 401 then says one was sent.
    if (isPlainObject(input) && typeof input['api_key'] === 'string') bodyKey = input['api_key'];
    if (isPlainObject(input)) body = input;
    if (isPlainObject(input) && variant === 'B' && 'api_key' in input) {
      // Not a Variant B channel: the member is neither a credential nor a field to validate.
      const { api_key: _ignored, ...fields } = input;
      input = fields;
    }
  }

  const credentials = resolveCredentials(variant, {
    query: query.apiKey,
    body: bodyKey,
    authorization: req.headers.authorization,
    xApiKey: singleHeader(req.headers['x-api-key']),
  });
  const chart = chartRequestOnTheWire(variant, input, query.params, body);
  const outcome = await services.paid.run(
    OPERATIONS.chart,
    chart.input,
    { credentials, idempotencyKey: singleHeader(req.headers['idempotency-key']), identity },
    chart.present,
  );
  if (!outcome.ok) return sendError(req, res, outcome.error);
  const { result, receipt } = outcome.value;
  sendJsonText(res, 200, JSON.stringify(variant === 'A' ? variantAEnvelope(result, receipt) : variantBEnvelope(result, receipt)));
}
