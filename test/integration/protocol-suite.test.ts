/**
 * The common protocol suite: every registered paid operation, on every protocol that serves it (each
 * REST path and method, its GraphQL field, each MCP tool), read from the registry. For each: no key,
 * an unknown key and a revoked one are a 401, an empty balance and one short of the price a 402, a
 * method the path does not serve a 405 (REST), a key over its rate a 429 (with Retry-After on REST
 * and GraphQL), a success charges the configured price exactly once, a refusal charges nothing, a
 * retry with the same idempotency key answers the first answer without a second charge or ledger
 * entry (REST, GraphQL), and the configured price is the one every description states. Every REST
 * refusal is the error body and headers /openapi.json declares for its path, method and status. An
 * operation registered without a line below fails the suite, naming it: no operation goes untested.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../src/application/accounts/api-keys.ts';
import { paidOperations } from '../../src/wire/operations/index.ts';
import { openApiProblems } from '../rest/support/openapi-validator.ts';
import { createStandardAccount, creditState, type TestAccount } from '../rest/support/server.ts';
import { startAppServer, type RunningApp } from '../support/app-server.ts';
import { clientOf, type Client, type Reply } from '../support/client.ts';

const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };
const PARTNER = { year: 1992, month: 11, day: 3, time: '08:00', location: 135.5 };
/** Prices that are no operation's default, so a description that states a default is caught. */
const PRICES: Readonly<Record<string, number>> = { chart: 11, compatibility: 23, report: 47, timeline: 7 };
const ENV = { CREDIT_COST: '11', COMPATIBILITY_COST: '23', REPORT_COST: '47', TIMELINE_COST: '7' };

const literal = (value: unknown): string => JSON.stringify(value).replace(/"(\w+)":/g, '$1:');

/** What a valid call and a refused one look like for each operation, on each protocol. */
interface Calls {
  /** A valid input: a REST body, the query string of a GET (flat), the MCP arguments. */
  readonly input: Record<string, unknown>;
  /** The same with a field broken: refused before any charge. */
  readonly broken: Record<string, unknown>;
  /** The GraphQL mutation of `input`, or of `broken`. */
  readonly graphql: (broken: boolean) => string;
  /** A tool whose arguments are not `input` / `broken`: its own, by tool name. */
  readonly tools?: Readonly<Record<string, (broken: boolean) => Record<string, unknown>>>;
}

const CALLS: Readonly<Record<string, Calls>> = {
  chart: {
    input: BIRTH,
    broken: { ...BIRTH, month: 13 },
    tools: { chart_luck: (broken) => ({ ...BIRTH, ...(broken ? { month: 13 } : {}), gender: 'female', luck_year: 2024 }) },
    graphql: (broken) =>
      `mutation($k: String) { calculate(input: ${literal(broken ? { ...BIRTH, month: 13 } : BIRTH)}, variant: B, idempotencyKey: $k) { ... on VariantBResponse { creditsConsumed } } }`,
  },
  compatibility: {
    input: { a: BIRTH, b: PARTNER },
    broken: { a: BIRTH, b: { ...PARTNER, month: 13 } },
    graphql: (broken) =>
      `mutation($k: String) { compatibility(a: ${literal(BIRTH)}, b: ${literal(broken ? { ...PARTNER, month: 13 } : PARTNER)}, idempotencyKey: $k) { creditsConsumed } }`,
  },
  report: {
    input: { ...BIRTH, luck_year: 2024 },
    broken: { ...BIRTH, luck_year: 1700 },
    tools: { chart_report: (broken) => ({ birth: BIRTH, luck_year: broken ? 1700 : 2024 }) },
    graphql: (broken) =>
      `mutation($k: String) { report(input: ${literal(BIRTH)}, luckYear: ${broken ? 1700 : 2024}, idempotencyKey: $k) { creditsConsumed } }`,
  },
  timeline: {
    input: { birth: BIRTH, level: 'annual', from: '2026-01-01', where: { ten_god: 'cai' }, limit: 2 },
    broken: { birth: BIRTH, level: 'anual', from: '2026-01-01' },
    graphql: (broken) =>
      `mutation($k: String) { timeline(birth: ${literal(BIRTH)}, level: ${broken ? 'ANNUAL, from: "2026-13-01"' : 'ANNUAL, from: "2026-01-01"'}, where: { ten_god: "cai" }, limit: 2, idempotencyKey: $k) { creditsConsumed } }`,
  },
};

/** One way to call an operation: a REST path and method, the GraphQL field, or an MCP tool. */
interface Surface {
  readonly label: string;
  readonly call: (client: Client, broken: boolean, idempotencyKey?: string) => Promise<Reply>;
  /** The answer's error code, or null for a success. */
  readonly codeOf: (reply: Reply) => string | null;
  /** Whether a retry with the idempotency key replays. */
  readonly idempotent: boolean;
  /** REST: the path and method, whose statuses, error body and headers /openapi.json declares. */
  readonly rest?: { readonly path: string; readonly method: string };
  /** Where the protocol has it (REST, GraphQL): the Retry-After header of a RATE_LIMITED answer. */
  readonly retryAfter?: (reply: Reply) => string | null;
}

const restCode = (reply: Reply): string | null => (reply.status === 200 ? null : (reply.json.code as string));
const queryOf = (input: Record<string, unknown>): string =>
  new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString();

/** The REST status of each refusal the suite makes. */
const STATUS: Readonly<Record<string, number>> = {
  UNAUTHENTICATED: 401,
  INSUFFICIENT_CREDITS: 402,
  METHOD_NOT_ALLOWED: 405,
  RATE_LIMITED: 429,
};

/** A REST refusal: its status, the one error body, and what /openapi.json declares for it (ErrorBody, headers). */
function expectRestError(rest: { readonly path: string; readonly method: string }, reply: Reply, code: string, label: string): void {
  expect(reply.status, label).toBe(STATUS[code]);
  expect(reply.headers.get('content-type'), label).toBe('application/json; charset=utf-8');
  expect(reply.headers.get('x-request-id'), label).toMatch(/^[0-9a-f-]{36}$/);
  expect(reply.json, label).toMatchObject({ status: 'error', code });
  expect(
    openApiProblems({ ...rest, status: reply.status, headers: reply.headers, body: reply.json }),
    `${label}: ${reply.status} matches /openapi.json`,
  ).toEqual([]);
}

/** A refusal with `code` on any surface; on REST also its status and declared body. */
function expectRefusal(surface: Surface, reply: Reply, code: string, what: string): void {
  expect(surface.codeOf(reply), `${surface.label} ${what}: ${reply.text.slice(0, 300)}`).toBe(code);
  if (surface.rest !== undefined) expectRestError(surface.rest, reply, code, `${surface.label} ${what}`);
}

function surfacesOf(operation: string): Surface[] {
  const declaration = paidOperations().find((d) => d.operation.name === operation)!;
  const calls = CALLS[operation]!;
  const rest = declaration.rest.flatMap((endpoint) =>
    endpoint.methods
      // A GET takes a flat query: an input with objects (two births) has POST only.
      .filter((method) => method === 'POST' || Object.values(calls.input).every((v) => typeof v !== 'object'))
      .map((method): Surface => ({
        label: `REST ${method} ${endpoint.path}`,
        call: (client, broken, key) => {
          const headers: Record<string, string> = key === undefined ? {} : { 'idempotency-key': key };
          const input = broken ? calls.broken : calls.input;
          return method === 'POST' ? client.post(endpoint.path, input, headers) : client.get(`${endpoint.path}?${queryOf(input)}`, headers);
        },
        codeOf: restCode,
        idempotent: true,
        rest: { path: endpoint.path, method },
        retryAfter: (reply) => reply.headers.get('retry-after'),
      })),
  );
  const graphql: Surface = {
    label: `GraphQL ${declaration.graphql.field}`,
    call: (client, broken, key) => client.post('/graphql', { query: calls.graphql(broken), variables: { k: key ?? null } }),
    codeOf: (reply) => (reply.json.errors === undefined ? null : (reply.json.errors[0].extensions.code as string)),
    idempotent: true,
    retryAfter: (reply) => {
      // The seconds in the error's extensions, and the same as the header.
      expect(String(reply.json.errors[0].extensions.retryAfterSeconds), `GraphQL ${declaration.graphql.field}: retryAfterSeconds`).toBe(
        reply.headers.get('retry-after'),
      );
      return reply.headers.get('retry-after');
    },
  };
  const tools = [...(declaration.mcp === undefined ? [] : [declaration.mcp]), ...(declaration.mcpViews ?? [])].map((tool): Surface => ({
    label: `MCP ${tool.name}`,
    call: (client, broken) => client.callTool(tool.name, calls.tools?.[tool.name]?.(broken) ?? (broken ? calls.broken : calls.input)),
    codeOf: (reply) => {
      if (reply.json.error !== undefined) return `JSON-RPC ${reply.json.error.code as number}`;
      return reply.json.result.isError === true ? (JSON.parse(reply.json.result.content[0].text).code as string) : null;
    },
    idempotent: false,
  }));
  return [...rest, graphql, ...tools];
}

describe('the common protocol suite over every registered paid operation', () => {
  let app: RunningApp;
  let limited: RunningApp;
  beforeAll(async () => {
    [app, limited] = await Promise.all([
      startAppServer({ env: ENV }),
      startAppServer({ env: { ...ENV, RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: '1' } }),
    ]);
  });
  afterAll(async () => {
    await app?.close();
    await limited?.close();
  });

  it('every registered paid operation has its calls here, and its price is configured above', () => {
    const names = paidOperations().map((d) => d.operation.name);
    expect(names.filter((name) => CALLS[name] === undefined || PRICES[name] === undefined)).toEqual([]);
  });

  const client = (target: () => { baseUrl: string; apiKey?: string }) => clientOf(target);

  for (const operation of Object.keys(CALLS)) {
    describe(`the ${operation} operation`, () => {
      let account: TestAccount;
      let empty: TestAccount;
      /** One credit short of the price, monthly and auto credits together. */
      let short: TestAccount;
      let revokedKey: string;
      const unknownKey = generateApiKey();
      beforeAll(async () => {
        const price = PRICES[operation]!;
        [account, empty, short] = await Promise.all([
          createStandardAccount(app.admin, 100_000),
          createStandardAccount(app.admin, 0),
          app.admin.createAccount({
            plan: 'standard',
            monthlyAllowance: price - 3,
            autoCredits: 2,
            autocharge: { threshold: 0, amount: 0 },
          }),
        ]);
        revokedKey = (await app.admin.issueKey(account.accountId))!.apiKey;
        expect(await app.admin.revokeKey(revokedKey)).toBe(true);
      });

      it('every surface: 401 without a key or with an unknown or revoked one, 402 on an empty or short balance, a refusal free, a success charged its price once', async () => {
        const unfunded = async () => [await creditState(app.admin, empty.accountId), await creditState(app.admin, short.accountId)];
        const unfundedBefore = await unfunded();
        expect(unfundedBefore.map((state) => state.monthly + state.auto)).toEqual([0, PRICES[operation]! - 1]);
        for (const surface of surfacesOf(operation)) {
          const keyed = client(() => ({ baseUrl: app.baseUrl, apiKey: account.apiKey }));
          const before = await creditState(app.admin, account.accountId);

          for (const [apiKey, what] of [
            [undefined, 'without a key'],
            [unknownKey, 'with an unknown key'],
            [revokedKey, 'with a revoked key'],
          ] as const) {
            const refused = await surface.call(
              client(() => ({ baseUrl: app.baseUrl, apiKey })),
              false,
            );
            expectRefusal(surface, refused, 'UNAUTHENTICATED', what);
          }

          for (const [poor, what] of [
            [empty, 'on an empty balance'],
            [short, 'one credit short of the price'],
          ] as const) {
            const broke = await surface.call(
              client(() => ({ baseUrl: app.baseUrl, apiKey: poor.apiKey })),
              false,
            );
            expectRefusal(surface, broke, 'INSUFFICIENT_CREDITS', what);
          }
          expect(await unfunded(), `${surface.label}: nothing taken from a balance below the price`).toEqual(unfundedBefore);

          const refused = await surface.call(keyed, true);
          expect(surface.codeOf(refused), `${surface.label} with a broken field`).toBe('BAD_USER_INPUT');
          expect(await creditState(app.admin, account.accountId), `${surface.label}: nothing charged for refusals`).toEqual(before);

          const answered = await surface.call(keyed, false);
          expect(surface.codeOf(answered), `${surface.label}: ${answered.text.slice(0, 300)}`).toBeNull();
          const after = await creditState(app.admin, account.accountId);
          expect(after.monthly, `${surface.label}: charged ${PRICES[operation]} once`).toBe(before.monthly - PRICES[operation]!);
          expect(after.ledger, surface.label).toBe(before.ledger + 1);
        }
      });

      it('every surface with an idempotency key: the retry answers the first answer and charges nothing more, in balance or ledger', async () => {
        for (const surface of surfacesOf(operation).filter((s) => s.idempotent)) {
          const keyed = client(() => ({ baseUrl: app.baseUrl, apiKey: account.apiKey }));
          const key = `suite-${operation}-${surface.label.replace(/\W+/g, '-')}`;
          const before = await creditState(app.admin, account.accountId);
          const first = await surface.call(keyed, false, key);
          const retry = await surface.call(keyed, false, key);
          expect(surface.codeOf(first), surface.label).toBeNull();
          expect(retry.text, surface.label).toBe(first.text);
          const after = await creditState(app.admin, account.accountId);
          expect(after.monthly, surface.label).toBe(before.monthly - PRICES[operation]!);
          expect(after.ledger, `${surface.label}: one ledger entry for both`).toBe(before.ledger + 1);
        }
      });

      it('REST: a method a path does not serve is a 405 naming the ones it does, in the declared error body, and charges nothing', async () => {
        const declaration = paidOperations().find((d) => d.operation.name === operation)!;
        const before = await creditState(app.admin, account.accountId);
        for (const endpoint of declaration.rest) {
          const other = endpoint.methods.includes('GET') ? 'DELETE' : 'GET';
          const response = await fetch(`${app.baseUrl}${endpoint.path}`, {
            method: other,
            headers: { authorization: `Bearer ${account.apiKey}` },
          });
          const text = await response.text();
          const reply: Reply = { status: response.status, headers: response.headers, text, json: JSON.parse(text) };
          expectRestError({ path: endpoint.path, method: other }, reply, 'METHOD_NOT_ALLOWED', `${other} ${endpoint.path}`);
          expect(response.headers.get('allow'), endpoint.path).toBe(endpoint.methods.join(', '));
        }
        expect(await creditState(app.admin, account.accountId)).toEqual(before);
      });

      it('every surface: a key over its rate is a 429 with Retry-After and charges nothing (two calls at once, a burst of one)', async () => {
        for (const surface of surfacesOf(operation)) {
          const fresh = await createStandardAccount(limited.admin, 100_000);
          const keyed = client(() => ({ baseUrl: limited.baseUrl, apiKey: fresh.apiKey }));
          const replies = await Promise.all([surface.call(keyed, false), surface.call(keyed, false)]);
          const codes = replies.map((reply) => surface.codeOf(reply));
          expect(codes.filter((code) => code === null).length, `${surface.label}: ${codes.join(', ')}`).toBe(1);
          const limitedReply = replies.find((reply) => surface.codeOf(reply) !== null)!;
          expectRefusal(surface, limitedReply, 'RATE_LIMITED', 'over its rate');
          if (surface.retryAfter !== undefined)
            expect(surface.retryAfter(limitedReply), `${surface.label}: Retry-After`).toMatch(/^[1-9]\d*$/);
          if (surface.rest !== undefined) expect(replies.find((reply) => reply !== limitedReply)!.status, surface.label).toBe(200);
          const after = await creditState(limited.admin, fresh.accountId);
          expect(after.monthly, surface.label).toBe(100_000 - PRICES[operation]!);
          expect(after.ledger, surface.label).toBe(1);
        }
      });

      it('the configured price is the one every description states', async () => {
        const price = PRICES[operation]!;
        const declaration = paidOperations().find((d) => d.operation.name === operation)!;
        const document: any = await (await fetch(`${app.baseUrl}/openapi.json`)).json();
        for (const endpoint of declaration.rest)
          for (const method of endpoint.methods)
            expect(document.paths[endpoint.path][method.toLowerCase()].description, `${method} ${endpoint.path}`).toContain(
              `${price} credits`,
            );
        const keyed = client(() => ({ baseUrl: app.baseUrl, apiKey: account.apiKey }));
        const mutations = await keyed.graphql('{ __type(name: "Mutation") { fields { name description } } }');
        const field = mutations.data!.__type.fields.find((f: { name: string }) => f.name === declaration.graphql.field);
        expect(field.description, declaration.graphql.field).toContain(`${price} credits`);
        const tools = (await keyed.mcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).json.result.tools as {
          name: string;
          description: string;
        }[];
        for (const tool of [...(declaration.mcp === undefined ? [] : [declaration.mcp]), ...(declaration.mcpViews ?? [])])
          expect(tools.find((t) => t.name === tool.name)!.description, tool.name).toContain(`Costs ${price} credits`);
      });
    });
  }
});
