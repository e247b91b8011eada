-- Counts of units that no shop or sales system can report are misreadings, not figures: stored as 1e308, Infinity or
-- NaN (double precision holds both, and no answer can carry them) or below zero. They become unknown (NULL), as the
-- API and the imports now refuse them: a count lies between 0 and 1000000000 (MAX_UNIT_COUNT), a speed is one the speed grammar can write (below 1e10 Gb/s).
-- PostgreSQL orders NaN above every number, so the upper bounds catch it.
UPDATE price_observations SET stock_qty = NULL WHERE stock_qty < 0 OR stock_qty > 1000000000;
UPDATE internal_demand SET units_12m = NULL WHERE units_12m < 0 OR units_12m > 1000000000;
UPDATE internal_demand SET stock_de = NULL WHERE stock_de < 0 OR stock_de > 1000000000;
UPDATE internal_demand SET run_rate_30d = NULL WHERE run_rate_30d < 0 OR run_rate_30d > 1000000000;
UPDATE internal_demand SET run_rate_90d = NULL WHERE run_rate_90d < 0 OR run_rate_90d > 1000000000;
UPDATE internal_demand SET run_rate_365d = NULL WHERE run_rate_365d < 0 OR run_rate_365d > 1000000000;
UPDATE internal_demand SET speed_gbps = NULL WHERE speed_gbps <= 0 OR speed_gbps > 10000000000;
