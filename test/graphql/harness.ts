/**
 * In-process GraphQL harness: the real schema and yoga server over an embedded credit store, driven
 * with `yoga.fetch` (no socket) and the codegen-typed documents of test/graphql/operations.
 */
import { randomUUID } from 'node:crypto';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { MemoryCreditStore } from '../../src/adapters/memory/credit-store.ts';
import { createAccountAdmin, type NewAccountRequest } from '../../src/application/accounts/account-admin.ts';
import type { CreditStore } from '../../src/application/ports/credit-store.ts';
import { silentLogger } from '../../src/application/ports/logger.ts';
import { detachedIdentity } from '../../src/application/paid/request-identity.ts';
import type { Services } from '../../src/application/services.ts';
import { composeServices } from '../../src/composition.ts';
import { loadConfig } from '../../src/config.ts';
import { createGraphQLServer, type GraphQLServer } from '../../src/graphql/server.ts';

export interface GraphQLReply<R> {
  readonly status: number;
  readonly data?: R | null;
  readonly errors?: {
    message: string;
    path?: string[];
    extensions?: { code?: string; issues?: { path: (string | number)[]; message: string }[] };
  }[];
  readonly headers: Headers;
}

export interface Harness {
  readonly store: CreditStore;
  readonly services: Services;
  readonly yoga: GraphQLServer;
  customer(account?: Partial<NewAccountRequest>): Promise<{ accountId: string; apiKey: string; auth: Record<string, string> }>;
  execute<R, V>(document: TypedDocumentNode<R, V>, variables: V, headers?: Record<string, string>): Promise<GraphQLReply<R>>;
  raw(init: RequestInit & { url?: string }): Promise<Response>;
  totalCredits(accountId: string): Promise<number>;
}

export function createHarness(options: { store?: CreditStore; env?: Record<string, string> } = {}): Harness {
  const store = options.store ?? new MemoryCreditStore();
  // Rate limit off unless a test turns it on (see test/support/app-server.ts).
  // The harness runs on an embedded store by construction, production included.
  const config = loadConfig({ RATE_LIMIT_PER_SECOND: '0', ALLOW_EMBEDDED_STORE: '1', ...options.env });
  const services = composeServices(config, store, silentLogger);
  const yoga = createGraphQLServer({ production: config.nodeEnv === 'production' });
  const admin = createAccountAdmin(store);

  const raw: Harness['raw'] = ({ url = 'http://localhost/graphql', ...init }) =>
    Promise.resolve(yoga.fetch(url, init, { services, identity: detachedIdentity(randomUUID(), services.settlement) }));

  return {
    store,
    services,
    yoga,
    async customer(account = {}) {
      const created = await admin.createAccount({
        plan: 'standard',
        monthlyAllowance: 1000,
        autoCredits: 0,
        autocharge: { threshold: 0, amount: 0 },
        ...account,
      });
      return { ...created, auth: { authorization: `Bearer ${created.apiKey}` } };
    },
    async execute(document, variables, headers = {}) {
      const response = await raw({
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query: print(document), variables }),
      });
      return { status: response.status, headers: response.headers, ...(await response.json()) };
    },
    raw,
    async totalCredits(accountId) {
      const snapshot = await store.balance(accountId);
      if (snapshot === null) throw new Error(`no account ${accountId}`);
      return snapshot.monthlyCredits + snapshot.autoCredits;
    },
  };
}
