-- Background work runs once for the team, whichever processes share the database; internal demand is guarded by
-- the database itself.

-- The next due time of each scheduled job, decided here rather than by each process's own timer: a process whose
-- timer fires moves next_due_at forward with one conditional UPDATE, and only the process whose UPDATE changed the
-- row runs that slot. `schedule` is the cron expression or interval the time was computed from; a changed schedule
-- computes it again.
CREATE TABLE job_schedules (
  job text PRIMARY KEY,
  schedule text NOT NULL,
  next_due_at text NOT NULL
);

-- The language model's lane: one row (written by the first process that takes it), held by the process whose
-- pipeline talks to the model. A holder keeps heartbeat_at fresh; a holder whose heartbeat lapsed is gone, and the
-- next claimant takes the lane over. finished_at is when the last pipeline let go: the next one starts a gap later.
CREATE TABLE blog_model_lane (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  holder text,
  draft_id text,
  heartbeat_at text,
  finished_at text
);

-- Which process holds a draft's pipeline (queued in its memory, or running there), and that process's last sign
-- of life: a queued or running draft whose heartbeat lapsed belongs to a process that is gone and is ended failed
-- (resumable) by whichever process sees it first.
ALTER TABLE blog_drafts ADD COLUMN pipeline_holder text;
ALTER TABLE blog_drafts ADD COLUMN pipeline_heartbeat_at text;

-- Row-level security of internal demand. A row with is_internal = 1 is read only in a transaction whose viewer
-- (the custom setting app.viewer, set with SET LOCAL by the service for the request's viewer) is 'authenticated',
-- or 'service' for the service's own work on every row (imports, the seed, copies). Without the setting no internal
-- row is visible. FORCE applies the policies to the table's owner too: the service's role owns its schema and runs
-- the migrations, and a role without BYPASSRLS that owns the table would otherwise pass them.
ALTER TABLE internal_demand ENABLE ROW LEVEL SECURITY;
ALTER TABLE internal_demand FORCE ROW LEVEL SECURITY;
CREATE POLICY internal_demand_read ON internal_demand FOR SELECT
  USING (is_internal = 0 OR current_setting('app.viewer', true) IN ('authenticated', 'service'));
CREATE POLICY internal_demand_insert ON internal_demand FOR INSERT WITH CHECK (true);
CREATE POLICY internal_demand_update ON internal_demand FOR UPDATE USING (true) WITH CHECK (true);
CREATE POLICY internal_demand_delete ON internal_demand FOR DELETE USING (true);
