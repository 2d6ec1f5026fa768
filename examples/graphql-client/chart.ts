/**
 * A typed GraphQL client for the Four Pillars API in one file: a `graphql(…)` document whose types
 * GraphQL Code Generator's client preset writes into ./gql (`npm run codegen`), and a small
 * `fetch` executor that takes any TypedDocumentNode, so results and variables are typed end to end.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { graphql } from './gql/index.ts';
import type { CalculateInput, ChartMutation, Variant } from './gql/graphql.ts';

/** The paid `calculate` mutation, selecting a few fields of each member of its result union. */
export const ChartDocument = graphql(`
  mutation Chart($input: CalculateInput!, $variant: Variant!) {
    calculate(input: $input, variant: $variant) {
      __typename
      ... on VariantAResponse {
        creditsConsumed
        creditsRemaining
        result {
          yearGanzhi
          monthGanzhi
          dayGanzhi
          timeGanzhi
        }
      }
      ... on VariantBResponse {
        creditsConsumed
        creditsRemaining
        result {
          yearGanzhi
          monthGanzhi
          dayGanzhi
          timeGanzhi
          nayin {
            dayPillar {
              nayin
            }
          }
        }
      }
    }
  }
`);

/** One entry of a GraphQL response's `errors`: `extensions.code` is the API's error code (BAD_USER_INPUT, …). */
export interface GraphQLErrorEntry {
  readonly message: string;
  readonly path?: readonly (string | number)[];
  readonly extensions?: { readonly code?: string; readonly [key: string]: unknown };
}

/** The server answered with `errors`: `code` is the first error's `extensions.code`. */
export class GraphQLRequestError extends Error {
  readonly status: number;
  readonly errors: readonly GraphQLErrorEntry[];
  readonly code: string | undefined;
  constructor(status: number, errors: readonly GraphQLErrorEntry[]) {
    super(errors.map((error) => error.message).join('; '));
    this.name = 'GraphQLRequestError';
    this.status = status;
    this.errors = errors;
    this.code = errors[0]?.extensions?.code;
  }
}

/** POSTs a typed document to `url` with the key as `Authorization: Bearer`; any `errors` are thrown. */
export async function execute<TResult, TVariables>(
  url: string,
  apiKey: string,
  document: TypedDocumentNode<TResult, TVariables>,
  variables: TVariables,
): Promise<TResult> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ query: print(document), variables }),
  });
  const body = (await response.json()) as { data?: TResult | null; errors?: GraphQLErrorEntry[] };
  if (body.errors !== undefined && body.errors.length > 0) throw new GraphQLRequestError(response.status, body.errors);
  if (body.data === undefined || body.data === null) throw new GraphQLRequestError(response.status, [{ message: 'no data' }]);
  return body.data;
}

/** The chart: a Variant A or B response, told apart by `__typename`. */
export type Chart = NonNullable<ChartMutation['calculate']>;

/** Casts a chart (10 credits) through `POST {baseUrl}/graphql`. */
export async function chart(baseUrl: string, apiKey: string, input: CalculateInput, variant: Variant = 'B'): Promise<Chart> {
  const data = await execute(`${baseUrl}/graphql`, apiKey, ChartDocument, { input, variant });
  if (data.calculate === null || data.calculate === undefined) throw new GraphQLRequestError(200, [{ message: 'calculate was null' }]);
  return data.calculate;
}

// `node examples/graphql-client/chart.ts [baseUrl] [apiKey]`: one chart, 1990-05-15 10:30 at 139.69°E.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl = 'http://127.0.0.1:4000', apiKey = process.env['API_KEY'] ?? ''] = process.argv.slice(2);
  const result = await chart(baseUrl, apiKey, { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 });
  console.log(JSON.stringify(result, null, 2));
}
