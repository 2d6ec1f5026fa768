-- An operator's write is audited before it is applied (outcome 'pending'), then settled 'applied' or
-- 'failed': a write never goes unaudited, and a row left 'pending' says its write's fate is unknown
-- (the gateway stopped in between). Rows written before this were applied.
ALTER TABLE dashboard_audit_log ADD COLUMN outcome text NOT NULL DEFAULT 'applied'
  CHECK (outcome IN ('applied', 'pending', 'failed'));

-- Operator writes sent with an Idempotency-Key (docs/admin.md): the first answer, replayed to a retry
-- with the same key and request within 24 hours. A key is the token's own (actor). The answer is kept
-- without secrets (an issued API key appears by its key id only).
CREATE TABLE dashboard_admin_requests (
  actor           text    NOT NULL,
  idempotency_key text    NOT NULL,
  request_digest  text    NOT NULL,
  state           text    NOT NULL CHECK (state IN ('running', 'done')),
  status          integer,
  body            jsonb,
  created_ms      bigint  NOT NULL,
  PRIMARY KEY (actor, idempotency_key)
);
CREATE INDEX dashboard_admin_requests_created ON dashboard_admin_requests (created_ms);
