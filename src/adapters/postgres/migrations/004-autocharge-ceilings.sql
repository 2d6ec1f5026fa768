-- Autocharge buys credits (docs/dashboard.md, "Autocharge buys credits"): a customer may turn it on or raise it only
-- within a ceiling the operator sets per account (this table) or per plan (AUTOCHARGE_MAX_*,
-- 0 by default). An account without a row here takes its plan's.
CREATE TABLE dashboard_autocharge_ceilings (
  account_id text    COLLATE "C" PRIMARY KEY,
  threshold  bigint  NOT NULL CHECK (threshold >= 0),
  amount     bigint  NOT NULL CHECK (amount >= 0),
  set_ms     bigint  NOT NULL
);
