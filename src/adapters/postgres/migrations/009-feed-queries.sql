-- Saved timeline searches a subject's calendar feed carries (`[{name, level, where}]`, as issued).
ALTER TABLE subject_feeds ADD COLUMN queries jsonb NOT NULL DEFAULT '[]'::jsonb;
