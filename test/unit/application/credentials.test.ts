import { describe, expect, it } from 'vitest';
import { resolveCredentials } from '../../../src/application/paid/credentials.ts';

describe('resolveCredentials (docs/rest.md, Credentials)', () => {
  it('Variant A: query over body over headers', () => {
    const all = { query: 'q', body: 'b', authorization: 'Bearer h', xApiKey: 'x' };
    expect(resolveCredentials('A', all).apiKey).toBe('q');
    expect(resolveCredentials('A', { ...all, query: null }).apiKey).toBe('b');
    expect(resolveCredentials('A', { authorization: 'Bearer h', xApiKey: 'x' }).apiKey).toBe('h');
    expect(resolveCredentials('A', { xApiKey: 'x' }).apiKey).toBe('x');
  });

  it('Variant B: the Authorization header over the query; body and X-API-Key are not accepted', () => {
    expect(resolveCredentials('B', { query: 'q', authorization: 'Bearer h' }).apiKey).toBe('h');
    expect(resolveCredentials('B', { query: 'q' }).apiKey).toBe('q');
    const ignored = resolveCredentials('B', { body: 'b', xApiKey: 'x' });
    expect(ignored.apiKey).toBeNull();
    expect(ignored.acceptedChannels).toBe(
      'an Authorization: Bearer header or the api_key query parameter (the api_key member of a JSON body was sent, but this path ' +
        'does not read it; an X-API-Key header was sent, but this path does not read it)',
    );
    expect(resolveCredentials('B', {}).acceptedChannels).toBe('an Authorization: Bearer header or the api_key query parameter');
  });

  it('GraphQL: Authorization first, then X-API-Key; a query parameter is not accepted', () => {
    expect(resolveCredentials('graphql', { authorization: 'Bearer h', xApiKey: 'x' }).apiKey).toBe('h');
    expect(resolveCredentials('graphql', { xApiKey: 'x' }).apiKey).toBe('x');
    expect(resolveCredentials('graphql', { query: 'q' }).apiKey).toBeNull();
  });

  it('an Authorization header that is not a Bearer token, or an empty value, counts as missing', () => {
    expect(resolveCredentials('B', { authorization: 'Basic dXNlcjpwYXNz' }).apiKey).toBeNull();
    expect(resolveCredentials('B', { authorization: 'Bearer ' }).apiKey).toBeNull();
    expect(resolveCredentials('A', { query: '', xApiKey: 'x' }).apiKey).toBe('x');
    expect(resolveCredentials('A', { authorization: 'bearer  k ' }).apiKey).toBe('k');
  });

  it('names every accepted channel for Variant A', () => {
    expect(resolveCredentials('A', {}).acceptedChannels).toBe(
      'the api_key query parameter, the api_key member of a JSON body, an Authorization: Bearer header or an X-API-Key header',
    );
  });
});
