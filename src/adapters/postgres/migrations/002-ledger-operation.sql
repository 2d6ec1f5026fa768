-- The paid operation each charge was for (`chart`, `compatibility`, …). Entries archived
-- before it was kept were all charts.
ALTER TABLE ledger_entries ADD COLUMN operation text NOT NULL DEFAULT 'chart';
