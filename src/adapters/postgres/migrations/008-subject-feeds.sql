-- A saved subject's calendar feed: the secret URL's token as a SHA-256 digest (the token is shown
-- once), the kinds of events it carries and the month (Asia/Tokyo) last charged.
CREATE TABLE subject_feeds (
  token_digest text PRIMARY KEY,
  feed_id text NOT NULL,
  account_id text NOT NULL,
  subject_id text NOT NULL,
  events text[] NOT NULL,
  lang text NOT NULL,
  created_ms bigint NOT NULL,
  paid_month text,
  UNIQUE (account_id, subject_id)
);
