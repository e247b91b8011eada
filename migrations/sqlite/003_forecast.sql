-- Technology lifecycle forecasting: the technology data set (resources/seed/technologies/) that the Bass and
-- Norton-Bass models and the phase classifier read. Every figure carries its source; estimates say so in `kind`.
-- Factors the catalogue knows (ASP decline, vendor trajectory, media sentiment) are computed from the catalogue
-- tables at request time; the fallback_* columns are used only when the catalogue has no data for a technology.

CREATE TABLE technologies (
  name TEXT PRIMARY KEY,                     -- '1G' ... '1.6T', 'CPO', 'LPO', '400ZR Coherent'
  display_order INTEGER NOT NULL,
  category TEXT NOT NULL CHECK (category IN ('ethernet', 'coherent', 'packaging')),
  speed_gbps REAL,                           -- NULL for packaging technologies that span speeds (CPO, LPO)
  description TEXT NOT NULL,
  standard_name TEXT,                        -- e.g. 'IEEE 802.3ae', 'OIF 400ZR IA', 'LPO MSA 100G-DR-LPO'
  standard_body TEXT,
  standard_stage TEXT NOT NULL CHECK (standard_stage IN ('none', 'draft', 'approved')),
  standard_year INTEGER,                     -- year approved/published (or expected, when stage = 'draft')
  standard_source TEXT NOT NULL,
  launch_year INTEGER NOT NULL,              -- first commercial shipments
  launch_kind TEXT NOT NULL CHECK (launch_kind IN ('published', 'estimate')),
  launch_source TEXT NOT NULL,
  market_potential REAL NOT NULL CHECK (market_potential > 0),   -- m: lifetime ports, in millions
  prior_p REAL NOT NULL CHECK (prior_p > 0),  -- Bass parameters used when the shipment series is too short to fit
  prior_q REAL NOT NULL CHECK (prior_q > 0),
  model_kind TEXT NOT NULL CHECK (model_kind IN ('published', 'estimate')),
  model_source TEXT NOT NULL,
  interop_level INTEGER NOT NULL CHECK (interop_level BETWEEN 0 AND 4),
  interop_source TEXT NOT NULL,
  fallback_asp_decline REAL NOT NULL,        -- fraction per year
  fallback_vendor_breadth REAL NOT NULL CHECK (fallback_vendor_breadth BETWEEN 0 AND 1),
  fallback_sentiment REAL NOT NULL CHECK (fallback_sentiment BETWEEN -1 AND 1),
  fallback_sentiment_intensity REAL NOT NULL CHECK (fallback_sentiment_intensity BETWEEN 0 AND 1),
  fallback_source TEXT NOT NULL,
  segment_hyperscaler REAL NOT NULL,         -- where the technology's demand comes from (shares, sum 1)
  segment_telco REAL NOT NULL,
  segment_enterprise REAL NOT NULL,
  catalogue_match TEXT NOT NULL,             -- JSON: {speed_gbps?, wdm_type?, exclude_wdm_type?, name_patterns?}
  news_tags TEXT NOT NULL DEFAULT '[]',      -- JSON array of lower-case news_articles tags
  risks TEXT NOT NULL DEFAULT '[]',          -- JSON array of adoption risks (plain text)
  updated_at TEXT NOT NULL
);

CREATE TABLE technology_shipments (
  technology TEXT NOT NULL REFERENCES technologies (name) ON DELETE CASCADE,
  year INTEGER NOT NULL,
  units REAL NOT NULL CHECK (units >= 0),    -- ports shipped in the year, millions
  kind TEXT NOT NULL CHECK (kind IN ('published', 'estimate')),
  source TEXT NOT NULL,
  PRIMARY KEY (technology, year)
);

-- Generation links: successor links form the Norton-Bass chains (one per lineage); alternatives are shown only.
CREATE TABLE technology_generations (
  predecessor TEXT NOT NULL REFERENCES technologies (name) ON DELETE CASCADE,
  successor TEXT NOT NULL REFERENCES technologies (name) ON DELETE CASCADE,
  lineage TEXT NOT NULL,
  relation TEXT NOT NULL CHECK (relation IN ('successor', 'alternative')),
  note TEXT NOT NULL,
  PRIMARY KEY (predecessor, successor, lineage)
);

CREATE TABLE technology_regions (
  region TEXT PRIMARY KEY CHECK (region IN ('NA', 'China', 'APAC', 'Europe', 'RoW')),
  display_order INTEGER NOT NULL,
  lag_years REAL NOT NULL CHECK (lag_years >= 0),   -- lag coefficient: years behind the leading region
  price_index REAL NOT NULL CHECK (price_index > 0), -- ASP relative to NA = 1.00
  market_share REAL NOT NULL CHECK (market_share > 0 AND market_share <= 1),
  segment_hyperscaler REAL NOT NULL,
  segment_telco REAL NOT NULL,
  segment_enterprise REAL NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('published', 'estimate')),
  source TEXT NOT NULL
);

-- The Bass parameters each technology's forecasts use: fitted to its shipment series when that is long enough and
-- the fit converges, otherwise the data set's priors. Derived data, rewritten by every seedForecastData run.
CREATE TABLE technology_models (
  technology TEXT PRIMARY KEY REFERENCES technologies (name) ON DELETE CASCADE,
  method TEXT NOT NULL CHECK (method IN ('fitted', 'prior')),
  p REAL NOT NULL,
  q REAL NOT NULL,
  m REAL NOT NULL,
  r2 REAL,                                   -- goodness of fit of the fitted curve (NULL for priors)
  converged INTEGER CHECK (converged IN (0, 1)),
  iterations INTEGER,
  points INTEGER NOT NULL,                   -- shipment points available
  reason TEXT NOT NULL                       -- why this method (e.g. 'only 4 shipment points; 5 needed')
);

-- Which version of the data set is loaded (seedForecastData replaces it only when the content hash changes).
CREATE TABLE technology_dataset (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version TEXT NOT NULL,
  hash TEXT NOT NULL,
  loaded_at TEXT NOT NULL
);
