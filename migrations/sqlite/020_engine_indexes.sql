-- The catalogue reads its lists straight from the engine's indexes; nothing beside them keeps pages, rows, prices or
-- text matches between requests any more, so the revision counters that told such copies when to drop what they
-- kept go, with their triggers.
DROP TRIGGER IF EXISTS transceiver_list_revision_insert;
DROP TRIGGER IF EXISTS transceiver_list_revision_update;
DROP TRIGGER IF EXISTS transceiver_list_revision_delete;
DROP TRIGGER IF EXISTS transceiver_list_revision_vendor_insert;
DROP TRIGGER IF EXISTS transceiver_list_revision_vendor_update;
DROP TRIGGER IF EXISTS transceiver_list_revision_vendor_delete;
DROP TABLE IF EXISTS transceiver_list_revision;
DROP TRIGGER IF EXISTS price_observation_revision_insert;
DROP TRIGGER IF EXISTS price_observation_revision_update;
DROP TRIGGER IF EXISTS price_observation_revision_delete;
DROP TABLE IF EXISTS price_observation_revision;

-- The text query's trigram index is built here, in one pass, instead of after the start in small batches: it also
-- covers the platform coding now (a salesperson types "cisco" or "juniper" from a customer's mail).
DROP TRIGGER IF EXISTS transceiver_text_index_insert;
DROP TRIGGER IF EXISTS transceiver_text_index_delete;
DROP TRIGGER IF EXISTS transceiver_text_index_update;
DROP TABLE IF EXISTS derived_index_builds;
DROP TABLE IF EXISTS transceiver_text_index;

-- Contentless (the text lives in transceivers) with contentless_delete, keyed by the transceivers rowid, which no
-- statement changes. The index holds lower(field) with a case-sensitive trigram tokenizer, and the repository lowers
-- the ASCII letters of each query word alike, so a word of three or more characters matches exactly where it is a
-- substring of a field, as LIKE would find it; shorter words have no trigram and are matched by LIKE.
CREATE VIRTUAL TABLE transceiver_text_index USING fts5(
  part_number, name, form_factor, standard, platform_coding,
  content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1'
);

INSERT INTO transceiver_text_index (rowid, part_number, name, form_factor, standard, platform_coding)
  SELECT rowid, lower(part_number), lower(name), lower(form_factor), lower(standard), lower(platform_coding) FROM transceivers;

CREATE TRIGGER transceiver_text_index_insert AFTER INSERT ON transceivers BEGIN
  INSERT INTO transceiver_text_index (rowid, part_number, name, form_factor, standard, platform_coding)
    VALUES (new.rowid, lower(new.part_number), lower(new.name), lower(new.form_factor), lower(new.standard), lower(new.platform_coding));
END;

CREATE TRIGGER transceiver_text_index_delete AFTER DELETE ON transceivers BEGIN
  DELETE FROM transceiver_text_index WHERE rowid = old.rowid;
END;

CREATE TRIGGER transceiver_text_index_update AFTER UPDATE OF part_number, name, form_factor, standard, platform_coding ON transceivers BEGIN
  DELETE FROM transceiver_text_index WHERE rowid = old.rowid;
  INSERT INTO transceiver_text_index (rowid, part_number, name, form_factor, standard, platform_coding)
    VALUES (new.rowid, lower(new.part_number), lower(new.name), lower(new.form_factor), lower(new.standard), lower(new.platform_coding));
END;

-- The list breaks ties by id on both engines (PostgreSQL has no rowid), so every index a sorted list reads in order
-- ends in id: a page of 50 is read in order and stops after 50 rows, ties included. One index per sort field (the
-- reach in two spellings, unknown reaches last in either direction), and the filters' indexes likewise; the indexes
-- these replace (ending in the rowid) go.
DROP INDEX IF EXISTS transceivers_ff_speed_part;
DROP INDEX IF EXISTS transceivers_speed_part;
DROP INDEX IF EXISTS transceivers_fiber_reach;
DROP INDEX IF EXISTS transceivers_part_number;
DROP INDEX IF EXISTS transceivers_speed;
DROP INDEX IF EXISTS transceivers_vendor;
DROP INDEX IF EXISTS transceivers_text;
CREATE INDEX transceivers_ff_speed_part ON transceivers (form_factor, speed_gbps, part_number, id);
CREATE INDEX transceivers_speed_part ON transceivers (speed_gbps, part_number, id);
CREATE INDEX transceivers_fiber_reach ON transceivers (fiber_type, reach_meters, id);
CREATE INDEX transceivers_part_id ON transceivers (part_number, id);
CREATE INDEX transceivers_name_id ON transceivers (name, id);
CREATE INDEX transceivers_speed_id ON transceivers (speed_gbps, id);
CREATE INDEX transceivers_form_factor_id ON transceivers (form_factor, id);
CREATE INDEX transceivers_vendor_id ON transceivers (vendor_id, id);
CREATE INDEX transceivers_confidence_id ON transceivers (data_confidence, id);
CREATE INDEX transceivers_updated_id ON transceivers (updated_at, id);
CREATE INDEX transceivers_reach_id ON transceivers (reach_meters, id);
CREATE INDEX transceivers_wdm_id ON transceivers (wdm_type, id);
CREATE INDEX transceivers_reach_unknown_last ON transceivers ((nullif(reach_meters, 0) IS NULL), nullif(reach_meters, 0), id);
CREATE INDEX transceivers_reach_known_first ON transceivers ((nullif(reach_meters, 0) IS NOT NULL), nullif(reach_meters, 0), id);
