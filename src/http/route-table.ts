/**
 * The service's one route table, on find-my-way (fastify's router: a radix tree per method, static
 * segments, `:name` parameters and a trailing `*`). Each route is a path, the methods it serves in
 * the order `Allow` names them, its handler, the handler of every other method (a 405 naming the
 * served ones, or a family's own answer), the label of its requests' metrics, and the facts the app
 * decides on before any handler runs (a paid path, a probe, …). Built once at start-up; a look-up
 * is one walk of the method's tree.
 *
 * Paths are matched as sent: find-my-way decodes percent-escapes of the path and ends it at `#`,
 * so a path holding either has them escaped before the look-up (a static route then never matches
 * it, a parameter or `*` receives its text undecoded); a path that does not begin with `/` (an
 * absolute URL, `*`) matches nothing.
 */
import { METHODS, type IncomingMessage, type ServerResponse } from 'node:http';
import FindMyWay from 'find-my-way';
import { refusals } from '../application/refusals.ts';
import { sendError } from '../wire/respond.ts';

/** A route's parameters (`:account`), as sent: not percent-decoded. */
export type RouteParams = Readonly<Record<string, string | undefined>>;

/** Serves a request of a route; what it returns (a promise for the asynchronous ones) is awaited by the app. */
export type RouteHandler<C> = (req: IncomingMessage, res: ServerResponse, context: C, params: RouteParams) => unknown;

/** What the app knows of a path before any handler runs. */
export interface RouteFacts {
  /** A paid operation's path: its key is checked in the paid pipeline (perhaps in the body). */
  readonly paid?: boolean;
  /** Probes and metrics: never limited per client address. */
  readonly unlimited?: boolean;
  /** The route checks a credential of its own (an admin or metrics token), not an API key. */
  readonly ownCredentials?: boolean;
  /** An API key is read from the headers only, never from the query. */
  readonly headerKeyOnly?: boolean;
  /** GraphQL's path: which documents it accepts depends on whose request it is. */
  readonly graphql?: boolean;
  /** The path holds a secret (a feed's token): logged as the route's label, never as sent. */
  readonly secretPath?: boolean;
}

export interface Route<C> extends RouteFacts {
  /** find-my-way's syntax: static segments, `:name` for one segment, a trailing `*` for the rest. */
  readonly path: string;
  /** Its requests' metric label (one per route or family: `/account` for the dashboard's pages). */
  readonly label: string;
  /** The methods served, in `Allow`'s order; `any` for a route that answers every method itself. */
  readonly methods: readonly string[] | 'any';
  readonly handle: RouteHandler<C>;
  /** Any other method (see `methodNotAllowed`). */
  readonly wrongMethod: RouteHandler<C>;
}

/** find-my-way's answer: the handler for the method, the route, its parameters. */
export interface Matched<C> {
  readonly handler: RouteHandler<C>;
  readonly store: Route<C>;
  readonly params: RouteParams;
}

/** Every method Node parses that find-my-way routes (all of them: `all()` registers each one the router knows). */
const ALL_METHODS: readonly string[] = (() => {
  const probe = FindMyWay();
  probe.all('/', () => undefined);
  return METHODS.filter((method) => probe.hasRoute(method as FindMyWay.HTTPMethod, '/'));
})();

const NO_QUERY = Object.freeze({});

export class RouteTable<C> {
  private readonly router = FindMyWay({
    // Parameters are account ids, key ids, months: never long, but a long one is the handler's to refuse.
    maxParamLength: 8192,
    // Queries are read by each handler: nothing parsed (nor allocated) per look-up.
    querystringParser: () => NO_QUERY,
  });
  private readonly routes: Route<C>[] = [];

  constructor(routes: Iterable<Route<C>>) {
    for (const route of routes) this.add(route);
  }

  private add(route: Route<C>): void {
    const { methods } = route;
    type Handler = FindMyWay.Handler<FindMyWay.HTTPVersion.V1>;
    if (methods === 'any') this.router.all(route.path, route.handle as unknown as Handler, route);
    else {
      const others = ALL_METHODS.filter((method) => !methods.includes(method));
      this.router.on(methods as FindMyWay.HTTPMethod[], route.path, route.handle as unknown as Handler, route);
      this.router.on(others as FindMyWay.HTTPMethod[], route.path, route.wrongMethod as unknown as Handler, route);
    }
    this.routes.push(route);
  }

  /** The route of a path (without its query) and the handler for a method; null for a path no route has. */
  find(method: string | undefined, path: string): Matched<C> | null {
    if (path.charCodeAt(0) !== 0x2f /* / */) return null;
    if (path.includes('%') || path.includes('#')) path = path.replaceAll('%', '%25').replaceAll('#', '%23');
    return this.router.find((method ?? 'GET') as FindMyWay.HTTPMethod, path) as Matched<C> | null;
  }

  /** Every route, in the order added. */
  all(): readonly Route<C>[] {
    return this.routes;
  }
}

const MAX_SHOWN_PATH_CHARS = 200;

/** A request's path without its query. */
export const pathOf = (url: string | undefined): string => {
  const path = url ?? '/';
  const queryStart = path.indexOf('?');
  return queryStart === -1 ? path : path.slice(0, queryStart);
};

/** A request's query string (after `?`), or null without one. */
export const queryOf = (url: string | undefined): string | null => {
  const queryStart = url === undefined ? -1 : url.indexOf('?');
  return queryStart === -1 ? null : url!.slice(queryStart + 1);
};

/** A path as answers and logs show it: at most 200 characters, then `…`. */
export const shownPath = (path: string): string => (path.length > MAX_SHOWN_PATH_CHARS ? `${path.slice(0, MAX_SHOWN_PATH_CHARS)}…` : path);

/** A path as a static route: find-my-way reads `:` and `*` as a parameter and a wildcard. */
export function literalPath(path: string): string {
  if (!path.startsWith('/') || /[:*?#%]/.test(path)) throw new Error(`${path}: a route's path is / and plain segments`);
  return path;
}

/** The 404 of a path no route serves (its path echoed, cut at 200 characters). */
export const sendNotFound = (req: IncomingMessage, res: ServerResponse): void =>
  sendError(req, res, refusals.notFound(req.method ?? '', shownPath(pathOf(req.url))));

/** The 405 of a route: `Method X is not allowed: use <text>`, with `Allow: <allow>`. */
export const methodNotAllowed =
  (text: string, allow: string): RouteHandler<unknown> =>
  (req, res) =>
    sendError(req, res, refusals.methodNotAllowed(req.method ?? '', text), { Allow: allow });
