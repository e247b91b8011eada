-- Indexes for the catalogue API's filtered, sorted lists (GET /api/transceivers), measured at 100,000 rows in
-- bench/catalogue.bench.ts. Each one narrows the rows and, where it can, delivers them in the requested order (the
-- list breaks ties by rowid, which every index carries), so a page of 50 out of tens of thousands of matches is read
-- in order and stops after 50 rows instead of sorting every match; the total is counted from the index alone.

-- form_factor + speed_gbps, in the default order (part number).
CREATE INDEX transceivers_ff_speed_part ON transceivers (form_factor, speed_gbps, part_number);
-- speed_gbps alone (for example "all 1.6T products"), in part-number order.
CREATE INDEX transceivers_speed_part ON transceivers (speed_gbps, part_number);
-- speed_gbps + data_confidence: counted without touching the table.
CREATE INDEX transceivers_speed_confidence ON transceivers (speed_gbps, data_confidence);
-- A reach range per fiber type, read in reach order (sort=reach_meters).
CREATE INDEX transceivers_fiber_reach ON transceivers (fiber_type, reach_meters);
-- The text query (q) is a substring match that no B-tree can seek; scanning these three columns instead of whole
-- rows halves the cost of counting matches, and the list reads this index in part-number order and stops early.
CREATE INDEX transceivers_text ON transceivers (part_number, name, standard);
