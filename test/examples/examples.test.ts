/**
 * The two clients under examples/, run as a user would run them: against a real server on a
 * loopback port, with a real key. Also: the REST client's generated types are what
 * `npm run examples:openapi` writes today (the GraphQL client's ./gql is checked with the rest of
 * the codegen output in test/graphql/schema-artifacts.test.ts).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as graphqlClient from '../../examples/graphql-client/chart.ts';
import * as restClient from '../../examples/rest-client/chart.ts';
import { EXAMPLE_OPENAPI_TYPES, exampleOpenApiTypes } from '../../scripts/gen-example-openapi-types.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';

/** 1990-05-15 10:30 at 139.69°E: 庚午 辛巳 庚辰 辛巳. */
const BIRTH = { year: 1990, month: 5, day: 15, hour: 10, minute: 30, location: 139.69 };
const PILLARS = { yearGanzhi: '庚午', monthGanzhi: '辛巳', dayGanzhi: '庚辰', timeGanzhi: '辛巳' };

describe('examples/', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(() => app.close());

  /** A fresh key with 1000 credits, so each test sees its own balance. */
  async function newKey(): Promise<string> {
    const { apiKey } = await app.admin.createAccount({
      plan: 'standard',
      monthlyAllowance: 1000,
      autoCredits: 0,
      autocharge: { threshold: 0, amount: 0 },
    });
    return apiKey;
  }

  describe('graphql-client', () => {
    it('chart() returns the typed Variant B chart and charges 10 credits', async () => {
      const result = await graphqlClient.chart(app.baseUrl, await newKey(), BIRTH);
      if (result.__typename !== 'VariantBResponse') throw new Error(`expected Variant B, got ${result.__typename}`);
      expect(result.creditsConsumed).toBe(10);
      expect(result.creditsRemaining).toBe(990);
      expect(result.result).toEqual({ ...PILLARS, nayin: { dayPillar: { nayin: '白鑞金' } } });
    });

    it('chart(…, "A") returns the other member of the union', async () => {
      const result = await graphqlClient.chart(app.baseUrl, await newKey(), { ...BIRTH, hour: null, minute: null, time: '10:30' }, 'A');
      expect(result).toEqual({ __typename: 'VariantAResponse', creditsConsumed: 10, creditsRemaining: 990, result: PILLARS });
    });

    it('a bad input throws GraphQLRequestError with code BAD_USER_INPUT, and charges nothing', async () => {
      const key = await newKey();
      const refused = graphqlClient.chart(app.baseUrl, key, { ...BIRTH, month: 13 });
      await expect(refused).rejects.toBeInstanceOf(graphqlClient.GraphQLRequestError);
      await expect(refused).rejects.toMatchObject({
        code: 'BAD_USER_INPUT',
        message: expect.stringMatching(/month must be an integer from 1 to 12/),
      });
      expect((await graphqlClient.chart(app.baseUrl, key, BIRTH)).creditsRemaining).toBe(990);
    });

    it('a wrong key throws with code UNAUTHENTICATED', async () => {
      await expect(graphqlClient.chart(app.baseUrl, 'not-a-key', BIRTH)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    });
  });

  describe('rest-client', () => {
    it('chart() returns the typed Variant B body and charges 10 credits', async () => {
      const body = await restClient.chart(app.baseUrl, await newKey(), BIRTH);
      expect(body).toMatchObject({ status: 'success', credits_consumed: 10, credits_remaining: 990 });
      const { year_ganzhi, month_ganzhi, day_ganzhi, time_ganzhi } = body.result;
      expect([year_ganzhi, month_ganzhi, day_ganzhi, time_ganzhi]).toEqual(['庚午', '辛巳', '庚辰', '辛巳']);
      expect(body.result.nayin.day_pillar.nayin).toBe('白鑞金');
    });

    it('a bad input throws ApiError with status 400 and code BAD_USER_INPUT, and charges nothing', async () => {
      const key = await newKey();
      const refused = restClient.chart(app.baseUrl, key, { ...BIRTH, month: 13 });
      await expect(refused).rejects.toBeInstanceOf(restClient.ApiError);
      await expect(refused).rejects.toMatchObject({
        status: 400,
        code: 'BAD_USER_INPUT',
        message: expect.stringMatching(/month must be an integer from 1 to 12/),
      });
      expect((await restClient.chart(app.baseUrl, key, BIRTH)).credits_remaining).toBe(990);
    });

    it('a wrong key throws ApiError with status 401 and code UNAUTHENTICATED', async () => {
      await expect(restClient.chart(app.baseUrl, 'not-a-key', BIRTH)).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    });

    it('the client types every path of the document: GET /health', async () => {
      const { data, response } = await restClient.createChartClient(app.baseUrl, 'unused').GET('/health');
      expect(response.status).toBe(200);
      expect(data).toEqual({ status: 'ok' });
    });

    it('its generated types are current (run `npm run examples:openapi`)', async () => {
      expect(readFileSync(EXAMPLE_OPENAPI_TYPES, 'utf8')).toBe(await exampleOpenApiTypes());
    });
  });
});
