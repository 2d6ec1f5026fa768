/** GraphiQL's opening document: a `calculate` call with a fragment on each union member. */
export const GRAPHIQL_DEFAULT_DOCUMENT = `# Four Pillars chart API. Put your key in the Headers tab:
# { "Authorization": "Bearer fp_…" }
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
