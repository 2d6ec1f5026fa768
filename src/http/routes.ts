/**
 * Every path the listener serves, in one route table (route-table.ts): the paid and free operations'
 * REST paths and the fixed pages (rest/router.ts), GraphQL's and MCP's paths, the dashboard's pages
 * under `/account` and the operator API under `/admin/v1`. Each route's label names its requests in
 * the metrics; a path no route has is a 404, labelled `other`.
 */
import type { RequestIdentity } from '../application/paid/request-identity.ts';
import type { Services } from '../application/services.ts';
import type { Caller } from '../graphql/builder.ts';
import { GRAPHQL_PATH } from '../graphql/server.ts';
import { handleMcp, MCP_PATH } from '../mcp/http.ts';
import { dashboardRoutes, type DashboardHttpOptions } from './account/routes.ts';
import { adminApiRoutes } from './admin/api.ts';
import type { createGraphQLFastPath } from './graphql-fast-path.ts';
import { wantsPage, type createGraphQLPage } from './graphql-page.ts';
import type { PaidRoute } from './rest/paid-route.ts';
import { restRoutes, type RestRouteOptions } from './rest/router.ts';
import { methodNotAllowed, RouteTable, type Route, type RouteFacts } from './route-table.ts';

/** What a route's handler gets of its request beyond req and res: its identity, and whose request it is. */
export interface RouteContext extends RequestIdentity {
  /** Decided before the handler runs (app.ts): keyed, keyless, or a key that was refused. */
  readonly caller: Caller;
}

/** The facts and label of a path no route has. */
export const UNROUTED: RouteFacts & { readonly label: string } = { label: 'other' };

export interface RouteTableParts extends RestRouteOptions {
  readonly services: Services;
  /** The paid operations' paths (rest/paid-route.ts). */
  readonly paidRoutes: ReadonlyMap<string, PaidRoute>;
  /** GraphiQL's page, for a browser's GET of `/graphql`. */
  readonly graphqlPage: ReturnType<typeof createGraphQLPage>;
  readonly graphqlFastPath: ReturnType<typeof createGraphQLFastPath>;
  readonly dashboard: DashboardHttpOptions;
  /** The client's address (behind the trusted proxies). */
  readonly addressOf: Parameters<typeof adminApiRoutes>[0]['addressOf'];
}

export function createRouteTable(parts: RouteTableParts): RouteTable<RouteContext> {
  const { services, graphqlPage, graphqlFastPath } = parts;
  const graphql: Route<RouteContext> = {
    path: GRAPHQL_PATH,
    label: GRAPHQL_PATH,
    // Yoga answers every method (and its own 405).
    methods: 'any',
    handle: (req, res, context) =>
      wantsPage(req) ? graphqlPage(req, res) : graphqlFastPath(req, res, { services, identity: context, caller: context.caller }),
    wrongMethod: () => undefined,
    graphql: true,
    headerKeyOnly: true,
  };
  const mcp: Route<RouteContext> = {
    path: MCP_PATH,
    label: MCP_PATH,
    methods: ['POST'],
    handle: (req, res, context) => handleMcp(req, res, services, context),
    wrongMethod: methodNotAllowed('POST', 'POST'),
    headerKeyOnly: true,
  };
  return new RouteTable<RouteContext>([
    ...restRoutes(services, parts.paidRoutes, parts),
    graphql,
    mcp,
    ...dashboardRoutes(() => services.dashboard ?? undefined, parts.dashboard),
    ...adminApiRoutes({ operator: () => services.operator ?? undefined, addressOf: parts.addressOf }),
  ]);
}
