/**
 * `GET /llms.txt` (free): what a language model or an agent needs to use the service, in the
 * llms.txt convention (a title, a summary, sections of links): the MCP endpoint and its tools with
 * this deployment's prices (the tool list's own words), the REST paths, and the documents. Made once
 * per price list.
 */
import { toolDefinitions } from '../../mcp/tools.ts';

const CACHE = new WeakMap<object, string>();

export function llmsTxt(prices: Readonly<Record<string, number>>): string {
  let text = CACHE.get(prices);
  if (text === undefined) {
    text = render(prices);
    CACHE.set(prices, text);
  }
  return text;
}

function render(prices: Readonly<Record<string, number>>): string {
  const tools = toolDefinitions('paid', prices)
    .map((tool) => `- \`${tool.name}\` — ${tool.title}. ${tool.description}`)
    .join('\n');
  return `# Four Pillars (四柱推命 / Bazi) chart API

> Four-pillar charts computed to the second: solar terms from an ephemeris, true solar time, every
> alternative chart within a birth-time window, 大運 with six 起運 methods, the classical analysis
> (旺衰, 格局, 用神) with its sources, 相性, lunar dates and birthplaces, in ja, zh-Hans, zh-Hant, en and ko.
> Call the tools and quote their answers; do not compute pillars yourself: births near a 節 (立春 above
> all) and true solar time are where models go wrong.

An API key (\`fp_…\`) comes from the account dashboard at /account. Every paid call is charged once and
never on an error; the free tools and paths need no key.

## MCP

Streamable HTTP at \`/mcp\` with \`Authorization: Bearer <key>\` (stateless, JSON answers); stdio with
\`npm run -s mcp\` from a checkout (no key, no charge). Tools:

${tools}

Resources: \`four-pillars://docs/…\` (the documents below) and \`four-pillars://vocabulary\` (every code in five
languages). Prompts: \`year_reading\` (年運を読む), \`compatibility_reading\` (相性を見る), \`explain_chart\`.

## Docs

- [Using the tools (MCP)](/docs/mcp.md): tools, costs, host configuration, an example conversation
- [Agent skill](/docs/agent-skill.md): a short skill file for agents
- [Every field](/docs/fields.md): request arguments and answer fields, conventions, special stars
- [REST](/docs/rest.md): paths, credentials, the request table, versioned answers
- [The classical analysis](/docs/analysis.md), [Timeline search](/docs/timeline.md), [Scores](/docs/scores.md), [Sources](/docs/sources.md), [Places](/docs/places.md)

## REST

- [OpenAPI 3.1](/openapi.json): every path and schema
- \`POST /api/v1/calculate\` (Variant B) and \`/v1/calculate\` (Variant A): a chart; \`include=\` adds sections
- \`POST /api/v1/compatibility\`: 相性 of two births
- \`POST /v1/timeline\`: a chart's 大運, 歳運, 月運 or 日運 searched by condition ([the guide](/docs/timeline.md))
- Free: \`/v1/lunar-dates\`, \`/v1/pillars-to-dates\`, \`/v1/places\`, \`/v1/versions\`
- GraphQL at \`/graphql\`
`;
}
