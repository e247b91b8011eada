-- amends: e06eb4e976bcac0a2d4f72bf45bf4fed626a9e5b681d88809d8eaf55b17f83f6
-- (the first text of this migration filled the index from the whole catalogue inside the migration, which held up
-- the first start after an upgrade for about 0.4 s per 100,000 rows; migrations/018 brings databases that ran it to
-- the same state as this text: the index full and marked complete, the same triggers.)
--
-- A trigram full-text index over the four fields the catalogue's text query `q` reads (part number, name, form
-- factor, standard), so `q` finds its rows from an index instead of scanning the catalogue (bench/catalogue.bench.ts).
--
-- Same rows as the substring match it replaces: SQLite's LIKE ignores case for ASCII letters only, and lower()
-- (without ICU) lowers ASCII letters only, so the index holds lower(field) with a case-sensitive trigram
-- tokenizer and the repository lowers the ASCII letters of each query word the same way. A word of three or more
-- characters is then a phrase of its trigrams, which matches exactly where the lowered word is a substring of the
-- lowered field (a phrase never spans two columns); shorter words have no trigram and keep the LIKE scan.
--
-- Contentless (the text lives in transceivers) with contentless_delete, so a row leaves the index by its rowid.
-- The index is keyed by the transceivers rowid, which no statement changes; a VACUUM may renumber rowids of a table
-- without an INTEGER PRIMARY KEY, so anything that ever runs VACUUM must rebuild the index afterwards
-- (rebuildTransceiverTextIndex in the transceivers repository).
CREATE VIRTUAL TABLE transceiver_text_index USING fts5(
  part_number, name, form_factor, standard,
  content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1'
);

-- An index a migration creates empty is filled after the start, in the background and in small transactions
-- (transceiver-text-index.builder.ts), so the first start after an upgrade answers at once whatever the size of the
-- catalogue. indexed_through is the highest rowid the index covers: rows up to it are in the index and the triggers
-- keep them in step; rows above it are the build's to add. 9223372036854775807 (the largest rowid) means complete.
-- Until then the catalogue answers `q` by scanning, which finds the same rows.
CREATE TABLE derived_index_builds (
  name TEXT PRIMARY KEY,
  indexed_through INTEGER NOT NULL,
  done INTEGER NOT NULL DEFAULT 0,
  completed_at TEXT
);

-- An empty catalogue has nothing to build: the index is complete, and the seed goes in through the triggers.
INSERT INTO derived_index_builds (name, indexed_through, done, completed_at)
  SELECT 'transceiver_text_index',
         CASE WHEN EXISTS (SELECT 1 FROM transceivers) THEN 0 ELSE 9223372036854775807 END,
         0,
         CASE WHEN EXISTS (SELECT 1 FROM transceivers) THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END;

-- Every write to transceivers (import, seed reload, edits, the market intake, any future writer) goes through these,
-- inside the writer's transaction. A row above indexed_through is not in the index yet: the build adds it as it is.
CREATE TRIGGER transceiver_text_index_insert AFTER INSERT ON transceivers
WHEN new.rowid <= coalesce((SELECT indexed_through FROM derived_index_builds WHERE name = 'transceiver_text_index'), 9223372036854775807)
BEGIN
  INSERT INTO transceiver_text_index (rowid, part_number, name, form_factor, standard)
    VALUES (new.rowid, lower(new.part_number), lower(new.name), lower(new.form_factor), lower(new.standard));
END;

CREATE TRIGGER transceiver_text_index_delete AFTER DELETE ON transceivers
WHEN old.rowid <= coalesce((SELECT indexed_through FROM derived_index_builds WHERE name = 'transceiver_text_index'), 9223372036854775807)
BEGIN
  DELETE FROM transceiver_text_index WHERE rowid = old.rowid;
END;

CREATE TRIGGER transceiver_text_index_update AFTER UPDATE OF part_number, name, form_factor, standard ON transceivers
WHEN old.rowid <= coalesce((SELECT indexed_through FROM derived_index_builds WHERE name = 'transceiver_text_index'), 9223372036854775807)
BEGIN
  DELETE FROM transceiver_text_index WHERE rowid = old.rowid;
  INSERT INTO transceiver_text_index (rowid, part_number, name, form_factor, standard)
    VALUES (new.rowid, lower(new.part_number), lower(new.name), lower(new.form_factor), lower(new.standard));
END;
