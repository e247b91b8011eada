-- Which process holds a document's job (queued in its memory, or processing there), that process's id on its
-- machine, and its last sign of life. A queued or processing document whose heartbeat lapsed belongs to a process
-- that is gone and is ended failed by whichever process sees it first; one whose process id names no running
-- process on this machine (the database file is on it) is ended failed at once. Documents from before this
-- migration have no holder and end failed at the next start, as every unfinished document did until now.
ALTER TABLE documents ADD COLUMN processing_holder TEXT;
ALTER TABLE documents ADD COLUMN processing_pid INTEGER;
ALTER TABLE documents ADD COLUMN processing_heartbeat_at TEXT;
