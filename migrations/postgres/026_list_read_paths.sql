-- Reviewing what the shops changed: the products of one confidence, newest first. With this index the page is read in
-- that order and stops after its rows, instead of sorting every product of the confidence (a third of the catalogue).
CREATE INDEX transceivers_confidence_updated ON transceivers (data_confidence, updated_at, id);

-- A word of one or two letters ("LR", "SR") has no trigram, so its matches are found by reading search_text of every
-- product, and a word that a vendor's name holds finds most of the catalogue. Read from the table, either means
-- stepping through every column of every row; this index holds the column and the vendor alone, so the count reads it
-- instead (an index-only scan over a fraction of the table's size). Its entries stay within the index's size limit:
-- the fields it joins are bounded (PRODUCT_TEXT_LIMITS).
CREATE INDEX transceivers_search_text ON transceivers (search_text) INCLUDE (vendor_id);
ANALYZE transceivers;
