-- The history of scheduled job runs (vendor-shop scrapes, the news aggregator): one row per run, whoever started it
-- (a timer, "run now" over HTTP, or the command line in another process on the same data directory).
-- The partial unique index is the no-overlap rule itself: at most one run of a job is 'running' at any time, across
-- processes, because SQLite refuses the second insert. A process that dies mid-run leaves its row 'running'; its
-- heartbeat stops, and the next claimant marks it 'abandoned' before starting (job-runs.repository.ts).
CREATE TABLE job_runs (
  id INTEGER PRIMARY KEY,
  job TEXT NOT NULL,
  trigger TEXT NOT NULL CHECK (trigger IN ('schedule', 'manual', 'cli')),
  status TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'cancelled', 'abandoned')),
  started_at TEXT NOT NULL,
  heartbeat_at TEXT NOT NULL,
  finished_at TEXT,
  pages INTEGER NOT NULL DEFAULT 0,   -- documents fetched (shop pages, feeds)
  items INTEGER NOT NULL DEFAULT 0,   -- records stored (price observations, products, articles)
  errors INTEGER NOT NULL DEFAULT 0,  -- pages or items that failed without stopping the run
  error_samples TEXT NOT NULL DEFAULT '[]',  -- JSON array of the first error messages
  message TEXT,                       -- why a run failed, or a one-line summary
  pid INTEGER NOT NULL
);
CREATE UNIQUE INDEX job_runs_one_running ON job_runs (job) WHERE status = 'running';
CREATE INDEX job_runs_by_job ON job_runs (job, id DESC);
