-- Who is pulling a team snapshot into this database now ("take along"); the table exists here too so both engines
-- keep one schema. ISO-8601 text times, compared as text, as the laptop's SQLite file keeps them.
CREATE TABLE take_along_claims (
  name text PRIMARY KEY,
  holder text NOT NULL,
  host text NOT NULL,
  pid integer NOT NULL,
  from_url text NOT NULL,
  started_at text NOT NULL,
  claimed_until text NOT NULL
);
