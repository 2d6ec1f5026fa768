-- The account dashboard (the port is src/application/ports/dashboard-store.ts): the
-- customers' log-ins, their sessions, mailed one-time tokens, log-in throttling, the operators'
-- admin tokens and the audit log. Times are epoch milliseconds, like the ledger's. Secrets are
-- stored only as SHA-256 digests (lowercase hex) or argon2id PHC strings. The tables are prefixed
-- so that the database may be shared with the ledger, or with anything else.

CREATE TABLE dashboard_users (
  user_id       text    COLLATE "C" PRIMARY KEY,
  email         text    NOT NULL,
  password_hash text    NOT NULL,
  account_id    text    NOT NULL,
  verified_ms   bigint,
  created_ms    bigint  NOT NULL,
  lang          text    NOT NULL CHECK (lang IN ('ja', 'en'))
);
-- One user per address, whatever its case; also the index of the log-in lookup.
CREATE UNIQUE INDEX dashboard_users_email ON dashboard_users (lower(email));
CREATE INDEX dashboard_users_account ON dashboard_users (account_id);
CREATE INDEX dashboard_users_created ON dashboard_users (created_ms DESC, user_id DESC);

CREATE TABLE dashboard_sessions (
  digest       text    PRIMARY KEY,
  user_id      text    COLLATE "C" NOT NULL REFERENCES dashboard_users (user_id) ON DELETE CASCADE,
  csrf_token   text    NOT NULL,
  created_ms   bigint  NOT NULL,
  last_seen_ms bigint  NOT NULL
);
CREATE INDEX dashboard_sessions_user ON dashboard_sessions (user_id);
-- Pruning past the timeouts (pruneSessions).
CREATE INDEX dashboard_sessions_last_seen ON dashboard_sessions (last_seen_ms);
CREATE INDEX dashboard_sessions_created ON dashboard_sessions (created_ms);

-- Taken (deleted) when used: DELETE … RETURNING makes a token work once.
CREATE TABLE dashboard_tokens (
  digest     text    PRIMARY KEY,
  purpose    text    NOT NULL CHECK (purpose IN ('verify', 'reset', 'invite')),
  user_id    text    COLLATE "C" REFERENCES dashboard_users (user_id) ON DELETE CASCADE,
  email      text    NOT NULL,
  expires_ms bigint  NOT NULL
);
CREATE INDEX dashboard_tokens_expiry ON dashboard_tokens (expires_ms);

-- One row per throttled key (`email:<address>`, `ip:<address>`): its recent failures, oldest
-- first, pruned to the caller's window at every failure and capped in length. The row lock of the
-- upsert counts concurrent failures exactly. Keys idle for a day, and longer than their window,
-- are deleted (last_ms, window_ms).
CREATE TABLE dashboard_login_failures (
  key       text      PRIMARY KEY,
  at_ms     bigint[]  NOT NULL,
  last_ms   bigint    NOT NULL,
  window_ms bigint    NOT NULL
);
CREATE INDEX dashboard_login_failures_last ON dashboard_login_failures (last_ms);

CREATE TABLE dashboard_admin_tokens (
  token_id   text    COLLATE "C" PRIMARY KEY,
  name       text    NOT NULL,
  digest     text    NOT NULL UNIQUE,
  scopes     text[]  NOT NULL CHECK (scopes <@ ARRAY['read', 'write']::text[]),
  created_ms bigint  NOT NULL,
  revoked_ms bigint
);

CREATE TABLE dashboard_audit_log (
  id         bigserial PRIMARY KEY,
  at_ms      bigint    NOT NULL,
  actor      text      NOT NULL,
  action     text      NOT NULL,
  account_id text,
  details    jsonb     NOT NULL,
  address    text
);
CREATE INDEX dashboard_audit_log_account ON dashboard_audit_log (account_id, id);
