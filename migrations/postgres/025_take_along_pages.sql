-- A laptop's pull of a team's snapshot ("take along") lands in its SQLite file; the table exists here too so both
-- engines keep one schema (a laptop may run on PostgreSQL, and the table declarations hold for both).
CREATE TABLE take_along_pages (
  table_name text NOT NULL,
  page integer NOT NULL,
  rows text NOT NULL,
  row_count integer NOT NULL,
  next_cursor text,
  PRIMARY KEY (table_name, page)
);
