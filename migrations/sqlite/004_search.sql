-- Search content (the seed of the vector collections) and a record of each vector collection's last build.
-- The vector indexes themselves are files in DATA_DIR/vectors/ and are derived data: rebuilt from these tables.
-- Documents and their chunks (manual_chunks) belong to the documents feature's own migration.

CREATE TABLE news_articles (
  id TEXT PRIMARY KEY,                       -- stable slug, e.g. 'ieee-802-3bs-approved'
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  url TEXT,
  source TEXT NOT NULL,                      -- publisher: 'IEEE SA', 'OIF', a company press release, a feed name
  published_at TEXT NOT NULL,                -- ISO-8601 date or date-time (UTC)
  tags TEXT NOT NULL DEFAULT '[]',           -- JSON array of lower-case topic tags ('400g', 'coherent', ...)
  -- Media sentiment in -1 (negative) .. +1 (positive), 0 neutral; the forecast reads it per technology tag.
  sentiment REAL NOT NULL DEFAULT 0 CHECK (sentiment >= -1 AND sentiment <= 1),
  is_seed INTEGER NOT NULL DEFAULT 0 CHECK (is_seed IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX news_articles_published ON news_articles (published_at);

CREATE TABLE faq_entries (
  id TEXT PRIMARY KEY,                       -- stable slug
  question TEXT NOT NULL,
  answer TEXT NOT NULL,
  category TEXT NOT NULL,
  tags TEXT NOT NULL DEFAULT '[]',
  is_seed INTEGER NOT NULL DEFAULT 0 CHECK (is_seed IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE troubleshooting_guides (
  id TEXT PRIMARY KEY,                       -- stable slug
  title TEXT NOT NULL,
  symptom TEXT NOT NULL,
  causes TEXT NOT NULL DEFAULT '[]',         -- JSON array of likely causes
  steps TEXT NOT NULL DEFAULT '[]',          -- JSON array of steps, in order
  applies_to TEXT NOT NULL DEFAULT '[]',     -- JSON array of form factors or technologies
  is_seed INTEGER NOT NULL DEFAULT 0 CHECK (is_seed IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Sections of the operator's product datasheets, one row per chunk.
CREATE TABLE datasheet_chunks (
  id TEXT PRIMARY KEY,                       -- '<datasheet>#<chunk_index>'
  datasheet TEXT NOT NULL,                   -- datasheet slug
  datasheet_title TEXT NOT NULL,
  part_number TEXT NOT NULL,                 -- the operator part number the datasheet describes
  form_factor TEXT NOT NULL,
  speed_gbps REAL NOT NULL,
  chunk_index INTEGER NOT NULL,
  section TEXT NOT NULL,                     -- 'Overview', 'Optical characteristics', ...
  content TEXT NOT NULL,
  is_seed INTEGER NOT NULL DEFAULT 0 CHECK (is_seed IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (datasheet, chunk_index)
);

-- The last build of each vector collection (the files record the same; this makes it visible to SQL and backups).
CREATE TABLE vector_collections (
  name TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  model TEXT NOT NULL,
  dimension INTEGER NOT NULL,
  item_count INTEGER NOT NULL,
  built_at TEXT,
  build_ms INTEGER NOT NULL DEFAULT 0,
  source_fingerprint TEXT,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
