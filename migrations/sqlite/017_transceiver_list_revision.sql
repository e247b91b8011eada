-- A revision number of what a row of the catalogue list is read from (transceivers, and the vendors whose name and
-- kind each row shows), raised by every insert, update and delete of either, so a reader can tell in one row lookup
-- whether anything it keeps from an earlier read is still true. The catalogue list keeps, per connection, the
-- ordered matches of recent text queries and recently read rows (transceiver-list.cache.ts) and uses them only while
-- the revision it read them under is still the current one.
--
-- Triggers rather than the writers raise it, so every writer counts: the import, the seed reload, the market intake
-- (new products from POST /api/prices and the scrapers), hand edits, and any future one; and they run inside the
-- writer's transaction, so another process (the CLI importing into the same file) raises it in the same commit as its
-- rows. A reader reads it inside the read transaction of its query, so what it keeps and what it reads come from one
-- snapshot. Price observations do not raise it: the list reads prices on every request.
CREATE TABLE transceiver_list_revision (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  revision INTEGER NOT NULL
);
INSERT INTO transceiver_list_revision (id, revision) VALUES (1, 0);

CREATE TRIGGER transceiver_list_revision_insert AFTER INSERT ON transceivers BEGIN
  UPDATE transceiver_list_revision SET revision = revision + 1 WHERE id = 1;
END;

CREATE TRIGGER transceiver_list_revision_update AFTER UPDATE ON transceivers BEGIN
  UPDATE transceiver_list_revision SET revision = revision + 1 WHERE id = 1;
END;

CREATE TRIGGER transceiver_list_revision_delete AFTER DELETE ON transceivers BEGIN
  UPDATE transceiver_list_revision SET revision = revision + 1 WHERE id = 1;
END;

CREATE TRIGGER transceiver_list_revision_vendor_insert AFTER INSERT ON vendors BEGIN
  UPDATE transceiver_list_revision SET revision = revision + 1 WHERE id = 1;
END;

CREATE TRIGGER transceiver_list_revision_vendor_update AFTER UPDATE ON vendors BEGIN
  UPDATE transceiver_list_revision SET revision = revision + 1 WHERE id = 1;
END;

CREATE TRIGGER transceiver_list_revision_vendor_delete AFTER DELETE ON vendors BEGIN
  UPDATE transceiver_list_revision SET revision = revision + 1 WHERE id = 1;
END;
