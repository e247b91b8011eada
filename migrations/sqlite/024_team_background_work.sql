-- Background work runs once for the team, whichever processes share the database.

-- The next due time of each scheduled job, decided here rather than by each process's own timer: a process whose
-- timer fires moves next_due_at forward with one conditional UPDATE, and only the process whose UPDATE changed the
-- row runs that slot. `schedule` is the cron expression or interval the time was computed from; a changed schedule
-- computes it again.
CREATE TABLE job_schedules (
  job TEXT PRIMARY KEY,
  schedule TEXT NOT NULL,
  next_due_at TEXT NOT NULL
);

-- The language model's lane: one row (written by the first process that takes it), held by the process whose
-- pipeline talks to the model. A holder keeps heartbeat_at fresh; a holder whose heartbeat lapsed is gone, and the
-- next claimant takes the lane over. finished_at is when the last pipeline let go: the next one starts a gap later.
CREATE TABLE blog_model_lane (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  holder TEXT,
  draft_id TEXT,
  heartbeat_at TEXT,
  finished_at TEXT
);

-- Which process holds a draft's pipeline (queued in its memory, or running there), and that process's last sign
-- of life: a queued or running draft whose heartbeat lapsed belongs to a process that is gone and is ended failed
-- (resumable) by whichever process sees it first.
ALTER TABLE blog_drafts ADD COLUMN pipeline_holder TEXT;
ALTER TABLE blog_drafts ADD COLUMN pipeline_heartbeat_at TEXT;

-- Internal demand (internal_demand.is_internal) is guarded by the repository on SQLite: one process, one file.
