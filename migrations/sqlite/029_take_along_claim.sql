-- Who is pulling a team snapshot into this database now ("take along"): the service's route and the CLI may both
-- run against one data directory, so the one pull at a time is agreed here, not in a process's memory. The holder
-- renews claimed_until while it pulls; a claim past it belongs to a process that died and is taken over.
CREATE TABLE take_along_claims (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  -- The holder's machine and process: a claim of a process that is gone from this machine is taken over at once.
  host TEXT NOT NULL,
  pid INTEGER NOT NULL,
  -- The team server the running pull reads, for the message a second pull gets.
  from_url TEXT NOT NULL,
  started_at TEXT NOT NULL,
  claimed_until TEXT NOT NULL
);
