-- The blog engine (features/blog): drafts, the output of every pipeline step, and feedback.
-- A draft is created at once from a template and then rewritten by the 10-step language-model pipeline in the
-- background; each step's output is kept so a failed run resumes from the step that failed.
CREATE TABLE blog_drafts (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  topic_type TEXT NOT NULL CHECK (topic_type IN ('hype_cycle', 'comparison', 'new_product', 'tutorial')),
  hot_topic TEXT,                          -- id of the hot topic it was written from (GET /api/hot-topics), if any
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'review', 'approved', 'rejected')),
  body TEXT NOT NULL,                      -- plain text; section headings are lines of their own
  keywords TEXT NOT NULL DEFAULT '[]',     -- JSON array of words, shown as hashtags
  generated_by TEXT NOT NULL,              -- 'template:v1' or 'pipeline:v1:<provider:model>'
  word_count INTEGER NOT NULL DEFAULT 0,
  qa_score INTEGER CHECK (qa_score IS NULL OR qa_score BETWEEN 1 AND 10),
  quality_issues TEXT NOT NULL DEFAULT '[]',  -- JSON array of {rule, message}: what the QA checks found and could not repair
  facts TEXT NOT NULL DEFAULT '{}',        -- JSON: the catalogue, forecast and hot-topic facts the template and the prompts use
  pipeline_state TEXT NOT NULL DEFAULT 'idle'
    CHECK (pipeline_state IN ('idle', 'queued', 'running', 'succeeded', 'failed', 'offline', 'cancelled')),
  pipeline_run INTEGER NOT NULL DEFAULT 0, -- number of the latest run; step rows carry it
  pipeline_step INTEGER,                   -- 1..10: the step running, or the step that failed
  pipeline_message TEXT,                   -- why the pipeline did not run or failed, in plain words
  pipeline_updated_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX blog_drafts_by_created ON blog_drafts (created_at DESC, id);

CREATE TABLE blog_step_runs (
  id INTEGER PRIMARY KEY,
  draft_id TEXT NOT NULL REFERENCES blog_drafts (id) ON DELETE CASCADE,
  run INTEGER NOT NULL,
  step INTEGER NOT NULL CHECK (step BETWEEN 1 AND 10),
  name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
  output TEXT,                             -- the step's whole output (a succeeded step is reused when a run resumes)
  error TEXT,
  started_at TEXT NOT NULL,
  duration_ms INTEGER,
  UNIQUE (draft_id, run, step)
);

-- Feedback outlives its draft (draft_id is cleared on delete): the title and body it judged are kept with it, so the
-- training-data export and the system prompt's accumulated feedback stay whole.
CREATE TABLE blog_feedback (
  id INTEGER PRIMARY KEY,
  draft_id TEXT REFERENCES blog_drafts (id) ON DELETE SET NULL,
  source TEXT NOT NULL CHECK (source IN ('person', 'pipeline')),
  accuracy INTEGER NOT NULL CHECK (accuracy BETWEEN 1 AND 10),
  technical_depth INTEGER NOT NULL CHECK (technical_depth BETWEEN 1 AND 10),
  practical_value INTEGER NOT NULL CHECK (practical_value BETWEEN 1 AND 10),
  originality INTEGER NOT NULL CHECK (originality BETWEEN 1 AND 10),
  structure INTEGER NOT NULL CHECK (structure BETWEEN 1 AND 10),
  readability INTEGER NOT NULL CHECK (readability BETWEEN 1 AND 10),
  human_tone INTEGER NOT NULL CHECK (human_tone BETWEEN 1 AND 10),
  sales_relevance INTEGER NOT NULL CHECK (sales_relevance BETWEEN 1 AND 10),
  comment TEXT NOT NULL DEFAULT '',
  draft_title TEXT NOT NULL,
  draft_topic_type TEXT NOT NULL,
  draft_body TEXT NOT NULL,
  generated_by TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX blog_feedback_by_draft ON blog_feedback (draft_id);
