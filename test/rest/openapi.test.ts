import { Validator } from '@seriousme/openapi-schema-validator';
import { JA_CATALOGUE } from '../../src/domain/catalogue/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeChartCore } from '../../src/domain/chart/chart-core.ts';
import { parseChartRequest } from '../../src/domain/chart/request.ts';
import { buildVariantAResult, buildVariantBResult } from '../../src/domain/chart/variants.ts';
import { EXAMPLE_REQUEST, EXAMPLE_SUCCESS_A, EXAMPLE_SUCCESS_B } from '../../src/wire/openapi-examples.ts';
import { openApiDocument } from '../../src/http/rest/openapi.ts';
import { call } from './support/client.ts';
import { schemaProblems } from './support/openapi-validator.ts';
import { startRestServer, type RestTestServer } from './support/server.ts';

describe('/openapi.json', () => {
  let server: RestTestServer;
  beforeAll(async () => {
    server = await startRestServer();
  });
  afterAll(() => server.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(openApiDocument()));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is served at /openapi.json exactly as the exported document', async () => {
    const response = await call(server.baseUrl, '/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it('describes GET and POST on both calculate paths, with the credential schemes of each variant', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, { security: unknown }>>;
    expect(Object.keys(paths['/v1/calculate']!)).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/v1/calculate']!)).toEqual(['get', 'post']);
    expect(paths['/v1/calculate']!['get']!.security).toEqual([{ apiKeyQuery: [] }, { bearer: [] }, { apiKeyHeader: [] }]);
    expect(paths['/api/v1/calculate']!['get']!.security).toEqual([{ bearer: [] }, { apiKeyQuery: [] }]);
    expect(Object.keys(openApiDocument().components.securitySchemes).sort()).toEqual(['apiKeyHeader', 'apiKeyQuery', 'bearer']);
  });

  it('its success examples validate against their schemas', () => {
    expect(schemaProblems('SuccessA', EXAMPLE_SUCCESS_A)).toEqual([]);
    expect(schemaProblems('SuccessB', EXAMPLE_SUCCESS_B)).toEqual([]);
    expect(schemaProblems('CalculateRequestA', EXAMPLE_REQUEST)).toEqual([]);
  });

  it('its success examples hold the results the engine computes for the example request today', async () => {
    const parsed = parseChartRequest(EXAMPLE_REQUEST);
    if (!parsed.ok) throw new Error('the example request is invalid');
    const core = computeChartCore(parsed.request);
    expect(EXAMPLE_SUCCESS_A.result).toEqual(buildVariantAResult(core, JA_CATALOGUE));
    expect(EXAMPLE_SUCCESS_B.result).toEqual(buildVariantBResult(core, JA_CATALOGUE));
  });

  it('its error examples validate against the error body schema', () => {
    for (const response of Object.values(openApiDocument().components.responses)) {
      for (const example of Object.values(response.content['application/json'].examples ?? {})) {
        const value = (example as { value: unknown }).value;
        const name =
          response === openApiDocument().components.responses.SuccessA
            ? 'SuccessA'
            : response === openApiDocument().components.responses.SuccessB
              ? 'SuccessB'
              : 'ErrorBody';
        expect(schemaProblems(name, value)).toEqual([]);
      }
    }
  });
});

describe('the response validator used by every test', () => {
  it('rejects a success body with a missing field, an extra field or a wrong date format', () => {
    const { log_id: _dropped, ...missing } = EXAMPLE_SUCCESS_B;
    expect(schemaProblems('SuccessB', missing)).not.toEqual([]);
    expect(schemaProblems('SuccessB', { ...EXAMPLE_SUCCESS_B, extra: 1 })).not.toEqual([]);
    expect(
      schemaProblems('SuccessB', { ...EXAMPLE_SUCCESS_B, result: { ...EXAMPLE_SUCCESS_B.result, spring_date: '1990-02-04 11:14' } }),
    ).not.toEqual([]);
    expect(schemaProblems('SuccessA', { ...EXAMPLE_SUCCESS_A, credits_consumed: 10.5 })).not.toEqual([]);
  });
});
