-- Finding the right plant (issue 19): care at a glance, the catalogue in Hindi, and a
-- version number every instance reads to know when to rebuild its search index.
ALTER TABLE plants ADD COLUMN name_hi TEXT;
ALTER TABLE plants ADD COLUMN description_hi TEXT;
-- Care is all five values or none (NULL = unknown).
ALTER TABLE plants ADD COLUMN care_light TEXT
    CHECK (care_light IN ('low', 'medium', 'bright-indirect', 'full-sun'));
ALTER TABLE plants ADD COLUMN care_water TEXT CHECK (care_water IN ('low', 'medium', 'high'));
ALTER TABLE plants ADD COLUMN care_difficulty TEXT
    CHECK (care_difficulty IN ('easy', 'moderate', 'expert'));
ALTER TABLE plants ADD COLUMN care_pet_safe INTEGER CHECK (care_pet_safe IN (0, 1));
ALTER TABLE plants ADD COLUMN care_child_safe INTEGER CHECK (care_child_safe IN (0, 1));

-- Bumped in the same transaction as every change to a plant's searchable fields.
INSERT INTO counters (name, value) VALUES ('catalogue_version', 0);
