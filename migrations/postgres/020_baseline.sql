-- PostgreSQL's history starts here, at 020, with the whole schema that SQLite has after its migrations 001 to 020:
-- a team database is always created fresh (or filled from a laptop by `copy-database`), so it never needs the steps
-- SQLite took to get there. From 021 on, every schema change has a file with the same number in both folders
-- (migrations/sqlite and migrations/postgres), each written for its engine.
--
-- The same tables, columns, constraints and indexes as SQLite, spelled for PostgreSQL: TEXT is text, INTEGER is
-- integer (bigint where a value can pass 2^31: keys, byte sizes, counters), REAL is double precision; booleans stay
-- 0/1 integers and times stay ISO-8601 UTC text, so the same SQL reads the same values on both engines. A SQLite
-- INTEGER PRIMARY KEY (which fills itself) is an identity column. The migrator's own ledger (schema_migrations) is
-- created by the migrator, not here.

-- The catalogue's text query matches substrings through trigrams, as SQLite's FTS5 trigram index does.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Service-wide key/value settings (seed version, operator brand, index build markers).
CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at text NOT NULL DEFAULT (to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
);

-- Long-running work (embedding, PDF processing, imports, the blog pipeline) runs as jobs that report progress.
CREATE TABLE jobs (
  id text PRIMARY KEY,
  kind text NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  progress double precision NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 1),
  message text,
  error text,
  payload text,
  result text,
  created_at text NOT NULL DEFAULT (to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
  started_at text,
  finished_at text
);
CREATE INDEX jobs_kind_status ON jobs (kind, status);

-- The catalogue: vendors, standards, form factors, transceivers, switches, prices, demand, transport data.
-- Lists (wavelengths, speeds) are JSON arrays in text columns.
CREATE TABLE vendors (
  id text PRIMARY KEY,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('operator', 'oem', 'competitor')),
  country text,
  website text,
  is_demo integer NOT NULL DEFAULT 0 CHECK (is_demo IN (0, 1)),
  scrape_interval_hours integer,
  notes text
);

CREATE TABLE standards (
  name text PRIMARY KEY,
  category text NOT NULL,
  speed_gbps double precision NOT NULL,
  lanes integer NOT NULL,
  modulation text NOT NULL,
  medium text NOT NULL CHECK (medium IN ('multimode', 'single-mode', 'copper')),
  reach_meters integer,
  reach_label text NOT NULL,
  wavelengths text NOT NULL DEFAULT '[]',
  fiber_count integer,
  connector text,
  body text NOT NULL,
  year integer,
  description_en text NOT NULL,
  description_de text NOT NULL
);

-- The reference to the superseded form factor is checked at the end of a transaction that defers it, so a copy can
-- write a form factor before the older one it supersedes.
CREATE TABLE form_factors (
  name text PRIMARY KEY,
  full_name text NOT NULL,
  speed text NOT NULL,
  max_speed_gbps double precision NOT NULL,
  channels integer NOT NULL,
  status text NOT NULL,
  supersedes text REFERENCES form_factors (name) DEFERRABLE INITIALLY IMMEDIATE,
  introduced_year integer,
  description_en text NOT NULL,
  description_de text NOT NULL
);

CREATE TABLE transceivers (
  id text PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  vendor_id text NOT NULL REFERENCES vendors (id),
  part_number text NOT NULL,
  name text NOT NULL,
  form_factor text NOT NULL REFERENCES form_factors (name),
  speed_gbps double precision NOT NULL CHECK (speed_gbps > 0),
  standard text REFERENCES standards (name),
  fiber_type text NOT NULL,
  wdm_type text NOT NULL,
  wavelengths text NOT NULL DEFAULT '[]',
  reach_meters integer,
  reach_label text NOT NULL DEFAULT '',
  details_verified integer GENERATED ALWAYS AS (CASE WHEN reach_label <> '' THEN 1 ELSE 0 END) STORED,
  data_confidence text NOT NULL CHECK (data_confidence IN ('vendor_verified', 'enriched_estimated', 'scraped_unverified')),
  connector text,
  lanes integer,
  modulation text,
  power_w double precision,
  temp_range text,
  temp_min_c integer,
  temp_max_c integer,
  dom_support integer NOT NULL DEFAULT 1 CHECK (dom_support IN (0, 1)),
  platform_coding text,
  product_page_url text,
  image_url text,
  description text,
  created_at text NOT NULL DEFAULT (to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
  updated_at text NOT NULL DEFAULT (to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
  -- seed = generated demo row of the offline data set, import = written by a catalogue import, NULL = not recorded.
  origin text CHECK (origin IN ('seed', 'import')),
  generator text,
  generated_on text,
  UNIQUE (vendor_id, part_number)
);
CREATE INDEX transceivers_ff_speed ON transceivers (form_factor, speed_gbps);
CREATE INDEX transceivers_speed ON transceivers (speed_gbps);
CREATE INDEX transceivers_vendor ON transceivers (vendor_id);
CREATE INDEX transceivers_standard ON transceivers (standard);
CREATE INDEX transceivers_fiber_wdm ON transceivers (fiber_type, wdm_type);
CREATE INDEX transceivers_part_number ON transceivers (part_number);
-- The catalogue API's sorted lists: each index ends in id, the tie-breaker of every list, so a page is read in order.
CREATE INDEX transceivers_ff_speed_part ON transceivers (form_factor, speed_gbps, part_number, id);
CREATE INDEX transceivers_speed_part ON transceivers (speed_gbps, part_number, id);
CREATE INDEX transceivers_speed_confidence ON transceivers (speed_gbps, data_confidence);
CREATE INDEX transceivers_fiber_reach ON transceivers (fiber_type, reach_meters, id);
CREATE INDEX transceivers_text ON transceivers (part_number, name, standard);
CREATE INDEX transceivers_part_id ON transceivers (part_number, id);
-- The text query `q`: one trigram index over the lowered fields it searches, joined by a character no field holds
-- (chr(31)), so a word never matches across two fields. The repository's query repeats this expression exactly.
CREATE INDEX transceivers_text_trgm ON transceivers USING gin ((lower(coalesce(part_number, '') || chr(31) || coalesce(name, '') || chr(31) || coalesce(form_factor, '') || chr(31) || coalesce(standard, '') || chr(31) || coalesce(platform_coding, ''))) gin_trgm_ops);

-- The map from catalogue products (OEM or competitor) to the operator's own equivalent product.
CREATE TABLE operator_product_map (
  transceiver_id text NOT NULL REFERENCES transceivers (id) ON DELETE CASCADE,
  operator_transceiver_id text NOT NULL REFERENCES transceivers (id) ON DELETE CASCADE,
  match_basis text NOT NULL,
  PRIMARY KEY (transceiver_id, operator_transceiver_id)
);
CREATE INDEX operator_product_map_operator ON operator_product_map (operator_transceiver_id);

CREATE TABLE switches (
  id text PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  vendor_id text NOT NULL REFERENCES vendors (id),
  model text NOT NULL,
  series text,
  role text,
  asic text,
  released_year integer,
  product_page_url text,
  description text,
  UNIQUE (vendor_id, model)
);

CREATE TABLE switch_port_groups (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  switch_id text NOT NULL REFERENCES switches (id) ON DELETE CASCADE,
  port_count integer NOT NULL CHECK (port_count > 0),
  form_factor text NOT NULL REFERENCES form_factors (name),
  speeds_gbps text NOT NULL,
  max_speed_gbps double precision NOT NULL,
  role text
);
CREATE INDEX switch_port_groups_switch ON switch_port_groups (switch_id);

CREATE TABLE price_observations (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  transceiver_id text NOT NULL REFERENCES transceivers (id) ON DELETE CASCADE,
  vendor_id text NOT NULL REFERENCES vendors (id),
  price double precision NOT NULL CHECK (price > 0),
  currency text NOT NULL CHECK (currency IN ('GBP', 'USD', 'EUR')),
  observed_at text NOT NULL,
  in_stock integer CHECK (in_stock IN (0, 1)),
  stock_qty integer,
  source text NOT NULL,
  url text
);
CREATE INDEX price_observations_product_time ON price_observations (transceiver_id, observed_at);
CREATE INDEX price_observations_vendor_time ON price_observations (vendor_id, observed_at);

CREATE TABLE price_changes (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  transceiver_id text NOT NULL REFERENCES transceivers (id) ON DELETE CASCADE,
  vendor_id text NOT NULL REFERENCES vendors (id),
  currency text NOT NULL,
  old_price double precision NOT NULL,
  new_price double precision NOT NULL,
  change_pct double precision NOT NULL,
  changed_at text NOT NULL
);
CREATE INDEX price_changes_time ON price_changes (changed_at);

-- A competitor product matched to an operator product, with the competitor's price at match time.
CREATE TABLE comparable_prices (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  operator_transceiver_id text NOT NULL REFERENCES transceivers (id) ON DELETE CASCADE,
  competitor_transceiver_id text NOT NULL REFERENCES transceivers (id) ON DELETE CASCADE,
  comp_form_factor text NOT NULL,
  comp_speed_gbps double precision NOT NULL,
  comp_reach_meters integer,
  comp_reach_label text,
  comp_fiber_type text,
  comp_wavelengths text,
  price double precision NOT NULL,
  currency text NOT NULL,
  observed_at text NOT NULL,
  UNIQUE (operator_transceiver_id, competitor_transceiver_id)
);

-- The figures behind an alert (currency .. observation_id) are NULL where its kind has none.
CREATE TABLE competitor_alerts (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('price_change', 'new_product', 'stock_change')),
  vendor_id text NOT NULL REFERENCES vendors (id),
  transceiver_id text REFERENCES transceivers (id) ON DELETE SET NULL,
  severity text NOT NULL CHECK (severity IN ('info', 'warning', 'critical')),
  title text NOT NULL,
  detail text,
  created_at text NOT NULL,
  acknowledged integer NOT NULL DEFAULT 0 CHECK (acknowledged IN (0, 1)),
  currency text,
  old_price double precision,
  new_price double precision,
  change_pct double precision,
  old_in_stock integer CHECK (old_in_stock IN (0, 1)),
  new_in_stock integer CHECK (new_in_stock IN (0, 1)),
  observation_id bigint REFERENCES price_observations (id) ON DELETE SET NULL
);
CREATE INDEX competitor_alerts_time ON competitor_alerts (created_at);
CREATE INDEX competitor_alerts_vendor_time ON competitor_alerts (vendor_id, created_at);

-- One row per internal SKU; is_internal rows are visible only through authenticated requests.
CREATE TABLE internal_demand (
  sku text PRIMARY KEY,
  description text NOT NULL,
  transceiver_id text REFERENCES transceivers (id) ON DELETE SET NULL,
  form_factor text,
  speed_gbps double precision,
  velocity_class text NOT NULL,
  has_demand_data integer NOT NULL DEFAULT 0 CHECK (has_demand_data IN (0, 1)),
  units_12m integer,
  run_rate_30d double precision,
  run_rate_90d double precision,
  run_rate_365d double precision,
  stock_de integer,
  is_internal integer NOT NULL DEFAULT 0 CHECK (is_internal IN (0, 1)),
  updated_at text NOT NULL
);
CREATE INDEX internal_demand_transceiver ON internal_demand (transceiver_id);
CREATE INDEX internal_demand_speed ON internal_demand (speed_gbps);

CREATE TABLE cities (
  id text PRIMARY KEY,
  name text NOT NULL,
  country text NOT NULL,
  lat double precision NOT NULL,
  lon double precision NOT NULL
);

CREATE TABLE fiber_providers (
  id text PRIMARY KEY,
  name text NOT NULL,
  countries text NOT NULL DEFAULT '[]',
  network_type text,
  website text,
  is_demo integer NOT NULL DEFAULT 0 CHECK (is_demo IN (0, 1))
);

-- A route estimated by the planner's data set has no provider yet ("to be sourced") and is_estimated = 1.
CREATE TABLE fiber_routes (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  city_a text NOT NULL REFERENCES cities (id),
  city_b text NOT NULL REFERENCES cities (id),
  provider_id text REFERENCES fiber_providers (id),
  route_km double precision NOT NULL CHECK (route_km > 0),
  fiber_type text NOT NULL DEFAULT 'G.652.D',
  is_estimated integer NOT NULL DEFAULT 0 CHECK (is_estimated IN (0, 1)),
  CHECK (is_estimated = 1 OR provider_id IS NOT NULL),
  UNIQUE (city_a, city_b, provider_id)
);
-- UNIQUE treats NULL providers as distinct: one estimated route per city pair is kept unique here instead.
CREATE UNIQUE INDEX fiber_routes_estimated_pair ON fiber_routes (city_a, city_b) WHERE provider_id IS NULL;

-- Share of transceivers with at least one price observation, per form factor and overall.
CREATE VIEW price_coverage AS
SELECT t.form_factor AS form_factor,
       count(*) AS products,
       sum(CASE WHEN EXISTS (SELECT 1 FROM price_observations p WHERE p.transceiver_id = t.id) THEN 1 ELSE 0 END) AS priced
FROM transceivers t
GROUP BY t.form_factor;

CREATE VIEW image_coverage AS
SELECT t.form_factor AS form_factor,
       count(*) AS products,
       sum(CASE WHEN t.image_url IS NOT NULL AND t.image_url <> '' THEN 1 ELSE 0 END) AS with_image
FROM transceivers t
GROUP BY t.form_factor;

-- For each switch port group, the operator's transceivers that fit it (same form factor, a supported speed).
CREATE VIEW switch_transceiver_finder AS
SELECT g.switch_id AS switch_id,
       g.id AS port_group_id,
       g.form_factor AS form_factor,
       t.speed_gbps AS speed_gbps,
       t.id AS transceiver_id,
       t.platform_coding AS platform_coding
FROM switch_port_groups g
JOIN transceivers t ON t.form_factor = g.form_factor
JOIN vendors v ON v.id = t.vendor_id AND v.kind = 'operator'
WHERE EXISTS (
  SELECT 1 FROM jsonb_array_elements(g.speeds_gbps::jsonb) s (value)
  WHERE jsonb_typeof(s.value) = 'number' AND (s.value #>> '{}')::double precision = t.speed_gbps
);

-- Technology lifecycle forecasting: the technology data set (resources/seed/technologies/).
CREATE TABLE technologies (
  name text PRIMARY KEY,
  display_order integer NOT NULL,
  category text NOT NULL CHECK (category IN ('ethernet', 'coherent', 'packaging')),
  speed_gbps double precision,
  description text NOT NULL,
  standard_name text,
  standard_body text,
  standard_stage text NOT NULL CHECK (standard_stage IN ('none', 'draft', 'approved')),
  standard_year integer,
  standard_source text NOT NULL,
  launch_year integer NOT NULL,
  launch_kind text NOT NULL CHECK (launch_kind IN ('published', 'estimate')),
  launch_source text NOT NULL,
  market_potential double precision NOT NULL CHECK (market_potential > 0),
  prior_p double precision NOT NULL CHECK (prior_p > 0),
  prior_q double precision NOT NULL CHECK (prior_q > 0),
  model_kind text NOT NULL CHECK (model_kind IN ('published', 'estimate')),
  model_source text NOT NULL,
  interop_level integer NOT NULL CHECK (interop_level BETWEEN 0 AND 4),
  interop_source text NOT NULL,
  fallback_asp_decline double precision NOT NULL,
  fallback_vendor_breadth double precision NOT NULL CHECK (fallback_vendor_breadth BETWEEN 0 AND 1),
  fallback_sentiment double precision NOT NULL CHECK (fallback_sentiment BETWEEN -1 AND 1),
  fallback_sentiment_intensity double precision NOT NULL CHECK (fallback_sentiment_intensity BETWEEN 0 AND 1),
  fallback_source text NOT NULL,
  segment_hyperscaler double precision NOT NULL,
  segment_telco double precision NOT NULL,
  segment_enterprise double precision NOT NULL,
  catalogue_match text NOT NULL,
  news_tags text NOT NULL DEFAULT '[]',
  risks text NOT NULL DEFAULT '[]',
  updated_at text NOT NULL
);

CREATE TABLE technology_shipments (
  technology text NOT NULL REFERENCES technologies (name) ON DELETE CASCADE,
  year integer NOT NULL,
  units double precision NOT NULL CHECK (units >= 0),
  kind text NOT NULL CHECK (kind IN ('published', 'estimate')),
  source text NOT NULL,
  PRIMARY KEY (technology, year)
);

CREATE TABLE technology_generations (
  predecessor text NOT NULL REFERENCES technologies (name) ON DELETE CASCADE,
  successor text NOT NULL REFERENCES technologies (name) ON DELETE CASCADE,
  lineage text NOT NULL,
  relation text NOT NULL CHECK (relation IN ('successor', 'alternative')),
  note text NOT NULL,
  PRIMARY KEY (predecessor, successor, lineage)
);

CREATE TABLE technology_regions (
  region text PRIMARY KEY CHECK (region IN ('NA', 'China', 'APAC', 'Europe', 'RoW')),
  display_order integer NOT NULL,
  lag_years double precision NOT NULL CHECK (lag_years >= 0),
  price_index double precision NOT NULL CHECK (price_index > 0),
  market_share double precision NOT NULL CHECK (market_share > 0 AND market_share <= 1),
  segment_hyperscaler double precision NOT NULL,
  segment_telco double precision NOT NULL,
  segment_enterprise double precision NOT NULL,
  kind text NOT NULL CHECK (kind IN ('published', 'estimate')),
  source text NOT NULL
);

CREATE TABLE technology_models (
  technology text PRIMARY KEY REFERENCES technologies (name) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('fitted', 'prior')),
  p double precision NOT NULL,
  q double precision NOT NULL,
  m double precision NOT NULL,
  r2 double precision,
  converged integer CHECK (converged IN (0, 1)),
  iterations integer,
  points integer NOT NULL,
  reason text NOT NULL
);

CREATE TABLE technology_dataset (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY CHECK (id = 1),
  version text NOT NULL,
  hash text NOT NULL,
  loaded_at text NOT NULL
);

-- Search content (the seed of the vector collections) and a record of each vector collection's last build. The
-- vector indexes themselves are files in DATA_DIR/vectors/, derived data rebuilt from these tables.
CREATE TABLE news_articles (
  id text PRIMARY KEY,
  title text NOT NULL,
  summary text NOT NULL,
  url text,
  source text NOT NULL,
  published_at text NOT NULL,
  tags text NOT NULL DEFAULT '[]',
  sentiment double precision NOT NULL DEFAULT 0 CHECK (sentiment >= -1 AND sentiment <= 1),
  is_seed integer NOT NULL DEFAULT 0 CHECK (is_seed IN (0, 1)),
  created_at text NOT NULL DEFAULT (to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
  updated_at text NOT NULL DEFAULT (to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
);
CREATE INDEX news_articles_published ON news_articles (published_at);

CREATE TABLE faq_entries (
  id text PRIMARY KEY,
  question text NOT NULL,
  answer text NOT NULL,
  category text NOT NULL,
  tags text NOT NULL DEFAULT '[]',
  is_seed integer NOT NULL DEFAULT 0 CHECK (is_seed IN (0, 1)),
  created_at text NOT NULL DEFAULT (to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
  updated_at text NOT NULL DEFAULT (to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
);

CREATE TABLE troubleshooting_guides (
  id text PRIMARY KEY,
  title text NOT NULL,
  symptom text NOT NULL,
  causes text NOT NULL DEFAULT '[]',
  steps text NOT NULL DEFAULT '[]',
  applies_to text NOT NULL DEFAULT '[]',
  is_seed integer NOT NULL DEFAULT 0 CHECK (is_seed IN (0, 1)),
  created_at text NOT NULL DEFAULT (to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
  updated_at text NOT NULL DEFAULT (to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
);

CREATE TABLE datasheet_chunks (
  id text PRIMARY KEY,
  datasheet text NOT NULL,
  datasheet_title text NOT NULL,
  part_number text NOT NULL,
  form_factor text NOT NULL,
  speed_gbps double precision NOT NULL,
  chunk_index integer NOT NULL,
  section text NOT NULL,
  content text NOT NULL,
  is_seed integer NOT NULL DEFAULT 0 CHECK (is_seed IN (0, 1)),
  created_at text NOT NULL DEFAULT (to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
  updated_at text NOT NULL DEFAULT (to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
  UNIQUE (datasheet, chunk_index)
);

CREATE TABLE vector_collections (
  name text PRIMARY KEY,
  provider text NOT NULL,
  model text NOT NULL,
  dimension integer NOT NULL,
  item_count bigint NOT NULL,
  built_at text,
  build_ms bigint NOT NULL DEFAULT 0,
  source_fingerprint text,
  updated_at text NOT NULL DEFAULT (to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
);

-- Uploaded PDF documents (manuals, datasheets) and the chunks of their text, which feed the manual_chunks collection.
CREATE TABLE documents (
  id text PRIMARY KEY,
  filename text NOT NULL,
  sha256 text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  pages integer,
  status text NOT NULL CHECK (status IN ('queued', 'processing', 'processed', 'failed')),
  progress double precision NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 1),
  error text,
  markdown text,
  chunks_count integer NOT NULL DEFAULT 0,
  processed_at text,
  created_at text NOT NULL DEFAULT (to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
  updated_at text NOT NULL DEFAULT (to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
);
CREATE INDEX documents_status ON documents (status);
CREATE INDEX documents_sha256 ON documents (sha256);

-- seq is never reused (an identity, as SQLite's AUTOINCREMENT), so count + max(seq) changes on every insert and
-- delete: the vector collection's cheap change fingerprint, and each chunk's version.
CREATE TABLE document_chunks (
  seq bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  id text NOT NULL UNIQUE,
  document_id text NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  idx integer NOT NULL CHECK (idx >= 0),
  heading text NOT NULL DEFAULT '',
  text text NOT NULL,
  token_estimate integer NOT NULL,
  page_start integer NOT NULL,
  page_end integer NOT NULL,
  created_at text NOT NULL DEFAULT (to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
  UNIQUE (document_id, idx)
);

-- Exchange rates entered by the operator; USD is the base currency.
CREATE TABLE currency_rates (
  currency text NOT NULL CHECK (currency IN ('GBP', 'EUR')),
  rate_to_usd double precision NOT NULL CHECK (rate_to_usd > 0),
  as_of text NOT NULL,
  source text NOT NULL,
  recorded_at text NOT NULL DEFAULT (to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
  PRIMARY KEY (currency, as_of)
);

-- Generated product datasheets: derived data, regenerated when input_hash no longer matches the inputs.
CREATE TABLE generated_datasheets (
  kind text NOT NULL CHECK (kind IN ('transceiver', 'switch')),
  product_id text NOT NULL,
  input_hash text NOT NULL,
  generator_version integer NOT NULL,
  datasheet_json text NOT NULL,
  html text NOT NULL,
  pdf_base64 text,
  generated_at text NOT NULL,
  PRIMARY KEY (kind, product_id)
);

-- The history of scheduled job runs. The partial unique index is the no-overlap rule itself: at most one run of a job
-- is 'running' at any time, across processes, because the database refuses the second insert.
CREATE TABLE job_runs (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  job text NOT NULL,
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'manual', 'cli')),
  status text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'cancelled', 'abandoned')),
  started_at text NOT NULL,
  heartbeat_at text NOT NULL,
  finished_at text,
  pages bigint NOT NULL DEFAULT 0,
  items bigint NOT NULL DEFAULT 0,
  errors bigint NOT NULL DEFAULT 0,
  error_samples text NOT NULL DEFAULT '[]',
  message text,
  pid integer NOT NULL
);
CREATE UNIQUE INDEX job_runs_one_running ON job_runs (job) WHERE status = 'running';
CREATE INDEX job_runs_by_job ON job_runs (job, id DESC);

-- The blog engine: drafts, the output of every pipeline step, and feedback.
CREATE TABLE blog_drafts (
  id text PRIMARY KEY,
  title text NOT NULL,
  topic_type text NOT NULL CHECK (topic_type IN ('hype_cycle', 'comparison', 'new_product', 'tutorial')),
  hot_topic text,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'review', 'approved', 'rejected')),
  body text NOT NULL,
  keywords text NOT NULL DEFAULT '[]',
  generated_by text NOT NULL,
  word_count integer NOT NULL DEFAULT 0,
  qa_score integer CHECK (qa_score IS NULL OR qa_score BETWEEN 1 AND 10),
  quality_issues text NOT NULL DEFAULT '[]',
  facts text NOT NULL DEFAULT '{}',
  pipeline_state text NOT NULL DEFAULT 'idle'
    CHECK (pipeline_state IN ('idle', 'queued', 'running', 'succeeded', 'failed', 'offline', 'cancelled')),
  pipeline_run integer NOT NULL DEFAULT 0,
  pipeline_step integer,
  pipeline_message text,
  pipeline_updated_at text,
  created_at text NOT NULL,
  updated_at text NOT NULL
);
CREATE INDEX blog_drafts_by_created ON blog_drafts (created_at DESC, id);

CREATE TABLE blog_step_runs (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  draft_id text NOT NULL REFERENCES blog_drafts (id) ON DELETE CASCADE,
  run integer NOT NULL,
  step integer NOT NULL CHECK (step BETWEEN 1 AND 10),
  name text NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
  output text,
  error text,
  started_at text NOT NULL,
  duration_ms bigint,
  UNIQUE (draft_id, run, step)
);

-- Feedback outlives its draft (draft_id is cleared on delete): the title and body it judged are kept with it.
CREATE TABLE blog_feedback (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  draft_id text REFERENCES blog_drafts (id) ON DELETE SET NULL,
  source text NOT NULL CHECK (source IN ('person', 'pipeline')),
  accuracy integer NOT NULL CHECK (accuracy BETWEEN 1 AND 10),
  technical_depth integer NOT NULL CHECK (technical_depth BETWEEN 1 AND 10),
  practical_value integer NOT NULL CHECK (practical_value BETWEEN 1 AND 10),
  originality integer NOT NULL CHECK (originality BETWEEN 1 AND 10),
  structure integer NOT NULL CHECK (structure BETWEEN 1 AND 10),
  readability integer NOT NULL CHECK (readability BETWEEN 1 AND 10),
  human_tone integer NOT NULL CHECK (human_tone BETWEEN 1 AND 10),
  sales_relevance integer NOT NULL CHECK (sales_relevance BETWEEN 1 AND 10),
  comment text NOT NULL DEFAULT '',
  draft_title text NOT NULL,
  draft_topic_type text NOT NULL,
  draft_body text NOT NULL,
  generated_by text NOT NULL,
  created_at text NOT NULL
);
CREATE INDEX blog_feedback_by_draft ON blog_feedback (draft_id);
