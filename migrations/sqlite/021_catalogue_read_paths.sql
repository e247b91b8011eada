-- A product page lists a product's comparables: same form factor, speed, fibre and wavelengths, priced ones first,
-- then per vendor the unpriced ones by part number. A product family can hold thousands of products with a handful
-- priced, so the family index below carries whether a product has a price and its vendor, and the page reads the
-- priced ones and each vendor's first unpriced ones as index ranges.

-- Stored wavelengths take the one compact JSON spelling every writer uses ("[1271,1291]"), so the texts compare.
UPDATE transceivers SET wavelengths = json(wavelengths) WHERE json_valid(wavelengths) AND wavelengths <> json(wavelengths);

-- Whether any price was ever observed for the product, kept by the engine as observations come and go.
ALTER TABLE transceivers ADD COLUMN has_price INTEGER NOT NULL DEFAULT 0;
UPDATE transceivers SET has_price = 1 WHERE id IN (SELECT transceiver_id FROM price_observations);

CREATE TRIGGER price_observations_has_price_insert AFTER INSERT ON price_observations BEGIN
  UPDATE transceivers SET has_price = 1 WHERE id = new.transceiver_id AND has_price = 0;
END;
CREATE TRIGGER price_observations_has_price_delete AFTER DELETE ON price_observations BEGIN
  UPDATE transceivers SET has_price = 0
  WHERE id = old.transceiver_id AND has_price = 1 AND NOT EXISTS (SELECT 1 FROM price_observations WHERE transceiver_id = old.transceiver_id);
END;
CREATE TRIGGER price_observations_has_price_update AFTER UPDATE OF transceiver_id ON price_observations BEGIN
  UPDATE transceivers SET has_price = 1 WHERE id = new.transceiver_id AND has_price = 0;
  UPDATE transceivers SET has_price = 0
  WHERE id = old.transceiver_id AND has_price = 1 AND NOT EXISTS (SELECT 1 FROM price_observations WHERE transceiver_id = old.transceiver_id);
END;

CREATE INDEX transceivers_family ON transceivers (form_factor, speed_gbps, fiber_type, wavelengths, has_price, vendor_id, part_number, id);

-- The one list filter without an index of its own: a page of the few products whose details are unverified is
-- collected through it instead of reading the whole catalogue twice (to count, then to sort).
CREATE INDEX transceivers_details_verified_id ON transceivers (details_verified, id);

-- The text query's fields in one lowered text, separated by char(31) so no word spans two fields. SQLite answers
-- words of three or more characters from its trigram index and reads the fields themselves for shorter ones; the
-- column is declared here as on PostgreSQL, which stores it and indexes it, and costs nothing until read.
ALTER TABLE transceivers ADD COLUMN search_text TEXT GENERATED ALWAYS AS (
  lower(coalesce(part_number, '') || char(31) || coalesce(name, '') || char(31) || coalesce(form_factor, '') || char(31) ||
        coalesce(standard, '') || char(31) || coalesce(platform_coding, ''))
) VIRTUAL;
