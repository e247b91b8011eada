-- Counts of units that no shop or sales system can report are misreadings, not figures: a stock quantity written as
-- 1e400 was stored as Infinity (which no answer can carry, so every read of its product failed), others as 1e308 or
-- below zero. They become unknown (NULL), as the API and the imports now refuse them: a count lies between 0 and
-- 1000000000 (MAX_UNIT_COUNT), a speed is one the speed grammar can write (below 1e10 Gb/s). SQLite stores no NaN (it binds it as NULL).
UPDATE price_observations SET stock_qty = NULL
WHERE stock_qty IS NOT NULL AND (stock_qty < 0 OR stock_qty > 1000000000 OR stock_qty <> CAST(stock_qty AS INTEGER));
UPDATE internal_demand SET units_12m = NULL
WHERE units_12m IS NOT NULL AND (units_12m < 0 OR units_12m > 1000000000 OR units_12m <> CAST(units_12m AS INTEGER));
UPDATE internal_demand SET stock_de = NULL
WHERE stock_de IS NOT NULL AND (stock_de < 0 OR stock_de > 1000000000 OR stock_de <> CAST(stock_de AS INTEGER));
UPDATE internal_demand SET run_rate_30d = NULL WHERE run_rate_30d < 0 OR run_rate_30d > 1000000000;
UPDATE internal_demand SET run_rate_90d = NULL WHERE run_rate_90d < 0 OR run_rate_90d > 1000000000;
UPDATE internal_demand SET run_rate_365d = NULL WHERE run_rate_365d < 0 OR run_rate_365d > 1000000000;
UPDATE internal_demand SET speed_gbps = NULL WHERE speed_gbps <= 0 OR speed_gbps > 10000000000;
