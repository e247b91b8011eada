-- A product page lists a product's comparables: same form factor, speed, fibre and wavelengths, priced ones first,
-- then per vendor the unpriced ones by part number. A product family can hold thousands of products with a handful
-- priced, so the family index below carries whether a product has a price and its vendor, and the page reads the
-- priced ones and each vendor's first unpriced ones as index ranges.

-- Stored wavelengths take the one compact JSON spelling every writer uses ("[1271,1291]"), so the texts compare.
UPDATE transceivers SET wavelengths = replace(CAST(CAST(wavelengths AS jsonb) AS text), ' ', '')
WHERE wavelengths <> replace(CAST(CAST(wavelengths AS jsonb) AS text), ' ', '');

-- Whether any price was ever observed for the product, kept by the engine as observations come and go.
ALTER TABLE transceivers ADD COLUMN has_price integer NOT NULL DEFAULT 0;
UPDATE transceivers SET has_price = 1 WHERE id IN (SELECT transceiver_id FROM price_observations);

CREATE FUNCTION price_observations_keep_has_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE transceivers SET has_price = 1 WHERE id = NEW.transceiver_id AND has_price = 0;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE transceivers SET has_price = 0
    WHERE id = OLD.transceiver_id AND has_price = 1 AND NOT EXISTS (SELECT 1 FROM price_observations WHERE transceiver_id = OLD.transceiver_id);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER price_observations_has_price AFTER INSERT OR DELETE OR UPDATE OF transceiver_id ON price_observations
  FOR EACH ROW EXECUTE FUNCTION price_observations_keep_has_price();

CREATE INDEX transceivers_family ON transceivers (form_factor, speed_gbps, fiber_type, wavelengths, has_price, vendor_id, part_number, id);

-- The one list filter without an index of its own: a page of the few products whose details are unverified is
-- collected through it instead of reading the whole catalogue twice (to count, then to sort).
CREATE INDEX transceivers_details_verified_id ON transceivers (details_verified, id);
-- These columns are far from independent (a QSFP28 at 100G on single-mode fibre is one product family), so the
-- planner is told how they go together instead of multiplying their selectivities into a handful of rows.
CREATE STATISTICS transceivers_family_stats (dependencies, mcv) ON form_factor, speed_gbps, fiber_type, wavelengths FROM transceivers;

-- The text query's fields in one lowered text, separated by chr(31) so no word spans two fields, stored once per
-- row: a short word (no trigram) or a word nearly every row holds is answered by reading this column instead of
-- building the text again for every row, and the trigram index moves onto it.
ALTER TABLE transceivers ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(coalesce(part_number, '') || chr(31) || coalesce(name, '') || chr(31) || coalesce(form_factor, '') || chr(31) ||
        coalesce(standard, '') || chr(31) || coalesce(platform_coding, ''))
) STORED;
CREATE INDEX transceivers_search_trgm ON transceivers USING gin (search_text gin_trgm_ops);
DROP INDEX transceivers_text_trgm;
ANALYZE transceivers;
