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
-- The triggers below keep it in step with every write to transceivers (import, seed reload, edits, any future
-- writer), inside the writer's transaction. The index is keyed by the transceivers rowid, which no statement
-- changes; a VACUUM may renumber rowids of a table without an INTEGER PRIMARY KEY, so anything that ever runs
-- VACUUM must rebuild the index afterwards (rebuildTransceiverTextIndex in the transceivers repository).
CREATE VIRTUAL TABLE transceiver_text_index USING fts5(
  part_number, name, form_factor, standard,
  content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1'
);

-- Existing databases: the whole catalogue in one statement (about 0.3 s for 100,000 rows; see docs/benchmarks.md).
INSERT INTO transceiver_text_index (rowid, part_number, name, form_factor, standard)
  SELECT rowid, lower(part_number), lower(name), lower(form_factor), lower(standard) FROM transceivers;

CREATE TRIGGER transceiver_text_index_insert AFTER INSERT ON transceivers BEGIN
  INSERT INTO transceiver_text_index (rowid, part_number, name, form_factor, standard)
    VALUES (new.rowid, lower(new.part_number), lower(new.name), lower(new.form_factor), lower(new.standard));
END;

CREATE TRIGGER transceiver_text_index_delete AFTER DELETE ON transceivers BEGIN
  DELETE FROM transceiver_text_index WHERE rowid = old.rowid;
END;

CREATE TRIGGER transceiver_text_index_update AFTER UPDATE OF part_number, name, form_factor, standard ON transceivers BEGIN
  DELETE FROM transceiver_text_index WHERE rowid = old.rowid;
  INSERT INTO transceiver_text_index (rowid, part_number, name, form_factor, standard)
    VALUES (new.rowid, lower(new.part_number), lower(new.name), lower(new.form_factor), lower(new.standard));
END;
