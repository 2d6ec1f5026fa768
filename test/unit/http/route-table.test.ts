/**
 * The one route table (src/http/route-table.ts): a path's route, label and facts, the 405 handler for
 * every other method, paths matched as sent, parameters handed over undecoded.
 */
import { describe, expect, it } from 'vitest';
import { RouteTable, type RouteHandler } from '../../../src/http/route-table.ts';

const serve: RouteHandler<unknown> = () => 'served';
const refuse: RouteHandler<unknown> = () => 'wrong method';
const table = new RouteTable<unknown>([
  { path: '/health', label: '/health', methods: ['GET', 'HEAD'], handle: serve, wrongMethod: refuse, unlimited: true },
  { path: '/api/v1/calculate', label: '/api/v1/calculate', methods: ['GET', 'POST'], handle: serve, wrongMethod: refuse, paid: true },
  { path: '/admin/v1/accounts/:account', label: '/admin/v1', methods: ['GET', 'HEAD'], handle: serve, wrongMethod: refuse },
  { path: '/admin/v1/*', label: '/admin/v1', methods: 'any', handle: serve, wrongMethod: refuse },
]);
const run = (method: string, path: string) => {
  const found = table.find(method, path);
  return found === null
    ? null
    : {
        label: found.store.label,
        answer: found.handler(undefined as never, undefined as never, undefined, found.params),
        params: { ...found.params },
      };
};

describe('the route table', () => {
  it('gives a path its route, label and facts, and every other method the route’s 405 handler', () => {
    expect(run('GET', '/health')).toMatchObject({ label: '/health', answer: 'served' });
    expect(run('DELETE', '/health')).toMatchObject({ label: '/health', answer: 'wrong method' });
    expect(table.find('GET', '/api/v1/calculate')?.store.paid).toBe(true);
  });

  it('never adds HEAD to a GET route by itself: a paid GET spends credits', () => {
    expect(run('HEAD', '/api/v1/calculate')).toMatchObject({ answer: 'wrong method' });
  });

  it('matches paths as sent: no percent-decoding, no fragment cut, no absolute URL, no case or slash folding', () => {
    for (const path of ['/%68ealth', '/health#x', '/health/', '//health', '/HEALTH', 'http://localhost/health', '*'])
      expect(run('GET', path)).toBeNull();
  });

  it('hands parameters over undecoded (their handler decodes them), a family’s other paths to its wildcard', () => {
    expect(run('GET', '/admin/v1/accounts/a%20b%2Fc')).toMatchObject({ answer: 'served', params: { account: 'a%20b%2Fc' } });
    expect(run('GET', '/admin/v1/accounts/a#b')).toMatchObject({ params: { account: 'a#b' } });
    expect(run('PUT', '/admin/v1/%61ccounts/x')).toMatchObject({ label: '/admin/v1', answer: 'served', params: { '*': '%61ccounts/x' } });
    expect(run('GET', '/nowhere')).toBeNull();
  });
});
