/**
 * `GET /v1/chart.svg`: the 命式表 as an SVG image, for `<img src>` or inlining. The request
 * fields are query parameters as for `GET /v1/calculate`, with Variant A's key channels (so
 * `?api_key=` works where no header can be sent); charged like a chart, once, never on an error. The
 * credits are reported in headers (`X-Credits-Consumed`, `X-Credits-Remaining`, `X-Transaction-Id`);
 * errors are the usual JSON error body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveCredentials } from '../../application/credentials.ts';
import { OPERATIONS } from '../../application/operations/index.ts';
import { refusals } from '../../application/refusals.ts';
import type { RequestIdentity } from '../../application/request-identity.ts';
import type { Services } from '../../application/services.ts';
import { meishikiOf } from '../../domain/chart/meishiki.ts';
import { meishikiSvg } from '../../domain/chart/meishiki-svg.ts';
import { CHART_REQUEST_FIELDS } from '../../domain/chart/request.ts';
import { createQueryParser } from './query.ts';
import { sendError, sendText } from '../../wire/respond.ts';
import { unknownChartMembers } from '../../wire/chart-sections.ts';

export const CHART_SVG_PATH = '/v1/chart.svg';
const parseQuery = createQueryParser(CHART_REQUEST_FIELDS);
/** The image takes the request fields only (no opt-in sections). */
const SVG_PARAMETERS: ReadonlySet<string> = new Set(CHART_REQUEST_FIELDS.map((field) => field.name));

export async function handleChartSvg(
  req: IncomingMessage,
  res: ServerResponse,
  services: Services,
  identity: RequestIdentity,
  search: string,
): Promise<void> {
  // HEAD too is refused: a GET here spends credits, and a HEAD must not.
  if (req.method !== 'GET') return sendError(req, res, refusals.methodNotAllowed(req.method ?? '', 'GET'), { Allow: 'GET' });
  const query = parseQuery(search);
  const header = (name: string): string | undefined => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const credentials = resolveCredentials('A', {
    query: query.apiKey,
    body: null,
    authorization: req.headers.authorization,
    xApiKey: header('x-api-key'),
  });
  const outcome = await services.paid.run(
    OPERATIONS.chart,
    // The image is its own presentation: a retry key used for a JSON chart does not replay as an image.
    {
      fields: query.fields,
      variant: 'A',
      sections: { format: 'svg' },
      optionIssues: unknownChartMembers(query.params, null, SVG_PARAMETERS),
    },
    { credentials, idempotencyKey: header('idempotency-key'), identity },
    ({ core }) => meishikiSvg(meishikiOf(core)),
  );
  if (!outcome.ok) return sendError(req, res, outcome.error);
  const { result, receipt } = outcome.value;
  sendText(res, 200, result, 'image/svg+xml; charset=utf-8', {
    'X-Credits-Consumed': String(receipt.cost),
    'X-Credits-Remaining': String(receipt.monthlyCredits + receipt.autoCredits),
    ...(receipt.transactionId === null ? {} : { 'X-Transaction-Id': receipt.transactionId }),
  });
}
