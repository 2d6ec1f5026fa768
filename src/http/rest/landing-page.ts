/** `GET /`: where a person who opens the service in a browser finds the way in. Built once. */
export const LANDING_PAGE = `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Four Pillars chart API (四柱推命)</title>
<style>
  body { font-family: system-ui, "Hiragino Sans", "Noto Sans JP", "Yu Gothic", Meiryo, sans-serif; max-width: 42rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.6; }
  code { background: #f3f3f3; padding: 0 .25rem; }
</style>
</head>
<body>
<h1>Four Pillars chart API <small>四柱推命</small></h1>
<p>Birth date, time and longitude in; year, month, day and hour pillars and their analysis out.</p>
<ul>
  <li><a href="/account/signup">Sign up</a> (アカウント登録) for an API key; <a href="/account/login">log in</a> for your keys, balance and usage</li>
  <li><a href="/chart">命式表</a>: a birth's chart as the traditional table, in this browser (needs an API key)</li>
  <li><a href="/docs/report.md">鑑定書</a>: a reading as an A4 PDF, <code>GET|POST /v1/report.pdf</code></li>
  <li><a href="/docs/mcp.md">MCP</a> for AI assistants at <code>/mcp</code>; <a href="/llms.txt">/llms.txt</a>, the service described for language models</li>
  <li><a href="/graphql">GraphQL</a> at <code>/graphql</code>: GraphiQL in a browser, when enabled (its Docs explorer describes every field)</li>
  <li>REST: <code>GET|POST /v1/calculate</code> (Variant A), <code>GET|POST /api/v1/calculate</code> (Variant B); <a href="/openapi.json">OpenAPI document</a></li>
  <li>Operations: <a href="/health">/health</a>, <a href="/ready">/ready</a>, <a href="/metrics">/metrics</a></li>
</ul>
<h2>Docs</h2>
<ul>
  <li><a href="/docs/fields.md">Fields</a>: every request and response field, with its Japanese term, reading and meaning</li>
  <li>Sample answers: <a href="/docs/samples/variant-a.json">Variant A</a>, <a href="/docs/samples/variant-b.json">Variant B</a></li>
  <li><a href="/docs/rest.md">REST</a> (credentials, errors, examples), <a href="/docs/credits.md">credits</a>, <a href="/docs/scores.md">how the scores are computed</a></li>
</ul>
<p>Paid calls need an API key: <code>Authorization: Bearer &lt;key&gt;</code>.</p>
</body>
</html>
`;
