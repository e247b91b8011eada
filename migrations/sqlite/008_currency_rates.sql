-- Exchange rates entered by the operator, so comparables priced in different currencies can be compared in one.
-- No rate is built in: a rate is a dated fact from a named source (a bank's reference rate, the finance team ...),
-- and conversions state the rate, its date and its source. USD is the base currency (its rate is 1 by definition).
CREATE TABLE currency_rates (
  currency TEXT NOT NULL CHECK (currency IN ('GBP', 'EUR')),
  rate_to_usd REAL NOT NULL CHECK (rate_to_usd > 0),   -- value of one unit of `currency` in USD
  as_of TEXT NOT NULL,                                 -- YYYY-MM-DD: the day the rate applies to
  source TEXT NOT NULL,                                -- where the operator took it from
  recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (currency, as_of)
);
