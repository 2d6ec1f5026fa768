import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import type { CreditStoreTarget } from './adapters/create-credit-store.ts';
import type { RedisNodeAddress } from './adapters/redis/client.ts';
import { LOG_LEVELS, type LogLevel } from './application/ports/logger.ts';
import { DEFAULT_LEDGER_RETENTION_DAYS } from './application/ports/credit-store.ts';
import { MAX_CREDITS } from './domain/credits/account.ts';
import { paidOperations } from './wire/operations/index.ts';
import { parseSubjectKeys, type SubjectKey } from './application/subjects/cipher.ts';

/**
 * Environment → Config, parsed once at start (the variables: README "Credits, accounts and
 * configuration"). Every problem is reported together in one ConfigError, so a misconfigured
 * deployment fails on the first try with the whole list.
 */

export type NodeEnv = 'development' | 'production' | 'test';
export type PlanName = 'standard' | 'enterprise';

export type CreditStoreConfig = CreditStoreTarget;

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly creditStore: CreditStoreConfig;
  readonly redisKeyPrefix: string;
  readonly creditCost: number;
  /** Credits per compatibility diagnosis (`COMPATIBILITY_COST`, default 20). */
  readonly compatibilityCost: number;
  /** Every paid operation's price by its setting (`CREDIT_COST`, `COMPATIBILITY_COST`, and any other registered operation's). */
  readonly prices: Readonly<Record<string, number>>;
  /** Days the Redis ledger keeps an entry (`LEDGER_RETENTION_DAYS`, default 400). */
  readonly ledgerRetentionDays: number;
  /**
   * The durable ledger: `LEDGER_DATABASE_URL` (PostgreSQL), and how long archived entries
   * stay in Redis too (`LEDGER_REDIS_KEEP_HOURS`, default 24). Null: the ledger lives in Redis only.
   */
  readonly ledgerDatabase: { readonly url: string; readonly redisKeepHours: number } | null;
  readonly demo: { readonly apiKey: string | undefined; readonly plan: PlanName };
  readonly graphiql: boolean;
  /** Worker processes sharing the port (`WEB_CONCURRENCY`; default: the cores in production with Redis, else 1). */
  readonly workers: number;
  /** Threads drawing 鑑定書 PDFs per process (`REPORT_THREADS`; default: the cores but one, at least 1; at most the cores). */
  readonly reportThreads: number;
  /** `CORS_ORIGINS`: origins whose browser apps may read answers; `*` for any. */
  readonly corsOrigins: readonly string[];
  /** Per API key; `perSecond` 0 turns the limit off. */
  readonly rateLimit: { readonly perSecond: number; readonly burst: number };
  readonly logLevel: LogLevel;
  readonly http: {
    readonly requestTimeoutMs: number;
    readonly headersTimeoutMs: number;
    readonly maxConnections: number;
    /** How long in-flight requests may run after SIGTERM/SIGINT before the rest are cut. */
    readonly shutdownGraceMs: number;
    /** `HTTP_WRITE_TIMEOUT_MS`: a written answer must be taken by the client within this; 0: no limit. */
    readonly writeTimeoutMs: number;
    /**
     * `HTTP_IDLE_TIMEOUT_MS`: a connection on which no byte moves for this long is closed, an idle
     * keep-alive one included (so keep it above a load balancer's idle timeout); 0: never.
     */
    readonly idleTimeoutMs: number;
    /** `HTTP_MAX_CONNECTIONS_PER_ADDRESS`: open connections per peer address; 0: no cap. */
    readonly maxConnectionsPerAddress: number;
  };
  /**
   * `TRUST_PROXY`: the reverse proxies (addresses and CIDR blocks) whose `X-Forwarded-For` is believed:
   * the client is the rightmost entry not among them. Empty: the peer is the client.
   */
  readonly trustedProxies: readonly string[];
  /** Requests without a valid API key, per client address and worker; `perSecond` 0 turns it off. */
  readonly anonymousRateLimit: { readonly perSecond: number; readonly burst: number };
  /** `GRAPHQL_INTROSPECTION`: `__schema`/`__type` answered (default: not in production). */
  readonly graphqlIntrospection: boolean;
  /** Who reads `/metrics`: anyone (not production), nobody (production without `METRICS_TOKEN`), or the token's holder. */
  readonly metricsAccess: 'open' | 'closed' | { readonly token: string };
  /**
   * `REDIS_WAIT_REPLICAS` / `REDIS_WAIT_TIMEOUT_MS`: replicas that must confirm a charge before its
   * answer is given (`WAIT`); `auto` (default) is 1 when the store has replicas, else 0.
   */
  readonly redisWait: { readonly replicas: number | 'auto'; readonly timeoutMs: number };
  /**
   * `STORE_CALL_TIMEOUT_MS` (default 450): the deadline of every credit-store call on Redis, after
   * which it answers STORE_UNAVAILABLE (503) having taken nothing; the default keeps a refusal within a
   * second of the request. Raise it only where Redis is far away.
   */
  readonly storeCallTimeoutMs: number;
  readonly nodeEnv: NodeEnv;
  /**
   * `READY_DUTY_FAILING_SECONDS` in ms (default 60 s): a background duty failing this long (two
   * attempts in a row at least), or failing without a success since start past min(30 s, this),
   * turns `/ready` 503 (application/duties.ts); 0: duties are reported but never turn it 503.
   */
  readonly dutyFailingAfterMs: number;
  /**
   * `LOG_REFUSALS_PER_MINUTE` (default 20): a caller's refusals (4xx) logged in full per minute — by
   * account, else by client address — the rest counted into one summary line (http/access-log.ts); 0: every one.
   */
  readonly refusalLinesPerMinute: number;
  /** The account dashboard (`/account`) and the operator API (`/admin/v1`): docs/dashboard.md. */
  readonly dashboard: DashboardConfig;
  /**
   * Saved subjects (docs/subjects.md): in process beside the embedded store; in PostgreSQL beside
   * Redis when `SUBJECT_KEYS` is set (`SUBJECTS_DATABASE_URL`, default the dashboard's database); off
   * otherwise. `keys`: the first seals, all open; in process without `SUBJECT_KEYS`, one made at start.
   */
  /** Credits per saved subject's calendar feed and month (`FEED_MONTHLY_COST`). */
  readonly feedMonthlyCost: number;
  readonly subjects:
    | { readonly kind: 'off' }
    | { readonly kind: 'memory'; readonly keys: readonly SubjectKey[] | null }
    | { readonly kind: 'postgres'; readonly url: string; readonly keys: readonly SubjectKey[] };
  /**
   * The performance paths, each on by default and each answering exactly as the plain library path
   * it replaces (a conformance test per switch runs both): off, the library's own path runs.
   */
  readonly fastPaths: FastPathsConfig;
}

export interface FastPathsConfig {
  /** `FAST_GRAPHQL`: the direct GraphQL path (http/graphql-fast-path.ts); off: yoga serves every request. */
  readonly graphql: boolean;
  /** `REDIS_SCRIPT_CONNECTION`: the credit scripts' own connection (adapters/redis/script-connection.ts); off: ioredis's EVALSHA. */
  readonly redisScriptConnection: boolean;
  /** `LOG_DESTINATION`: `fast` (adapters/log-destination.ts) or `pino` (pino's own stdout destination). */
  readonly logDestination: LogDestination;
  /** `JSON_SLICES`: long answers serialized in slices (wire/json-slices.ts); off: one JSON.stringify. */
  readonly jsonSlices: boolean;
}

export type LogDestination = 'fast' | 'pino';

export interface DashboardConfig {
  /** `DASHBOARD=off` turns both off; with Redis and no database they are off too (users would be lost). */
  readonly enabled: boolean;
  /** `DASHBOARD_DATABASE_URL` (default `LEDGER_DATABASE_URL`): users, sessions, admin tokens, the audit log; null: in process. */
  readonly databaseUrl: string | null;
  /** `SIGNUP`: `open`, or `invite` (only an address an operator invited may sign up). */
  readonly signup: 'open' | 'invite';
  /** The plan and monthly allowance of an account made by sign-up (`SIGNUP_PLAN`, `SIGNUP_MONTHLY_CREDITS`). */
  readonly signupPlan: PlanName;
  readonly signupMonthlyCredits: number;
  /**
   * The plan's autocharge ceiling: the largest threshold and amount a customer may turn on or raise
   * autocharge to, unless the operator set one for the account (`AUTOCHARGE_MAX_THRESHOLD`,
   * `AUTOCHARGE_MAX_AMOUNT`; 0 by default: autocharge buys credits).
   */
  readonly autochargeMax: { readonly threshold: number; readonly amount: number };
  /** `SMTP_URL` (smtp:// or smtps://); null: links are printed on the console. */
  readonly smtpUrl: string | null;
  /** `MAIL_FROM`. */
  readonly mailFrom: string;
  /** `PUBLIC_URL`: where the links in mails point (default http://HOST:PORT). */
  readonly publicUrl: string;
  /** `SESSION_IDLE_MINUTES`, `SESSION_MAX_HOURS`. */
  readonly sessionIdleMs: number;
  readonly sessionMaxMs: number;
  /** `ADMIN_TOKEN`: an admin token with every scope, registered at start (for the embedded store, which the admin CLI cannot reach). */
  readonly adminToken: string | undefined;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(
      problems.length === 1
        ? `Invalid configuration: ${problems[0]}`
        : `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.problems = problems;
  }
}

/** Unset and empty are the same thing in an environment. */
const unsetIfEmpty = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A quoted echo of a bad value, cut short: enough to spot a typo, never a whole secret-sized string. */
const echo = (value: unknown): string => {
  const text = String(value);
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
};

/** A whole number in [min, max]; every failure says the allowed range and what was given. */
/** Why a TRUST_PROXY entry is not an address or a CIDR block; null when it is one. */
function proxyEntryProblem(entry: string): string | null {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  const longest = family === 4 ? 32 : 128;
  if (family !== 0 && extra === undefined && (prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= longest))) return null;
  if (/^\d+$/.test(entry))
    return `must list the proxies' addresses or CIDR blocks, e.g. 10.0.0.0/8,127.0.0.1 (got "${entry}": a count of hops believed any peer's X-Forwarded-For)`;
  return `must list addresses or CIDR blocks separated by commas, e.g. 10.0.0.0/8,127.0.0.1 (got "${entry.slice(0, 60)}")`;
}

const intInRange = (min: number, max: number, fallback: number) =>
  z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .trim()
      .refine((text) => /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max, {
        error: (issue) =>
          `must be a whole number from ${min.toLocaleString('en')} to ${max.toLocaleString('en')} (got ${echo(issue.input)})`,
      })
      .transform(Number)
      .default(fallback),
  );

/** Like intInRange, without a default (the caller decides what unset means). */
const intInRangeOptional = (min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((text) => /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max, {
      error: (issue) => `must be a whole number from ${min} to ${max} (got ${echo(issue.input)})`,
    })
    .transform(Number)
    .optional();

const onOff = z.preprocess(
  (v) => (typeof unsetIfEmpty(v) === 'string' ? String(v).trim().toLowerCase() : undefined),
  z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], { error: 'must be true/false, on/off, yes/no or 1/0' }).optional(),
);

const redisNode = /^(?<host>[A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\]):(?<port>\d{1,5})$/;

function parseClusterNodes(text: string, ctx: z.RefinementCtx): RedisNodeAddress[] {
  const nodes: RedisNodeAddress[] = [];
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')) {
    const match = redisNode.exec(part);
    const port = Number(match?.groups?.['port']);
    const host = match?.groups?.['host'];
    if (host === undefined || !(port >= 1 && port <= 65535)) {
      ctx.addIssue({ code: 'custom', message: `"${part}" is not host:port` });
      continue;
    }
    nodes.push({ host: host.replace(/^\[|\]$/g, ''), port });
  }
  if (nodes.length === 0) ctx.addIssue({ code: 'custom', message: 'needs at least one host:port' });
  return nodes;
}

/** `https://app.example.com, http://localhost:5173` or `*`: exact origins, no paths. */
function parseOrigins(text: string, ctx: z.RefinementCtx): string[] {
  const origins = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const origin of origins) {
    if (origin !== '*' && !/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(origin)) {
      ctx.addIssue({ code: 'custom', message: `"${origin}" is not an origin like https://app.example.com (or *)` });
    }
  }
  return origins;
}

const envSchema = z.object({
  PORT: intInRange(0, 65535, 4000),
  HOST: z.preprocess(unsetIfEmpty, z.string().default('127.0.0.1')),
  REDIS_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  REDIS_CLUSTER_NODES: z.preprocess(unsetIfEmpty, z.string().transform(parseClusterNodes).optional()),
  REDIS_KEY_PREFIX: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^[^\s{}]{1,32}$/, 'must be 1–32 characters without spaces or braces (braces are hash tags)')
      .default('fp:'),
  ),
  CREDIT_COST: intInRange(1, 1_000_000, 10),
  COMPATIBILITY_COST: intInRange(1, 1_000_000, 20),
  LEDGER_RETENTION_DAYS: intInRange(1, 36_500, DEFAULT_LEDGER_RETENTION_DAYS),
  LEDGER_DATABASE_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  LEDGER_REDIS_KEEP_HOURS: intInRange(0, 8_760, 24),
  DEMO_API_KEY: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^\S{8,256}$/, 'must be 8–256 characters without spaces')
      .optional(),
  ),
  DEMO_PLAN: z.preprocess(
    unsetIfEmpty,
    z.enum(['standard', 'enterprise'], { error: 'must be standard or enterprise' }).default('standard'),
  ),
  GRAPHIQL: onOff,
  RATE_LIMIT_PER_SECOND: intInRange(0, 1_000_000, 50),
  RATE_LIMIT_BURST: intInRange(1, 10_000_000, 100),
  CORS_ORIGINS: z.preprocess(unsetIfEmpty, z.string().transform(parseOrigins).optional()),
  HTTP_REQUEST_TIMEOUT_MS: intInRange(1000, 600_000, 10_000),
  HTTP_HEADERS_TIMEOUT_MS: intInRange(1000, 600_000, 5_000),
  HTTP_MAX_CONNECTIONS: intInRange(1, 1_000_000, 1_000),
  WEB_CONCURRENCY: z.preprocess(unsetIfEmpty, intInRangeOptional(1, 256)),
  REPORT_THREADS: z.preprocess(unsetIfEmpty, intInRangeOptional(1, 256)),
  SHUTDOWN_GRACE_MS: intInRange(0, 600_000, 10_000),
  HTTP_WRITE_TIMEOUT_MS: intInRange(0, 600_000, 15_000),
  HTTP_IDLE_TIMEOUT_MS: intInRange(0, 600_000, 65_000),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.preprocess(unsetIfEmpty, intInRangeOptional(0, 1_000_000)),
  TRUST_PROXY: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .trim()
      .transform((text, context) => {
        const entries = text
          .split(',')
          .map((entry) => entry.trim())
          .filter((entry) => entry !== '');
        for (const entry of entries) {
          const problem = proxyEntryProblem(entry);
          if (problem !== null) context.addIssue({ code: 'custom', message: problem });
        }
        return entries;
      })
      .optional(),
  ),
  ANON_RATE_LIMIT_PER_SECOND: intInRange(0, 1_000_000, 20),
  ANON_RATE_LIMIT_BURST: intInRange(1, 10_000_000, 60),
  GRAPHQL_INTROSPECTION: onOff,
  METRICS_TOKEN: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^\S{16,256}$/, 'must be 16–256 characters without spaces')
      .optional(),
  ),
  REDIS_WAIT_REPLICAS: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .trim()
      .refine((text) => text === 'auto' || (/^\d+$/.test(text) && Number(text) <= 16), {
        error: (issue) => `must be auto or a whole number from 0 to 16 (got ${echo(issue.input)})`,
      })
      .transform((text): number | 'auto' => (text === 'auto' ? 'auto' : Number(text)))
      .default('auto'),
  ),
  REDIS_WAIT_TIMEOUT_MS: intInRange(1, 250, 200),
  STORE_CALL_TIMEOUT_MS: intInRange(200, 5_000, 450),
  READY_DUTY_FAILING_SECONDS: intInRange(0, 86_400, 60),
  LOG_REFUSALS_PER_MINUTE: intInRange(0, 1_000_000, 20),
  LOG_LEVEL: z.preprocess(
    (v) => (typeof unsetIfEmpty(v) === 'string' ? String(v).toLowerCase() : undefined),
    z.enum(LOG_LEVELS, { error: `must be ${LOG_LEVELS.slice(0, -1).join(', ')} or ${LOG_LEVELS.at(-1)}` }).default('info'),
  ),
  DASHBOARD: onOff,
  FEED_MONTHLY_COST: intInRange(0, 1_000_000, 30),
  SUBJECTS_DATABASE_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  SUBJECT_KEYS: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .superRefine((text, context) => {
        const parsed = parseSubjectKeys(text);
        if ('error' in parsed) context.addIssue({ code: 'custom', message: parsed.error });
      })
      .optional(),
  ),
  DASHBOARD_DATABASE_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  SIGNUP: z.preprocess(unsetIfEmpty, z.enum(['open', 'invite'], { error: 'must be open or invite' }).default('open')),
  SIGNUP_PLAN: z.preprocess(
    unsetIfEmpty,
    z.enum(['standard', 'enterprise'], { error: 'must be standard or enterprise' }).default('standard'),
  ),
  SIGNUP_MONTHLY_CREDITS: intInRange(0, MAX_CREDITS, 100),
  // Autocharge buys credits: 0 until the operator says an account can pay (docs/dashboard.md).
  AUTOCHARGE_MAX_THRESHOLD: intInRange(0, MAX_CREDITS, 0),
  AUTOCHARGE_MAX_AMOUNT: intInRange(0, MAX_CREDITS, 0),
  SMTP_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(unsetIfEmpty, z.string().max(200).default('Four Pillars <no-reply@localhost>')),
  PUBLIC_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^https?:\/\/[^\s/?#]+$/, 'must be an origin like https://bazi.example.com (no path)')
      .optional(),
  ),
  SESSION_IDLE_MINUTES: intInRange(1, 1_440, 30),
  SESSION_MAX_HOURS: intInRange(1, 720, 12),
  ADMIN_TOKEN: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^\S{32,256}$/, 'must be 32–256 characters without spaces')
      .optional(),
  ),
  FAST_GRAPHQL: onOff,
  REDIS_SCRIPT_CONNECTION: onOff,
  LOG_DESTINATION: z.preprocess(
    (v) => (typeof unsetIfEmpty(v) === 'string' ? String(v).trim().toLowerCase() : undefined),
    z.enum(['fast', 'pino'], { error: 'must be fast or pino' }).default('fast'),
  ),
  JSON_SLICES: onOff,
  NODE_ENV: z.preprocess(
    unsetIfEmpty,
    z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  ),
});

const isOn = (value: string | undefined): boolean => ['1', 'true', 'on', 'yes'].includes((value ?? '').trim().toLowerCase());

export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || 'environment'}: ${issue.message}`);
  if (
    parsed.success &&
    parsed.data.NODE_ENV === 'production' &&
    parsed.data.REDIS_URL === undefined &&
    parsed.data.REDIS_CLUSTER_NODES === undefined &&
    !isOn(env['ALLOW_EMBEDDED_STORE'])
  ) {
    problems.push(
      'REDIS_URL: production needs a credit store that outlives the process: set REDIS_URL or REDIS_CLUSTER_NODES ' +
        '(or ALLOW_EMBEDDED_STORE=1 to run on the in-process store, whose balances vanish on exit)',
    );
  }
  // Default: every core in production with a shared store; one process otherwise (the in-process
  // store cannot be shared between workers).
  const sharedStore = parsed.success && (parsed.data.REDIS_URL !== undefined || parsed.data.REDIS_CLUSTER_NODES !== undefined);
  const workers = parsed.success
    ? (parsed.data.WEB_CONCURRENCY ?? (parsed.data.NODE_ENV === 'production' && sharedStore ? availableParallelism() : 1))
    : 1;
  if (workers > 1 && !sharedStore) {
    problems.push(
      `WEB_CONCURRENCY: ${workers} workers need a shared credit store (REDIS_URL or REDIS_CLUSTER_NODES); ` +
        'the in-process store would give each worker its own balances (set WEB_CONCURRENCY=1)',
    );
  }
  if (unsetIfEmpty(env['REDIS_URL']) !== undefined && unsetIfEmpty(env['REDIS_CLUSTER_NODES']) !== undefined) {
    problems.push('REDIS_CLUSTER_NODES: set either REDIS_URL or REDIS_CLUSTER_NODES, not both');
  }
  if (parsed.success && parsed.data.LEDGER_DATABASE_URL !== undefined && !sharedStore) {
    problems.push(
      'LEDGER_DATABASE_URL: the durable ledger archives the Redis ledger; set REDIS_URL or REDIS_CLUSTER_NODES ' +
        '(the embedded store keeps its whole history in the process)',
    );
  }
  if (parsed.success && parsed.data.DASHBOARD_DATABASE_URL !== undefined && !sharedStore) {
    problems.push(
      'DASHBOARD_DATABASE_URL: the dashboard keeps its users in PostgreSQL beside a Redis credit store; set REDIS_URL or REDIS_CLUSTER_NODES ' +
        '(with the embedded store, whose accounts vanish on exit, users are kept in the process too)',
    );
  }
  if (
    parsed.success &&
    sharedStore &&
    parsed.data.SUBJECT_KEYS !== undefined &&
    (parsed.data.SUBJECTS_DATABASE_URL ?? parsed.data.DASHBOARD_DATABASE_URL ?? parsed.data.LEDGER_DATABASE_URL) === undefined
  ) {
    problems.push(
      'SUBJECT_KEYS: beside Redis, saved subjects are kept in PostgreSQL: set SUBJECTS_DATABASE_URL (or DASHBOARD_DATABASE_URL / LEDGER_DATABASE_URL)',
    );
  }
  if (parsed.success && parsed.data.SUBJECTS_DATABASE_URL !== undefined && parsed.data.SUBJECT_KEYS === undefined) {
    problems.push('SUBJECTS_DATABASE_URL: saved subjects are sealed before they are stored: set SUBJECT_KEYS (id:base64 of 32 bytes)');
  }
  if (parsed.success && parsed.data.SMTP_URL !== undefined && parsed.data.PUBLIC_URL === undefined) {
    problems.push(
      'PUBLIC_URL: with SMTP_URL set, mailed links must point where customers reach the service: set PUBLIC_URL (e.g. https://bazi.example.com)',
    );
  }
  // The price of every other registered paid operation, from its own setting (CREDIT_COST and
  // COMPATIBILITY_COST are in the schema above).
  const prices: Record<string, number> = {};
  for (const { price } of paidOperations()) {
    if (price.setting in envSchema.shape) continue;
    const read = intInRange(1, 1_000_000, price.default).safeParse(env[price.setting]);
    if (read.success) prices[price.setting] = read.data;
    else problems.push(`${price.setting}: ${read.error.issues[0]?.message ?? 'invalid'}`);
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const creditStore: CreditStoreConfig =
    e.REDIS_CLUSTER_NODES !== undefined
      ? { kind: 'cluster', nodes: e.REDIS_CLUSTER_NODES }
      : e.REDIS_URL !== undefined
        ? { kind: 'redis', url: e.REDIS_URL }
        : { kind: 'embedded' };
  const graphiqlFlag = e.GRAPHIQL === undefined ? undefined : ['1', 'true', 'on', 'yes'].includes(e.GRAPHIQL);
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    creditStore,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    creditCost: e.CREDIT_COST,
    compatibilityCost: e.COMPATIBILITY_COST,
    prices: Object.freeze({ ...prices, CREDIT_COST: e.CREDIT_COST, COMPATIBILITY_COST: e.COMPATIBILITY_COST }),
    ledgerRetentionDays: e.LEDGER_RETENTION_DAYS,
    ledgerDatabase:
      e.LEDGER_DATABASE_URL === undefined ? null : Object.freeze({ url: e.LEDGER_DATABASE_URL, redisKeepHours: e.LEDGER_REDIS_KEEP_HOURS }),
    demo: Object.freeze({ apiKey: e.DEMO_API_KEY, plan: e.DEMO_PLAN }),
    graphiql: graphiqlFlag ?? e.NODE_ENV !== 'production',
    corsOrigins: Object.freeze(e.CORS_ORIGINS ?? []),
    rateLimit: Object.freeze({ perSecond: e.RATE_LIMIT_PER_SECOND, burst: e.RATE_LIMIT_BURST }),
    logLevel: e.LOG_LEVEL,
    http: Object.freeze({
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
      shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
      writeTimeoutMs: e.HTTP_WRITE_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      // Behind proxies every connection comes from a proxy: no cap per address unless one is set.
      maxConnectionsPerAddress: e.HTTP_MAX_CONNECTIONS_PER_ADDRESS ?? ((e.TRUST_PROXY ?? []).length > 0 ? 0 : 64),
    }),
    trustedProxies: Object.freeze(e.TRUST_PROXY ?? []),
    anonymousRateLimit: Object.freeze({ perSecond: e.ANON_RATE_LIMIT_PER_SECOND, burst: e.ANON_RATE_LIMIT_BURST }),
    graphqlIntrospection: e.GRAPHQL_INTROSPECTION === undefined ? e.NODE_ENV !== 'production' : isOn(e.GRAPHQL_INTROSPECTION),
    metricsAccess:
      e.METRICS_TOKEN !== undefined
        ? Object.freeze({ token: e.METRICS_TOKEN })
        : e.NODE_ENV === 'production'
          ? ('closed' as const)
          : ('open' as const),
    redisWait: Object.freeze({ replicas: e.REDIS_WAIT_REPLICAS, timeoutMs: e.REDIS_WAIT_TIMEOUT_MS }),
    storeCallTimeoutMs: e.STORE_CALL_TIMEOUT_MS,
    nodeEnv: e.NODE_ENV,
    dutyFailingAfterMs: e.READY_DUTY_FAILING_SECONDS * 1000,
    refusalLinesPerMinute: e.LOG_REFUSALS_PER_MINUTE,
    workers,
    reportThreads: Math.min(e.REPORT_THREADS ?? Math.max(1, availableParallelism() - 1), availableParallelism()),
    subjects: Object.freeze(subjectsConfig(e, creditStore.kind === 'embedded')),
    feedMonthlyCost: e.FEED_MONTHLY_COST,
    dashboard: Object.freeze({
      enabled: e.DASHBOARD === undefined || isOn(e.DASHBOARD),
      databaseUrl: e.DASHBOARD_DATABASE_URL ?? e.LEDGER_DATABASE_URL ?? null,
      signup: e.SIGNUP,
      signupPlan: e.SIGNUP_PLAN,
      signupMonthlyCredits: e.SIGNUP_MONTHLY_CREDITS,
      autochargeMax: Object.freeze({ threshold: e.AUTOCHARGE_MAX_THRESHOLD, amount: e.AUTOCHARGE_MAX_AMOUNT }),
      smtpUrl: e.SMTP_URL ?? null,
      mailFrom: e.MAIL_FROM,
      publicUrl: e.PUBLIC_URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`,
      sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
      sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
      adminToken: e.ADMIN_TOKEN,
    }),
    fastPaths: Object.freeze({
      graphql: e.FAST_GRAPHQL === undefined || isOn(e.FAST_GRAPHQL),
      redisScriptConnection: e.REDIS_SCRIPT_CONNECTION === undefined || isOn(e.REDIS_SCRIPT_CONNECTION),
      logDestination: e.LOG_DESTINATION,
      jsonSlices: e.JSON_SLICES === undefined || isOn(e.JSON_SLICES),
    }),
  });
}

/** Where saved subjects are kept (Config.subjects). */
function subjectsConfig(
  e: {
    readonly SUBJECT_KEYS?: string | undefined;
    readonly SUBJECTS_DATABASE_URL?: string | undefined;
    readonly DASHBOARD_DATABASE_URL?: string | undefined;
    readonly LEDGER_DATABASE_URL?: string | undefined;
  },
  embedded: boolean,
): Config['subjects'] {
  const parsed = e.SUBJECT_KEYS === undefined ? null : parseSubjectKeys(e.SUBJECT_KEYS);
  const keys = parsed !== null && 'keys' in parsed ? parsed.keys : null;
  if (embedded) return { kind: 'memory', keys };
  const url = e.SUBJECTS_DATABASE_URL ?? e.DASHBOARD_DATABASE_URL ?? e.LEDGER_DATABASE_URL;
  return keys === null || url === undefined ? { kind: 'off' } : { kind: 'postgres', url, keys };
}
