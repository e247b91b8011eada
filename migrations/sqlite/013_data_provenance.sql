-- Where a catalogue product came from, so generated demo rows never read as vendor data.
-- origin: 'seed' = generated demo row of the offline data set, 'import' = written by a catalogue import,
-- NULL = not recorded (added through the API, or from before this migration).
ALTER TABLE transceivers ADD COLUMN origin TEXT CHECK (origin IN ('seed', 'import'));
-- The generator and its reference day, for seed rows (NULL otherwise).
ALTER TABLE transceivers ADD COLUMN generator TEXT;
ALTER TABLE transceivers ADD COLUMN generated_on TEXT;

-- A database seeded before this migration: the generated operator and demo-shop products are seed rows.
UPDATE transceivers
SET origin = 'seed',
    generator = 'scripts/seed-builder (catalogue data set ' || (SELECT value FROM app_settings WHERE key = 'seed.catalogue.version') || ')',
    generated_on = (SELECT value FROM app_settings WHERE key = 'seed.catalogue.as_of')
WHERE EXISTS (SELECT 1 FROM app_settings WHERE key = 'seed.catalogue.version')
  AND vendor_id IN (SELECT id FROM vendors WHERE is_demo = 1 OR kind = 'operator');
