/**
 * GraphiQL's page: the opening document (a `calculate` call with a fragment on each union member),
 * its variables and the `Authorization` header already filled in, so the first Run answers a chart.
 */
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import type { GraphiQLOptions } from 'graphql-yoga';

export const GRAPHIQL_DEFAULT_DOCUMENT = `# Four Pillars chart API: press Run (▶) for a chart.
# Birth data: the Variables tab below. API key: the Headers tab.
# Ctrl+Space completes a field; the Docs explorer (book icon) describes each one.
mutation Chart($input: CalculateInput!, $variant: Variant! = B) {
  calculate(input: $input, variant: $variant) {
    __typename
    ... on VariantAResponse {
      creditsConsumed
      creditsRemaining
      creditsUsedFrom { monthly auto }
      result { ...ChartA }
    }
    ... on VariantBResponse {
      creditsConsumed
      creditsRemaining
      result { ...ChartB }
    }
  }
}

fragment ChartA on VariantAResult {
  yearGanzhi monthGanzhi dayGanzhi timeGanzhi
  trueSolarTime
  zokan { year month day time }
  gogyoBalance { wood fire earth metal water }
  summary { dayMaster strength fortuneScore }
}

fragment ChartB on VariantBResult {
  yearGanzhi monthGanzhi dayGanzhi timeGanzhi
  trueSolarTimeRaw
  shensha { summary { activeStars fortuneScore } }
  enhancedSummary { fortuneIndicators { overallFortune { score level } } }
}
`;

export const GRAPHIQL_DEFAULT_VARIABLES = JSON.stringify(
  { input: { year: 2024, month: 2, day: 4, time: '17:27', location: 139.69 }, variant: 'B' },
  null,
  2,
);

/** Shown in the Headers tab when no key can be filled in (the deployer's own keys are not known to the page). */
export const API_KEY_PLACEHOLDER = '<your API key>';

export function graphiqlHeaders(apiKey: string | undefined): string {
  return JSON.stringify({ Authorization: `Bearer ${apiKey ?? API_KEY_PLACEHOLDER}` }, null, 2);
}

/**
 * The whole GraphiQL page (HTML with the editor inlined: no CDN). `apiKey` goes into the Headers
 * tab: the demo key of the embedded store outside production, never a real customer's key.
 */
export function renderGraphiQLPage(endpoint: string, apiKey: string | undefined): string {
  const headers = graphiqlHeaders(apiKey);
  // Yoga's GraphiQL component opens its editors from `query`, `variables` and `headers` (read by the
  // component, absent from the option type); `defaultTabs` alone leaves Variables and Headers empty.
  const options: GraphiQLOptions & { readonly query: string; readonly variables: string } = {
    title: 'Four Pillars API',
    endpoint,
    defaultQuery: GRAPHIQL_DEFAULT_DOCUMENT,
    query: GRAPHIQL_DEFAULT_DOCUMENT,
    variables: GRAPHIQL_DEFAULT_VARIABLES,
    headers,
    defaultTabs: [{ query: GRAPHIQL_DEFAULT_DOCUMENT, variables: GRAPHIQL_DEFAULT_VARIABLES, headers }],
    defaultEditorToolsVisibility: 'variables',
  };
  return renderGraphiQL(options);
}
