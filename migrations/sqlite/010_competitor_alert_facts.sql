-- What a competitor alert is about, as numbers rather than only as text: the price before and after with the
-- percentage (price_change), the stock state before and after (stock_change), and the price observation that
-- triggered it, so seeded and produced alerts read the same and a client can show before/after without parsing
-- the title. NULL where the kind has no such figure (a new product has no previous price).
ALTER TABLE competitor_alerts ADD COLUMN currency TEXT;
ALTER TABLE competitor_alerts ADD COLUMN old_price REAL;
ALTER TABLE competitor_alerts ADD COLUMN new_price REAL;
ALTER TABLE competitor_alerts ADD COLUMN change_pct REAL;
ALTER TABLE competitor_alerts ADD COLUMN old_in_stock INTEGER CHECK (old_in_stock IN (0, 1));
ALTER TABLE competitor_alerts ADD COLUMN new_in_stock INTEGER CHECK (new_in_stock IN (0, 1));
ALTER TABLE competitor_alerts ADD COLUMN observation_id INTEGER REFERENCES price_observations (id) ON DELETE SET NULL;
CREATE INDEX competitor_alerts_vendor_time ON competitor_alerts (vendor_id, created_at);
