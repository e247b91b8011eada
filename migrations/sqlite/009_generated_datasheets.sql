-- Generated product datasheets (features/sales/datasheets). A row is derived data: input_hash fingerprints what the
-- datasheet was generated from (the product row, its prices, comparables and compatibility, the generator version),
-- and a read whose inputs hash differently regenerates the row, so a changed product never shows a stale datasheet.
-- kind leaves room for the switch datasheet; product_id is the product's UUID (not its slug, which may change).
CREATE TABLE generated_datasheets (
  kind TEXT NOT NULL CHECK (kind IN ('transceiver', 'switch')),
  product_id TEXT NOT NULL,
  input_hash TEXT NOT NULL,                  -- sha256 hex of the inputs
  generator_version INTEGER NOT NULL,        -- bumped when the layout or the rules change
  datasheet_json TEXT NOT NULL,              -- the JSON datasheet as GET /api/datasheets/<kind>/:id answers it
  html TEXT NOT NULL,                        -- the self-contained HTML export
  pdf_base64 TEXT,                           -- the PDF export, rendered on first request and kept until regeneration
  generated_at TEXT NOT NULL,                -- ISO-8601 UTC
  PRIMARY KEY (kind, product_id)
);
