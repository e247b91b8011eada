-- A revision number of the price observations, raised by every insert, update and delete of one, so the catalogue list
-- can keep each product's current price (the latest observation, prices/current-prices.cache.ts) and tell in one row
-- lookup whether what it keeps is still true. It is a revision of its own rather than a trigger on the list's revision
-- (migrations/017): the scrapers record prices all day, and every price would otherwise also drop the rows and text
-- matches the list keeps, none of which a price changes.
--
-- Triggers rather than the writers raise it, so every writer counts: POST /api/prices, the price import, the scrapers'
-- market intake, the seed reload, a product's delete (its observations go by ON DELETE CASCADE, which fires these
-- triggers too), hand edits, and another process on the same file (the CLI), in the same commit as its rows.
CREATE TABLE price_observation_revision (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  revision INTEGER NOT NULL
);
INSERT INTO price_observation_revision (id, revision) VALUES (1, 0);

CREATE TRIGGER price_observation_revision_insert AFTER INSERT ON price_observations BEGIN
  UPDATE price_observation_revision SET revision = revision + 1 WHERE id = 1;
END;

CREATE TRIGGER price_observation_revision_update AFTER UPDATE ON price_observations BEGIN
  UPDATE price_observation_revision SET revision = revision + 1 WHERE id = 1;
END;

CREATE TRIGGER price_observation_revision_delete AFTER DELETE ON price_observations BEGIN
  UPDATE price_observation_revision SET revision = revision + 1 WHERE id = 1;
END;
