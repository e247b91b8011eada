-- The catalogue: vendors, standards, form factors, transceivers, switches, prices, demand, transport data.
-- Lists (wavelengths, speeds) are JSON arrays in TEXT columns; times are ISO-8601 UTC text.

CREATE TABLE vendors (
  id TEXT PRIMARY KEY,                       -- slug, e.g. 'operator', 'cisco', 'fibrelink-demo'
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('operator', 'oem', 'competitor')),
  country TEXT,
  website TEXT,
  is_demo INTEGER NOT NULL DEFAULT 0 CHECK (is_demo IN (0, 1)),   -- fictional demo shop of the seed data set
  scrape_interval_hours INTEGER,             -- how often its shop is scraped; NULL = not scraped
  notes TEXT
);

CREATE TABLE standards (
  name TEXT PRIMARY KEY,                     -- e.g. '100GBASE-SR4', 'GPON', '400ZR'
  category TEXT NOT NULL,                    -- ethernet, pon, coherent, fibre-channel, ...
  speed_gbps REAL NOT NULL,
  lanes INTEGER NOT NULL,
  modulation TEXT NOT NULL,                  -- NRZ, PAM4, coherent (DP-16QAM ...)
  medium TEXT NOT NULL CHECK (medium IN ('multimode', 'single-mode', 'copper')),
  reach_meters INTEGER,
  reach_label TEXT NOT NULL,
  wavelengths TEXT NOT NULL DEFAULT '[]',    -- JSON array of nm
  fiber_count INTEGER,
  connector TEXT,
  body TEXT NOT NULL,                        -- IEEE clause or MSA/ITU-T recommendation
  year INTEGER,
  description_en TEXT NOT NULL,
  description_de TEXT NOT NULL
);

CREATE TABLE form_factors (
  name TEXT PRIMARY KEY,                     -- e.g. 'QSFP28'; key of /api/form-factors/:name
  full_name TEXT NOT NULL,
  speed TEXT NOT NULL,                       -- as usually written, e.g. '100G', '8x100G'
  max_speed_gbps REAL NOT NULL,
  channels INTEGER NOT NULL,
  status TEXT NOT NULL,                      -- emerging, mainstream, mature, legacy
  supersedes TEXT REFERENCES form_factors (name),
  introduced_year INTEGER,
  description_en TEXT NOT NULL,
  description_de TEXT NOT NULL
);

CREATE TABLE transceivers (
  id TEXT PRIMARY KEY,                       -- UUID
  slug TEXT NOT NULL UNIQUE,
  vendor_id TEXT NOT NULL REFERENCES vendors (id),
  part_number TEXT NOT NULL,
  name TEXT NOT NULL,
  form_factor TEXT NOT NULL REFERENCES form_factors (name),
  speed_gbps REAL NOT NULL CHECK (speed_gbps > 0),   -- 1.6T = 1600
  standard TEXT REFERENCES standards (name),
  fiber_type TEXT NOT NULL,                  -- SMF, MMF, copper, AOC
  wdm_type TEXT NOT NULL,                    -- none, CWDM, LWDM, DWDM, BiDi, PSM, coherent
  wavelengths TEXT NOT NULL DEFAULT '[]',    -- JSON array of nm
  reach_meters INTEGER,                      -- 0 is treated as absent in price matching
  reach_label TEXT NOT NULL DEFAULT '',
  details_verified INTEGER GENERATED ALWAYS AS (CASE WHEN reach_label <> '' THEN 1 ELSE 0 END) STORED,
  data_confidence TEXT NOT NULL CHECK (data_confidence IN ('vendor_verified', 'enriched_estimated', 'scraped_unverified')),
  connector TEXT,
  lanes INTEGER,
  modulation TEXT,
  power_w REAL,
  temp_range TEXT,                           -- commercial (0..70 C), extended, industrial (-40..85 C)
  temp_min_c INTEGER,
  temp_max_c INTEGER,
  dom_support INTEGER NOT NULL DEFAULT 1 CHECK (dom_support IN (0, 1)),
  platform_coding TEXT,                      -- whose equipment coding it carries (e.g. 'Cisco', 'Juniper', 'MSA generic')
  product_page_url TEXT,
  image_url TEXT,
  description TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (vendor_id, part_number)
);
CREATE INDEX transceivers_ff_speed ON transceivers (form_factor, speed_gbps);
CREATE INDEX transceivers_speed ON transceivers (speed_gbps);
CREATE INDEX transceivers_vendor ON transceivers (vendor_id);
CREATE INDEX transceivers_standard ON transceivers (standard);
CREATE INDEX transceivers_fiber_wdm ON transceivers (fiber_type, wdm_type);
CREATE INDEX transceivers_part_number ON transceivers (part_number);

-- The map from catalogue products (OEM or competitor) to the operator's own equivalent product.
CREATE TABLE operator_product_map (
  transceiver_id TEXT NOT NULL REFERENCES transceivers (id) ON DELETE CASCADE,
  operator_transceiver_id TEXT NOT NULL REFERENCES transceivers (id) ON DELETE CASCADE,
  match_basis TEXT NOT NULL,                 -- which fields matched (form factor, speed, fiber, wavelengths, reach)
  PRIMARY KEY (transceiver_id, operator_transceiver_id)
);
CREATE INDEX operator_product_map_operator ON operator_product_map (operator_transceiver_id);

CREATE TABLE switches (
  id TEXT PRIMARY KEY,                       -- UUID
  slug TEXT NOT NULL UNIQUE,
  vendor_id TEXT NOT NULL REFERENCES vendors (id),
  model TEXT NOT NULL,
  series TEXT,
  role TEXT,                                 -- access, leaf, spine, aggregation, core
  asic TEXT,
  released_year INTEGER,
  product_page_url TEXT,
  description TEXT,
  UNIQUE (vendor_id, model)
);

CREATE TABLE switch_port_groups (
  id INTEGER PRIMARY KEY,
  switch_id TEXT NOT NULL REFERENCES switches (id) ON DELETE CASCADE,
  port_count INTEGER NOT NULL CHECK (port_count > 0),
  form_factor TEXT NOT NULL REFERENCES form_factors (name),
  speeds_gbps TEXT NOT NULL,                 -- JSON array of supported speeds, e.g. [10, 25]
  max_speed_gbps REAL NOT NULL,
  role TEXT                                  -- downlink, uplink, management
);
CREATE INDEX switch_port_groups_switch ON switch_port_groups (switch_id);

CREATE TABLE price_observations (
  id INTEGER PRIMARY KEY,
  transceiver_id TEXT NOT NULL REFERENCES transceivers (id) ON DELETE CASCADE,
  vendor_id TEXT NOT NULL REFERENCES vendors (id),   -- the shop the price was seen in
  price REAL NOT NULL CHECK (price > 0),
  currency TEXT NOT NULL CHECK (currency IN ('GBP', 'USD', 'EUR')),
  observed_at TEXT NOT NULL,
  in_stock INTEGER CHECK (in_stock IN (0, 1)),
  stock_qty INTEGER,
  source TEXT NOT NULL,                      -- seed, scraper, import, api
  url TEXT
);
CREATE INDEX price_observations_product_time ON price_observations (transceiver_id, observed_at);
CREATE INDEX price_observations_vendor_time ON price_observations (vendor_id, observed_at);

CREATE TABLE price_changes (
  id INTEGER PRIMARY KEY,
  transceiver_id TEXT NOT NULL REFERENCES transceivers (id) ON DELETE CASCADE,
  vendor_id TEXT NOT NULL REFERENCES vendors (id),
  currency TEXT NOT NULL,
  old_price REAL NOT NULL,
  new_price REAL NOT NULL,
  change_pct REAL NOT NULL,
  changed_at TEXT NOT NULL
);
CREATE INDEX price_changes_time ON price_changes (changed_at);

-- A competitor product matched to an operator product, with the competitor's price at match time.
CREATE TABLE comparable_prices (
  id INTEGER PRIMARY KEY,
  operator_transceiver_id TEXT NOT NULL REFERENCES transceivers (id) ON DELETE CASCADE,
  competitor_transceiver_id TEXT NOT NULL REFERENCES transceivers (id) ON DELETE CASCADE,
  comp_form_factor TEXT NOT NULL,
  comp_speed_gbps REAL NOT NULL,
  comp_reach_meters INTEGER,
  comp_reach_label TEXT,
  comp_fiber_type TEXT,
  comp_wavelengths TEXT,
  price REAL NOT NULL,
  currency TEXT NOT NULL,
  observed_at TEXT NOT NULL,
  UNIQUE (operator_transceiver_id, competitor_transceiver_id)
);

CREATE TABLE competitor_alerts (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('price_change', 'new_product', 'stock_change')),
  vendor_id TEXT NOT NULL REFERENCES vendors (id),
  transceiver_id TEXT REFERENCES transceivers (id) ON DELETE SET NULL,
  severity TEXT NOT NULL CHECK (severity IN ('info', 'warning', 'critical')),
  title TEXT NOT NULL,
  detail TEXT,
  created_at TEXT NOT NULL,
  acknowledged INTEGER NOT NULL DEFAULT 0 CHECK (acknowledged IN (0, 1))
);
CREATE INDEX competitor_alerts_time ON competitor_alerts (created_at);

-- One row per internal SKU; is_internal rows are visible only through authenticated requests.
CREATE TABLE internal_demand (
  sku TEXT PRIMARY KEY,
  description TEXT NOT NULL,
  transceiver_id TEXT REFERENCES transceivers (id) ON DELETE SET NULL,   -- cross-reference to the catalogue
  form_factor TEXT,
  speed_gbps REAL,
  velocity_class TEXT NOT NULL,
  has_demand_data INTEGER NOT NULL DEFAULT 0 CHECK (has_demand_data IN (0, 1)),
  units_12m INTEGER,
  run_rate_30d REAL,                         -- units per month over the last 30 days
  run_rate_90d REAL,
  run_rate_365d REAL,
  stock_de INTEGER,                          -- units in the German warehouse
  is_internal INTEGER NOT NULL DEFAULT 0 CHECK (is_internal IN (0, 1)),
  updated_at TEXT NOT NULL
);
CREATE INDEX internal_demand_transceiver ON internal_demand (transceiver_id);
CREATE INDEX internal_demand_speed ON internal_demand (speed_gbps);

CREATE TABLE cities (
  id TEXT PRIMARY KEY,                       -- slug
  name TEXT NOT NULL,
  country TEXT NOT NULL,                     -- ISO 3166-1 alpha-2
  lat REAL NOT NULL,
  lon REAL NOT NULL
);

CREATE TABLE fiber_providers (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  countries TEXT NOT NULL DEFAULT '[]',      -- JSON array
  network_type TEXT,                         -- long-haul, metro, dark fibre, wavelength services
  website TEXT,
  is_demo INTEGER NOT NULL DEFAULT 0 CHECK (is_demo IN (0, 1))
);

CREATE TABLE fiber_routes (
  id INTEGER PRIMARY KEY,
  city_a TEXT NOT NULL REFERENCES cities (id),
  city_b TEXT NOT NULL REFERENCES cities (id),
  provider_id TEXT NOT NULL REFERENCES fiber_providers (id),
  route_km REAL NOT NULL CHECK (route_km > 0),
  fiber_type TEXT NOT NULL DEFAULT 'G.652.D',
  UNIQUE (city_a, city_b, provider_id)
);

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
WHERE EXISTS (SELECT 1 FROM json_each(g.speeds_gbps) s WHERE s.value = t.speed_gbps);
