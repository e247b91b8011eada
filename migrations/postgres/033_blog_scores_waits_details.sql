-- A failed step keeps what the language model's provider reported with its error (a bridge command's exit code,
-- stdout and stderr; a model server's status): GET /api/blog/{id}/steps and the draft return it.
ALTER TABLE blog_step_runs ADD COLUMN details text;

-- While a running draft's call waits (the hosted model's rate limit), why and until when, as JSON; NULL otherwise.
ALTER TABLE blog_drafts ADD COLUMN pipeline_waiting text;

-- The draft's QA score is the pipeline's feedback row's overall score (the mean of its eight scores, one decimal),
-- so the draft and the training data carry one score. The column moves to the end of the table, as on SQLite.
ALTER TABLE blog_drafts ADD COLUMN qa_score_overall double precision CHECK (qa_score_overall IS NULL OR qa_score_overall BETWEEN 1 AND 10);
UPDATE blog_drafts SET qa_score_overall = qa_score;
ALTER TABLE blog_drafts DROP COLUMN qa_score;
ALTER TABLE blog_drafts RENAME COLUMN qa_score_overall TO qa_score;
