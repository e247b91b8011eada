-- Every service process sharing the database reads what a request needs from it: an uploaded PDF's bytes, and the
-- vectors the search collections are built from. Each process keeps its own vector indexes (DATA_DIR/vectors) and
-- follows the change sequence below to keep them in step with the vectors stored here.

-- The bytes of an uploaded PDF, beside its row (documents keeps the list light; these are read only by the job).
CREATE TABLE document_files (
  document_id TEXT PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
  content BLOB NOT NULL
);

-- One vector per collection item and embedding model, computed once by the process that claimed the work.
CREATE TABLE stored_embeddings (
  collection TEXT NOT NULL,
  item_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  model TEXT NOT NULL,
  version TEXT NOT NULL,                     -- the source row's version when it was embedded
  text_hash TEXT NOT NULL,                   -- of the text it was made from: a new version with the same text keeps it
  vector BLOB NOT NULL,                      -- float32, little-endian, the model's dimension
  payload TEXT,                              -- JSON object of the scalar fields searches filter on
  PRIMARY KEY (collection, provider, model, item_id)
);

-- Per collection: a change sequence bumped whenever its stored vectors change (processes poll it), and who is
-- embedding for it (a claim that lapses at claimed_until, so a process that died is taken over).
CREATE TABLE embedding_changes (
  collection TEXT PRIMARY KEY,
  seq INTEGER NOT NULL DEFAULT 0,
  claimed_by TEXT,
  claimed_until TEXT
);
