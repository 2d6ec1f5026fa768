/**
 * What a browser gets at `/graphql` (a GET that accepts `text/html`): GraphiQL, compressed, when it
 * is on; otherwise a short page that says how to call the endpoint, instead of a GraphQL error.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GRAPHQL_PATH } from '../graphql/server.ts';
import { sendText } from '../wire/respond.ts';
import { createStaticPage, type StaticPage } from './static-page.ts';

export interface GraphQLPageOptions {
  /** Serve GraphiQL (`GRAPHIQL`). */
  readonly graphiql: boolean;
  /** The key GraphiQL's Headers tab opens with: the embedded store's demo key outside production, else none. */
  readonly graphiqlApiKey?: string | undefined;
}

/** A browser's page load, as yoga tells it from an API call: GET (or HEAD) accepting HTML. */
export const wantsPage = (req: IncomingMessage): boolean =>
  (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');

const GRAPHIQL_OFF_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GraphQL endpoint: Four Pillars chart API</title>
<style>
  body { font-family: system-ui, "Hiragino Sans", "Noto Sans JP", "Yu Gothic", Meiryo, sans-serif; max-width: 42rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.6; }
  pre, code { background: #f3f3f3; padding: 0 .25rem; }
  pre { padding: .75rem; overflow-x: auto; }
</style>
</head>
<body>
<h1>GraphQL endpoint</h1>
<p>This is the Four Pillars chart API's GraphQL endpoint. The GraphiQL explorer is off on this
deployment (it is on when <code>GRAPHIQL=1</code>), so send GraphQL requests with any client:</p>
<pre>curl -s https://&lt;host&gt;${GRAPHQL_PATH} \\
  -H 'Content-Type: application/json' -H 'Authorization: Bearer &lt;your API key&gt;' \\
  -d '{"query":"mutation { calculate(input: {year: 1990, month: 5, day: 15, time: \\"10:30\\", location: 139.69}) { ... on VariantBResponse { result { yearGanzhi monthGanzhi dayGanzhi timeGanzhi } } } }"}'</pre>
<p>The schema is available by introspection to any GraphQL client and code generator. REST:
<a href="/openapi.json">OpenAPI document</a>. <a href="/">Start page</a>.</p>
</body>
</html>
`;

/** Answers a browser's page load at `/graphql`. */
export function createGraphQLPage(options: GraphQLPageOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> | void {
  if (!options.graphiql) return (_req, res) => sendText(res, 200, GRAPHIQL_OFF_PAGE, 'text/html; charset=utf-8');
  let page: Promise<StaticPage> | undefined;
  return async (req, res) => {
    // Loaded and rendered on first use: GraphiQL's bundle is 9 MB of JavaScript that most
    // processes (tests, production) never serve.
    page ??= import('../graphql/graphiql-page.ts').then(({ renderGraphiQLPage }) =>
      createStaticPage(renderGraphiQLPage(GRAPHQL_PATH, options.graphiqlApiKey)),
    );
    return (await page).serve(req, res);
  };
}
