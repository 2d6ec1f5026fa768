/**
 * One CORS policy for REST and GraphQL (`CORS_ORIGINS`): only listed origins are answered with
 * `Access-Control-Allow-Origin` (`*` lists every origin); credentials are never allowed, since API
 * keys travel in headers the browser app sets itself. With no origins listed, no CORS header is sent
 * and browsers on other origins cannot read answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOWED_METHODS = 'GET, POST';
const ALLOWED_HEADERS = 'Authorization, Content-Type, X-API-Key, Idempotency-Key, X-GraphQL-Yoga-CSRF';
const EXPOSED_HEADERS = 'X-Request-Id, Retry-After';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

export interface CorsPolicy {
  /**
   * Adds the CORS headers the request's origin earns. Returns true when the request was a
   * preflight and has been answered (204).
   */
  apply(req: IncomingMessage, res: ServerResponse): boolean;
}

export function createCorsPolicy(origins: readonly string[]): CorsPolicy {
  const anyOrigin = origins.includes('*');
  const listed = new Set(origins);
  return {
    apply(req, res) {
      const origin = req.headers.origin;
      if (origin === undefined) return false;
      const allowed = anyOrigin || listed.has(origin);
      if (allowed) {
        res.setHeader('Access-Control-Allow-Origin', anyOrigin ? '*' : origin);
        res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      }
      if (!anyOrigin) res.setHeader('Vary', 'Origin');
      if (req.method !== 'OPTIONS' || req.headers['access-control-request-method'] === undefined) return false;
      if (allowed) {
        res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
        res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
        res.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
      }
      res.writeHead(204).end();
      return true;
    },
  };
}
