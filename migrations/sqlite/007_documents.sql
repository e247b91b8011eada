-- Uploaded PDF documents (manuals, datasheets) and the chunks of their text; the chunks feed the manual_chunks
-- vector collection. A document is processed as a job: queued -> processing -> processed | failed.
CREATE TABLE documents (
  id TEXT PRIMARY KEY,                       -- UUID
  filename TEXT NOT NULL,                    -- as uploaded (display only; never used as a path)
  sha256 TEXT NOT NULL,                      -- of the uploaded bytes; the same file is not processed twice at once
  size_bytes INTEGER NOT NULL CHECK (size_bytes >= 0),
  pages INTEGER,                             -- known once the PDF has been opened
  status TEXT NOT NULL CHECK (status IN ('queued', 'processing', 'processed', 'failed')),
  progress REAL NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 1),
  -- Failed documents say why (encrypted, damaged, no text layer, cancelled, interrupted by restart ...).
  error TEXT,
  markdown TEXT,                             -- the extracted markdown, kept for display and re-chunking
  chunks_count INTEGER NOT NULL DEFAULT 0,
  processed_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX documents_status ON documents (status);
CREATE INDEX documents_sha256 ON documents (sha256);

CREATE TABLE document_chunks (
  -- Never reused (AUTOINCREMENT), so count + max(seq) changes on every insert and delete: the vector
  -- collection's cheap change fingerprint, and each chunk's version.
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,                   -- '<document id>#<idx>', the id in the manual_chunks collection
  document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  idx INTEGER NOT NULL CHECK (idx >= 0),
  heading TEXT NOT NULL DEFAULT '',          -- heading path of the chunk ('Installation > Cleaning')
  text TEXT NOT NULL,                        -- markdown, including the overlap carried from the previous chunk
  token_estimate INTEGER NOT NULL,           -- characters / 4
  page_start INTEGER NOT NULL,
  page_end INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (document_id, idx)
);
