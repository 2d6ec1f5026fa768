/**
 * `GET|POST /v1/calculate` (Variant A) and `/api/v1/calculate` (Variant B): HTTP in, the shared
 * calculate use-case, the spec's JSON out. Order (DESIGN §6): route → parse → authenticate →
 * validate → compute → charge; the last four happen inside the use-case.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveCredentials } from '../../application/credentials.js';
import { DomainError } from '../../application/errors.js';
import type { Variant } from '../../application/ports/chart-engine.js';
import type { AppServices } from '../services.js';
import { checkJsonContentType, parseJsonBody, readBody } from './body.js';
import { parseQuery } from './query.js';
import { sendError, sendJsonText } from './respond.js';

export const CALCULATE_METHODS = 'GET, POST';

export async function handleCalculate(
  req: IncomingMessage,
  res: ServerResponse,
  services: AppServices,
  logId: string,
  variant: Variant,
  search: string,
): Promise<void> {
  const method = req.method;
  if (method !== 'GET' && method !== 'POST') {
    // HEAD too: a GET here spends credits, and a HEAD must not.
    const error = new DomainError('METHOD_NOT_ALLOWED', `Method ${method ?? ''} is not allowed: use GET or POST`);
    return sendError(req, res, error, { Allow: CALCULATE_METHODS });
  }

  const query = parseQuery(search);
  let input: unknown = query.fields;
  let bodyKey: string | null = null;
  if (method === 'POST') {
    const refusal = checkJsonContentType(req.headers['content-type']);
    if (refusal !== null) return sendError(req, res, refusal);
    input = parseJsonBody(await readBody(req));
    if (isPlainObject(input) && variant === 'A' && typeof input['api_key'] === 'string') bodyKey = input['api_key'];
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
  const outcome = await services.charts.calculate(input, credentials, variant, {
    idempotencyKey: singleHeader(req.headers['idempotency-key']),
    logId,
  });
  if (!outcome.ok) return sendError(req, res, outcome.error);
  // An idempotent replay answers with the first call's log_id; the header follows the body.
  res.setHeader('X-Request-Id', outcome.logId);
  sendJsonText(res, 200, JSON.stringify(outcome.value));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
