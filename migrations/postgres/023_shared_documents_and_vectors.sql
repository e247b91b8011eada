-- Every service process sharing the database reads what a request needs from it: an uploaded PDF's bytes, and the
-- vectors the search collections are built from. Each process keeps its own vector indexes (DATA_DIR/vectors) and
-- follows the changes below (a notification on the channel embedding_changes, or the sequence it polls).

CREATE TABLE document_files (
  document_id text PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
  content bytea NOT NULL
);

CREATE TABLE stored_embeddings (
  collection text NOT NULL,
  item_id text NOT NULL,
  provider text NOT NULL,
  model text NOT NULL,
  version text NOT NULL,
  text_hash text NOT NULL,
  vector bytea NOT NULL,
  payload text,
  PRIMARY KEY (collection, provider, model, item_id)
);

CREATE TABLE embedding_changes (
  collection text PRIMARY KEY,
  seq bigint NOT NULL DEFAULT 0,
  claimed_by text,
  claimed_until text
);

-- A bump of a collection's sequence tells every listening process at once (at commit) which collection changed.
CREATE FUNCTION embedding_changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('embedding_changes', NEW.collection);
  RETURN NULL;
END;
$$;
CREATE TRIGGER embedding_changes_notify AFTER INSERT OR UPDATE OF seq ON embedding_changes
  FOR EACH ROW EXECUTE FUNCTION embedding_changes_notify();
