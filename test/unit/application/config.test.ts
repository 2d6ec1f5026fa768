import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.ts';

describe('loadConfig (the environment, README)', () => {
  it('defaults: port 4000 on 127.0.0.1, embedded store, prefix fp:, cost 10, GraphiQL on, one process', () => {
    expect(loadConfig({})).toEqual({
      port: 4000,
      host: '127.0.0.1',
      creditStore: { kind: 'embedded' },
      redisKeyPrefix: 'fp:',
      creditCost: 10,
      compatibilityCost: 20,
      prices: { CREDIT_COST: 10, COMPATIBILITY_COST: 20, REPORT_COST: 50, TIMELINE_COST: 5 },
      ledgerRetentionDays: 400,
      ledgerDatabase: null,
      demo: { apiKey: undefined, plan: 'standard' },
      graphiql: true,
      logLevel: 'info',
      nodeEnv: 'development',
      http: {
        requestTimeoutMs: 10_000,
        headersTimeoutMs: 5_000,
        maxConnections: 1_000,
        shutdownGraceMs: 10_000,
        writeTimeoutMs: 15_000,
        idleTimeoutMs: 65_000,
        maxConnectionsPerAddress: 64,
      },
      corsOrigins: [],
      rateLimit: { perSecond: 50, burst: 100 },
      trustedProxies: [],
      anonymousRateLimit: { perSecond: 20, burst: 60 },
      graphqlIntrospection: true,
      metricsAccess: 'open',
      redisWait: { replicas: 'auto', timeoutMs: 200 },
      storeCallTimeoutMs: 450,
      dutyFailingAfterMs: 60_000,
      refusalLinesPerMinute: 20,
      workers: 1,
      reportThreads: Math.max(1, availableParallelism() - 1),
      fastPaths: { graphql: true, redisScriptConnection: true, logDestination: 'fast', jsonSlices: true },
      subjects: { kind: 'memory', keys: null },
      feedMonthlyCost: 30,
      dashboard: {
        enabled: true,
        databaseUrl: null,
        signup: 'open',
        signupPlan: 'standard',
        signupMonthlyCredits: 100,
        autochargeMax: { threshold: 0, amount: 0 },
        smtpUrl: null,
        mailFrom: 'Four Pillars <no-reply@localhost>',
        publicUrl: 'http://127.0.0.1:4000',
        sessionIdleMs: 30 * 60_000,
        sessionMaxMs: 12 * 3_600_000,
        adminToken: undefined,
      },
    });
  });

  it('production closes introspection and /metrics unless asked; METRICS_TOKEN opens /metrics to its bearer', () => {
    const production = { NODE_ENV: 'production', REDIS_URL: 'redis://r:6379' };
    expect(loadConfig(production)).toMatchObject({ graphqlIntrospection: false, metricsAccess: 'closed' });
    expect(loadConfig({ ...production, GRAPHQL_INTROSPECTION: '1' }).graphqlIntrospection).toBe(true);
    expect(loadConfig({ ...production, METRICS_TOKEN: 'x'.repeat(32) }).metricsAccess).toEqual({ token: 'x'.repeat(32) });
    expect(loadConfig({ GRAPHQL_INTROSPECTION: '0' }).graphqlIntrospection).toBe(false);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be 16–256 characters without spaces/);
  });

  it('TRUST_PROXY, per-address connections, anonymous rate limit, write/idle timeouts and REDIS_WAIT_* are read and checked', () => {
    expect(loadConfig({ REPORT_THREADS: '1' }).reportThreads).toBe(1);
    expect(loadConfig({ REPORT_THREADS: '256' }).reportThreads).toBe(availableParallelism());
    expect(() => loadConfig({ REPORT_THREADS: '0' })).toThrow(/REPORT_THREADS/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' })).toMatchObject({
      trustedProxies: ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8'],
      http: { maxConnectionsPerAddress: 0 },
    });
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '10' }).http.maxConnectionsPerAddress).toBe(10);
    // A count of hops believed any peer: refused with the form that replaced it.
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY.*addresses or CIDR blocks.*a count of hops/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ ANON_RATE_LIMIT_PER_SECOND: '0' }).anonymousRateLimit.perSecond).toBe(0);
    expect(loadConfig({ HTTP_WRITE_TIMEOUT_MS: '0', HTTP_IDLE_TIMEOUT_MS: '5000' }).http).toMatchObject({
      writeTimeoutMs: 0,
      idleTimeoutMs: 5000,
    });
    expect(loadConfig({ REDIS_WAIT_REPLICAS: '1', REDIS_WAIT_TIMEOUT_MS: '100' }).redisWait).toEqual({ replicas: 1, timeoutMs: 100 });
    expect(loadConfig({ REDIS_WAIT_REPLICAS: '0' }).redisWait.replicas).toBe(0);
    expect(() => loadConfig({ REDIS_WAIT_REPLICAS: 'two' })).toThrow(
      /REDIS_WAIT_REPLICAS: must be auto or a whole number from 0 to 16 \(got "two"\)/,
    );
    expect(() => loadConfig({ REDIS_WAIT_TIMEOUT_MS: '5000' })).toThrow(/REDIS_WAIT_TIMEOUT_MS/);
  });

  it('STORE_CALL_TIMEOUT_MS: the store call deadline, 200–5,000 ms, 450 by default', () => {
    expect(loadConfig({ STORE_CALL_TIMEOUT_MS: '900' }).storeCallTimeoutMs).toBe(900);
    expect(() => loadConfig({ STORE_CALL_TIMEOUT_MS: '50' })).toThrow(/STORE_CALL_TIMEOUT_MS/);
  });

  it('READY_DUTY_FAILING_SECONDS: seconds a background duty may fail before /ready turns 503; 0 never', () => {
    expect(loadConfig({ READY_DUTY_FAILING_SECONDS: '300' }).dutyFailingAfterMs).toBe(300_000);
    expect(loadConfig({ READY_DUTY_FAILING_SECONDS: '0' }).dutyFailingAfterMs).toBe(0);
    expect(() => loadConfig({ READY_DUTY_FAILING_SECONDS: '-5' })).toThrow(/READY_DUTY_FAILING_SECONDS: must be a whole number/);
  });

  it('LOG_REFUSALS_PER_MINUTE: refusals one caller gets in full in the access log per minute; 0 every one', () => {
    expect(loadConfig({ LOG_REFUSALS_PER_MINUTE: '5' }).refusalLinesPerMinute).toBe(5);
    expect(loadConfig({ LOG_REFUSALS_PER_MINUTE: '0' }).refusalLinesPerMinute).toBe(0);
    expect(() => loadConfig({ LOG_REFUSALS_PER_MINUTE: 'all' })).toThrow(/LOG_REFUSALS_PER_MINUTE: must be a whole number/);
  });

  it('LEDGER_DATABASE_URL turns the durable ledger on, with Redis only; LEDGER_REDIS_KEEP_HOURS defaults to 24', () => {
    const redis = { REDIS_URL: 'redis://10.0.0.5:6380' };
    expect(loadConfig({ ...redis, LEDGER_DATABASE_URL: 'postgres://ledger:pw@db:5432/fp' }).ledgerDatabase).toEqual({
      url: 'postgres://ledger:pw@db:5432/fp',
      redisKeepHours: 24,
    });
    expect(
      loadConfig({ ...redis, LEDGER_DATABASE_URL: 'postgresql://db/fp', LEDGER_REDIS_KEEP_HOURS: '0' }).ledgerDatabase?.redisKeepHours,
    ).toBe(0);
    expect(() => loadConfig({ ...redis, LEDGER_DATABASE_URL: 'mysql://db/fp' })).toThrow(
      /LEDGER_DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
    expect(() => loadConfig({ ...redis, LEDGER_DATABASE_URL: 'postgres://db/fp', LEDGER_REDIS_KEEP_HOURS: '-1' })).toThrow(
      /LEDGER_REDIS_KEEP_HOURS/,
    );
    expect(() => loadConfig({ LEDGER_DATABASE_URL: 'postgres://db/fp' })).toThrow(
      /LEDGER_DATABASE_URL: the durable ledger archives the Redis ledger; set REDIS_URL/,
    );
  });

  it('REDIS_URL selects Redis; REDIS_CLUSTER_NODES selects Cluster', () => {
    expect(loadConfig({ REDIS_URL: 'redis://10.0.0.5:6380' }).creditStore).toEqual({ kind: 'redis', url: 'redis://10.0.0.5:6380' });
    expect(loadConfig({ REDIS_CLUSTER_NODES: '10.0.0.1:7000, redis-b:7001' }).creditStore).toEqual({
      kind: 'cluster',
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: 'redis-b', port: 7001 },
      ],
    });
  });

  it('production without Redis refuses to start, naming the fix, unless ALLOW_EMBEDDED_STORE is set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/set REDIS_URL or REDIS_CLUSTER_NODES \(or ALLOW_EMBEDDED_STORE=1/);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_EMBEDDED_STORE: '1' }).creditStore).toEqual({ kind: 'embedded' });
    expect(loadConfig({ NODE_ENV: 'production', REDIS_URL: 'redis://10.0.0.5:6380' }).creditStore.kind).toBe('redis');
    expect(loadConfig({}).creditStore).toEqual({ kind: 'embedded' });
  });

  it('GraphiQL is off in production unless asked for', () => {
    expect(loadConfig({ NODE_ENV: 'production', REDIS_URL: 'redis://r:6379' }).graphiql).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', REDIS_URL: 'redis://r:6379', GRAPHIQL: 'on' }).graphiql).toBe(true);
    expect(loadConfig({ GRAPHIQL: 'false' }).graphiql).toBe(false);
  });

  it('empty values count as unset', () => {
    expect(loadConfig({ PORT: '', REDIS_URL: '', CREDIT_COST: ' ' })).toMatchObject({
      port: 4000,
      creditStore: { kind: 'embedded' },
      creditCost: 10,
    });
  });

  it('reports every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        REDIS_URL: 'http://nope',
        REDIS_CLUSTER_NODES: 'a:1',
        REDIS_KEY_PREFIX: 'fp:{x}',
        CREDIT_COST: '0',
        DEMO_PLAN: 'gold',
        LOG_LEVEL: 'loud',
        NODE_ENV: 'staging',
        GRAPHIQL: 'maybe',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const fields = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(new Set(fields)).toEqual(
      new Set([
        'PORT',
        'REDIS_URL',
        'REDIS_CLUSTER_NODES',
        'REDIS_KEY_PREFIX',
        'CREDIT_COST',
        'DEMO_PLAN',
        'LOG_LEVEL',
        'NODE_ENV',
        'GRAPHIQL',
      ]),
    );
  });

  it.each([
    ['PORT', 'abc', 'PORT: must be a whole number from 0 to 65,535 (got "abc")'],
    ['PORT', '70000', 'PORT: must be a whole number from 0 to 65,535 (got "70000")'],
    ['RATE_LIMIT_PER_SECOND', '-1', 'RATE_LIMIT_PER_SECOND: must be a whole number from 0 to 1,000,000 (got "-1")'],
    ['SHUTDOWN_GRACE_MS', '2.5', 'SHUTDOWN_GRACE_MS: must be a whole number from 0 to 600,000 (got "2.5")'],
  ])('one bad number is one line naming the variable, the allowed range and the value: %s=%s', (name, value, expected) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new ConfigError([expected]));
    expect(new ConfigError([expected]).message).toBe(`Invalid configuration: ${expected}`);
  });

  it('accepts a number with surrounding spaces', () => {
    expect(loadConfig({ PORT: ' 8080 ' }).port).toBe(8080);
  });

  it('WEB_CONCURRENCY: 1 by default, every core in production with Redis, and never more than 1 on the in-process store', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ NODE_ENV: 'production', REDIS_URL: 'redis://r:6379' }).workers).toBe(availableParallelism());
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_EMBEDDED_STORE: '1' }).workers).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '3', REDIS_URL: 'redis://r:6379' }).workers).toBe(3);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY: 2 workers need a shared credit store/);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0', REDIS_URL: 'redis://r:6379' })).toThrow(
      new ConfigError(['WEB_CONCURRENCY: must be a whole number from 1 to 256 (got "0")']),
    );
  });
});

describe('loadConfig: the dashboard (docs/dashboard.md#settings)', () => {
  it('reads its settings, names each bad one, and takes the ledger database by default', () => {
    const config = loadConfig({
      REDIS_URL: 'redis://127.0.0.1:6379',
      LEDGER_DATABASE_URL: 'postgres://u@db/ledger',
      SIGNUP: 'invite',
      SMTP_URL: 'smtps://mail.example.com:465',
      PUBLIC_URL: 'https://bazi.example.com',
      SESSION_IDLE_MINUTES: '10',
    });
    expect(config.dashboard).toMatchObject({
      databaseUrl: 'postgres://u@db/ledger',
      signup: 'invite',
      smtpUrl: 'smtps://mail.example.com:465',
      publicUrl: 'https://bazi.example.com',
      sessionIdleMs: 600_000,
    });
    expect(loadConfig({ DASHBOARD: 'off' }).dashboard.enabled).toBe(false);
    expect(() => loadConfig({ SIGNUP: 'closed' })).toThrow(/SIGNUP: must be open or invite/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://x.example/app' })).toThrow(/PUBLIC_URL: must be an origin/);
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(/PUBLIC_URL: with SMTP_URL set/);
    expect(() => loadConfig({ DASHBOARD_DATABASE_URL: 'postgres://db/x' })).toThrow(/DASHBOARD_DATABASE_URL: .*set REDIS_URL/);
    expect(() => loadConfig({ ADMIN_TOKEN: 'short' })).toThrow(/ADMIN_TOKEN: must be 32–256 characters/);
  });

  it('saved subjects: in process beside the embedded store, in PostgreSQL beside Redis with SUBJECT_KEYS, else off; each bad setting named', () => {
    const k = (id: string) => `${id}:${Buffer.alloc(32, 7).toString('base64')}`;
    const redis = { REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(loadConfig({ SUBJECT_KEYS: k('k1') }).subjects).toMatchObject({ kind: 'memory', keys: [{ id: 'k1' }] });
    expect(loadConfig(redis).subjects).toEqual({ kind: 'off' });
    expect(
      loadConfig({ ...redis, SUBJECT_KEYS: `${k('k2')},${k('k1')}`, LEDGER_DATABASE_URL: 'postgres://db/ledger' }).subjects,
    ).toMatchObject({
      kind: 'postgres',
      url: 'postgres://db/ledger',
      keys: [{ id: 'k2' }, { id: 'k1' }],
    });
    expect(
      loadConfig({
        ...redis,
        SUBJECT_KEYS: k('k1'),
        LEDGER_DATABASE_URL: 'postgres://db/ledger',
        SUBJECTS_DATABASE_URL: 'postgres://db/subjects',
      }).subjects,
    ).toMatchObject({ kind: 'postgres', url: 'postgres://db/subjects' });
    expect(() => loadConfig({ ...redis, SUBJECT_KEYS: k('k1') })).toThrow(
      /SUBJECT_KEYS: beside Redis, saved subjects are kept in PostgreSQL/,
    );
    expect(() => loadConfig({ ...redis, SUBJECTS_DATABASE_URL: 'postgres://db/s' })).toThrow(/SUBJECTS_DATABASE_URL: .*set SUBJECT_KEYS/);
    expect(() => loadConfig({ SUBJECT_KEYS: 'k1:short' })).toThrow(/SUBJECT_KEYS: key "k1" must be 32 bytes/);
  });
});
