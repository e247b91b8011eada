-- Brings a database that ran the first text of migrations/012 (which filled the catalogue's text index inside the
-- migration) to the state the amended 012 leaves: the build ledger with the index marked complete (it was filled
-- there), and the triggers that leave rows above indexed_through to the background build. On a database that ran the
-- amended 012 every statement below finds its work done (the ledger row exists, the triggers are the same).
CREATE TABLE IF NOT EXISTS derived_index_builds (
  name TEXT PRIMARY KEY,
  indexed_through INTEGER NOT NULL,
  done INTEGER NOT NULL DEFAULT 0,
  completed_at TEXT
);

INSERT OR IGNORE INTO derived_index_builds (name, indexed_through, done, completed_at)
  VALUES ('transceiver_text_index', 9223372036854775807, 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));

DROP TRIGGER IF EXISTS transceiver_text_index_insert;
DROP TRIGGER IF EXISTS transceiver_text_index_delete;
DROP TRIGGER IF EXISTS transceiver_text_index_update;

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
