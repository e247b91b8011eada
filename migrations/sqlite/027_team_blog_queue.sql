-- The blog pipeline's queue is the team's, in the database: a queued draft waits in blog_drafts (pipeline_state
-- 'queued', in the order of pipeline_queued_at) instead of in one process's memory, and whichever process holds the
-- model's lane takes the oldest one. A queued draft belongs to no process (pipeline_holder stays empty until a
-- process claims it to run it), so a process that stops leaves its queued drafts to the others.
ALTER TABLE blog_drafts ADD COLUMN pipeline_queued_at TEXT;
UPDATE blog_drafts SET pipeline_queued_at = COALESCE(pipeline_updated_at, created_at), pipeline_holder = NULL, pipeline_heartbeat_at = NULL
  WHERE pipeline_state = 'queued';
CREATE INDEX blog_drafts_queued ON blog_drafts (pipeline_queued_at, id) WHERE pipeline_state = 'queued';

-- The running pipeline as every process shows it: when it started and its last progress (written with the holder's
-- heartbeat), and the team's count of resets (reset-queue and stalls). A reset counts up here; the process running
-- a pipeline sees the count change and stops its run.
ALTER TABLE blog_model_lane ADD COLUMN started_at TEXT;
ALTER TABLE blog_model_lane ADD COLUMN progress_at TEXT;
ALTER TABLE blog_model_lane ADD COLUMN resets INTEGER NOT NULL DEFAULT 0;
