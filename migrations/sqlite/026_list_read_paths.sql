-- Reviewing what the shops changed: the products of one confidence, newest first. With this index the page is read in
-- that order and stops after its rows, instead of sorting every product of the confidence (a third of the catalogue).
CREATE INDEX transceivers_confidence_updated ON transceivers (data_confidence, updated_at, id);
