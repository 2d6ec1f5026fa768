/**
 * A typed REST client for the Four Pillars API: openapi-fetch (a thin typed `fetch`) over the types
 * openapi-typescript generated from `GET /openapi.json` into ./openapi.ts (`npm run examples:openapi`).
 * Paths, query parameters, bodies and the success and error bodies of every status are all typed.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './openapi.ts';

/** The JSON body of `POST /api/v1/calculate` (Variant B). */
export type ChartRequest = components['schemas']['CalculateRequestB'];
/** Its success body: the spec's envelope around the Variant B chart. */
export type Chart = components['schemas']['SuccessB'];
/** The one error body of every refusal: `{ status: 'error', message, code }`. */
export type ErrorBody = components['schemas']['ErrorBody'];

/** The API refused the call: the HTTP status and the documented error `code` (BAD_USER_INPUT, …). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorBody['code'];
  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
  }
}

/** A client for every path in the document; the key goes in `Authorization: Bearer`. */
export function createChartClient(baseUrl: string, apiKey: string) {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });
}

/** Casts a chart with `POST /api/v1/calculate` (10 credits) and returns the typed success body. */
export async function chart(baseUrl: string, apiKey: string, input: ChartRequest): Promise<Chart> {
  const { data, error, response } = await createChartClient(baseUrl, apiKey).POST('/api/v1/calculate', { body: input });
  if (error !== undefined) throw new ApiError(response.status, error);
  return data;
}

// `node examples/rest-client/chart.ts [baseUrl] [apiKey]`: one chart, 1990-05-15 10:30 at 139.69°E.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl = 'http://127.0.0.1:4000', apiKey = process.env['API_KEY'] ?? ''] = process.argv.slice(2);
  const body = await chart(baseUrl, apiKey, { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 });
  const { year_ganzhi, month_ganzhi, day_ganzhi, time_ganzhi } = body.result;
  console.log(
    `${year_ganzhi} ${month_ganzhi} ${day_ganzhi} ${time_ganzhi}; credits used ${body.credits_consumed}, left ${body.credits_remaining}`,
  );
}
