-- The durable ledger: one row per charge, keyed by account and transaction id (the Redis
-- stream id <id_ms>-<id_seq>, which is also the response's transaction_id). The primary key is the
-- archiver's idempotency key and the index that pages an account's history newest first.
CREATE TABLE ledger_entries (
  account_id   text    NOT NULL,
  id_ms        bigint  NOT NULL,
  id_seq       bigint  NOT NULL,
  log_id       text    NOT NULL,
  cost         integer NOT NULL CHECK (cost >= 0),
  from_monthly integer NOT NULL CHECK (from_monthly >= 0),
  from_auto    integer NOT NULL CHECK (from_auto >= 0),
  autocharged  integer NOT NULL CHECK (autocharged >= 0),
  at_ms        bigint  NOT NULL,
  voided_at_ms bigint,
  archived_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, id_ms, id_seq)
);
