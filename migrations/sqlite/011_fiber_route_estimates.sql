-- Routes estimated by the planner's data set (no contracted provider yet) sit beside the providers' routes: such a
-- route has no provider ("to be sourced") and is_estimated = 1. SQLite cannot drop NOT NULL from a column, so the
-- table is rebuilt with its rows; nothing references fiber_routes, so the swap leaves no foreign key dangling.
CREATE TABLE fiber_routes_new (
  id INTEGER PRIMARY KEY,
  city_a TEXT NOT NULL REFERENCES cities (id),
  city_b TEXT NOT NULL REFERENCES cities (id),
  provider_id TEXT REFERENCES fiber_providers (id),          -- NULL = to be sourced (estimated route)
  route_km REAL NOT NULL CHECK (route_km > 0),
  fiber_type TEXT NOT NULL DEFAULT 'G.652.D',
  is_estimated INTEGER NOT NULL DEFAULT 0 CHECK (is_estimated IN (0, 1)),
  CHECK (is_estimated = 1 OR provider_id IS NOT NULL),
  UNIQUE (city_a, city_b, provider_id)
);
INSERT INTO fiber_routes_new (id, city_a, city_b, provider_id, route_km, fiber_type, is_estimated)
  SELECT id, city_a, city_b, provider_id, route_km, fiber_type, 0 FROM fiber_routes;
DROP TABLE fiber_routes;
ALTER TABLE fiber_routes_new RENAME TO fiber_routes;
-- UNIQUE treats NULL providers as distinct: one estimated route per city pair is kept unique here instead.
CREATE UNIQUE INDEX fiber_routes_estimated_pair ON fiber_routes (city_a, city_b) WHERE provider_id IS NULL;
