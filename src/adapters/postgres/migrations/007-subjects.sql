-- Saved subjects: a customer's stored births, sealed (AES-256-GCM) by the application; the database
-- never holds a name or a birth in clear.
CREATE TABLE subjects (
  account_id text NOT NULL,
  subject_id text NOT NULL,
  key_id text NOT NULL,
  sealed text NOT NULL,
  created_ms bigint NOT NULL,
  updated_ms bigint NOT NULL,
  PRIMARY KEY (account_id, subject_id)
);
CREATE INDEX subjects_key_id ON subjects (key_id);
